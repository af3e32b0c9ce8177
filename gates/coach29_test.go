package gates

import "testing"

// TestADoneOrLongestClauseIsTheBaseline (issue 38, coach29): a clause after
// the target that says what the user has done so far ("done 14 km", "did 60
// km", "i've done 6 km") or their longest or best with the activity named
// ("longest run is 12 km", "my longest swim was 2 km") is where they stand.
func TestADoneOrLongestClauseIsTheBaseline(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"run 21 km, longest run is 12 km", "21 km", "12 km"},
		{"swim 3 km, my longest swim was 2 km", "3 km", "2 km"},
		{"cycle 160 km, furthest ride so far is 90 km", "160 km", "90 km"},
		{"hike 25 km, done 14 km", "25 km", "14 km"},
		{"cycle 100 km, did 60 km", "100 km", "60 km"},
		{"run 10 km, i've done 6 km", "10 km", "6 km"},
		{"done 14 km, hike 25 km", "25 km", "14 km"},
		// A superlative and the activity with no verb after them name the
		// record aimed at, no level.
		{"PR deadlift 500 lbs, sitting at 455", "500 lb", "455 lb"},
		// No number after the frame: nothing placed.
		{"run 10 km, done by 20 km", "", ""},
	})
}

// TestALevelBesideAnAmountIsNoTarget (coach29): beside an amount to lose, a
// level said without a cue is never the target by its place ("lose 8 kg,
// snacks put me at 102 kg" stored a 102 kg target): the amount is the goal
// when the level is placed as one, else the goal is asked again.
func TestALevelBesideAnAmountIsNoTarget(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"lose 8 kg, night beach patrols and snacks put me at 102 kg", "", ""},
		{"lose 8 kg, put me at 102 kg", "", ""},
		{"lose 8 kg, at 102 kg", "8 kg", ""},
		{"lose 6 kg, done 2 kg", "6 kg", ""},
	})
}
