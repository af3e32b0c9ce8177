package llm

import (
	"strings"

	"github.com/parleyhq/parley"
)

// preamble is the part of every prompt that no bot changes: the task. What the
// bot can do and where the conversation stands come from the engine.
const preamble = `You are the language understanding step of a chat bot. You read the user's latest message and answer with its meaning as one JSON object matching the response schema: "intent" (one of the allowed intents), "entities" (every entity key, null when the message does not give it) and "confidence" (0 to 1: how sure you are of the intent).
Rules:
- You never answer the user and never decide what the bot does next; you only say what the message means.
- Take values only from the user's words (or the conversation shown); never invent one. Normalize them: names capitalized, numbers as numbers, dates as YYYY-MM-DD.
- When the message fits no allowed intent, or you are unsure, answer with a low confidence.`

// prompt builds the chat messages of one question: the task and the engine's
// vocabulary and state, the last messages of the conversation, then the message.
func (e *Engine) prompt(u parley.Understanding, msg parley.Message) []Message {
	var sys strings.Builder
	sys.WriteString(preamble)
	sys.WriteString("\n\n")
	sys.WriteString(strings.TrimSpace(u.Instructions))
	if !msg.SentAt.IsZero() {
		// Relative dates ("next friday") resolve against the message's time, never
		// the server's clock: the same turn gives the same prompt.
		sys.WriteString("\n\nThe message was sent on " + msg.SentAt.UTC().Format("Monday 2006-01-02") + " (UTC).")
	}
	out := []Message{{Role: "system", Content: sys.String()}}
	hist := u.History
	if n := e.opts.History; n > 0 && len(hist) > n {
		hist = hist[len(hist)-n:]
	} else if n < 0 {
		hist = nil
	}
	for _, h := range hist {
		if strings.TrimSpace(h.Text) == "" {
			continue
		}
		role := "user"
		if h.Role == "assistant" {
			role = "assistant"
		}
		out = append(out, Message{Role: role, Content: h.Text})
	}
	return append(out, Message{Role: "user", Content: strings.TrimSpace(msg.Text)})
}
