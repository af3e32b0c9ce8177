package nlu

import "testing"

// TestRound6IntentClasses (issue 38 round 6): new phrasings of the classes the
// round 5 dev set showed, in the seed languages. Each reads as its intent.
func TestRound6IntentClasses(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		// A learner's, Québécois, Latin American and Arabizi yes.
		{"yes is fine, go ahead", IntentYes},
		{"is perfect, thank you", IntentYes},
		{"oui c'est correct", IntentYes},
		{"mets-en", IntentYes},
		{"órale, dale", IntentYes},
		{"sí, listo", IntentYes},
		{"aiwa tab3an", IntentYes},
		{"tamam", IntentYes},
		{"أيوة", IntentYes},
		{"Yes, I shall book it.", IntentYes},
		{"Very well, that will do.", IntentYes},
		{"yeah, that's grand", IntentYes},
		{"sí, porfa", IntentYes},
		{"oui, parfaitement", IntentYes},
		// A soft or formal no, or one with its reason.
		{"perhaps not", IntentNo},
		{"uh, probably not", IntentNo},
		{"I think I'll give it a miss", IntentNo},
		{"no, it's too expensive", IntentNo},
		{"non, c'est trop cher", IntentNo},
		{"peut-être pas", IntentNo},
		{"quizás no, es muy tarde", IntentNo},
		{"la2 shukran", IntentNo},
		{"Thank you, but I must decline.", IntentNo},
		{"hmmm, perhaps another time", IntentNo},
		{"non merci, une autre fois", IntentNo},
		{"gracias, pero no gracias", IntentNo},
		{"la, mn b3d", IntentNo},
		{"non, pas pour le moment", IntentNo},
		// Giving up, formally or in Québécois.
		{"kindly disregard my previous request", IntentCancel},
		{"please ignore my last message", IntentCancel},
		{"ah, laisse faire", IntentCancel},
		{"ne tenez pas compte de ma demande", IntentCancel},
		{"ya fue", IntentCancel},
		{"I'd like to withdraw my booking request", IntentCancel},
		{"bon ben laisse faire, je vais m'arranger", IntentCancel},
		{"ignora mi solicitud", IntentCancel},
		// A person asked for formally, by role or to act.
		{"I won't be needing this booking anymore", IntentCancel},
		{"olvida lo que te dije", IntentCancel},
		{"I'd prefer to communicate with a representative, if possible", IntentHuman},
		{"could a staff member look into this for me?", IntentHuman},
		{"would a real person be able to take over?", IntentHuman},
		{"¿me comunicas con un asesor?", IntentHuman},
		{"pourriez-vous me passer un conseiller", IntentHuman},
		{"je souhaiterais échanger avec un responsable, merci d'avance", IntentHuman},
		{"est-ce qu'un conseiller peut me rappeler ?", IntentHuman},
		{"¿me puede comunicar con un asesor?", IntentHuman},
		{"could we have a real person instead of a bot?", IntentHuman},
		// What the bot is for.
		{"what exactly do you do?", IntentHelp},
		{"what is this chat for?", IntentHelp},
		{"à quoi vous servez ?", IntentHelp},
		{"¿para qué sirve este chat?", IntentHelp},
		{"ما هي وظيفتك", IntentHelp},
		{"who are you?", IntentHelp},
		{"c'est quoi ce service ?", IntentHelp},
		{"¿quién eres?", IntentHelp},
	} {
		if got := BuiltinIntent(tt.text).Intent; got != tt.want {
			t.Errorf("BuiltinIntent(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestBareAnswerAskedIsNoAnswer: answering its own question again (AnswerTo),
// an engine reads a yes or a no word alone asked back with a question mark as
// neither; the shop's YesNo ignores the punctuation (seed 000 section 6.1).
// After a quoted question ("> ...?" lines) the answer stands.
func TestBareAnswerAskedIsNoAnswer(t *testing.T) {
	const q = "Book Lisbon -> Rome on 2026-07-01?"
	for _, text := range []string{"okay?", "sure?", "d'accord ?", "¿de acuerdo?", "wakha?", "تمام؟", "no?", "yes please?"} {
		if a := AnswerTo(text, q); a != Unknown {
			t.Errorf("AnswerTo(%q) = %v, want unknown", text, a)
		}
	}
	if a := YesNo("na3am?"); a != Yes {
		t.Errorf("YesNo(%q) = %v, want yes", "na3am?", a)
	}
	for _, tt := range []struct {
		text string
		want Answer
	}{
		{"> Book Lisbon -> Rome on 2026-07-01?\nsure, go ahead", Yes},
		{">Shall I add Cap to your cart?\n\nno thanks", No},
		{"> Book Lisbon -> Rome?\n> (reply yes or no)\noui", Yes},
		{"> Book Lisbon -> Rome?", Unknown},
		{"yes", Yes},
	} {
		if a := AnswerTo(tt.text, q); a != tt.want {
			t.Errorf("AnswerTo(%q) = %v, want %v", tt.text, a, tt.want)
		}
	}
}

// TestRound6WordsLeaveOtherMessagesAlone: the new words do not make a
// message about something else an intent that acts or says yes.
func TestRound6WordsLeaveOtherMessagesAlone(t *testing.T) {
	for _, text := range []string{
		"is there a sale on hats?", "what time do you close?", "my husband is fine with Tuesday at 9",
		"no, make it Boston instead", "no, too early, the later one", "no, too early, make it 10",
		"I'll check out on the 24th", "je vais voir mes parents à Lyon", "c'est quoi le prix ?",
		"is it cheaper later?", "really?", "Grand Rapids", "from Grand Junction please",
	} {
		if r := BuiltinIntent(text); r.Intent == IntentCancel || r.Intent == IntentHuman || r.Intent == IntentYes || r.Intent == IntentNo {
			t.Errorf("BuiltinIntent(%q) = %+v", text, r)
		}
	}
	for _, text := range []string{"I'll check out on the 24th", "je vais voir mes parents à Lyon"} {
		if IsNonAnswer(text) {
			t.Errorf("IsNonAnswer(%q) = true", text)
		}
	}
}
