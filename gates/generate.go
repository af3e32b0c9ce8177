package gates

import (
	"cmp"
	"fmt"
	"hash/fnv"

	"github.com/parleyhq/parley"
)

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
	req := parley.ReplyRequest{Bot: r.engine.flowID, Brief: rephraseBrief, Draft: draft, Transcript: r.transcript()}
	text, generated := parley.GenerateReply(r.ctx, r.engine.writer, r.turn, "prompt:"+n.ID, req, len(r.texts), nil)
	if generated != nil {
		r.events = append(r.events, *generated)
	}
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

// prompt asks the next decision's question.
func (r *turnRun) prompt(sel Selection, turn int) {
	st := r.st
	n := r.flow.node(sel.NodeID)
	st.LastPromptedNode, st.LastPromptedMode = n.ID, sel.Mode
	text := r.flow.promptText(n, sel.Mode, st.AttemptsByNode[n.ID], r.turn.Conversation.ID, turn)
	if ask, ok := r.flow.askMissing(n, st); ok {
		// Some of what the node asks for is known (given while another node was
		// asked): ask only for what is missing, in BROADEN too, whose prompt asks
		// for the node as a whole.
		text = ask
	}
	if text != "" {
		r.texts = append(r.texts, r.rephrase(n, sel.Mode, render(text, st.FactValues)))
	}
}

// promptText picks a node's prompt for a mode. Variants follow the retry policy's
// strategy: ROTATE cycles through them, ESCALATE moves one step per attempt and stays
// on the last, REPHRASE picks one of the rephrasings (every variant after the first)
// seeded from the conversation id and turn index. BROADEN asks the broaden prompt.
func (f *Flow) promptText(n *Node, mode string, attempts int, conversationID string, turn int) string {
	variants := n.Prompts.Variants
	if mode == ModeBroaden && n.Prompts.Broaden != "" {
		return n.Prompts.Broaden
	}
	if len(variants) == 0 {
		return ""
	}
	if mode == ModeBroaden {
		return variants[len(variants)-1]
	}
	return pickVariant(f.retryPolicyOf(n).strategy, variants, attempts, conversationID, turn)
}

// pickVariant picks the prompt variant of a retry strategy after attempts:
// escalate walks to the last, rephrase picks another than the first by a hash of
// the conversation and turn, and the default cycles.
func pickVariant(strategy string, variants []string, attempts int, conversationID string, turn int) string {
	switch strategy {
	case StrategyEscalate:
		return variants[min(attempts, len(variants)-1)]
	case StrategyRephrase:
		if attempts == 0 || len(variants) == 1 {
			return variants[0]
		}
		h := fnv.New64a()
		fmt.Fprintf(h, "%s\x00%d", conversationID, turn)
		return variants[1+int(h.Sum64()%uint64(len(variants)-1))]
	default:
		return variants[attempts%len(variants)]
	}
}

// askMissing returns the Ask question of the node's first missing fact, when some
// of its facts are known already (given while another node was asked).
func (f *Flow) askMissing(n *Node, s *RuntimeState) (string, bool) {
	known := false
	missing := ""
	for _, fact := range n.Produces {
		c := f.canonical(fact)
		if has(s.Facts, c) {
			known = true
			continue
		}
		if missing == "" {
			missing = cmp.Or(n.Prompts.Ask[fact], n.Prompts.Ask[c])
		}
	}
	return missing, known && missing != ""
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
