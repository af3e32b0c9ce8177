package nlu

import "testing"

// TestTypoCityNeverAWord: a word typed as English or a lexicon spells it is
// that word, never a typo of a city ("parks": no Paris); a phrase of more
// words than a name is never the name by ear ("hindii afaan": no
// Eindhoven); a typo that keeps a word of the name is read ("las vagas").
func TestTypoCityNeverAWord(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"parks", ""},
		{"hindii afaan", ""},
		{"dnever", "Denver"},
		{"las vagas", "Las Vegas"},
		{"los angelos", "Los Angeles"},
		{"Sinsinati", "Cincinnati"},
	} {
		got, _ := MatchCity(c.text)
		if got != c.want {
			t.Errorf("MatchCity(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

