// Package lexicon holds the shop's ordinary English word list
// (english_words.txt, Debian's wamerican, NOTICE entry 8), embedded once for
// the shop and the coach: the shop asks whether an unsold search is English,
// the coach whether a word before a number is English before it reads an
// unplaced word as another language's "now" (gates/levels.go). It holds too
// the nouns whose first sense is a made thing (artifact_nouns.txt, the Open
// English WordNet, NOTICE entry 11), which the shop asks of a request said
// before a reason clause (shop/reasonhead.go).
package lexicon

import (
	_ "embed"
	"strings"
	"sync"
)

//go:embed english_words.txt
var englishWordsText string

// englishWords is the set of englishWordsText, built on its first use only.
var englishWords = sync.OnceValue(buildEnglishWords)

// buildEnglishWords reads englishWordsText into a set, lower case.
func buildEnglishWords() map[string]struct{} {
	set := make(map[string]struct{}, 58000)
	for line := range strings.Lines(englishWordsText) {
		if w := strings.TrimSpace(line); w != "" && w[0] != '#' {
			set[strings.ToLower(w)] = struct{}{}
		}
	}
	return set
}

// nameOnlyWords is the set of the list's names only (written capitalized:
// "Allegra", "Lego"), lower case, built on its first use only.
var nameOnlyWords = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 9000)
	for line := range strings.Lines(englishWordsText) {
		if w := strings.TrimSpace(line); w != "" && w[0] >= 'A' && w[0] <= 'Z' {
			set[strings.ToLower(w)] = struct{}{}
		}
	}
	return set
})

// IsNameOnly reports whether w, lower case, is in the list only as a name
// (a person, a place, a brand: "allegra", "lego"), never as an ordinary
// lower-case word; a plural in -s of one is not.
func IsNameOnly(w string) bool {
	_, ok := nameOnlyWords()[w]
	return ok
}

// EnglishWords returns the set of the list's words, built on first use and
// shared: callers must not change it.
func EnglishWords() map[string]struct{} { return englishWords() }

// IsEnglishWord reports whether w, lower case, is a word of the list, or a
// plural in -s of one (the list leaves such plurals out).
func IsEnglishWord(w string) bool {
	set := englishWords()
	if _, ok := set[w]; ok {
		return true
	}
	s, ok := strings.CutSuffix(w, "s")
	_, plural := set[s]
	return ok && plural
}
