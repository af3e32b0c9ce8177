package gates

import (
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// said is a user's message as the extractors read it: its own words, and its
// gloss (nlu.Gloss: "demain matin" read as "tomorrow morning", "ghda" as
// "tomorrow", "cent kilos" as "100 kilos"), computed at most once per turn
// and only when the own words leave a node's facts unread.
type said struct {
	parley.Message
	memo *glossMemo
}

// glossMemo is a turn's gloss of its message, once computed.
type glossMemo struct {
	text string
	done bool
}

// saying wraps msg for reading; every copy shares one gloss.
func saying(msg parley.Message) said {
	return said{Message: msg, memo: &glossMemo{}}
}

// glossed is the message with its gloss for text, and whether the gloss says
// anything the own words do not (false for an upstream parse, which decides
// for itself, and for a message with nothing to gloss: nlu.Gloss then returns
// its text without allocating).
func (s said) glossed() (said, bool) {
	if s.NLU != nil || s.memo == nil {
		return s, false
	}
	if !s.memo.done {
		s.memo.text, s.memo.done = nlu.Gloss(s.Text), true
	}
	if s.memo.text == s.Text {
		return s, false
	}
	g := s
	g.Text = s.memo.text
	g.memo = nil // the gloss of a gloss is not read
	return g, true
}
