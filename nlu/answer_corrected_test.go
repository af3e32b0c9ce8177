package nlu

import "testing"

// TestTheLastAnswerWins: an answer corrected after a word that starts a
// correction is the last answer said; a collision word alone (a yes or a no
// of another language typed plain) is no intent of the model's.
func TestTheLastAnswerWins(t *testing.T) {
	for _, tc := range []struct {
		say  string
		want Answer
	}{
		{"yes... actually no", No},
		{"no, wait, yes", Yes},
		{"oui... en fait non", No},
		{"yes, i mean no", No},
		{"yes actually", Yes},
		{"yes, actually no problem", Yes},
	} {
		if got := YesNo(tc.say); got != tc.want {
			t.Errorf("YesNo(%q) = %v, want %v", tc.say, got, tc.want)
		}
	}
	if r := BuiltinIntent("te"); r.Intent != "" {
		t.Errorf(`BuiltinIntent("te") = %s, want none (Lingala "tɛ̂")`, r.Intent)
	}
}
