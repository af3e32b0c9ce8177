package nlu

import "testing"

// TestCreoleFirstPersonAsksForAPerson (issue 38, coach27; issue item 6, a
// request for a person hands off in every engine): the creoles' "mi" (I)
// before a request for a person, with a thanks after it, asks for one.
func TestCreoleFirstPersonAsksForAPerson(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"mi want a real coach, tanks", true},
		{"mi want a real coach", true},
		{"mi waan a human", true},
		{"me want a real person", true},
		{"mi want a coach to help me run faster", false},
		{"mi coach told me to rest", false},
	} {
		if got := IsHumanRequest(tt.text); got != tt.want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestPittsburgheseExtenderIsATail (coach27): "n'at" ("and that") after a
// whole answer is a tail, cut off as a term of address is.
func TestPittsburgheseExtenderIsATail(t *testing.T) {
	for _, tt := range []struct{ text, head string }{
		{"yeah, go ahead n'at", "yeah, go ahead"},
		{"yes n'at", "yes"},
		{"3 nights n'at", "3 nights"},
	} {
		if head, ok := CutAnswerTail(tt.text); !ok || head != tt.head {
			t.Errorf("CutAnswerTail(%q) = %q, %v, want %q", tt.text, head, ok, tt.head)
		}
	}
}
