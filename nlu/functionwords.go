package nlu

import (
	_ "embed"
	"strings"
)

//go:embed function_words.txt
var functionWordsText string

// functionWords are the function words of function_words.txt, every language
// together: a word of a sentence in one of them, never a product's name.
var functionWords = readFunctionWords(functionWordsText)

// readFunctionWords reads "code: words" lines, skipping comments and blank lines.
func readFunctionWords(text string) map[string]bool {
	words := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		_, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, w := range strings.Fields(list) {
			words[w] = true
		}
	}
	return words
}

//go:embed english_homographs.txt
var englishHomographsText string

// englishHomographs are english_homographs.txt's words: English words that
// another language's relative day folds to, read as a day only alone.
var englishHomographs = func() map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(englishHomographsText, "\n") {
		if w := strings.TrimSpace(line); w != "" && !strings.HasPrefix(w, "#") {
			out[w] = true
		}
	}
	return out
}()
