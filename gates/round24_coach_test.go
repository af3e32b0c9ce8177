package gates

import "testing"

// TestCopulaStatesTheLevel (issue 38 round 24): the user's own "I am" right
// before a measure with its unit is where they are now, as "I weigh" is: the
// baseline, never the target; a target said beside it is read. Beside an
// amount to lose the amount is the goal and the level no baseline of it
// (coach27: an amount is no level, and the two are never read as a pair).
func TestCopulaStatesTheLevel(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"i'm 95 kg", "", "95 kg"},
		{"i am 88 kg", "", "88 kg"},
		{"im 102 kg", "", "102 kg"},
		{"lose 12 kg, i'm 95 kg", "12 kg", ""},
		{"drop 6 kg, i am 91 kg", "6 kg", ""},
		{"i'm 95 kg, want 80 kg", "80 kg", "95 kg"},
		{"get to 80 kg, i'm 95 kg", "80 kg", "95 kg"},
		{"run 10 km, i'm at 4 km", "10 km", "4 km"},
		// No unit: no measure said, nothing taken as the level.
		{"i'm 30", "", ""},
		// An amount alone is the goal as said (coach27).
		{"lose 6 kg", "6 kg", ""},
	})
}
