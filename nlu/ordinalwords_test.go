package nlu

import "testing"

// TestWorldOrdinals: ordinal_words.txt's words are positions as folded words,
// and a word two languages (or shop.go's lists) give different positions is
// dropped, never read.
func TestWorldOrdinals(t *testing.T) {
	got := worldOrdinals("xx: alpha=1 beta=2 třetí=3\nyy: beta=3 gamma=4\n", map[string]int{"gamma": 5})
	want := map[string]int{"alpha": 1, "treti": 3}
	if len(got) != len(want) {
		t.Fatalf("worldOrdinals = %v, want %v", got, want)
	}
	for w, n := range want {
		if got[w] != n {
			t.Errorf("worldOrdinals[%q] = %d, want %d", w, got[w], n)
		}
	}
	for w, n := range map[string]int{"tretjo": 3, "trzecia": 3, "третью": 3, "ucuncuyu": 3, "kolmas": 3, "ketiga": 3,
		"zesde": 6, "ostatnia": -1, "poslednu": -1, "第三个": 3, "dara": 2} {
		if shopOrdinals[w] != n {
			t.Errorf("shopOrdinals[%q] = %d, want %d", w, shopOrdinals[w], n)
		}
	}
	// Words that also mean "other", or another everyday word, are no position.
	for _, w := range []string{"drugi", "andra", "toinen", "teine", "una", "prima", "son", "ne"} {
		if n, ok := shopOrdinals[w]; ok {
			t.Errorf("shopOrdinals[%q] = %d, want none", w, n)
		}
	}
}

// TestEnglishPersonRequestsWithTyposAndRegionalWords: a person asked for with
// a regional "us", a task handed over, or one typo in the noun; a mention
// with a typo stays no request.
func TestEnglishPersonRequestsWithTyposAndRegionalWords(t *testing.T) {
	for text, want := range map[string]bool{
		"put us thru to a manager":                true,
		"can you patch me through to someone":     true,
		"I need someone to help me with a return": true,
		"I want somebody to help":                 true,
		"a real peron please":                     true,
		"huamn pls":                               true,
		"agnet":                                   true,
		"the persn at the till was lovely":        false,
		"no need for a humna, just show me caps":  false,
		"a humane society t-shirt":                false,
		"I need something to help with sore feet": false,
	} {
		if got := IsHumanRequest(text); got != want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", text, got, want)
		}
	}
}
