package nlu

import "testing"

// TestBuiltinIntentsInEuropeanLanguagesAndRegisters: the built-in intents in
// the languages users of a European shop write beside the seeds' (Portuguese,
// Italian, German, Dutch), in the radio, contract and ledger registers, and as
// emoji (reply_words.txt, intent_grammar/european.grammar). Written from
// descriptions of such users; none is a phrasing of testdata/heldout.
func TestBuiltinIntentsInEuropeanLanguagesAndRegisters(t *testing.T) {
	cases := []struct{ text, want string }{
		// yes
		{"sim, claro", "yes"}, {"com certeza!", "yes"}, {"tá bom, obrigado", "yes"}, {"fechado", "yes"},
		{"certo, va benissimo", "yes"}, {"sì certo", "yes"}, {"d'accordo, grazie", "yes"}, {"esatto", "yes"},
		{"jawohl", "yes"}, {"ja genau", "yes"}, {"klar, gerne", "yes"}, {"in ordnung", "yes"}, {"passt so, danke", "yes"},
		{"ja hoor", "yes"}, {"prima, dank je", "yes"}, {"akkoord", "yes"}, {"dat klopt", "yes"},
		{"wilco", "yes"}, {"copy that, proceed", "yes"}, {"I hereby agree.", "yes"}, {"Authorized.", "yes"},
		{"👍🙏", "yes"}, {"✅ yes", "yes"},
		// no
		{"não, obrigada", "no"}, {"nem pensar", "no"}, {"agora não", "no"}, {"meglio di no", "no"},
		{"no no, grazie", "no"}, {"non adesso", "no"}, {"nein danke", "no"}, {"lieber nicht", "no"},
		{"auf keinen fall", "no"}, {"nee, liever niet", "no"}, {"nee dank je", "no"}, {"Denied.", "no"},
		{"Declined, thanks.", "no"}, {"I don't consent.", "no"}, {"yeah nah", "no"}, {"👎", "no"},
		// cancel
		{"esquece isso", "cancel"}, {"mudei de ideia", "cancel"}, {"lascia perdere, grazie", "cancel"},
		{"ho cambiato idea", "cancel"}, {"vergiss es", "cancel"}, {"stornieren bitte", "cancel"},
		{"laat maar zitten", "cancel"}, {"annuleer het maar", "cancel"}, {"Void the order.", "cancel"},
		{"I hereby withdraw my request", "cancel"}, {"Scrub that.", "cancel"},
		// human
		{"queria falar com um atendente", "human"}, {"posso falar com alguém de verdade?", "human"},
		{"vorrei parlare con un operatore", "human"}, {"passami una persona vera", "human"},
		{"ich möchte mit einem Mitarbeiter sprechen", "human"}, {"kann ich mit einem Menschen reden?", "human"},
		{"ik wil praten met een medewerker", "human"}, {"Requesting live operator, over.", "human"},
		{"I hereby request that a human agent take over.", "human"}, {"I need someone to handle this", "human"},
		{"is there someone I could ask?", "human"}, {"quero falar com um treinador", "human"},
		{"kann ich mit einem Trainer sprechen?", "human"}, {"mag ik met een medewerker spreken?", "human"},
		// help
		{"como funciona isso?", "help"}, {"preciso de ajuda", "help"}, {"cosa sai fare?", "help"}, {"aiuto", "help"},
		{"wie funktioniert das?", "help"}, {"hilfe bitte", "help"}, {"hoe werkt dit?", "help"}, {"wat kun je doen?", "help"},
		{"list commands", "help"}, {"help menu", "help"},
		// greeting and thanks
		{"bom dia!", "greeting"}, {"oi, tudo bem?", "greeting"}, {"buongiorno", "greeting"}, {"salve", "greeting"},
		{"guten Morgen", "greeting"}, {"moin", "greeting"}, {"goedemorgen", "greeting"}, {"👋 hi", "greeting"},
		{"muito obrigado!", "thanks"}, {"grazie mille", "thanks"}, {"vielen Dank!", "thanks"}, {"dank je wel", "thanks"},
		{"bedankt", "thanks"}, {"🙏 thanks", "thanks"}, {"roger, thanks", "thanks"},
		// more
		{"outras opções", "more"}, {"me mostra mais", "more"}, {"altre opzioni?", "more"}, {"mostrami altri", "more"},
		{"zeig mir mehr", "more"}, {"weitere optionen", "more"}, {"nog meer", "more"}, {"toon me meer", "more"},
	}
	for _, c := range cases {
		if got := BuiltinIntent(c.text).Intent; got != c.want {
			t.Errorf("BuiltinIntent(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestEuropeanWordsAreNoIntentInOtherMessages: the new languages' words do not
// make a message about something else an intent, nor a maybe a yes, nor a
// product a person.
func TestEuropeanWordsAreNoIntentInOtherMessages(t *testing.T) {
	for _, text := range []string{
		"forse", "talvez", "vielleicht", "misschien", "mens shoes please", "I want mens shoes", "do you have men's caps?",
		"a hall with seats", "I need a coach to help me run faster", "the person in the photo wears it", "tem boné?",
		"quero o cinto", "un cappello nero", "eine schwarze Mütze", "een zwarte pet", "ja, aber in blau",
		"sim, mas em preto", "no, make it Boston", "menu of the day", "Requesting combat boots", "copy of my invoice",
		"I want someone's opinion on sizes", "ich möchte jemanden fragen", "my trainer will handle this", "ich will mit meinem Trainer reden",
		"vou falar com o meu treinador", "ik wil met mijn coach praten",
	} {
		if got := BuiltinIntent(text).Intent; got != "" && got != IntentQuestion {
			t.Errorf("BuiltinIntent(%q) = %q, want no intent", text, got)
		}
		if IsHumanRequest(text) {
			t.Errorf("IsHumanRequest(%q) = true", text)
		}
	}
	for _, text := range []string{"forse", "talvez", "vielleicht", "misschien", "forse dopo"} {
		if YesNo(text) != Unknown || !Defers(text) {
			t.Errorf("%q: YesNo %v, Defers %v: a maybe puts a confirmation off", text, YesNo(text), Defers(text))
		}
	}
}

// TestRestatingYesSaysEveryNameInOrder: a yes that says the question again is a
// yes only with every name of the question, in its order.
func TestRestatingYesSaysEveryNameInOrder(t *testing.T) {
	q := "Book a flight from Lisbon to Rome?"
	for text, want := range map[string]Answer{
		"yes, book Lisbon to Rome please": Yes, "yep, from Lisbon to Rome": Yes, "yes Lisbon Rome": Yes,
		"yes, Rome to Lisbon": Unknown, "yes, Lisbon to Madrid": Unknown, "yes, Rome": Unknown, "yes, Lisbon": Unknown,
		"yes, Lisbon to Rome on Friday": Unknown,
	} {
		if got := YesNoTo(text, q); got != want {
			t.Errorf("YesNoTo(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestEuropeanRequestsWithTheVerbLast: German says the verb of talking after the
// person ("kann ich jemanden sprechen?"); a wish for a person is no request
// without it ("ich möchte jemanden fragen" is read by no rule as a person).
func TestEuropeanRequestsWithTheVerbLast(t *testing.T) {
	for text, want := range map[string]string{
		"könnte ich bitte einen Mitarbeiter sprechen?": "human", "ich möchte jemanden sprechen": "human",
		"Requesting cancellation, over.": "cancel", "I wish to withdraw my request.": "cancel",
		"salve a tutti": "greeting",
	} {
		if got := BuiltinIntent(text).Intent; got != want {
			t.Errorf("BuiltinIntent(%q) = %q, want %q", text, got, want)
		}
	}
	if YesNo("I hereby decline.") != No {
		t.Errorf(`YesNo("I hereby decline.") is not a no`)
	}
}
