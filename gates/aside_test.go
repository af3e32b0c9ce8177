package gates

import "testing"

// TestDaysSetAsideAtTheBooking: a day the answer negates, excludes, bounds or
// places in the past is never stored (issue 38, zero wrong values): booking-1
// is asked again; a clause that sets nothing aside stands ("not Friday,
// Thursday"). A proposal ("would Friday be better") stays an answer, as "how
// about Friday?" is. Phrasings written for this test. Today is a Wednesday.
func TestDaysSetAsideAtTheBooking(t *testing.T) {
	for _, tt := range []struct{ text, date string }{
		{"not Friday", ""},
		{"any day but Friday", ""},
		{"anything except Friday", ""},
		{"I can't do Friday", ""},
		{"Friday doesn't work", ""},
		{"Friday at the earliest", ""},
		{"I trained on Friday", ""},
		{"I went Monday", ""},
		{"pas vendredi", ""},
		{"no el viernes", ""},
		{"flight 22", ""},
		{"not Friday, Thursday", "2026-04-16"},
		{"Thursday, not Friday", "2026-04-16"},
		{"would Friday be better", "2026-04-17"},
	} {
		c := coachAtBooking(t, wednesday)
		c.say(tt.text)
		st := c.runtime()
		if got := st.FactValues["booking_date"]; got != tt.date {
			t.Errorf("%q: booking_date %q, want %q", tt.text, got, tt.date)
		}
		if tt.date == "" && st.LastPromptedNode != "booking-1" {
			t.Errorf("%q: prompted %q, want booking-1 asked again", tt.text, st.LastPromptedNode)
		}
	}
}
