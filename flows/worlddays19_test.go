package flows

import "testing"

// TestRound19DayWordsInFlows: the day words added for the coach (Manx,
// Mizo, Ojibwe; internal/cldrdates/hand.txt) and the Maithili
// two-way day are read by flows' date slots too. Wednesday 14 April 2027.
func TestRound19DayWordsInFlows(t *testing.T) {
	playClassCasesSent(t, r15Set, map[string][]heldOutCase{
		"hotel": {
			r6("check_in", "Jelune", map[string]string{"check_in": "2027-04-19"}),
			r6("check_in", "naktuk", map[string]string{"check_in": "2027-04-15"}),
			r6("check_in", "waabang", map[string]string{"check_in": "2027-04-15"}),
			r6("check_in", "काल्हि", map[string]string{"check_in": "2027-04-15"}),
		},
	})
}
