package shop

import (
	"encoding/json"
	"testing"
)

// TestEverydayLexicon: the embedded lexicon reads, every entry names kinds, and
// no entry is lost to another with the same stem.
func TestEverydayLexicon(t *testing.T) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(everydayJSON, &raw); err != nil {
		t.Fatal(err)
	}
	entries := 0
	for word, v := range raw {
		if word[0] == '_' {
			continue
		}
		entries++
		var kinds []string
		if err := json.Unmarshal(v, &kinds); err != nil || len(kinds) == 0 {
			t.Errorf("%q: %s is not a list of kinds", word, v)
		}
	}
	if len(everyday) != entries || entries == 0 {
		t.Fatalf("%d entries read as %d stems", entries, len(everyday))
	}
	for _, w := range []string{"hats", "Hat", "sunnies", "jewellery"} {
		if len(everydayKinds(w)) == 0 {
			t.Errorf("%q has no kinds", w)
		}
	}
}
