package flows

import (
	"strings"

	"github.com/parleyhq/parley"
)

// generate has the model write a say step's text or a collect step's prompt when
// the step asks for it and the bot has a model, streaming it to the conversation's
// subscribers; the draft is the fallback (parley.GenerateReply). Earlier says of the
// turn come first in the one reply (index 0).
func (tu *turn) generate(def *Step, draft string) string {
	if !def.Generate || draft == "" {
		return draft
	}
	req := parley.ReplyRequest{Bot: tu.e.bot, Brief: def.Brief, Draft: draft}
	if tu.e.writer != nil && tu.in.RecordedReplies == nil {
		// Only a writer reads the transcript: a bot without one (or a replay,
		// which says the recorded text) would build it for nothing.
		for _, m := range tu.s.Messages {
			req.Transcript = append(req.Transcript, m.Role+": "+m.Content)
		}
	}
	text, generated := parley.GenerateReply(tu.ctx, tu.e.writer, tu.in, def.ID, req, 0, tu.streamSaid)
	if generated != nil {
		tu.streamed++ // the caller says text
		tu.events = append(tu.events, *generated)
	}
	return text
}

// streamSaid streams what the turn said before and has not streamed yet, then
// returns where the model's chunks go: the deltas of the one reply add up to its
// text.
func (tu *turn) streamSaid() func(string) {
	stream := tu.in.Stream
	sep := ""
	if tu.streamed > 0 {
		sep = " "
	}
	if pending := tu.says[tu.streamed:]; len(pending) > 0 {
		stream.Send(0, sep+strings.Join(pending, " "))
		sep = " "
	}
	tu.streamed = len(tu.says)
	return func(d string) {
		stream.Send(0, sep+d)
		sep = ""
	}
}

// render fills {slot} placeholders with slot values, and {slot:format} with a date
// slot's value written for people (dates.go).
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
		name, format, _ := strings.Cut(text[open+1:open+end], ":")
		if format != "" {
			b.WriteString(formatDate(tu.shown(name), format, tu.e.def.Language))
		} else {
			b.WriteString(tu.shown(name))
		}
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
