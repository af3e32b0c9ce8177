package gates

import (
	"context"

	"github.com/parleyhq/parley"
)

// ReplyWriter has a model write a reply from the engine's draft, streaming its
// chunks to delta (llm.Client implements it). An error means the draft is said.
type ReplyWriter interface {
	WriteReply(ctx context.Context, req parley.ReplyRequest, delta func(string)) (string, error)
}

// rephraseBrief is what the model is asked of a REPHRASE node's RETRY prompt: seed
// 002's "Rephrase/clarify prompt".
const rephraseBrief = "The user's last message did not give what this question asks for. " +
	"Ask it again in other words, briefly, making clear what is needed."

// transcriptLines is how many lines of the conversation a rephrasing is given.
const transcriptLines = 12

// rephrase returns the text of a prompt: for a RETRY of a node whose
// promptVariantStrategy is REPHRASE, the model's rephrasing of draft (the variant
// the strategy picked), streamed as reply index of the turn's replies; otherwise,
// or when the model is off, slow or failing, draft. The decision is made before
// and never depends on the text.
func (r *turnRun) rephrase(n *Node, mode, draft string) string {
	if mode != ModeRetry || draft == "" || r.flow.retryPolicyOf(n).strategy != StrategyRephrase {
		return draft
	}
	key := "prompt:" + n.ID
	if texts, replaying := parley.RecordedReplies(r.ctx); replaying {
		// A replay says what was said then, never asking the model.
		if text, ok := texts[key]; ok {
			return text
		}
		return draft
	}
	if r.engine.writer == nil {
		return draft
	}
	req := parley.ReplyRequest{Bot: r.engine.flowID, Brief: rephraseBrief, Draft: draft, Transcript: r.transcript()}
	index, stream := len(r.texts), parley.ReplyStreamOf(r.ctx)
	text, err := r.engine.writer.WriteReply(r.ctx, req, func(d string) { stream(index, d) })
	if err != nil || text == "" {
		return draft
	}
	r.events = append(r.events, parley.EventData{Type: parley.EventReplyGenerated, Data: parley.ReplyGeneratedEvent{Key: key, Text: text}})
	return text
}

// transcript is the conversation as the turn log has it (each answered turn's user
// input and replies), then the current message, at most transcriptLines lines.
func (r *turnRun) transcript() []string {
	var lines []string
	for _, e := range r.st.TurnLog {
		if e.TurnIndex >= r.st.UserTurns {
			break
		}
		if e.UserInput != "" {
			lines = append(lines, "user: "+e.UserInput)
		}
		if e.LLMResponse != "" {
			lines = append(lines, "assistant: "+e.LLMResponse)
		}
	}
	lines = append(lines, "user: "+r.turn.Message.Text)
	return lines[max(0, len(lines)-transcriptLines):]
}
