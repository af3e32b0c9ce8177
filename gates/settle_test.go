package gates

import "testing"

// TestOneQuantityOneFact pins settleNumbers on the coach's goal question: a
// number without its cue takes the one quantity no said cue took, a body
// weight is a baseline and no target, and two numbers without any cue store
// neither (issue 38 items 1 and 6): the value stored is the one meant or none.
func TestOneQuantityOneFact(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"60 kg now and want to get to 80", "80 kg", "60 kg"},
		{"stuck at 100 kg, goal 120", "120 kg", "100 kg"},
		{"I weigh 72 kg", "", "72 kg"},
		{"my weight is 72 kg and I want to reach 65", "65 kg", "72 kg"},
		{"squat 150 kg, right now 120", "150 kg", "120 kg"},
		{"bench 90 kg and 110 kg", "", ""},
		{"squat 150 kg, train 3 times a week", "150 kg", ""},
	})
}

// TestQuestionsAboutTheBookingChooseNothing pins asksAbout: a question about
// a kind of booking is no choice of it; a proposal or a statement is.
func TestQuestionsAboutTheBookingChooseNothing(t *testing.T) {
	for _, tt := range []struct {
		text string
		asks bool
	}{
		{"how long is a session?", true},
		{"is the call free?", true},
		{"what happens in an intro call", true},
		{"¿cuánto dura la sesión?", true},
		{"could we do a call?", false},
		{"is a video call ok?", false},
		{"a training session please", false},
		{"how about a session on Friday?", false},
	} {
		if got := asksAbout(tt.text); got != tt.asks {
			t.Errorf("asksAbout(%q) = %v, want %v", tt.text, got, tt.asks)
		}
	}
}
