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

// TestWordSlipCity: a gazetteer city of two to four words typed in lower
// case with one slip in one word is that city; a slip that makes an English
// word, or a name two cities fit, is none.
func TestWordSlipCity(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"baton roughe", "Baton Rouge"},
		{"fort worht", "Fort Worth"},
		{"baton rough", ""},
		{"baton rouge", ""}, // the gazetteer's own name: read as a city, not a slip
	} {
		got, _ := PlainPlace(c.text)
		if got != c.want {
			t.Errorf("PlainPlace(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestSideClauseAfterGreeting: a clause-start phrase ("I need to") after
// a greeting alone opens the message's own sentence, no side clause; after
// an answer it still opens one.
func TestSideClauseAfterGreeting(t *testing.T) {
	for _, c := range []struct {
		text string
		side bool
	}{
		{"Good afternoon, I need to fly from Norfolk to Dallas.", false},
		{"Hello, I need to fly from Boston to Denver", false},
		{"Monday, I need to be back for work", true},
	} {
		if got := SideClause(c.text) >= 0; got != c.side {
			t.Errorf("SideClause(%q) >= 0 = %v, want %v", c.text, got, c.side)
		}
	}
}
