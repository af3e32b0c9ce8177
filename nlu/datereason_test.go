package nlu

import (
	"testing"
	"time"
)

// TestDateBeforeItsReason: a date answer, a comma, and its reason in a
// clause of its own that names another day: the stored day is the answer's
// or none, never the reason's (a small grammar of answers and reasons, none
// of them round 12's phrasings).
func TestDateBeforeItsReason(t *testing.T) {
	now := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC) // a Monday
	answers := map[string]Date{
		"the 5th": {2027, 3, 5}, "wednesday the 10th": {2027, 3, 10}, "march 12": {2027, 3, 12},
		"friday 19th": {2027, 3, 19}, "saturday": {2027, 3, 6}, "tomorrow": {2027, 3, 2},
	}
	reasons := []string{
		"after the easter weekend", "once the exams finish on the 4th", "since the office reopens monday",
		"because my sister lands thursday", "as the semester ends the 3rd", "the recital is the 4th",
		"the twins start nursery monday", "the shop closes on the 20th", "packing up the flat",
		"when the festival wraps up", "after our anniversary dinner",
	}
	read := 0
	for a, want := range answers {
		for _, r := range reasons {
			text := a + ", " + r
			for name, f := range map[string]func(string, time.Time) (Date, bool){"ReadDate": ReadDate, "FindDate": FindDate} {
				d, ok := f(text, now)
				if ok && d != want {
					t.Errorf("%s(%q) = %v, want %v or none", name, text, d, want)
				}
				if ok && name == "ReadDate" {
					read++
				}
			}
		}
	}
	if read < len(answers)*len(reasons)*3/4 {
		t.Errorf("only %d of %d answers with a reason read", read, len(answers)*len(reasons))
	}
}

// TestDateReasonRefuses: a second day offered, a range, a hedge, or an
// anchor that may move a weekday are no reason: asked again.
func TestDateReasonRefuses(t *testing.T) {
	now := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
	for _, text := range []string{
		"friday, after the conference on the 10th", "the 5th, the 6th is better", "the 5th, or maybe the 6th",
		"the 5th, until the 9th", "tuesday, before the 12th", "the 5th, not the 6th because of work",
	} {
		if d, ok := dateWithReason(text, now); ok {
			t.Errorf("dateWithReason(%q) = %v, want none", text, d)
		}
	}
}
