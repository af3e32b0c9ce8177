package flows

import "testing"

// TestDecimalCountsAsked (issue 38 round 19): a count said with decimals
// ("2.5 nights", ".5 nights", "2,5 nights") is no whole count: the question
// is asked again, never the digits before or after the mark stored.
func TestDecimalCountsAsked(t *testing.T) {
	playClassCasesSent(t, r15Set, map[string][]heldOutCase{
		"hotel": {
			r6("nights", "2.5 nights", map[string]string{"nights": ""}),
			r6("nights", "2,5 nights", map[string]string{"nights": ""}),
			r6("nights", ".5 nights", map[string]string{"nights": ""}),
			r6("nights", "about .5 nights, thanks", map[string]string{"nights": ""}),
			r6("nights", "we stay 3.5 nights", map[string]string{"nights": ""}),
			r6("nights", "1.5", map[string]string{"nights": ""}),
			r6("nights", "3 nights", map[string]string{"nights": "3"}),
			r6("nights", "3 nights, thanks.", map[string]string{"nights": "3"}),
		},
	})
}
