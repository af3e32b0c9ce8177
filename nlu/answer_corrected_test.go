package nlu

import (
	"testing"

	"pgregory.net/rapid"
)

// TestTheLastAnswerWins: an answer corrected after a word that starts a
// correction is the last answer said; a collision word alone (a yes or a no
// of another language typed plain) is no intent of the model's.
func TestTheLastAnswerWins(t *testing.T) {
	for _, tc := range []struct {
		say  string
		want Answer
	}{
		{"yes... actually no", No},
		{"no, wait, yes", Yes},
		{"oui... en fait non", No},
		{"yes, i mean no", No},
		{"yes actually", Yes},
		{"yes, actually no problem", Yes},
		// A lead word inside the answer phrase ("uh" of "nuh uh") starts
		// no correction: the Nepali thanks "hajur dhanyabad" after it
		// stays a polite word, though "hajur" alone is a yes.
		{"nuh uh hajur dhanyabad", No},
		{"uh uh, hajur dhanyabad", No},
		{"nuh uh, actually yeah", Yes},
	} {
		if got := YesNo(tc.say); got != tc.want {
			t.Errorf("YesNo(%q) = %v, want %v", tc.say, got, tc.want)
		}
	}
	if r := BuiltinIntent("te"); r.Intent != "" {
		t.Errorf(`BuiltinIntent("te") = %s, want none (Lingala "tɛ̂")`, r.Intent)
	}
}

// TestTheLastAnswerWinsProperty: an answer, a word that starts a correction and
// the opposite answer, in any of the English yes and no words (informal ones
// included), is read as the last answer or not at all: never the first.
func TestTheLastAnswerWinsProperty(t *testing.T) {
	yeses := []string{"yes", "yeah", "yep", "yup", "sure", "ok", "okay", "yea"}
	nos := []string{"no", "nah", "nope", "no thanks"}
	leads := []string{"actually", "wait", "i mean", "sorry", "actually, wait,", "no wait"}
	puncts := []string{" ", ", ", "... ", " - "}
	rapid.Check(t, func(t *rapid.T) {
		first, last, want := rapid.SampledFrom(yeses).Draw(t, "first"), rapid.SampledFrom(nos).Draw(t, "last"), No
		if rapid.Bool().Draw(t, "no first") {
			first, last, want = rapid.SampledFrom(nos).Draw(t, "first no"), rapid.SampledFrom(yeses).Draw(t, "last yes"), Yes
		}
		lead := rapid.SampledFrom(leads).Draw(t, "lead")
		if lead == "no wait" && want == No {
			lead = "wait"
		}
		say := first + rapid.SampledFrom(puncts).Draw(t, "punct") + lead + " " + last
		if got := YesNo(say); got != want && got != Unknown {
			t.Fatalf("YesNo(%q) = %v, want %v or not understood", say, got, want)
		}
	})
}
