package flows

import "strings"

// literalSet finds which of a fixed list of ASCII literals a text contains in
// one pass over it: strings.Contains of each in turn reads the text once per
// literal, and the turn's cheap cue tests (correction cues, markers' words)
// ask dozens of them of every message.
type literalSet struct {
	lits []string
	// byFirst holds the indexes of the literals starting with each byte.
	byFirst [256][]int
	// hasEmpty: an empty literal, which every text contains.
	hasEmpty bool
}

// newLiteralSet indexes lits by their first byte.
func newLiteralSet(lits []string) *literalSet {
	s := &literalSet{lits: lits}
	for i, l := range lits {
		if l == "" {
			s.hasEmpty = true
			continue
		}
		s.byFirst[l[0]] = append(s.byFirst[l[0]], i)
	}
	return s
}

// found calls yield with the index of each literal text contains, at each
// place one starts (a literal met twice is yielded twice), until yield says
// stop; it reports whether yield did.
func (s *literalSet) found(text string, yield func(int) bool) bool {
	for i := 0; i < len(text); i++ {
		for _, k := range s.byFirst[text[i]] {
			if strings.HasPrefix(text[i:], s.lits[k]) && !yield(k) {
				return true
			}
		}
	}
	return false
}

// containsAny reports whether text contains one of the literals.
func (s *literalSet) containsAny(text string) bool {
	return s.hasEmpty || s.found(text, func(int) bool { return false })
}
