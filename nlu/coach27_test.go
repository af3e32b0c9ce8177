package nlu

import (
	"testing"
	"time"
)

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

// TestAConditionAfterTheDayIsNoRefusal (coach27): a negation inside a
// condition ("wednesday, if there's no chase day") says when the day holds,
// never that it is turned down; a day turned down in a condition beside
// another day is still no answer.
func TestAConditionAfterTheDayIsNoRefusal(t *testing.T) {
	now := time.Date(2032, 5, 10, 15, 50, 0, 0, time.UTC)
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"training session wednesday, if there's no chase day", true},
		{"wednesday if there is no storm", true},
		{"friday, if that's not too late", true},
		{"if it's not raining, friday", true},
		{"friday is no good if that's ok", false},
		{"friday is no good", false},
		{"if friday's no good, saturday", false},
		{"saturday, if friday is no good", false},
		{"friday, if not saturday", false},
	} {
		if _, got := FindDate(tt.text, now); got != tt.want {
			t.Errorf("FindDate(%q) read = %v, want %v", tt.text, got, tt.want)
		}
	}
}
