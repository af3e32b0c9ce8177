package gates

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"sync"

	"github.com/parleyhq/parley"
)

// FlowSource returns a stored flow definition; version 0 means the latest, and the
// version actually returned is reported. parley.Store satisfies it.
type FlowSource interface {
	Flow(ctx context.Context, id string, version int) (definition []byte, actualVersion int, err error)
}

// Recorder observes seed 002's per-flow metrics ("Track per flow") for /metrics. It
// is an observation, never state: Decide calls it and nothing it returns changes a
// decision.
type Recorder interface {
	// Outcome: a conversation reached complete, handoff or deadlock after turns user
	// turns (average conversation length); nodeID is where (the node handed off, or
	// the last node run: the handoff points by node).
	Outcome(flowID, outcome, nodeID string, turns int)
	// NodeRetried: a RETRY of nodeID (most-retried nodes).
	NodeRetried(flowID, nodeID string)
	// GateSatisfied: gate opened as the order-th gate (1-based) of its conversation
	// (gate satisfaction patterns).
	GateSatisfied(flowID, gate string, order int)
}

// Outcomes reported to a Recorder.
const (
	OutcomeComplete = "complete"
	OutcomeHandoff  = "handoff"
	OutcomeDeadlock = "deadlock"
)

// Event types this engine records besides parley.EventWarning and parley.EventHandoff.
const (
	EventDeadlock parley.EventType = "deadlock"
	// EventCooldown: a turn waited because the only node to run was cooling down.
	EventCooldown parley.EventType = "cooldown"
)

// EffectHandoff is the effect kind asking the channel to bring in a human.
const EffectHandoff = "handoff"

// Options configure an Engine.
type Options struct {
	// FlowID is the stored flow new conversations start on.
	FlowID string
	// Source loads flow versions.
	Source FlowSource
	// Recorder, when not nil, observes outcomes and retries.
	Recorder Recorder
	// Writer, when not nil, writes the RETRY prompts of nodes whose
	// promptVariantStrategy is REPHRASE (see rephrase); without one the variant
	// the strategy picks is said as written.
	Writer ReplyWriter
}

// Engine is the gate-driven flow controller (seed 002) as a parley.Engine.
type Engine struct {
	flowID   string
	source   FlowSource
	recorder Recorder
	writer   ReplyWriter

	mu sync.Mutex
	// flows caches parsed flow versions; a version never changes once stored.
	flows map[flowKey]*Flow
}

type flowKey struct {
	id      string
	version int
}

var _ parley.Engine = (*Engine)(nil)

// New returns an engine for the flow opts.FlowID read from opts.Source.
func New(opts Options) (*Engine, error) {
	if strings.TrimSpace(opts.FlowID) == "" {
		return nil, parley.Errorf(parley.EINVALID, "gates: a flow id is required")
	}
	if opts.Source == nil {
		return nil, parley.Errorf(parley.EINVALID, "gates: a flow source is required")
	}
	return &Engine{flowID: opts.FlowID, source: opts.Source, recorder: opts.Recorder, writer: opts.Writer, flows: map[flowKey]*Flow{}}, nil
}

// Kind is "gates".
func (e *Engine) Kind() string { return "gates" }

// NewState returns an empty RuntimeState on the engine's flow. Its version is pinned
// by the first Decide: the latest version at that time.
func (e *Engine) NewState(parley.ConversationKey) any { return newRuntimeState(e.flowID) }

// DecodeState decodes a stored RuntimeState (EINVALIDSTATE when it does not fit).
func (e *Engine) DecodeState(data []byte) (any, error) { return decodeRuntimeState(data) }

