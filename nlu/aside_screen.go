package nlu

import (
	"strings"
	"unicode/utf8"
)

// Most answers set nothing aside, and SetAside runs on every answer a flow
// reads; these let it keep such an answer whole without building a clause's
// key or a list of clauses, so that it allocates nothing (issue 42's
// allocations per turn).

// mayBeAside reports whether clause c may set its value aside, as clauseAside
// would find: for an ASCII clause, whether one of aside_not's, aside_past's,
// aside_bound's or aside_bound_number's phrases is in it, one of aside_label's
// before digits, or, with leads, one of aside_lead's at its start. An ASCII
// clause's key is its lower case, so its words are compared in place. Other
// text, or a clause of many words, answers true and is read whole.
func mayBeAside(c string, leads bool) bool {
	if !isASCII(c) {
		return true
	}
	var spans [24][2]int
	words, ok := asciiWords(c, spans[:0])
	if !ok {
		return true
	}
	if leads && len(words) > 0 && startsPhrase(c, words[0], asideLeadStarts) && phraseAt(c, words, asideLead) > 0 {
		return true
	}
	for i := range words {
		// Most words start no phrase.
		if startsPhrase(c, words[i], asideStarts) && asideFrom(c, words[i:]) {
			return true
		}
	}
	return false
}

// asideFrom reports whether the words from here on start a phrase that sets a
// value aside, a label only before digits (setsAsideAt's phrases, without its
// check that a bound's number is one).
func asideFrom(c string, at [][2]int) bool {
	// A list none of whose phrases the first word starts is not scanned
	// phrase by phrase (asideListsOf).
	lists := asideListsOf(c, at[0])
	if lists&(1<<asideNotList) != 0 && phraseAt(c, at, asideNot) > 0 ||
		lists&(1<<asidePastList) != 0 && phraseAt(c, at, asidePast) > 0 ||
		lists&(1<<asideBoundList) != 0 && phraseAt(c, at, asideBound) > 0 ||
		lists&(1<<asideBoundNumList) != 0 && phraseAt(c, at, asideBoundNum) > 0 {
		return true
	}
	if lists&(1<<asideLabelList) == 0 {
		return false
	}
	n := phraseAt(c, at, asideLabels)
	return n > 0 && n < len(at) && isDigit(c[at[n][0]])
}

// The lists asideFrom reads, by their bit in asideFirsts.
const (
	asideNotList = iota
	asidePastList
	asideBoundList
	asideBoundNumList
	asideLabelList
)

// asideFirsts are, for each first word of asideFrom's lists, the lists
// with a phrase it starts; asideAnyList, the lists one of whose first words
// is not lower-case ASCII, which phraseAt's EqualFold may match otherwise.
var asideFirsts, asideAnyList = func() (m map[string]uint8, always uint8) {
	m = map[string]uint8{}
	for i, list := range [][][]string{asideNot, asidePast, asideBound, asideBoundNum, asideLabels} {
		for _, p := range list {
			switch {
			case len(p) == 0:
			case p[0] == "" || !hasNoUpperOrHigh(p[0]):
				always |= 1 << i
			default:
				m[p[0]] |= 1 << i
			}
		}
	}
	return m, always
}()

// asideListsOf is the lists (asideFirsts' bits) whose phrases the ASCII
// word at span of c may start, compared without case: every list for a
// word too long to lower here.
func asideListsOf(c string, span [2]int) uint8 {
	var buf [32]byte
	if span[1]-span[0] > len(buf) {
		return 0xff
	}
	w := buf[:copy(buf[:], c[span[0]:span[1]])]
	for k, b := range w {
		w[k] = lowerByte(b)
	}
	return asideFirsts[string(w)] | asideAnyList
}

// hasNoUpperOrHigh reports whether s is ASCII without a capital letter.
func hasNoUpperOrHigh(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || 'A' <= s[i] && s[i] <= 'Z' {
			return false
		}
	}
	return true
}

// asideLeadStarts are the first words of aside_lead's phrases.
var asideLeadStarts = firstWords(asideLead)

// startsPhrase reports whether the word at span, lowered, is in firsts.
func startsPhrase(c string, span [2]int, firsts map[string]bool) bool {
	var buf [32]byte
	if span[1]-span[0] > len(buf) {
		return true
	}
	w := buf[:copy(buf[:], c[span[0]:span[1]])]
	for k, b := range w {
		if 'A' <= b && b <= 'Z' {
			w[k] = b + 'a' - 'A'
		}
	}
	return firsts[string(w)] // the compiler reads a map by string(bytes) without a copy
}

// asciiWords appends the spans of c's words (runs of ASCII letters and
// digits) to dst; false when they do not fit its capacity.
func asciiWords(c string, dst [][2]int) ([][2]int, bool) {
	for i := 0; i < len(c); {
		if !isASCIIWordByte(c[i]) {
			i++
			continue
		}
		j := i
		for j < len(c) && isASCIIWordByte(c[j]) {
			j++
		}
		if len(dst) == cap(dst) {
			return dst, false
		}
		dst, i = append(dst, [2]int{i, j}), j
	}
	return dst, true
}

// phraseAt returns the number of words of the first of phrases that words
// start with, compared without case, or 0.
func phraseAt(c string, words [][2]int, phrases [][]string) int {
	for _, p := range phrases {
		if len(p) == 0 || len(p) > len(words) {
			continue
		}
		match := true
		for k, w := range p {
			a := c[words[k][0]:words[k][1]]
			if len(a) > 0 && len(w) > 0 && a[0] < utf8.RuneSelf && w[0] < utf8.RuneSelf && a[0]|0x20 != w[0]|0x20 {
				// Two ASCII first bytes that are neither equal nor a letter in
				// its two cases: EqualFold's own first test, without its call.
				match = false
				break
			}
			if !strings.EqualFold(a, w) {
				match = false
				break
			}
		}
		if match {
			return len(p)
		}
	}
	return 0
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// isASCIIWordByte is isWordRune for an ASCII byte.
func isASCIIWordByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// containsFold reports whether s holds sub, a lower-case ASCII word, in any
// case, without lowering s.
func containsFold(s, sub string) bool {
	if sub == "" || !isASCII(sub) {
		return containsFoldAt(s, sub)
	}
	// An ASCII sub is only matched by bytes of s that are sub's bytes or
	// their other case (a folding rune outside ASCII, as the Kelvin sign,
	// would be longer than the byte it stands for): EqualFold is asked only
	// where the first byte is one of those.
	first, other := sub[0], sub[0]^0x20
	for i := 0; i+len(sub) <= len(s); i++ {
		if c := s[i]; (c == first || c == other) && strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// containsFoldAt is containsFold asking EqualFold at every byte of s.
func containsFoldAt(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}
