package nlu

import "testing"

// TestCutTrailingDecline: a thing then a whole decline is cut at the
// decline; a lone no, a no with more after it, a deferral or an answer
// before the decline is no such message.
func TestCutTrailingDecline(t *testing.T) {
	for _, tc := range []struct {
		text, head string
		ok         bool
	}{
		{"the belt, no thanks", "the belt", true},
		{"cap, nah thanks", "cap", true},
		{"the cap, not for me", "the cap", true},
		{"cap, no, thank you", "cap", true},
		{"the cap no thanks", "the cap", true},
		{"cap, no gracias", "cap", true},
		// A head that opens with a no of some language ("la", Darija) is an answer: left alone.
		{"la casquette, non merci", "", false},
		{"the belt, no", "", false},
		{"cap la", "", false},
		{"the belt, no, the cap", "", false},
		{"the cap, not now", "", false},
		{"no thanks", "", false},
		{"yes, no thanks", "", false},
		{"the belt, thanks", "", false},
	} {
		head, ok := CutTrailingDecline(tc.text)
		if head != tc.head || ok != tc.ok {
			t.Errorf("%q: %q %v, want %q %v", tc.text, head, ok, tc.head, tc.ok)
		}
	}
}

// TestIsLoneApology: apology words alone, nothing else.
func TestIsLoneApology(t *testing.T) {
	for text, want := range map[string]bool{"sorry": true, "oops!": true, "sorry sorry": true, "perdón": true, "sorry, a cap": false, "": false} {
		if got := IsLoneApology(text); got != want {
			t.Errorf("%q: %v, want %v", text, got, want)
		}
	}
}
