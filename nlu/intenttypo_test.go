package nlu

import (
	"testing"

	"pgregory.net/rapid"
)

// TestIntentWordTypos: the built-in intents' words typed on a phone (round
// 13's class, in words of its own): a letter missed, added or two swapped in
// a grammar word reads as the intent; a word of two targets reads as the one
// that makes a rule sentence; ordinary words and words of two readings are
// never corrected.
func TestIntentWordTypos(t *testing.T) {
	cases := []struct{ text, want string }{
		{"hepl", IntentHelp},
		{"can you hepl me", IntentHelp},
		{"mroe", IntentMore},
		{"show me mor please", IntentMore},
		{"shwo more", IntentMore},
		{"a rael person please", IntentHuman},
		{"talk to a humna", IntentHuman},
		{"helo there", IntentGreeting},
		// Not typos: an ordinary word, a word too short, a word of two
		// targets that no rule reads either way.
		{"sho", ""},
		{"ths", ""},
	}
	for _, c := range cases {
		if got := BuiltinIntent(c.text).Intent; got != c.want {
			t.Errorf("BuiltinIntent(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestIntentTypoNeverAnOrdinaryWord: an ordinary word one edit from a grammar
// word (near_reply_words.txt) is never read as that word, and every target
// is one edit away with the same first letter.
func TestIntentTypoNeverAnOrdinaryWord(t *testing.T) {
	var near []string
	for w := range ordinaryNearReply {
		near = append(near, w)
	}
	rapid.Check(t, func(rt *rapid.T) {
		w := rapid.SampledFrom(near).Draw(rt, "word")
		if got := intentWordsFor(w); got != nil {
			rt.Fatalf("ordinary word %q read as %v", w, got)
		}
	})
	rapid.Check(t, func(rt *rapid.T) {
		w := rapid.StringMatching(`[a-z]{3,7}`).Draw(rt, "typed")
		for _, v := range intentWordsFor(w) {
			if v[0] != w[0] || oneEdit(w, v) == editNone {
				rt.Fatalf("%q read as %q, not one edit with its first letter", w, v)
			}
		}
	})
}

// TestRound13WorldWords: more, greetings, thanks and a collision yes with a
// word of its own language (round 13's class, in phrasings of its own); the
// collision alone stays unread.
func TestRound13WorldWords(t *testing.T) {
	cases := []struct{ text, want string }{
		{"больш", IntentMore},
		{"пакажыце яшчэ", IntentMore},
		{"покажи більше", IntentMore},
		{"naa pay uban", IntentMore},
		{"thawa thiyenawada", IntentMore},
		{"gosi m ozo", IntentMore},
		{"maayong hapon", IntentGreeting},
		{"namaskaara", IntentGreeting},
		{"salamat kaayo", IntentThanks},
		{"imeela", IntentThanks},
		{"так, калі ласка", IntentYes},
		{"так, дякую", IntentYes},
		{"ow, stuti", IntentYes},
		{"ee, imela", IntentYes},
		{"dili, salamat", IntentNo},
		{"так", ""},
		{"ow", ""},
		{"ee", ""},
	}
	for _, c := range cases {
		if got := BuiltinIntent(c.text).Intent; got != c.want {
			t.Errorf("BuiltinIntent(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestPersonRequestWithCourtesy: a request for a person followed by a thanks
// or a please of any language is the request; a refusal of one so followed
// stays no request.
func TestPersonRequestWithCourtesy(t *testing.T) {
	courtesy := []string{"дякую", "gracias", "merci", "danke", "obrigado", "salamat", "asante", "please", "thanks", "спасибо"}
	rapid.Check(t, func(rt *rapid.T) {
		c := rapid.SampledFrom(courtesy).Draw(rt, "courtesy")
		if ask := "a real person please, " + c; !IsHumanRequest(ask) {
			rt.Fatalf("%q is no request for a person", ask)
		}
		if refuse := "no need for a human, " + c; IsHumanRequest(refuse) {
			rt.Fatalf("%q read as a request for a person", refuse)
		}
	})
	if !IsHumanRequest("a real coach please, дякую") {
		t.Errorf(`"a real coach please, дякую" is no request for a person`)
	}
}
