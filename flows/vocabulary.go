package flows

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/parleyhq/parley"
)

// Intents of the flows vocabulary besides the flows' own trigger intents.
const (
	IntentAffirm  = "affirm"
	IntentDeny    = "deny"
	IntentCancel  = "cancel"
	IntentHuman   = "human"
	IntentUnknown = "unknown"
)

// Understanding publishes the bot's vocabulary for a language model (package
// llm): one intent per flow (its name and trigger intents), affirm and deny for a
// confirmation, cancel, human and unknown; one entity per slot of any flow, a
// string the engine parses by the slot's type exactly as a typed answer, so that
// one sentence can fill several slots or correct one already filled. ok is false
// for seed 001's direct slot mapping (waiting for a slot and no intent marker in
// the message): the engine maps the message itself and the model is not asked.
func (e *Engine) Understanding(ctx context.Context, t parley.Turn) (parley.Understanding, bool, error) {
	s, err := stateOf(t.State)
	if err != nil {
		return parley.Understanding{}, false, err
	}
	if s.ConversationState == DialogueWaitingForSlot && s.WaitingForSlot != nil {
		tu := &turn{e: e, ctx: ctx, in: t, s: s, text: strings.TrimSpace(t.Message.Text)}
		if !tu.changesCourse() {
			return parley.Understanding{}, false, nil
		}
	}
	u := parley.Understanding{
		SchemaName:   "flows_nlu",
		Schema:       parley.NLUSchema(e.Intents(), e.slotEntities()),
		Instructions: e.instructions(s),
		Unclear:      IntentUnknown,
	}
	for _, m := range s.Messages {
		u.History = append(u.History, parley.Utterance{Role: m.Role, Text: m.Content})
	}
	if s.LastNLUCall != nil {
		at := time.Unix(0, int64(*s.LastNLUCall*1e9)).UTC()
		u.LastCall = &at
	}
	return u, true, nil
}

// Intents lists the vocabulary's intents: the flows' names and trigger intents,
// sorted, then affirm, deny, cancel, human and unknown.
func (e *Engine) Intents() []string {
	var out []string
	for name := range e.intentFlow {
		out = append(out, name)
	}
	slices.Sort(out)
	return append(out, IntentAffirm, IntentDeny, IntentCancel, IntentHuman, IntentUnknown)
}

// slotEntities is one nullable string per slot name of any flow; a slot with
// values lists them.
func (e *Engine) slotEntities() map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, f := range e.order {
		for _, sl := range f.slotOrder {
			if _, seen := out[sl.name]; seen {
				continue
			}
			out[sl.name] = parley.NullableString(slotHint(sl), sl.def.Values...)
		}
	}
	return out
}

func slotHint(sl *slot) string {
	h := sl.label + " (" + sl.typ + ")"
	switch sl.typ {
	case TypeDate:
		h += ", as YYYY-MM-DD"
	case TypeNumber, TypeInteger:
		h += ", digits only"
	}
	return h
}

// instructions are the model's instructions for the turn on s: each flow with its
// intents, examples and slots; the other intents; then where the conversation is.
func (e *Engine) instructions(s *State) string {
	var b strings.Builder
	b.WriteString("The bot runs these dialogue flows; the intent of a message that asks for one is the flow's name:\n")
	for _, f := range e.order {
		writeFlowLine(&b, f)
	}
	b.WriteString(`Other intents: affirm (yes to the bot's question), deny (no), cancel (stop what is going on), human (asks for a human agent), unknown (anything else).
Give every slot value the message states, for any flow, also one that corrects a value already given.
`)
	e.writeConversation(&b, s)
	return b.String()
}

// writeFlowLine writes the line of the instructions that describes f.
func writeFlowLine(b *strings.Builder, f *flow) {
	fmt.Fprintf(b, "- %s: %s.", f.name, f.label)
	var also []string
	for _, in := range f.def.Trigger.Intents {
		if in != f.name {
			also = append(also, in)
		}
	}
	if len(also) > 0 {
		fmt.Fprintf(b, " Also intents: %s.", strings.Join(also, ", "))
	}
	if ex := f.def.Trigger.Examples; len(ex) > 0 {
		fmt.Fprintf(b, " Examples: %q.", ex[:min(len(ex), 3)])
	}
	if len(f.slotOrder) > 0 {
		b.WriteString(" Slots:")
		for _, sl := range f.slotOrder {
			fmt.Fprintf(b, " %s = %s", sl.name, slotHint(sl))
			if len(sl.def.Values) > 0 {
				fmt.Fprintf(b, " one of %s", strings.Join(sl.def.Values, ", "))
			}
			b.WriteString(";")
		}
	}
	b.WriteString("\n")
}

// writeConversation writes where the conversation on s is: its state, the
// active flow and its slots given, the slot asked for, a confirmation asked.
func (e *Engine) writeConversation(b *strings.Builder, s *State) {
	fmt.Fprintf(b, "\nThe conversation is in state %q", s.ConversationState)
	if f := e.flows[s.CurrentFlow]; f != nil {
		fmt.Fprintf(b, "; the active flow is %s", f.name)
		var filled []string
		for _, sl := range f.slotOrder {
			if v, ok := s.Slots[sl.name]; ok && v != nil {
				filled = append(filled, fmt.Sprintf("%s = %v", sl.name, v))
			}
		}
		if len(filled) > 0 {
			b.WriteString("; slots given: " + strings.Join(filled, ", "))
		}
	}
	if s.WaitingForSlot != nil {
		fmt.Fprintf(b, "; the bot asked for %s", *s.WaitingForSlot)
	}
	if s.ConversationState == DialogueConfirming {
		b.WriteString("; the bot asked the user to confirm (affirm or deny)")
	}
	b.WriteString(".")
}
