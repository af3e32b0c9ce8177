package gates

import "testing"

// TestGoalInMetres: a distance in metres is a level unit of the goal, said
// with a target in kilometres or in metres on both sides; the gap converts
// to the target's unit. Metres are never dropped to store the other
// number alone.
func TestGoalInMetres(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"row 3 km, currently 1500 m", "3 km", "1500 m"},
		{"run 800 m, 600 m now", "800 m", "600 m"},
		{"swim 1500 metres, at 750 metres", "1500 m", "750 m"},
		{"sprint 400m, at 300m", "400 m", "300 m"},
	})
}

func TestSubtractConvertsLengths(t *testing.T) {
	for _, tt := range []struct {
		to, from, want string
		ok             bool
	}{
		{"3 km", "1500 m", "1.5 km", true},
		{"2 km", "700 m", "1.3 km", true},
		{"800 m", "600 m", "200 m", true},
		{"1000 m", "0.3 km", "700 m", true},
		{"100 kg", "80 kg", "20 kg", true},
		{"10 km", "3 mi", "", false},
		{"100 kg", "80 lb", "", false},
	} {
		got, ok := subtract(tt.to, tt.from)
		if got != tt.want || ok != tt.ok {
			t.Errorf("subtract(%q, %q) = %q, %v; want %q, %v", tt.to, tt.from, got, ok, tt.want, tt.ok)
		}
	}
}
