package nlu

import (
	_ "embed"
	"strings"
)

//go:embed count_homophones.txt
var countHomophonesText string

// countHomophones are count_homophones.txt's entries: the word heard, the
// word meant.
var countHomophones = func() map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(countHomophonesText, "\n") {
		heard, meant, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		m[key(heard)] = key(meant)
	}
	return m
}()

// HeardAsCount is an answer to a count's question (text) with its voice
// homophones read as meant (count_homophones.txt): "three knights" is "three
// nights" when unit says "nights" is what is counted, "too nights" is "two
// nights". A heard number is read only right before a unit word and only
// when the answer says no other number; a heard unit only right after a
// number. ok is false, and text is returned, when nothing was read so.
func HeardAsCount(text string, unit func(string) bool) (string, bool) {
	ws := words(key(text))
	changed := false
	isNumber := func(w string) bool { return isDigits(w) || IsNumberWord(w) }
	numbers := 0
	for _, w := range ws {
		if isNumber(w) {
			numbers++
		}
	}
	for i, w := range ws {
		meant, ok := countHomophones[w]
		if !ok || i == 0 || unit(w) || !unit(meant) {
			continue
		}
		if prev, ok := countHomophones[ws[i-1]]; isNumber(ws[i-1]) || ok && isNumber(prev) {
			ws[i], changed = meant, true
		}
	}
	for i, w := range ws {
		meant, ok := countHomophones[w]
		if !ok || numbers > 0 || i+1 >= len(ws) || !unit(ws[i+1]) || !isNumber(meant) {
			continue
		}
		ws[i], changed, numbers = meant, true, 1
	}
	if !changed {
		return text, false
	}
	return strings.Join(ws, " "), true
}
