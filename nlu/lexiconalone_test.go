package nlu

import "testing"

// TestIsLexiconWordAlone: a word some list reads alone is; a word held only
// inside another language's phrase (Latin "ita" of "ita vero", "non ita") is
// a lexicon word but read by no reader alone.
func TestIsLexiconWordAlone(t *testing.T) {
	for w, want := range map[string]bool{"yes": true, "friday": true, "tomorrow": true, "nei": true, "ita": false, "zzqx": false} {
		if got := IsLexiconWordAlone(w); got != want {
			t.Errorf("IsLexiconWordAlone(%q) = %v, want %v", w, got, want)
		}
	}
	if !IsLexiconWord("ita") {
		t.Error(`"ita" is no lexicon word: the alone check checks nothing`)
	}
}
