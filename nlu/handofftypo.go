package nlu

import (
	"strings"
	"sync"
)

// humanPhrasePairs are the two-word English human nouns ("real person", "live
// agent", "actual person"): the pairs a typo of one word may hide.
var humanPhrasePairs = sync.OnceValue(func() [][2]string {
	var out [][2]string
	for _, p := range humanNouns[LangEnglish] {
		if ws := strings.Fields(p); len(ws) == 2 {
			out = append(out, [2]string{ws[0], ws[1]})
		}
	}
	return out
})

// HumanThroughTypo reads a message that asks for a person once one of its
// words, right beside the other word of a two-word human noun, is read as the
// word it is one typo from ("a reel person" for "a real person", "a real
// persn"): it returns the word as typed and true when the message so
// rewritten is a request for a person (IsHumanRequest) and as typed is not.
// The caller decides whether the typed word is a word of its own (a
// product the shop sells): then it is no typo.
func HumanThroughTypo(text string) (typed string, ok bool) {
	if IsHumanRequest(text) {
		return "", false
	}
	fields := strings.Fields(text)
	for i := 0; i+1 < len(fields); i++ {
		a, b := FoldWords(fields[i]), FoldWords(fields[i+1])
		if len(a) != 1 || len(b) != 1 {
			continue
		}
		for _, p := range humanPhrasePairs() {
			switch {
			case b[0] == p[1] && a[0] != p[0] && TypoDistance(a[0], p[0]) == 1:
				if rewritten(fields, i, p[0]) {
					return a[0], true
				}
			case a[0] == p[0] && b[0] != p[1] && TypoDistance(b[0], p[1]) == 1:
				if rewritten(fields, i+1, p[1]) {
					return b[0], true
				}
			}
		}
	}
	return "", false
}

// rewritten reports whether fields with the i-th written as w ask for a person.
func rewritten(fields []string, i int, w string) bool {
	alt := make([]string, len(fields))
	copy(alt, fields)
	alt[i] = w
	return IsHumanRequest(strings.Join(alt, " "))
}