// flow returns the parsed flow version, loading and caching it.
func (e *Engine) flow(ctx context.Context, id string, version int) (*Flow, int, error) {
	if version > 0 {
		e.mu.Lock()
		f, ok := e.flows[flowKey{id, version}]
		e.mu.Unlock()
		if ok {
			return f, version, nil
		}
	}
	data, actual, err := e.source.Flow(ctx, id, version)
	if err != nil {
		return nil, 0, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if f, ok := e.flows[flowKey{id, actual}]; ok {
		return f, actual, nil
	}
	f, err := ParseFlow(data, id+".json")
	if err != nil {
		return nil, 0, parley.WrapError(parley.EINTERNAL, err, "gates: stored flow %s version %d does not validate", id, actual)
	}
	e.flows[flowKey{id, actual}] = f
	return f, actual, nil
}

// pinnedFlow is the flow version the conversation is pinned to. A pinned version
// the store no longer keeps (its retention, runtime.flow_versions, removed it)
// gives way to the latest: the conversation goes on there rather than failing
// every turn, and retired names the version it left (0 when none was).
func (e *Engine) pinnedFlow(ctx context.Context, st *RuntimeState) (f *Flow, version, retired int, err error) {
	f, version, err = e.flow(ctx, st.FlowID, st.FlowVersion)
	if parley.ErrorCode(err) == parley.ENOTFOUND && st.FlowVersion > 0 {
		retired = st.FlowVersion
		f, version, err = e.flow(ctx, st.FlowID, 0)
	}
	return f, version, retired, err
}

// stateOf copies the turn's state, so the caller's value is never modified.
func (e *Engine) stateOf(v any) (*RuntimeState, error) {
	switch s := v.(type) {
	case nil:
		return newRuntimeState(e.flowID), nil
	case *RuntimeState:
		if s == nil {
			return newRuntimeState(e.flowID), nil
		}
		return s.clone(), nil
	case RuntimeState:
		return s.clone(), nil
	case json.RawMessage:
		return decodeRuntimeState(s)
	case []byte:
		return decodeRuntimeState(s)
	}
	return nil, parley.Errorf(parley.EINVALIDSTATE, "gates: state of type %T is not a gates state", v)
}

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
		// The runtime's reply ids ("a-turn-n"), which a streamed reply's
		// reply_delta events name too.
		d.Replies = append(d.Replies, parley.Reply{ID: fmt.Sprintf("a-%d-%d", t.Index, i+1), Type: parley.ReplyText, Text: text})
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
	answered := -1
	if st.LastPromptedNode != "" {
		// The message answers the prompt that ended the last reply. The decision is a
		// pure function of the state, unchanged since that prompt, so selecting again
		// gives the prompted node; a state edited in between answers nothing.
		sel := r.flow.selectNextNode(st, turn)
		if sel.Status == SelectOK && sel.NodeID == st.LastPromptedNode && sel.Mode == st.LastPromptedMode {
			answered = r.apply(sel, turn, r.turn.Message.Text)
		}
	}
	if answered < 0 {
		// No question was asked (the first message, or after a handback): the message
		// is no node's answer, but the facts it volunteers are kept.
		r.volunteer(turn)
	}
	if st.Status != StatusHandoff {
		r.advance(turn)
	}
	if answered >= 0 {
		st.TurnLog[answered].LLMResponse = strings.Join(r.texts, "\n")
	}
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

// wait ends a turn whose only runnable node is cooling down: the reply says so and
// asks nothing, so the next message answers no prompt (its facts are still kept).
func (r *turnRun) wait(sel Selection) {
	st := r.st
	st.LastPromptedNode, st.LastPromptedMode = "", ""
	st.WaitingNode = sel.NodeID
	text := orDefault(r.flow.Messages.Cooldown, "No rush, take a moment; we'll come back to this shortly.")
	if n := r.flow.node(sel.NodeID); n != nil && r.gainedFactOf(n) {
		// The message answered part of the question: say what was taken and what
		// is still missing now, not a turn later. It is no retry (no attempt is
		// spent): the next message is read as the answer still open.
		if ask, ok := r.flow.askMissing(n, st); ok {
			text = ask
		}
	}
	r.texts = append(r.texts, render(text, st.FactValues))
	r.events = append(r.events, parley.EventData{Type: EventCooldown, Data: map[string]any{"nodeId": sel.NodeID, "reason": sel.Reason}})
}

// gainedFactOf reports whether this turn added one of the node's facts.
func (r *turnRun) gainedFactOf(n *Node) bool {
	for _, fact := range n.Produces {
		c := r.flow.canonical(fact)
		if has(r.st.Facts, c) && !slices.Contains(r.factsBefore, c) {
			return true
		}
	}
	return false
}

// volunteer keeps the facts a message answering no node volunteers. After a wait,
// the question of the node waited on is still open, so its facts are read as for
// a BROADEN (a keyword is enough), though no attempt is spent.
func (r *turnRun) volunteer(turn int) {
	flow, msg := r.flow, r.turn.Message
	if w := flow.node(r.st.WaitingNode); w != nil {
		r.record(flow.volunteered([]*Node{w}, msg, r.st.FactValues, volunteerRelaxed), &r.pendingVolunteered)
		r.record(flow.volunteered(othersThan(flow, w), msg, r.st.FactValues, volunteerStrict), &r.pendingVolunteered)
	} else {
		r.record(flow.volunteered(othersThan(flow, nil), msg, r.st.FactValues, volunteerOpening), &r.pendingVolunteered)
	}
	r.updateGates(turn)
}

// record adds extracted facts (canonical) to the state and their names to list.
func (r *turnRun) record(facts []extracted, list *[]string) {
	st := r.st
	for _, x := range facts {
		fact := r.flow.canonical(x.raw)
		add(&st.Facts, fact)
		st.FactValues[fact] = x.value
		if !slices.Contains(*list, fact) {
			*list = append(*list, fact)
		}
	}
}

// apply performs one decision's mode on the state and returns its turn log index.
func (r *turnRun) apply(sel Selection, turn int, userInput string) int {
	st, flow := r.st, r.flow
	n := flow.node(sel.NodeID)
	msg := r.turn.Message
	msg.Text = userInput
	if userInput == "" {
		msg.NLU = nil
	}
	entry := TurnLogEntry{TurnIndex: turn, NodeID: n.ID, Mode: sel.Mode, FactsProduced: []string{}, StatesProduced: []string{}, UserInput: userInput}
	wasSatisfied := flow.objectiveSatisfied(n, st)

	r.spend(n, sel.Mode, turn)
	if sel.Mode == ModeHandoff {
		entry.StatesProduced = append(entry.StatesProduced, StateHandoffRequested)
	}
	entry.FactsVolunteered, r.pendingVolunteered = r.pendingVolunteered, nil
	if userInput != "" {
		// A node applied without an answer reads nothing: an empty message would
		// only give extractor defaults, overwriting what the user said.
		r.record(flow.extractFacts([]*Node{n}, msg, st.FactValues), &entry.FactsProduced)
		mode := volunteerStrict
		if sel.Mode == ModeBroaden {
			mode = volunteerRelaxed
		}
		r.record(flow.volunteered(othersThan(flow, n), msg, st.FactValues, mode), &entry.FactsVolunteered)
	}
	if sel.Mode == ModeExecute {
		for _, s := range n.ProducesStates {
			add(&st.States, s)
			if !slices.Contains(entry.StatesProduced, s) {
				entry.StatesProduced = append(entry.StatesProduced, s)
			}
		}
	}
	r.updateGates(turn)

	r.transitions = append(r.transitions, parley.Transition{From: positionName(st.Position), To: n.ID, Trigger: sel.Mode})
	st.Position = n.ID
	st.LastSelectedNode, st.ConsecutiveSelections = n.ID, sel.Consecutive
	st.LastPromptedNode, st.LastPromptedMode = "", ""
	if sel.LoopGuard {
		r.events = append(r.events, parley.EventData{Type: parley.EventWarning, Data: map[string]any{
			"reason": "loop_guard", "nodeId": n.ID, "consecutive": sel.Consecutive, "mode": sel.Mode, "message": sel.Reason,
		}})
	}
	if sel.Mode == ModeRetry && r.engine.recorder != nil {
		r.engine.recorder.NodeRetried(flow.ID, n.ID)
	}
	// The done text is said when the objective is met now, or when the node ran at
	// once because the user had already given what it asks for.
	ranAtOnce := userInput == "" && sel.Mode == ModeExecute
	if done := n.Prompts.Done; done != "" && (!wasSatisfied || ranAtOnce) && flow.objectiveSatisfied(n, st) {
		r.texts = append(r.texts, render(done, st.FactValues))
	}
	if sel.Mode == ModeHandoff {
		entry.LLMResponse = r.handOff(n.ID, sel.Reason)
	}
	st.TurnLog = append(st.TurnLog, entry)
	return len(st.TurnLog) - 1
}

// spend counts a decision's attempt and execution as its mode says.
func (r *turnRun) spend(n *Node, mode string, turn int) {
	st := r.st
	switch mode {
	case ModeExecute:
		st.AttemptsByNode[n.ID]++
		st.ExecutionsByNode[n.ID]++
		remove(&st.BroadenedNodes, n.ID)
	case ModeRetry:
		st.AttemptsByNode[n.ID]++
	case ModeBroaden:
		// Broaden relaxes the node: the answer is read more widely for the other
		// nodes' facts, the nodes that wait on it may run (Flow.relaxed), and it
		// ranks as low importance until it executes.
		st.AttemptsByNode[n.ID]++
		add(&st.BroadenedNodes, n.ID)
	case ModeHandoff:
		return // a handoff is no attempt
	}
	st.LastAttemptTurn[n.ID] = turn
}

// handOff hands the conversation to a human: status handoff, HANDOFF_REQUESTED, a
// handoff event and the handoff effect the channel acts on. It returns the reply.
func (r *turnRun) handOff(nodeID, reason string) string {
	st := r.st
	st.Status = StatusHandoff
	st.Handoffs++
	st.HandoffReason = reason
	add(&st.States, StateHandoffRequested)
	text := render(orDefault(r.flow.Messages.Handoff, "I'm bringing in someone from our team to help you from here."), st.FactValues)
	r.texts = append(r.texts, text)
	payload, _ := json.Marshal(map[string]string{"flowId": st.FlowID, "nodeId": nodeID, "reason": reason})
	r.events = append(r.events, parley.EventData{Type: parley.EventHandoff, Data: map[string]any{"nodeId": nodeID, "reason": reason}})
	r.effects = append(r.effects, parley.Effect{Kind: EffectHandoff, Payload: payload})
	r.observe(OutcomeHandoff, nodeID)
	return text
}

// updateGates re-derives gatesSatisfied and records newly opened gates.
func (r *turnRun) updateGates(turn int) {
	st := r.st
	gates := r.flow.satisfiedGates(st)
	for _, g := range gates {
		if !has(st.GatesSatisfied, g) {
			st.GateTimeline = append(st.GateTimeline, GateChange{Gate: g, TurnIndex: turn, At: r.turn.Message.SentAt})
			if r.engine.recorder != nil {
				r.engine.recorder.GateSatisfied(r.flow.ID, g, len(st.GateTimeline))
			}
		}
	}
	st.GatesSatisfied = gates
}

// outcome ends (or keeps ended) the flow with COMPLETE or DEADLOCK. A DEADLOCK is a
// real handoff: seed 002 says to log the blocking reasons and recommend manual
// intervention, so the channel is asked to bring in a human with every blocker in
// the reason, and the controller stays silent until the conversation is handed back.
func (r *turnRun) outcome(sel Selection) {
	st, flow := r.st, r.flow
	st.GatesSatisfied = sel.GatesSatisfied
	to, status := sel.Status, StatusComplete
	text := orDefault(flow.Messages.Complete, "That's everything I needed. Thank you!")
	if sel.Status == SelectDeadlock {
		status = StatusDeadlock
		text = orDefault(flow.Messages.Deadlock, "I can't take this further on my own, so I'm passing you to someone from our team; they'll reply here.")
	}
	r.transitions = append(r.transitions, parley.Transition{From: positionName(st.Position), To: to, Trigger: to})
	last := st.Position
	st.Position = to
	st.LastPromptedNode, st.LastPromptedMode = "", ""
	r.texts = append(r.texts, render(text, st.FactValues))
	if st.Status == status {
		return
	}
	st.Status = status
	if status == StatusDeadlock {
		reason := deadlockReason(sel.Blockers)
		st.HandoffReason = reason
		add(&st.States, StateHandoffRequested)
		payload, _ := json.Marshal(map[string]any{"flowId": st.FlowID, "reason": reason, "blockers": sel.Blockers})
		r.effects = append(r.effects, parley.Effect{Kind: EffectHandoff, Payload: payload})
		r.events = append(r.events,
			parley.EventData{Type: EventDeadlock, Data: map[string]any{"reason": sel.Reason, "blockers": sel.Blockers}},
			parley.EventData{Type: parley.EventHandoff, Data: map[string]any{"reason": reason}})
		st.Deadlocks++
		r.observe(OutcomeDeadlock, last)
		return
	}
	if !st.Completed {
		// Completing again after a CONTINUE_HIGH node ran past the goal is the same
		// conversation's outcome, observed once.
		st.Completed = true
		r.observe(OutcomeComplete, last)
	}
}

// deadlockReason is the handoff reason of a DEADLOCK: every node and what blocks it.
func deadlockReason(blockers []Blocker) string {
	parts := make([]string, 0, len(blockers))
	for _, b := range blockers {
		parts = append(parts, b.NodeID+": "+b.Reason)
	}
	return "deadlock, no node can run: " + strings.Join(parts, "; ")
}

func (r *turnRun) observe(outcome, nodeID string) {
	if r.engine.recorder != nil {
		r.engine.recorder.Outcome(r.flow.ID, outcome, nodeID, r.st.UserTurns)
	}
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
	switch f.retryPolicyOf(n).strategy {
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
		if missing != "" {
			continue
		}
		for _, name := range []string{fact, c} {
			if q, ok := n.Prompts.Ask[name]; ok && q != "" {
				missing = q
				break
			}
		}
	}
	return missing, known && missing != ""
}

func positionName(p string) string {
	if p == "" {
		return "start"
	}
	return p
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
