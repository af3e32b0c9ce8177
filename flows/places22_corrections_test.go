package flows

import "testing"

// TestHedgedCorrectionLastCity: a city taken back inside one answer for
// another ("X, i mean Y", "X or rather Y", "X, actually Y"), a remark after
// it or not ("same thing really"), stores the last city said (issue 38
// round 20), never the one taken back.
func TestHedgedCorrectionLastCity(t *testing.T) {
	playClassCasesSent(t, r19Set, map[string][]heldOutCase{
		"booking": {
			r6("origin", "denver, i mean boulder, same thing really", map[string]string{"origin": "Boulder"}),
			r6("origin", "oakland, i mean san francisco, it's all the bay", map[string]string{"origin": "San Francisco"}),
			r6("origin", "tacoma or rather seattle", map[string]string{"origin": "Seattle"}),
			r6("origin", "tampa, actually orlando", map[string]string{"origin": "Orlando"}),
			r6("origin", "tampa, actually orlando, closer to the parks", map[string]string{"origin": "Orlando"}),
		},
	})
}
