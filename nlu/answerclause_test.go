package nlu

import (
	"testing"

	"pgregory.net/rapid"
)

// The answer-clause grammar (answerclause.go): a leading yes or no, forms of
// address, an instruction and a reason clause. Phrasings of other trades than
// the held-out sets' (issue 38).

func TestAnswerThenReasonClause(t *testing.T) {
	q := "Book Oslo -> Madrid on 2027-03-05?"
	cases := []struct {
		text string
		want Answer
	}{
		{"yes, book it before my next shift", Yes},
		{"sure, go ahead before the next tide", Yes},
		{"yep, no rehearsal that evening", Yes},
		{"yes, no classes that week", Yes},
		{"yes, the harvest can wait", Yes},
		{"yeah, the laundry will wait", Yes},
		{"no, my roster got changed", No},
		{"nope, plans changed", No},
		{"no, the kids can't wait that long", No},
		// A change, the other answer or a number: no answer to keep.
		{"yes, but not tomorrow", Unknown},
		{"yes, book it before the 5th", Unknown},
		{"yes, wait", Unknown},
		{"yes, no, wait", Unknown},
		{"yes, no way", Unknown},
		{"yes, no thanks", Unknown},
		{"yes, book it but the other day", Unknown},
		{"yes, change it", Unknown},
		{"no, change it to Bergen", Unknown},
	}
	for _, c := range cases {
		got, _ := AnswerAside(c.text, q)
		if got == Unknown {
			got = YesNoTo(c.text, q)
		}
		if got != c.want {
			t.Errorf("%q = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestAssentInterjectionAndVocatives(t *testing.T) {
	q := "Book Oslo -> Madrid on 2027-03-05?"
	cases := []struct {
		text string
		want Answer
	}{
		{"woohoo, go ahead", Yes},
		{"right on, book it", Yes},
		{"hooray, book it please", Yes},
		{"yes captain", Yes},
		{"ok boss, book it", Yes},
		{"no sir", No},
		{"sweet, but change the date", Unknown},
		{"nice, cancel it", Unknown},
		{"fantastic, no", Unknown},
	}
	for _, c := range cases {
		if got := YesNoTo(c.text, q); got != c.want {
			t.Errorf("YesNoTo(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	talk := []struct {
		text string
		want SmallTalk
	}{
		{"hi there assistant", Greeting},
		{"hello agent", Greeting},
		{"good morning chef", Greeting},
		{"hey there store", Greeting},
		{"thanks captain", Thanks},
		{"hi there, show me caps", NoSmallTalk},
		{"hello caps", NoSmallTalk},
	}
	for _, c := range talk {
		if got := SmallTalkOf(c.text); got != c.want {
			t.Errorf("SmallTalkOf(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestShopInstructionsAfterAnAnswer(t *testing.T) {
	for _, s := range []string{"hooray, pop it in", "ok, ad that", "yes chef, add it", "sold, put it in"} {
		if !ConfirmsAction(s) {
			t.Errorf("ConfirmsAction(%q) = false", s)
		}
	}
	for _, s := range []string{"nah, skip that", "no, leave this", "nope, forget that"} {
		if !DeclinesAction(s) && confirmationReaders["shop"](s) != No {
			t.Errorf("%q declines nothing", s)
		}
	}
	for _, s := range []string{"sweet", "ok, ad the blue one", "no, add that"} {
		if ConfirmsAction(s) {
			t.Errorf("ConfirmsAction(%q) = true", s)
		}
	}
}

// reasonClauses are reasons with negation and change words in them that
// turn nothing: a determiner "no", "can't", "not", a modal's "wait", a
// reported change.
var reasonClauses = struct{ subjects, nouns, whens []string }{
	subjects: []string{"the wheels", "the orders", "my sister", "the paperwork", "the garden", "the crew"},
	nouns:    []string{"rehearsal", "surgery", "lessons", "deliveries", "practice", "harvest"},
	whens:    []string{"that day", "that week", "then", "that evening"},
}

func drawReason(t *rapid.T) string {
	r := reasonClauses
	s := rapid.SampledFrom(r.subjects).Draw(t, "subject")
	n := rapid.SampledFrom(r.nouns).Draw(t, "noun")
	w := rapid.SampledFrom(r.whens).Draw(t, "when")
	return rapid.SampledFrom([]string{
		s + " can wait", "no " + n + " " + w, s + " can't come " + w, "not much " + n + " " + w,
		s + " got changed", "book it before the next " + n, s + " won't mind",
	}).Draw(t, "reason")
}

// TestReasonNeverFlipsTheAnswerProperty: "<yes>, <reason>" is yes or asked,
// never no, and "<no>, <reason>" never yes, by every engine's confirmation
// and by AnswerAside.
func TestReasonNeverFlipsTheAnswerProperty(t *testing.T) {
	yeses := []string{"yes", "yeah", "yep", "sure", "ok", "absolutely", "of course"}
	nos := []string{"no", "nope", "nah", "no thanks"}
	rapid.Check(t, func(t *rapid.T) {
		yes := rapid.Bool().Draw(t, "yes")
		said, opposite := No, Yes
		lead := rapid.SampledFrom(nos).Draw(t, "no")
		if yes {
			said, opposite = Yes, No
			lead = rapid.SampledFrom(yeses).Draw(t, "yes phrase")
		}
		text := lead + ", " + drawReason(t)
		for engine, read := range confirmationReaders {
			if got := read(text); got == opposite {
				t.Fatalf("%s: %q read %v", engine, text, got)
			}
		}
		if got, _ := AnswerAside(text, "Book Oslo -> Madrid?"); got == opposite {
			t.Fatalf("AnswerAside(%q) = %v, said %v", text, got, said)
		}
	})
}
