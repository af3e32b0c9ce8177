package flows

import (
	"strings"

	"github.com/parleyhq/parley"
)

// generate has the model write a say step's text or a collect step's prompt when
// the step asks for it and the
// bot has a model, streaming it to the conversation's subscribers; the draft is the
// fallback. Earlier says of the turn come first in the one reply (index 0).
func (tu *turn) generate(def *Step, draft string) string {
	if !def.Generate || draft == "" {
		return draft
	}
	if texts, replaying := parley.RecordedReplies(tu.ctx); replaying {
		// A replay says what was said then, never asking the model.
		if text, ok := texts[def.ID]; ok {
			return text
		}
		return draft
	}
	if tu.e.writer == nil {
		return draft
	}
	req := parley.ReplyRequest{Bot: tu.e.bot, Brief: def.Brief, Draft: draft}
	for _, m := range tu.s.Messages {
		req.Transcript = append(req.Transcript, m.Role+": "+m.Content)
	}
	// The deltas of the one reply add up to its text: what the turn said before
	// and has not streamed yet goes first.
	stream := parley.ReplyStreamOf(tu.ctx)
	sep := ""
	if tu.streamed > 0 {
		sep = " "
	}
	if pending := tu.says[tu.streamed:]; len(pending) > 0 {
		stream(0, sep+strings.Join(pending, " "))
		sep = " "
	}
	tu.streamed = len(tu.says)
	text, err := tu.e.writer.WriteReply(tu.ctx, req, func(d string) {
		stream(0, sep+d)
		sep = ""
	})
	if err != nil || text == "" {
		return draft
	}
	tu.streamed++ // the caller says text
	tu.events = append(tu.events, parley.EventData{Type: parley.EventReplyGenerated, Data: parley.ReplyGeneratedEvent{Key: def.ID, Text: text}})
	return text
}

// render fills {slot} placeholders with slot values.
func (tu *turn) render(text string) string {
	if strings.IndexByte(text, '{') < 0 {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 32)
	for {
		open := strings.IndexByte(text, '{')
		if open < 0 {
			b.WriteString(text)
			return b.String()
		}
		end := strings.IndexByte(text[open:], '}')
		if end < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:open])
		b.WriteString(tu.shown(text[open+1 : open+end]))
		text = text[open+end+1:]
	}
}

// shown is a slot's value as replies show it: its value, else its default (a
// confirm step proposes it).
func (tu *turn) shown(name string) string {
	if v, ok := tu.s.Slots[name]; ok && v != nil {
		return format(v)
	}
	if f := tu.flow(); f != nil {
		if sl := f.slots[name]; sl != nil {
			return sl.def.Default
		}
	}
	return ""
}
