package nlu

import "testing"

func TestDateInLifeClause(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"from reno, the plant closed friday", true},
		{"from reno, school let out on monday", true},
		{"from reno, we moved out tuesday", true},
		{"from reno, after the recital on the 9th", true},
		{"from reno, once my lease ends on the 30th", true},
		{"from reno, when the kids finish camp friday", true},
		{"from reno, after the 9th", false},
		{"from reno, before noon friday", false},
		{"from reno, we cut it close friday", false}, // a pronoun's "cut" may be its present
		{"from reno, leaving friday", false},
		{"from reno, the red eye friday", false},
		{"after the recital on the 9th", false}, // the first clause is the answer's
		{"from reno, the plant closed", false},
	} {
		if got := DateInLifeClause(c.text); got != c.want {
			t.Errorf("DateInLifeClause(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
