package gates

import "testing"

// Issue 38 round 22 (helper langs23): a goal's present level marked by a
// word for "today" of the date lexicon (nlu.TodayWords: CLDR's and
// internal/cldrdates/hand.txt's), as English "today" marks one.
func TestPresentLevelTodayWord(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"deadlift 140 kg, lamuhla 120 kg", "140 kg", "120 kg"}, // Swati (hand.txt), Northern Ndebele (CLDR nd)
		{"run 10 km, rainin 4 km", "10 km", "4 km"},             // Marshallese (hand.txt)
		{"bench 90 kg, ullumi 70 kg", "90 kg", "70 kg"},         // Greenlandic, Inuktitut (hand.txt)
		{"squat 120 kg, jichhüru 100 kg", "120 kg", "100 kg"},   // Aymara (hand.txt)
		{"run 15 km, jichhuru 10 km", "15 km", "10 km"},         // typed plain
		{"squat 120 kg, namhlanje 100 kg", "120 kg", "100 kg"},  // Xhosa, Zulu (CLDR)
		{"swim 2 km, nhasi 1 km", "2 km", "1 km"},               // Shona (CLDR sn)
		// A collision word (Sranan "tide", English "tide") is no marker.
		{"bench 70 kg, tide 55 kg", "", ""},
	})
}
