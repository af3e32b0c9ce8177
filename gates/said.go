package gates

import (
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// said is a user's message as the extractors read it: its own words, and its
// gloss (nlu.Gloss: "demain matin" read as "tomorrow morning", "ghda f sbah"
// as "tomorrow morning", "tmrw pls" as "tomorrow please"), computed once per
// turn and read only for the facts the own words leave unread.
type said struct {
	parley.Message
	// gloss is nlu.Gloss of the text: the text itself, without allocating,
	// when nothing in it is glossed; empty for a gloss (not glossed again).
	gloss string
}

// saying wraps msg for reading, glossing its text once.
// A sign-off at the message's end ("... Thanks, Ruth") is read away first:
// its name is no value.
func saying(msg parley.Message) said {
	msg.Text = nlu.WithoutSignOff(msg.Text)
	return said{Message: msg, gloss: nlu.Gloss(msg.Text)}
}

// glossed is the message with its gloss for text, and whether the gloss says
// anything the own words do not (false for an upstream parse, which decides
// for itself, and for a message with nothing to gloss).
func (s said) glossed() (said, bool) {
	if s.NLU != nil || s.gloss == "" || s.gloss == s.Text {
		return s, false
	}
	g := s
	g.Text, g.gloss = s.gloss, ""
	return g, true
}
