package nlu

import (
	"testing"

	"pgregory.net/rapid"
)

func TestLeadingPauseBeforeAnswer(t *testing.T) {
	const book = "Book Boston -> Paris on 2028-05-27?"
	cases := []struct {
		text string
		want Answer
	}{
		{"er, yes, that's fine", Yes},
		{"erm... yes", Yes},
		{"errr yes please", Yes},
		{"ummm, no thanks", No},
		{"wait, ok, yes", Yes},
		{"wait... no", No},
		{"you know, yes", Yes},
		{"basically yes", Yes},
		{"er, yes?", Unknown},                      // asked back
		{"er, yes, no", Unknown},                   // a yes and a no
		{"wait, yes but change the date", Unknown}, // a change of mind
		{"wait, make it friday", Unknown},          // a new value
		{"yes, wait", Unknown},                     // the pause after the answer
		{"er", Unknown},                            // nothing but the pause
		{"wait", Unknown},
		{"wait, which airline?", Unknown},
	}
	for _, c := range cases {
		if got := AnswerTo(c.text, book); got != c.want {
			t.Errorf("AnswerTo(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestLeadingPauseNeverFlipsAnswer: a pause, a yes or a no, and a courtesy
// after it read as that answer or as none, never as the other.
func TestLeadingPauseNeverFlipsAnswer(t *testing.T) {
	pauses := []string{"uh", "um", "er", "erm", "ummm", "errr", "wait", "you know", "basically", "er, wait", "wait... um"}
	seps := []string{" ", ", ", "... ", " - "}
	yes := []string{"yes", "yeah", "ok", "sure", "sounds good", "go ahead", "book it", "yes book it", "that's fine"}
	no := []string{"no", "nope", "nah", "no thanks", "not now", "don't book it", "never mind"}
	courtesy := []string{"", " please", ", thanks", " thank you", " then", "!", "."}
	rapid.Check(t, func(rt *rapid.T) {
		want := rapid.SampledFrom([]Answer{Yes, No}).Draw(rt, "answer")
		answers := yes
		if want == No {
			answers = no
		}
		text := rapid.SampledFrom(pauses).Draw(rt, "pause") + rapid.SampledFrom(seps).Draw(rt, "sep") +
			rapid.SampledFrom(answers).Draw(rt, "reply") + rapid.SampledFrom(courtesy).Draw(rt, "courtesy")
		for _, q := range []string{"Book Boston -> Paris on 2028-05-27?", "shall I add Cap to your cart?", ""} {
			if got := AnswerTo(text, q); got != want && got != Unknown {
				rt.Fatalf("AnswerTo(%q, %q) = %v, want %v or none", text, q, got, want)
			}
		}
	})
}
