package nlu

import (
	_ "embed"
	"strings"
)

//go:embed side_clauses.txt
var sideClausesText string

// sideAnywhere and sideAtClause are side_clauses.txt's lists, each phrase as
// its lower-case words (an apostrophe splits a word), by first word.
var sideAnywhere, sideAtClause, unsurePhrases = func() (map[string][][]string, map[string][][]string, map[string][][]string) {
	lists := map[string]map[string][][]string{"anywhere": {}, "clause": {}, "unsure": {}}
	for _, line := range strings.Split(sideClausesText, "\n") {
		name, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") || lists[name] == nil {
			continue
		}
		for _, p := range strings.Split(list, ",") {
			ws := strings.Fields(strings.ToLower(strings.ReplaceAll(p, "'", " ")))
			if len(ws) > 0 {
				lists[name][ws[0]] = append(lists[name][ws[0]], ws)
			}
		}
	}
	return lists["anywhere"], lists["clause"], lists["unsure"]
}()

// SaysUnsure reports whether text says an unsure phrase (side_clauses.txt):
// a day said beside it is taken back or not decided.
func SaysUnsure(text string) bool {
	var buf [48][2]int
	words, _ := sideWords(text, buf[:0])
	for i, w := range words {
		if phraseAtWords(text, words[i:], unsurePhrases, text[w[0]:w[1]]) {
			return true
		}
	}
	return false
}

// SideClause is the byte offset in text where a side clause starts (a
// reason, the way back: side_clauses.txt), or -1 when there is none. Words
// come before it: an answer that is only a reason has no answer before it.
// Words are runs of letters and digits, compared folding ASCII case; it
// allocates nothing, for it looks at every typed sentence.
func SideClause(text string) int {
	var buf [48][2]int
	words, breaks := sideWords(text, buf[:0])
	for i, w := range words {
		if i == 0 {
			continue
		}
		word := text[w[0]:w[1]]
		if phraseAtWords(text, words[i:], sideAnywhere, word) {
			return w[0]
		}
		if breaks&(1<<min(i, 63)) != 0 && phraseAtWords(text, words[i:], sideAtClause, word) {
			return w[0]
		}
	}
	return -1
}

// sideWords cuts text into words (runs of ASCII letters and digits and of
// other bytes above ASCII) and marks, in breaks, the words that start a clause
// (after , ; . ! ? : or a dash).
func sideWords(text string, dst [][2]int) ([][2]int, uint64) {
	var breaks uint64
	brk, start := false, -1
	for i := 0; i <= len(text); i++ {
		c := byte(' ')
		if i < len(text) {
			c = text[i]
		}
		inWord := c >= 0x80 || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
		skip := 0
		if c == 0xE2 && strings.HasPrefix(text[i:], "’") {
			inWord, skip = false, len("’")-1 // "that’s" is "that s"
		}
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			if len(dst) == cap(dst) {
				return dst, breaks
			}
			if brk && len(dst) < 64 {
				breaks |= 1 << len(dst)
			}
			dst, start, brk = append(dst, [2]int{start, i}), -1, false
		}
		if !inWord && strings.IndexByte(",;.!?:-", c) >= 0 {
			brk = true
		}
		i += skip
	}
	return dst, breaks
}

// phraseAtWords reports whether one of the phrases starting with word's
// lower-case form starts at words[0].
func phraseAtWords(text string, words [][2]int, byFirst map[string][][]string, word string) bool {
	var low [16]byte
	if len(word) > len(low) {
		return false
	}
	for i := 0; i < len(word); i++ {
		c := word[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[i] = c
	}
	for _, p := range byFirst[string(low[:len(word)])] {
		if len(p) > len(words) {
			continue
		}
		match := true
		for j, w := range p {
			if !strings.EqualFold(text[words[j][0]:words[j][1]], w) {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}
