package gates

import (
	"context"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// Decide takes one turn; see the package doc for how the user's message meets the
// controller's decision.
func (e *Engine) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	st, err := e.stateOf(t.State)
	if err != nil {
		return parley.Decision{}, err
	}
	if st.FlowID == "" {
		st.FlowID = e.flowID
	}
	flow, version, retired, err := e.pinnedFlow(ctx, st)
	if err != nil {
		return parley.Decision{}, err
	}
	st.FlowVersion = version
	tr := &turnRun{ctx: ctx, engine: e, flow: flow, st: st, turn: t}
	if retired > 0 {
		tr.events = append(tr.events, parley.EventData{Type: parley.EventWarning, Data: map[string]any{
			"reason": "flow version removed", "flowId": st.FlowID, "removedVersion": retired, "version": version}})
	}
	tr.run()
	st.Metrics = metricsOf(st)
	d := parley.Decision{State: st, Transitions: tr.transitions, Events: tr.events, Effects: tr.effects}
	for i, text := range tr.texts {
		d.Replies = append(d.Replies, parley.Reply{ID: parley.ReplyID(t.Index, i+1), Type: parley.ReplyText, Text: text})
	}
	return d, nil
}

// turnRun is the work of one Decide.
type turnRun struct {
	// ctx is Decide's: a rephrasing's model call and its reply stream.
	ctx    context.Context
	engine *Engine
	flow   *Flow
	st     *RuntimeState
	turn   parley.Turn
	// said is the turn's message as the extractors read it, its gloss
	// computed once.
	said said

	texts []string
	// factsBefore are the facts known when the turn started.
	factsBefore []string
	// pendingVolunteered are facts volunteered before any decision of this turn
	// was applied; the turn's first log entry lists them.
	pendingVolunteered []string
	transitions        []parley.Transition
	events             []parley.EventData
	effects            []parley.Effect
}

func (r *turnRun) run() {
	st := r.st
	if st.Status == StatusHandoff || st.Status == StatusDeadlock {
		// A human has the conversation; the controller stays silent until it is
		// handed back (Handback) or reset.
		return
	}
	st.UserTurns++
	turn := st.UserTurns
	r.said = saying(r.turn.Message)
	r.factsBefore = slices.Clone(st.Facts)
	defer func() {
		if st.LastPromptedNode != "" || st.Status != StatusActive {
			st.WaitingNode = ""
		}
	}()
	if st.Status == StatusComplete {
		r.afterGoal(turn)
		return
	}
	if asksForPerson(r.said) {
		// A request for a person hands off at whichever node is open (issue 38
		// item 6; seed 002 HANDOFF: "Recommend human intervention"): no node
		// answers it.
		r.handOff(st.Position, reasonHumanRequested)
		return
	}
	answered := r.answer(turn)
	if st.Status != StatusHandoff {
		r.advance(turn)
	}
	if answered >= 0 {
		st.TurnLog[answered].LLMResponse = strings.Join(r.texts, "\n")
	}
}

// answer applies the message as the answer to the prompt that ended the last
// reply, returning the index of its log entry; -1 when it answers none, its
// volunteered facts then kept.
func (r *turnRun) answer(turn int) int {
	st := r.st
	if st.LastPromptedNode != "" {
		// The decision is a pure function of the state, unchanged since that
		// prompt, so selecting again gives the prompted node; a state edited in
		// between answers nothing.
		sel := r.flow.selectNextNode(st, turn)
		if sel.Status == SelectOK && sel.NodeID == st.LastPromptedNode && sel.Mode == st.LastPromptedMode {
			if answered := r.apply(sel, turn, r.turn.Message.Text); answered >= 0 {
				return answered
			}
		}
	}
	// No question was asked (the first message, or after a handback): the message
	// is no node's answer, but the facts it volunteers are kept.
	r.volunteer(turn)
	return -1
}

// advance runs the controller until it needs the user: nodes that need no answer
// (nothing to ask, or every fact they ask for already known) and handoffs are
// applied at once; the first node that needs an answer is prompted; an outcome
// ends the flow. Decisions are made for the turn the user's next message will be.
func (r *turnRun) advance(turn int) {
	ranNow := map[string]bool{}
	for {
		sel := r.flow.selectNextNode(r.st, turn+1)
		switch {
		case sel.Status == SelectWait:
			r.wait(sel)
			return
		case sel.Status != SelectOK:
			r.outcome(sel)
			return
		case sel.Mode == ModeHandoff:
			r.apply(sel, turn, "")
			return
		case !ranNow[sel.NodeID] && r.flow.needsNoAnswer(r.flow.node(sel.NodeID), r.st, sel.Mode):
			// Each node runs at most once this way per turn, so the loop ends.
			ranNow[sel.NodeID] = true
			r.apply(sel, turn, "")
		default:
			r.prompt(sel, turn+1)
			return
		}
	}
}

// asksForPerson reports whether a message asks for a person: the upstream parse's
// human intent, else the built-in intents (rules, then the intent model) of its
// own words, else of its gloss ("bghit nhdr m3a chi wa7ed", "je veux parler à
// quelqu'un").
func asksForPerson(s said) bool {
	if s.NLU != nil {
		return s.NLU.Intent == nlu.IntentHuman
	}
	if nlu.BuiltinIntent(s.Text).Intent == nlu.IntentHuman {
		return true
	}
	g, ok := s.glossed()
	return ok && nlu.BuiltinIntent(g.Text).Intent == nlu.IntentHuman
}
