package gates

import "testing"

// Issue 38: a goal answer's present level said as people say it: a mistyped
// "currently", a spoken "-in'" frame, a fighter's walk-around weight, a time
// that "takes me" so long now, "now" after the number, and the word for "now"
// of more languages. The target is the other quantity, in the level's unit.
func TestPresentLevelSaidManyWays(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"deadlift 200 kg curently 170 kg", "200 kg", "170 kg"},
		{"bench 120 kg currenlty 95 kg", "120 kg", "95 kg"},
		{"cut to 70 kg for my bout, walkin around at 76 kg", "70 kg", "76 kg"},
		{"66 kg class, walking around at 72 kg", "66 kg", "72 kg"},
		{"5 km in 25 min, at the moment it takes me 31 min", "25 min", "31 min"},
		{"swim 1 mi in 40 min, it takes me 55 min", "40 min", "55 min"},
		{"bench 100 kg, teraz 80 kg", "100 kg", "80 kg"},
		{"squat 150 kg, acum 120 kg", "150 kg", "120 kg"},
		{"run 20 km, tagad 8 km", "20 km", "8 km"},
		{"deadlift 220 kg, filhal 180 kg", "220 kg", "180 kg"},
		{"squat 400 lb, sittin at 350 lb", "400 lb", "350 lb"},
		{"deadlift 500 lbs, hoverin around 455", "500 lb", "455 lb"},
		{"bench 100 kg, I do 85 kg now", "100 kg", "85 kg"},
		{"squat 170 lb, 160 lb now", "170 lb", "160 lb"},
		// Two quantities with nothing saying which is now: asked again.
		{"100 kg and 80 kg", "", ""},
		{"bench 100 kg, 80 kg", "", ""},
	})
}
