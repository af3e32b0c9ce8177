package nlu

import (
	"strings"
	"unicode/utf8"
)

// MarkSet is a fixed set of characters a reader looks for before it reads
// on (a label's colon or dash, a clause's marks, emphasis): In is
// strings.ContainsAny of the set, told by a table for an ASCII text. The
// stdlib compares each rune of a text with each character of a set that
// holds a mark of another script ("–", "؟"), and the readers ask on every
// message.
type MarkSet struct {
	all   string
	ascii [utf8.RuneSelf]bool
}

// NewMarkSet is the set of chars' characters.
func NewMarkSet(chars string) *MarkSet {
	s := &MarkSet{all: chars}
	for i := 0; i < len(chars); i++ {
		if c := chars[i]; c < utf8.RuneSelf {
			s.ascii[c] = true
		}
	}
	return s
}

// In reports whether text holds a character of the set
// (strings.ContainsAny): its ASCII bytes by the table, and from its first
// byte above ASCII on (a rune's start, as all before are ASCII) by the
// stdlib.
func (s *MarkSet) In(text string) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= utf8.RuneSelf {
			return strings.ContainsAny(text[i:], s.all)
		}
		if s.ascii[c] {
			return true
		}
	}
	return false
}
