package gates

import (
	"testing"
)

// Issue 38 round 11: the present level marked by a word for "now" of any
// CLDR locale (nlu/cldr/now_words.txt) or by an everyday one of levels.txt,
// the measure after it the baseline.
func TestPresentLevelCLDRNow(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"squat 120 kg, hozir 100 kg", "120 kg", "100 kg"},
		{"bench 90 kg, indi 75 kg", "90 kg", "75 kg"},
		{"deadlift 200 kg, hima 170 kg", "200 kg", "170 kg"},
		{"jooksta 10 km, praegu 5 km", "10 km", "5 km"},
		{"bench 100 kg, bħalissa 80 kg", "100 kg", "80 kg"},
		{"squat 150 kg, manje 120 kg", "150 kg", "120 kg"},
		{"bankdruk 100 kg, tans 85 kg", "100 kg", "85 kg"},
		{"orod 5 km, hadda 2 km", "5 km", "2 km"},
		{"gudu 10 km, yanzu 4 km", "10 km", "4 km"},
		{"bench 80 kg, ippo 60 kg", "80 kg", "60 kg"},
		{"squat 100 kg, issa 70 kg", "100 kg", "70 kg"},
		{"bench 100 kg, nísinsìyí 70 kg", "100 kg", "70 kg"},
		{"deadlift 150 kg, зараз 120 kg", "150 kg", "120 kg"},
		{"bench 100 kg, հիմա 80 kg", "100 kg", "80 kg"},
		{"squat 100 kg, bay gio 70 kg", "100 kg", "70 kg"},
		// No marker: nothing is guessed.
		{"bench 100 kg, most 80 kg", "", ""},
	})
}
