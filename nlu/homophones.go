package nlu

import (
	_ "embed"
	"slices"
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
	units := heardUnits(ws, unit)
	numbers := heardNumber(ws, unit)
	if !units && !numbers {
		return text, false
	}
	return strings.Join(ws, " "), true
}

// isCountNumber reports whether w is a number in digits or words.
func isCountNumber(w string) bool { return isDigits(w) || IsNumberWord(w) }

// heardUnits replaces in ws each heard unit right after a number, or after a
// heard number ("too knights"), by the unit meant; it reports whether it did.
func heardUnits(ws []string, unit func(string) bool) bool {
	changed := false
	for i, w := range ws {
		meant, ok := countHomophones[w]
		if !ok || i == 0 || unit(w) || !unit(meant) {
			continue
		}
		if prev, ok := countHomophones[ws[i-1]]; isCountNumber(ws[i-1]) || ok && isCountNumber(prev) {
			ws[i], changed = meant, true
		}
	}
	return changed
}

// heardNumber replaces in ws the first heard number right before a unit by
// the number meant, when ws say no number; it reports whether it did.
func heardNumber(ws []string, unit func(string) bool) bool {
	if slices.ContainsFunc(ws, isCountNumber) {
		return false
	}
	for i, w := range ws {
		if meant, ok := countHomophones[w]; ok && i+1 < len(ws) && unit(ws[i+1]) && isCountNumber(meant) {
			ws[i] = meant
			return true
		}
	}
	return false
}
