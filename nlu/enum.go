package nlu

import "unicode/utf8"

// Enum is a closed set of canonical values, each with optional synonyms, that a
// slot answer must map to.
type Enum struct {
	Values   []string
	Synonyms map[string][]string // canonical value -> synonyms
}

// enumForm is one way of saying a canonical value.
type enumForm struct {
	value string
	words []string
	key   string
}

// forms lists every value and synonym, Values order first, then canonical values
// that appear only in Synonyms, in sorted order.
func (e Enum) forms() []enumForm {
	var out []enumForm
	add := func(value, say string) {
		k := key(say)
		if k != "" {
			out = append(out, enumForm{value, words(k), k})
		}
	}
	listed := make(map[string]bool, len(e.Values))
	for _, v := range e.Values {
		listed[v] = true
		add(v, v)
		for _, s := range e.Synonyms[v] {
			add(v, s)
		}
	}
	for _, v := range sortedKeys(e.Synonyms) {
		if listed[v] {
			continue
		}
		add(v, v)
		for _, s := range e.Synonyms[v] {
			add(v, s)
		}
	}
	return out
}

// Match maps text to a canonical value: first the whole message equal to a value
// or synonym, then the leftmost whole-word occurrence of one inside the text, then
// the closest fuzzy match (Levenshtein distance at most 1 for words of 4 to 7
// letters, at most 2 for 8 or more; shorter words must match exactly).
func (e Enum) Match(text string) (string, bool) {
	k := key(text)
	if k == "" {
		return "", false
	}
	forms := e.forms()
	for _, f := range forms {
		if f.key == k {
			return f.value, true
		}
	}
	toks := tokenize(k)
	best, bestPos, bestLen := "", len(toks), 0
	for _, f := range forms {
		pos := findPhrase(toks, f.words, 0)
		if pos < 0 {
			continue
		}
		if pos < bestPos || (pos == bestPos && len(f.words) > bestLen) {
			best, bestPos, bestLen = f.value, pos, len(f.words)
		}
	}
	if bestLen > 0 {
		return best, true
	}
	bestDist := -1
	for _, f := range forms {
		n := len(f.words)
		if n == 0 {
			continue
		}
		for i := 0; i+n <= len(toks); i++ {
			d, ok := fuzzyDistance(toks[i:i+n], f.words)
			if ok && (bestDist < 0 || d < bestDist) {
				best, bestDist = f.value, d
			}
		}
	}
	return best, bestDist >= 0
}

// fuzzyDistance compares words pairwise and returns the summed distance when each
// pair is within the tolerance of its length.
func fuzzyDistance(got []token, want []string) (int, bool) {
	total := 0
	for i, w := range want {
		g := got[i].text
		if g == w {
			continue
		}
		d := Levenshtein(g, w)
		if d > fuzzyTolerance(w) {
			return 0, false
		}
		total += d
	}
	return total, true
}

// fuzzyTolerance is the edit distance a word of this length may be off by.
func fuzzyTolerance(w string) int {
	switch n := utf8.RuneCountInString(w); {
	case n >= 8:
		return 2
	case n >= 4:
		return 1
	default:
		return 0
	}
}

// Levenshtein returns the edit distance between a and b in runes (insertions,
// deletions and substitutions each cost 1).
func Levenshtein(a, b string) int {
	if a == b {
		return 0
	}
	if isASCII(a) && isASCII(b) && len(a) < 64 && len(b) < 64 {
		// The common case (lexicon words) runs on the stack.
		var prev, cur [64]int
		return editDistance([]byte(a), []byte(b), prev[:len(b)+1], cur[:len(b)+1])
	}
	ra, rb := []rune(a), []rune(b)
	return editDistance(ra, rb, make([]int, len(rb)+1), make([]int, len(rb)+1))
}

// editDistance is the two-row Wagner-Fischer algorithm; prev and cur have
// len(b)+1 cells.
func editDistance[T byte | rune](a, b []T, prev, cur []int) int {
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
