package nlu

import (
	"slices"
	"strings"
)

// WordLists reads a word-list file of "name: word word_word" lines, "#" lines
// being comments: each list by its name, each entry as its words ("_" joins
// the words of a phrase). The packages' rules-as-data files share this form
// (other_clock.txt, owners.txt, gates/remarks.txt).
func WordLists(text string) map[string][][]string {
	lists := map[string][][]string{}
	for _, line := range strings.Split(text, "\n") {
		name, words, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		name = strings.TrimSpace(name)
		for _, w := range strings.Fields(words) {
			lists[name] = append(lists[name], strings.Split(w, "_"))
		}
	}
	return lists
}

// HoldsPhrase reports whether words hold one of phrases, each as its words.
func HoldsPhrase(words []string, phrases [][]string) bool {
	for _, phrase := range phrases {
		for i := 0; i+len(phrase) <= len(words); i++ {
			if slices.Equal(words[i:i+len(phrase)], phrase) {
				return true
			}
		}
	}
	return false
}
