package gates

import "testing"

// Issue 38 round 16: the "now" of languages CLDR has none for, and a
// present-level clause set off by another script's comma ("،" of Arabic,
// Persian and Pashto; the ideographic "、" and full-width "，"), which splits
// clauses as "," does. Without a marker the two quantities are still asked
// again. The round 20 audit dropped the unsourced "now" words from
// levels.txt: Luganda "kati", a GeoNames town, is now asked again; Setswana
// "jaanong" and Chichewa "tsopano", words no reader knows, are still read as
// the marker of the last clause by gates/unplaced.go's unknown-word rule.
func TestPresentLevelWorldMarks(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"bench 100 kg, kati 80 kg", "", ""},
		{"squat 140 kg, jaanong 120 kg", "140 kg", "120 kg"},
		{"deadlift 200 kg, ngoku 170 kg", "200 kg", "170 kg"},
		{"run 20 km, tsopano 8 km", "20 km", "8 km"},
		{"bench 90 kg, cumò 75 kg", "90 kg", "75 kg"},
		{"squat 150 kg، اوس 120 kg", "150 kg", "120 kg"},
		{"bench 100 kg، الان 80 kg", "100 kg", "80 kg"},
		{"run 10 km，现在 6 km", "10 km", "6 km"},
		{"bench 100 kg، 80 kg", "", ""},
		{"bench 100 kg，80 kg", "", ""},
	})
}
