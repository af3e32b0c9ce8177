package gates

import (
	"strings"
	"testing"
)

// TestAnAmountToLoseIsTheGoalAsSaid (issue 38, coach27; the lead's
// decision on "lose 6 kg"): an amount of change answering the goal
// question is the target as said and the gap, with or without a reason or
// a courtesy tail after it; a level beside it is no baseline of it. A past
// change, a rate, two amounts or a quantity left unplaced are asked.
func TestAnAmountToLoseIsTheGoalAsSaid(t *testing.T) {
	for _, tt := range []struct{ text, target, delta, baseline string }{
		{"lose 6 kg before summer", "6 kg", "6 kg", ""},
		{"lose 3 kg for the wedding in june", "3 kg", "3 kg", ""},
		{"lose 5 kg, yewo", "5 kg", "5 kg", ""},
		{"lose 7 kg, twasakidila", "7 kg", "7 kg", ""},
		{"lose 5 kg, too many grad party leftovers", "5 kg", "5 kg", ""},
		{"drop 10 lbs", "10 lb", "10 lb", ""},
		{"gain five kilos", "5 kg", "5 kg", ""},
		{"lose 6 kg, at 94 kg", "6 kg", "6 kg", ""},
		// Asked: no goal said, or one not wholly placed.
		{"lost 6 kg already", "", "", ""},
		{"lose 1 kg a week", "", "", ""},
		{"lose 0.5 kg per week", "", "", ""},
		{"lost 6 kg, want to drop 4 kg more", "", "", ""},
		{"lose 5 kg or 6 kg", "", "", ""},
		{"lose 5-6 kg", "", "", ""},
		{"should i lose 5 kg?", "", "", ""},
		{"lose 5", "", "", ""},
	} {
		c := coachAtGoal(t)
		c.say(tt.text)
		v := c.runtime().FactValues
		if v["goal_target"] != tt.target || v["goal_delta"] != tt.delta || v["goal_baseline"] != tt.baseline {
			t.Errorf("%q: target %q delta %q baseline %q, want %q %q %q", tt.text, v["goal_target"], v["goal_delta"], v["goal_baseline"], tt.target, tt.delta, tt.baseline)
		}
	}
}

// TestAnAmountsGapIsNeverComputed: a baseline said before or after an
// amount of change leaves the gap the amount (never a level less the
// amount: "i'm 90 kg" then "lose 6 kg" is no -84 kg gap), and the done
// prompt says it as a gap.
func TestAnAmountsGapIsNeverComputed(t *testing.T) {
	for _, tt := range []struct{ first, second string }{
		{"i'm 90 kg", "lose 6 kg"},
		{"lose 6 kg", "currently 90 kg"},
	} {
		c := coachAtGoal(t)
		c.say(tt.first)
		d := c.say(tt.second)
		v := c.runtime().FactValues
		if v["goal_delta"] != "6 kg" || v["goal_target"] != "6 kg" {
			t.Errorf("%q then %q: target %q delta %q, want 6 kg and 6 kg", tt.first, tt.second, v["goal_target"], v["goal_delta"])
		}
		if r := replyText(d); strings.Contains(r, "gap") && !strings.Contains(r, "A 6 kg gap") {
			t.Errorf("%q then %q: reply %q", tt.first, tt.second, r)
		}
	}
}
