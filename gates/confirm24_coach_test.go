package gates

import "testing"

// TestQuestionJudgingAValue: a goal answer that asks whether a value is wise
// ("would 90 kg be realistic?", "is 8 km too much?") gives no value, even
// opened by a proposing word; a proposal without a judging word ("could we
// say 90 kg?") is still read.
func TestQuestionJudgingAValue(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"would 90 kg be realistic?", true},
		{"could 8 km be too much?", true},
		{"would a 120 kg bench be doable by summer?", true},
		{"is 8 km too much?", true},
		{"would 60 kg be enough?", true},
		{"could we say 90 kg?", false},
		{"would friday work?", false},
		{"squat 100 kg", false},
	}
	for _, tc := range cases {
		if got := asksAbout(tc.text); got != tc.want {
			t.Errorf("asksAbout(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
