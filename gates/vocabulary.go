package gates

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
)

// Intents of the gates vocabulary: the controller reads facts, not intents, so a
// message either answers (with the facts it gives) or is not understood.
const (
	IntentAnswer  = "answer"
	IntentUnknown = "unknown"
)

// Understanding publishes the flow's vocabulary for a language model (package
// llm): one entity per fact the flow's extractors produce (the upstream entity
// name an extractor reads), a string the engine reads exactly as an upstream
// parse. The facts of the node the controller selects for this message come
// first in the prompt: they answer the question just asked; facts of other nodes
// are the user volunteering them early. A conversation handed off or with no
// eligible node needs no model.
func (e *Engine) Understanding(ctx context.Context, t parley.Turn) (parley.Understanding, bool, error) {
	st, err := e.stateOf(t.State)
	if err != nil {
		return parley.Understanding{}, false, err
	}
	if st.Status == StatusHandoff {
		return parley.Understanding{}, false, nil
	}
	if st.FlowID == "" {
		st.FlowID = e.flowID
	}
	flow, _, err := e.flow(ctx, st.FlowID, st.FlowVersion)
	if err != nil {
		return parley.Understanding{}, false, err
	}
	sel := flow.selectNextNode(st, len(st.TurnLog)+1)
	if sel.Status != SelectOK {
		return parley.Understanding{}, false, nil
	}
	entities, asked, other := flow.entities(sel.NodeID)
	if len(entities) == 0 {
		return parley.Understanding{}, false, nil
	}
	return parley.Understanding{
		SchemaName:   "gates_nlu",
		Schema:       parley.NLUSchema([]string{IntentAnswer, IntentUnknown}, entities),
		Instructions: gatesInstructions(flow, asked, other),
		Unclear:      IntentUnknown,
		History:      st.history(),
	}, true, nil
}

// entities are the upstream entities the flow's extractors read, each once, with
// their prompt lines: those of the selected node (asked) apart from the others.
func (f *Flow) entities(selected string) (entities map[string]map[string]any, asked, other []string) {
	entities = map[string]map[string]any{}
	for i := range f.Nodes {
		n := &f.Nodes[i]
		for _, x := range n.Extract {
			for _, name := range entityNames(&x) {
				if _, seen := entities[name]; seen {
					continue
				}
				hint := factHint(&x)
				entities[name] = parley.NullableString(hint, categoryNames(&x)...)
				line := fmt.Sprintf("%s: %s", name, hint)
				if n.ID == selected {
					asked = append(asked, line)
				} else {
					other = append(other, line)
				}
			}
		}
	}
	return entities, asked, other
}

// history is the conversation so far as the model reads it.
func (st *RuntimeState) history() []parley.Utterance {
	var out []parley.Utterance
	for _, l := range st.TurnLog {
		if l.UserInput != "" {
			out = append(out, parley.Utterance{Role: "user", Text: l.UserInput})
		}
		if l.LLMResponse != "" {
			out = append(out, parley.Utterance{Role: "assistant", Text: l.LLMResponse})
		}
	}
	return out
}

// entityNames are the upstream entities an extractor reads.
func entityNames(x *Extractor) []string {
	switch {
	case x.Kind == ExtractDelta:
		return nil // computed by the engine from two other facts
	case x.Entity != "":
		return []string{x.Entity}
	case x.Kind == ExtractRegex:
		return regexGroups(x.Pattern)
	}
	return []string{x.Fact}
}

func factHint(x *Extractor) string {
	switch x.Kind {
	case ExtractEmail:
		return "an email address"
	case ExtractPhone:
		return "a phone number"
	case ExtractDate:
		if x.Validate == ValidateFutureDate {
			return "a date, as YYYY-MM-DD, today or later"
		}
		return "a date, as YYYY-MM-DD"
	case ExtractNumber:
		if len(x.Unit) > 0 {
			return "a quantity with its unit (" + strings.Join(x.Unit, ", ") + "), e.g. \"300 " + x.Unit[0] + "\""
		}
		return "a number"
	case ExtractCategory:
		return "one of: " + strings.Join(categoryNames(x), ", ")
	}
	return "the value the user gives"
}

func categoryNames(x *Extractor) []string {
	if x.Kind != ExtractCategory {
		return nil
	}
	names := make([]string, 0, len(x.Categories))
	for c := range x.Categories {
		names = append(names, c)
	}
	slices.Sort(names)
	return names
}

func gatesInstructions(flow *Flow, asked, other []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The bot is %q", flow.Name)
	if flow.Description != "" {
		b.WriteString(": " + flow.Description)
	}
	b.WriteString("\nIt collects facts from the user. Intent answer when the message gives any fact, unknown otherwise. Give every fact the message states.")
	if len(asked) > 0 {
		b.WriteString("\nFacts the bot asked for now:\n- " + strings.Join(asked, "\n- "))
	}
	if len(other) > 0 {
		b.WriteString("\nFacts the user may give early:\n- " + strings.Join(other, "\n- "))
	}
	return b.String()
}
