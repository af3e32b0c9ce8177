package nlu

import (
	_ "embed"
	"strconv"
	"strings"
)

// ordinalWordsText is ordinal_words.txt: positions among the cards shown in
// the languages of the world, with their inflected forms.
//
//go:embed ordinal_words.txt
var ordinalWordsText string

// worldOrdinals reads ordinal_words.txt as folded word -> position. A word
// two lines (or the lists of shop.go) give different positions is dropped:
// a word whose position depends on the language is never read as one.
func worldOrdinals(text string, known map[string]int) map[string]int {
	out, clash := map[string]int{}, map[string]bool{}
	for line := range strings.Lines(text) {
		_, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, pair := range strings.Fields(list) {
			w, v, _ := strings.Cut(pair, "=")
			n, err := strconv.Atoi(v)
			k := key(w)
			if err != nil || k == "" || strings.Contains(k, " ") {
				continue
			}
			if prev, seen := out[k]; seen && prev != n {
				clash[k] = true
			}
			if prev, seen := known[k]; seen && prev != n {
				clash[k] = true
			}
			out[k] = n
		}
	}
	for k := range clash {
		delete(out, k)
	}
	return out
}

func init() {
	for w, n := range worldOrdinals(ordinalWordsText, shopOrdinals) {
		if _, ok := shopOrdinals[w]; !ok {
			shopOrdinals[w] = n
		}
	}
}
