package flows

import "testing"

// A count corrected, then a remark that gives no value, is the count
// corrected to; a remark that may give one (a number, a hedge) is asked, and
// the count taken back is never kept (issue 38, dates29: round 28's "3
// nights, no wait, 4, the kids want a pool day"). Check-in Tuesday 30 May
// 2028; "while" (Northern English until) a weekday counts to it.
func TestCountCorrectedBeforeRemark(t *testing.T) {
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want string }{
		{"3 nights, no wait, 4, the kids want a pool day", "4"},
		{"2 nights, sorry, 5, we like the beach", "5"},
		{"3 nights, no wait, 4", "4"},
		{"3 nights, no wait, 4, or maybe 5", ""},
		{"while friday", "3"},
	} {
		if got := playNights(t, hotel, c.text); got != c.want {
			t.Errorf("nights at %q = %q, want %q", c.text, got, c.want)
		}
	}
}
