package gates

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// TestRound13GoalClasses (round 13's coach classes, in phrasings of their
// own): a number said inside a question asked back is no value; "now" of
// another language written with a hyphen, as two words, or one CLDR lacks
// marks the present level; a word that is "now" in one language and "and" in
// another marks nothing.
func TestRound13GoalClasses(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"is 120 kg too much?", "", ""},
		{"bench 100 kg, an-dràsta 85 kg", "100 kg", "85 kg"},
		{"deadlift 180 kg, a-nis 150 kg", "180 kg", "150 kg"},
		{"bench 90 kg, karon 70 kg", "90 kg", "70 kg"},
		{"deadlift 200 kg, ugbu a 160 kg", "200 kg", "160 kg"},
		{"swim 2 km, dan 1 km", "", ""},
	})
}

// TestANumberAskedAboutIsNeverStored: a goal number said only inside a
// question about it ("is N kg realistic?") is never stored.
func TestANumberAskedAboutIsNeverStored(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(2, 300).Draw(rt, "n")
		unit := rapid.SampledFrom([]string{"kg", "km", "lb"}).Draw(rt, "unit")
		frame := rapid.SampledFrom([]string{"is %d %s realistic?", "is %d %s too much?", "how hard is %d %s?", "is %d %s a lot?"}).Draw(rt, "frame")
		checkGoalAnswers(t, []goalAnswer{{fmt.Sprintf(frame, n, unit), "", ""}})
	})
}
