package nlu

import "testing"

// TestReasonWithNegatedModal: a reason whose predicate is a change word
// after a negative contraction ("the parade won't wait") keeps the answer;
// the change word said on its own or after "but" asks.
func TestReasonWithNegatedModal(t *testing.T) {
	cases := []struct {
		text string
		want Answer
	}{
		{"yes, the parade won't wait", Yes},
		{"yes, the kids can't wait", Yes},
		{"sure, the deadline wont wait", Yes},
		{"yes, but it won't wait", Unknown},
		{"yes, wait", Unknown},
	}
	for _, tc := range cases {
		if got, _ := AnswerAside(tc.text, "Book Boston -> Paris?"); got != tc.want {
			t.Errorf("AnswerAside(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
