package flows

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// Options configure an Engine beyond its flow file.
type Options struct {
	// HTTPClient carries webhook actions and custom validators (default: a client
	// without a global timeout; each webhook has its own).
	HTTPClient *http.Client
	// Markers override the flow file's and the default intent markers.
	Markers nlu.Markers
	// MaxMessages overrides settings.max_messages.
	MaxMessages int
	// Runner overrides the HTTP webhook runner (tests, in-process actions).
	Runner ActionRunner
	// Funcs are the Go functions a flow calls by name with func: on an action or
	// a custom validator; every one the flows call must be registered (unless
	// Runner is set, which then receives the calls of unregistered ones).
	Funcs map[string]ActionFunc
	// Writer writes the text of say steps with generate: true; without one their
	// rendered text is said as written.
	Writer ReplyWriter
}

// ReplyWriter has a model write a reply from the engine's draft, streaming its
// chunks to delta (llm.Client implements it). An error means the draft is said.
type ReplyWriter interface {
	WriteReply(ctx context.Context, req parley.ReplyRequest, delta func(string)) (string, error)
}

// Defaults of Settings.
const (
	DefaultMaxMessages   = 20
	DefaultMaxTrace      = 12
	DefaultMinConfidence = 0.7
	DefaultMaxRetries    = 3
)

// Engine is the flows engine of one bot: a compiled definition. It is immutable
// and safe for concurrent use.
type Engine struct {
	def           *Definition
	bot           string
	flows         map[string]*flow
	order         []*flow
	intentFlow    map[string]*flow
	classifier    *nlu.Classifier
	markers       nlu.Markers
	markerWords   [][]string // ASCII markers' words, for markerCandidate
	maxMessages   int
	maxTrace      int
	minConfidence float64
	runner        ActionRunner
	writer        ReplyWriter
	text          map[string]string
	// slotByName is each slot name's first declaration in the file, for values
	// of another flow's slot (settings.shared_slots).
	slotByName  map[string]*slot
	sharedSlots bool
}

var _ parley.Engine = (*Engine)(nil)

// New compiles a definition into an Engine. A definition with Validate
// diagnostics is refused (EINVALID) with the first of them.
func New(def *Definition, opts Options) (*Engine, error) {
	if def == nil {
		return nil, parley.Errorf(parley.EINVALID, "no flow definition")
	}
	def.funcsAsWebhooks()
	if diags := Validate(def); len(diags) > 0 {
		return nil, parley.Errorf(parley.EINVALID, "%s (and %d more)", diags[0].String(), len(diags)-1)
	}
	e := &Engine{
		def:           def,
		bot:           def.Bot,
		flows:         make(map[string]*flow, len(def.Flows)),
		intentFlow:    map[string]*flow{},
		maxMessages:   firstPositive(opts.MaxMessages, def.Settings.MaxMessages, DefaultMaxMessages),
		maxTrace:      firstPositive(def.Settings.MaxTrace, DefaultMaxTrace),
		minConfidence: def.Settings.MinConfidence,
		runner:        opts.Runner,
		text:          make(map[string]string, 16),
		slotByName:    map[string]*slot{},
		sharedSlots:   def.Settings.SharedSlots,
	}
	if e.minConfidence <= 0 {
		e.minConfidence = DefaultMinConfidence
	}
	if e.bot == "" {
		e.bot = strings.TrimSuffix(baseName(def.File), ".yaml")
	}
	maps.Copy(e.text, defaultTexts())
	maps.Copy(e.text, def.Messages)
	switch {
	case opts.Markers != nil:
		e.markers = opts.Markers
	case def.Settings.Markers != nil:
		e.markers = nlu.Markers(def.Settings.Markers)
	default:
		e.markers = nlu.DefaultIntentMarkers()
	}
	e.indexMarkers()
	if e.runner == nil {
		if err := checkFuncs(def, opts.Funcs); err != nil {
			return nil, err
		}
		e.runner = &HTTPRunner{Client: opts.HTTPClient}
	}
	if len(opts.Funcs) > 0 {
		e.runner = funcRunner{funcs: opts.Funcs, next: e.runner}
	}
	e.writer = opts.Writer
	e.compileFlows(def)
	var names []string
	for _, f := range e.order {
		names = append(names, f.label)
	}
	e.text["fallback"] = strings.ReplaceAll(e.text["fallback"], "{flows}", strings.Join(names, ", "))
	return e, nil
}

// compileFlows compiles the definition's flows, indexes them by name and by
// trigger intent, links call and link steps to their target flows and trains the
// intent classifier on the triggers.
func (e *Engine) compileFlows(def *Definition) {
	var intents []nlu.Intent
	for _, fd := range def.Flows {
		f := compileFlow(fd)
		e.flows[f.name] = f
		e.order = append(e.order, f)
		for _, sl := range f.slotOrder {
			if e.slotByName[sl.name] == nil {
				e.slotByName[sl.name] = sl
			}
		}
		e.intentFlow[f.name] = f
		for _, in := range fd.Trigger.Intents {
			e.intentFlow[in] = f
		}
		intents = append(intents, nlu.Intent{Name: f.name, Examples: fd.Trigger.Examples, Keywords: fd.Trigger.Keywords})
	}
	for _, f := range e.order {
		for _, st := range f.steps {
			if st.kind == KindCall {
				st.target = e.flows[st.def.Call]
			}
			if st.kind == KindLink {
				st.target = e.flows[st.def.Link]
			}
		}
	}
	e.classifier = nlu.NewClassifier(intents)
}

// Kind is "flows".
func (e *Engine) Kind() string { return "flows" }

// NewState returns an idle state with no flow.
func (e *Engine) NewState(parley.ConversationKey) any { return newState() }

// DecodeState decodes a stored state strictly (see decodeState).
func (e *Engine) DecodeState(data []byte) (any, error) { return e.decodeState(data) }

// Definition returns the definition the engine was compiled from.
func (e *Engine) Definition() *Definition { return e.def }

// EffectHandoff is the effect kind of a handoff to a human agent; its payload's
// reason is retries_exhausted (a slot's on_exhaust) or human_requested
// (nlu.IsHumanRequest).
const (
	EffectHandoff          = "handoff"
	ReasonRetriesExhausted = "retries_exhausted"
	ReasonHumanRequested   = "human_requested"
)

// maxStepsPerTurn bounds the steps one turn may run, so that a flow whose branches
// loop without asking anything ends in the error state instead of spinning.
const maxStepsPerTurn = 64

// turn is the work area of one Decide call.
type turn struct {
	e           *Engine
	ctx         context.Context
	in          parley.Turn
	s           *State
	text        string
	now         time.Time
	stamp       float64
	transitions []parley.Transition
	says        []string
	// streamed counts the says already streamed as reply_delta chunks.
	streamed   int
	options    []parley.Option
	events     []parley.EventData
	effects    []parley.Effect
	classified bool
	recovering bool
	result     nlu.Result
	resultOK   bool
	// askedChange: the turn answers "what would you like to change?".
	askedChange bool
	// resume is the pending call this turn sends again (recover); act and
	// check take it.
	resume *PendingCall
	// executions counts the calls first sent in this turn by key, so that a
	// step run twice in one turn sends two keys.
	executions map[string]int
	// unknown is the first check of this turn, while reading values, whose
	// outcome is not known: the turn ends in the error state with it pending.
	unknown *unknownOutcome
}

// Decide takes one turn. It never changes t.State; the decision's state is a copy.
// A turn that would take a transition outside the Dialogue table (a stored state
// resting in a momentary state is one) is an error with code parley.ETRANSITION
// and no decision, as parley.Engine says of every engine.
func (e *Engine) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	in, err := stateOf(t.State)
	if err != nil {
		return parley.Decision{}, err
	}
	s := in.clone()
	tu := e.newTurn(ctx, t, s)
	s.TurnCount++
	s.Messages = append(s.Messages, ChatMessage{Role: "user", Content: tu.text, Timestamp: tu.stamp})
	if s.Metadata.Handoff != "" {
		// A human agent has the conversation: the bot stays silent until handback.
		s.Messages = keepLast(s.Messages, e.maxMessages)
		return parley.Decision{State: s}, nil
	}
	if err := tu.run(); err != nil {
		return parley.Decision{}, err
	}
	return tu.decision(), nil
}

// stateOf is the turn's stored state (a new one for a new conversation).
func stateOf(state any) (*State, error) {
	switch v := state.(type) {
	case *State:
		return v, nil
	case State:
		return &v, nil
	case nil:
		return newState(), nil
	}
	return nil, parley.Errorf(parley.EINVALIDSTATE, "flows: state of type %T", state)
}

// newTurn starts the work area of a turn on s, the copy of the stored state the
// decision returns. A message without text (a button) reads as its meaning.
func (e *Engine) newTurn(ctx context.Context, t parley.Turn, s *State) *turn {
	tu := &turn{
		e:           e,
		ctx:         ctx,
		in:          t,
		s:           s,
		text:        strings.TrimSpace(t.Message.Text),
		now:         t.Message.SentAt,
		stamp:       unixSeconds(t.Message.SentAt),
		transitions: make([]parley.Transition, 0, 6),
	}
	if tu.text == "" {
		tu.text = t.Message.Meaning
	}
	return tu
}

// decision is what the turn decided: its state (the reply added to the
// messages, the history trimmed), transitions, events, effects and reply.
func (tu *turn) decision() parley.Decision {
	s, e := tu.s, tu.e
	reply := strings.Join(tu.says, " ")
	s.LastResponse = reply
	s.Messages = append(s.Messages, ChatMessage{Role: "assistant", Content: reply, Timestamp: tu.stamp})
	s.Messages = keepLast(s.Messages, e.maxMessages)
	s.Trace = keepLast(s.Trace, e.maxTrace)
	d := parley.Decision{State: s, Transitions: tu.transitions, Events: tu.events, Effects: tu.effects}
	if reply != "" || len(tu.options) > 0 {
		r := parley.Reply{ID: "a-" + strconv.FormatInt(tu.in.Index, 10), Type: parley.ReplyText, Text: reply}
		if len(tu.options) > 0 {
			r.Type, r.Options = parley.ReplyQuickReplies, tu.options
		}
		d.Replies = []parley.Reply{r}
	}
	return d
}

func keepLast[T any](s []T, n int) []T {
	if n > 0 && len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func unixSeconds(t time.Time) float64 {
	return float64(t.UnixNano()) / 1e9
}

// fire moves the dialogue along the trigger, through the Dialogue table. A trigger
// the table does not allow from the current state is a bug of this package (or a
// momentary state read from the store): the turn fails with the kernel's
// *fsm.TransitionError (parley.ETRANSITION) and nothing is committed.
func (tu *turn) fire(trigger DialogueTrigger) error {
	from := tu.s.ConversationState
	to, ok := Dialogue.Next(from, trigger)
	if !ok {
		return Dialogue.Check(from, trigger, "")
	}
	tu.s.ConversationState = to
	tu.transitions = append(tu.transitions, parley.Transition{From: string(from), To: string(to), Trigger: string(trigger)})
	tu.s.Trace = append(tu.s.Trace, TraceEvent{Event: string(trigger), Timestamp: tu.stamp,
		Data: TraceData{From: string(from), To: string(to)}})
	return nil
}

func (tu *turn) say(text string) {
	if text != "" {
		tu.says = append(tu.says, text)
	}
}

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

func (tu *turn) sayKey(key string, vars ...string) {
	tu.say(fill(tu.e.text[key], vars...))
}

// fill replaces {name} by value for each name, value pair.
func fill(text string, vars ...string) string {
	for i := 0; i+1 < len(vars); i += 2 {
		text = strings.ReplaceAll(text, "{"+vars[i]+"}", vars[i+1])
	}
	return text
}

func (tu *turn) flow() *flow {
	if tu.s.CurrentFlow == FlowNone {
		return nil
	}
	return tu.e.flows[tu.s.CurrentFlow]
}

func (tu *turn) currentStep() *step {
	f := tu.flow()
	if f == nil || tu.s.CurrentStep == nil {
		return nil
	}
	if i, ok := f.stepIndex[*tu.s.CurrentStep]; ok {
		return f.steps[i]
	}
	return nil
}

func (tu *turn) classify() (nlu.Result, bool) {
	if !tu.classified {
		tu.classified = true
		tu.result, tu.resultOK = tu.e.classifier.Classify(tu.text)
		tu.resultOK = tu.resultOK && tu.result.Confidence >= tu.e.minConfidence
	}
	return tu.result, tu.resultOK
}

func (tu *turn) isCancel() bool {
	m := tu.in.Message.Meaning
	if m == "cancel" {
		return true
	}
	if tu.in.Message.NLU != nil {
		return tu.in.Message.NLU.Intent == "cancel"
	}
	return nlu.IsCancel(tu.text)
}

// run dispatches on the state the turn starts in (seed 001's message routing).
func (tu *turn) run() error {
	switch tu.s.ConversationState {
	case DialogueIdle, DialogueCompleted:
		// 001 Rule 1: idle -> understanding on any message; 003: completed ->
		// understanding.
		if err := tu.fire(DialogueUserMessage); err != nil {
			return err
		}
		return tu.understand()
	case DialogueWaitingForSlot:
		tu.askedChange = tu.s.WaitingForSlot == nil
		if tu.s.WaitingForSlot != nil && !tu.changesCourse() {
			return tu.fillAwaited()
		}
		if err := tu.fire(DialogueIntentChange); err != nil {
			return err
		}
		return tu.understand()
	case DialogueConfirming:
		return tu.answerConfirmation()
	case DialogueError:
		return tu.recover()
	default:
		// A momentary state never rests in the store; one found there is refused
		// by the kernel (ETRANSITION) so the runtime's guardrail applies.
		return tu.fire(DialogueUserMessage)
	}
}

// changesCourse reports whether a message answering a slot question must go
// through understanding instead (001: "Intent markers detected"): an upstream
// parse, a cancel, an intent marker, a request for a human, or a flow's trigger.
func (tu *turn) changesCourse() bool {
	if p := tu.in.Message.NLU; p != nil {
		// An upstream parse replaces the engine's NLU: it changes course when it
		// says something (an intent we know, cancel, entities); otherwise the
		// text is the answer, mapped directly.
		return p.Intent == "cancel" || p.Intent == IntentHuman || tu.e.intentFlow[p.Intent] != nil || len(p.Entities) > 0 || tu.e.answerAct(p.Intent)
	}
	if tu.isCancel() {
		return true
	}
	if tu.e.markerCandidate(tu.text) {
		if _, ok := tu.e.markers.Match(tu.text); ok {
			return true
		}
	}
	if nlu.IsHumanRequest(tu.text) {
		return true
	}
	if _, _, ok := backReference(tu.text); ok && !tu.awaitedValue() {
		return true // "Phoenix, not Denver" while the date is asked
	}
	// Any flow's trigger, the active one's too: "I want to book a flight" is not
	// an origin. A short answer that is a value of the awaited slot and only
	// resembles an example ("Union Station Hotel" while asked which hotel) is
	// the answer; a keyword always changes course.
	r, ok := tu.classify()
	if ok && r.Confidence < keywordConfidence && !tu.sentence() && tu.awaitedValue() {
		return false
	}
	return ok
}

// keywordConfidence is the lowest confidence nlu gives a keyword hit.
const keywordConfidence = 0.9

// awaitedValue reports whether the message reads as a value of the awaited slot.
func (tu *turn) awaitedValue() bool {
	st := tu.currentStep()
	if st == nil || st.slot == nil {
		return false
	}
	_, ok := tu.e.parse(tu.in, st.slot, tu.text, true)
	return ok
}

// sentence reports whether a typed answer is a sentence rather than a value
// (more than three words with letters: "I'm flying out of chicago", "3 rooms,
// arriving at 6 pm"; "+1 415 555 0100" is a value): seed 001's direct mapping is for a short value, so a sentence is read
// for the values in it (fillFromSentence).
func (tu *turn) sentence() bool {
	st := tu.currentStep()
	if st == nil || st.slot == nil || tu.in.Message.NLU != nil || tu.in.Message.Meaning != "" {
		return false
	}
	words := 0
	for _, w := range strings.Fields(tu.text) {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			words++
		}
	}
	return words > 3
}

// setStep makes st the current step of the active flow.
func (tu *turn) setStep(st *step) {
	id := st.id
	tu.s.CurrentStep = &id
	tu.s.WaitingForSlot = nil
}

// startFlow activates f: its own slots start empty (values kept from an earlier
// run of any flow are not reused), and the current step is its first.
func (tu *turn) startFlow(f *flow) {
	switch {
	case !tu.e.sharedSlots:
		for _, sl := range f.slotOrder {
			delete(tu.s.Slots, sl.name)
		}
	case tu.transactionDone():
		// Shared slots carry a service's state from one task to the next (the
		// city searched is the city booked), until a transaction is done: the
		// same one again starts from nothing (a second payment does not
		// inherit the first one's amount or method), another keeps only the
		// values of its own slots (the account whose balance follows a
		// transfer from it).
		if tu.s.Metadata.LastFlow == f.name {
			clear(tu.s.Slots)
			break
		}
		for name := range tu.s.Slots {
			if f.slots[name] == nil {
				delete(tu.s.Slots, name)
			}
		}
	}
	tu.s.Metadata.Retries = nil
	tu.s.CurrentFlow = f.name
	tu.s.WaitingForSlot = nil
	if len(f.steps) > 0 {
		tu.setStep(f.steps[0])
	} else {
		tu.s.CurrentStep = nil
	}
}

// transactionDone reports whether the last flow that ended was a transaction
// (a flow with a confirm step) that completed.
func (tu *turn) transactionDone() bool {
	m := tu.s.Metadata
	if m.LastOutcome != OutcomeCompleted {
		return false
	}
	last := tu.e.flows[m.LastFlow]
	return last != nil && slices.ContainsFunc(last.steps, func(st *step) bool { return st.kind == KindConfirm })
}

// understand is the understanding state: the NLU (or the message's upstream
// parse) may cancel the active flow, start or interrupt with another flow, and
// fill any slot of the active flow; then the flow resumes at its current step.
func (tu *turn) understand() error {
	stamp := tu.stamp
	tu.s.LastNLUCall = &stamp
	target, entities := tu.parse()
	active := tu.flow()
	if target == nil {
		if done, err := tu.leaves(active); done {
			return err
		}
		if tu.answerOffer() {
			return tu.offerAnswered(active, entities)
		}
	} else if target != active {
		tu.switchTo(target, active)
		active = target
	}
	if active == nil {
		return tu.noFlow(entities)
	}
	changed := tu.extract(active, entities)
	if tu.unknown != nil {
		return tu.outcomeUnknown(tu.unknown)
	}
	st := tu.currentStep()
	if st == nil {
		return tu.advance(0)
	}
	if !changed && target == nil && !tu.recovering {
		return tu.unmoved(active, st)
	}
	return tu.advance(st.index)
}

// offerAnswered goes on after a message that answered an offer (answerOffer):
// the active flow at its step, if any.
func (tu *turn) offerAnswered(active *flow, entities map[string]any) error {
	tu.extractShared(entities)
	if st := tu.currentStep(); active != nil && st != nil {
		return tu.advance(st.index)
	}
	return tu.fire(DialogueNoIntent)
}

// noFlow answers a message that starts no flow while none is active: it may
// give shared slots, close the conversation, or not be understood.
func (tu *turn) noFlow(entities map[string]any) error {
	switch {
	case tu.extractShared(entities):
	case tu.closing():
		// "No thanks" to "anything else?": the conversation ends here.
		tu.sayKey("goodbye")
	default:
		tu.sayKey("fallback")
	}
	return tu.fire(DialogueNoIntent)
}

// unmoved answers a message that changed no slot of the active flow and started
// no flow, at step st.
func (tu *turn) unmoved(active *flow, st *step) error {
	if st.kind == KindConfirm && tu.askedChange {
		// An answer to "what would you like to change?" naming a slot: ask it again.
		if c := tu.collectStepOf(active, tu.mentionedSlot(active)); c != nil {
			delete(tu.s.Slots, c.slot.name)
			return tu.advance(c.index)
		}
	}
	// A turn that moves nothing counts against the step's retry budget, so
	// that no message repeated forever holds the user at one question.
	if spent, err := tu.stall(st); spent {
		return err
	}
	tu.sayKey("not_understood")
	return tu.advance(st.index)
}

// stall counts a turn that moved nothing against the current step's retry
// budget: the awaited slot's (shared with its invalid answers), or the step's own
// for a confirmation (DefaultMaxRetries, then a handoff). spent is true when the
// budget ran out and its exhaust policy took the turn; reask starts counting again.
func (tu *turn) stall(st *step) (spent bool, err error) {
	key, limit, policy := "step:"+st.id, DefaultMaxRetries, ExhaustHandoff
	if st.slot != nil {
		key, limit, policy = st.slot.name, st.slot.maxRetries, st.slot.onExhaust
	}
	s := tu.s
	if s.Metadata.Retries == nil {
		s.Metadata.Retries = map[string]int{}
	}
	s.Metadata.Retries[key]++
	if s.Metadata.Retries[key] < limit {
		return false, nil
	}
	delete(s.Metadata.Retries, key)
	switch policy {
	case ExhaustSkip:
		delete(s.Slots, st.slot.name)
		return true, tu.advance(st.next)
	case ExhaustCancel:
		tu.sayKey("cancelled", "flow", tu.flow().label)
		return true, tu.endFlow(OutcomeCancelled)
	case ExhaustHandoff:
		return true, tu.handoff(ReasonRetriesExhausted)
	}
	return false, nil
}

// parse is the message's intent (the flow it starts, if any) and entities: the
// upstream parse's, or the engine's own classifier (entities are then found in
// the text by extract).
func (tu *turn) parse() (*flow, map[string]any) {
	p := tu.in.Message.NLU
	if p == nil {
		if r, ok := tu.classify(); ok {
			return tu.e.flows[r.Intent], nil
		}
		if tu.flow() == nil {
			return tu.flowOfValues(), nil
		}
		return nil, nil
	}
	var target *flow
	// 001: "UNDERSTANDING -> IDLE: No intent, NLU confidence too low"; a parse
	// without a confidence is trusted.
	if p.Confidence == 0 || p.Confidence >= tu.e.minConfidence {
		target = tu.e.intentFlow[p.Intent]
	}
	if p.Entities == nil {
		// The parse found no value: the engine does not look for its own.
		return target, map[string]any{}
	}
	return target, p.Entities
}

// flowOfValues is the flow a message names no trigger of but gives values for
// by the flow's own cues ("heading from Lisbon to Madrid next week": an origin
// and a destination by their patterns): the one flow for which the message
// fills two slots or more by pattern, more than any other flow; nil when none
// or several do. Values any flow's extractor finds (a date) are no evidence.
func (tu *turn) flowOfValues() *flow {
	var best *flow
	bestN, tie := 1, false
	for _, f := range tu.e.order {
		tf := &textFinder{tu: tu, text: tu.text, found: map[string]any{}}
		for _, sl := range f.slotOrder {
			for _, re := range sl.patterns {
				tf.take(sl, re)
			}
		}
		switch n := len(tf.found); {
		case n > bestN:
			best, bestN, tie = f, n, false
		case n == bestN && best != nil:
			tie = true
		}
	}
	if tie {
		return nil
	}
	return best
}

// leaves handles a message that starts no flow and leaves the active one, if
// any: a request for a human, a goodbye with nothing active, a cancel. It
// reports whether it handled the turn.
func (tu *turn) leaves(active *flow) (bool, error) {
	typed := tu.in.Message.NLU == nil
	switch {
	case typed && nlu.IsHumanRequest(tu.text), !typed && tu.in.Message.NLU.Intent == IntentHuman:
		return true, tu.handoff(ReasonHumanRequested)
	case typed && active == nil && hasPhrase(tu.text, closingPhrases):
		// "No thanks" to "anything else?": nothing to cancel, the conversation
		// ends here.
		tu.sayKey("goodbye")
		return true, tu.fire(DialogueNoIntent)
	case tu.isCancel() && active == nil:
		tu.sayKey("nothing")
		return true, tu.fire(DialogueNoIntent)
	case tu.isCancel():
		tu.sayKey("cancelled", "flow", active.label)
		return true, tu.endFlow(OutcomeCancelled)
	}
	return false, nil
}

// switchTo makes target the active flow: the active one, if any, is suspended
// on flow_stack; a suspended target resumes where it was (its slots restored
// unless slots are shared), another starts, taking a pending offer of a slot it
// collects ("book that one").
func (tu *turn) switchTo(target, active *flow) {
	s := tu.s
	suspended := slices.IndexFunc(s.FlowStack, func(fr Frame) bool { return fr.Flow == target.name })
	var resume Frame
	if suspended >= 0 {
		resume = s.FlowStack[suspended]
		s.FlowStack = slices.Delete(s.FlowStack, suspended, suspended+1)
	}
	if active != nil {
		fr := Frame{Flow: active.name, WaitingForSlot: s.WaitingForSlot, Slots: ownSlots(active, s.Slots)}
		if s.CurrentStep != nil {
			fr.Step = *s.CurrentStep
		}
		s.FlowStack = append(s.FlowStack, fr)
	}
	if suspended >= 0 {
		s.CurrentFlow = target.name
		tu.setStep(target.steps[target.stepIndex[resume.Step]])
		if !resume.Call && !tu.e.sharedSlots {
			restoreSlots(target, s.Slots, resume.Slots)
		}
		return
	}
	tu.startFlow(target)
	if s.Metadata.Offer != nil {
		tu.takeOffer(collected(target))
	}
}

// collectStepOf returns the collect step of f that asks for sl, or nil.
func (tu *turn) collectStepOf(f *flow, sl *slot) *step {
	if sl == nil {
		return nil
	}
	for _, c := range f.steps {
		if c.kind == KindCollect && c.slot == sl {
			return c
		}
	}
	return nil
}

// mentionedSlot finds a slot of f named (by label or name) in the message.
func (tu *turn) mentionedSlot(f *flow) *slot {
	k := " " + foldKey(tu.text) + " "
	for _, sl := range f.slotOrder {
		if strings.Contains(k, " "+foldKey(sl.label)+" ") || strings.Contains(k, " "+foldKey(sl.name)+" ") {
			return sl
		}
	}
	// "the date" names the departure date: a word of a label, when only one slot
	// has it.
	var hit *slot
	for _, sl := range f.slotOrder {
		for _, w := range strings.Fields(foldKey(sl.label)) {
			if len(w) >= 4 && strings.Contains(k, " "+w+" ") {
				if hit != nil && hit != sl {
					return nil
				}
				hit = sl
			}
		}
	}
	return hit
}

// fillAwaited maps the message straight to the awaited slot without the NLU
// (001 Rule 3), then validates it (Rule 4 on failure).
func (tu *turn) fillAwaited() error {
	s := tu.s
	f := tu.flow()
	st := tu.currentStep()
	if err := tu.fire(DialogueUserResponds); err != nil {
		return err
	}
	if f == nil || st == nil || st.slot == nil || st.slot.name != *s.WaitingForSlot {
		return tu.fail("invalid_state", "no collect step waits for the slot")
	}
	sl := st.slot
	if tu.sentence() || tu.answersAnother(f, sl) {
		return tu.fillFromSentence(f, st)
	}
	value, problem, err := tu.e.value(tu.ctx, tu.in, s, sl, tu.text, true)
	if err != nil {
		return tu.checkFailed(err, sl)
	}
	if problem != "" {
		return tu.invalid(st, problem)
	}
	s.Slots[sl.name] = value
	if s.Metadata.Retries != nil {
		delete(s.Metadata.Retries, sl.name)
		if len(s.Metadata.Retries) == 0 {
			s.Metadata.Retries = nil
		}
	}
	return tu.advance(st.next)
}

// answersAnother reports whether a short answer to sl's question gives another
// slot's value by that slot's own cue and none by sl's ("to Phoenix" asked
// where from: the destination), so it is read as a sentence: the value goes to
// the slot it names and the question is asked again.
func (tu *turn) answersAnother(f *flow, sl *slot) bool {
	if tu.in.Message.NLU != nil || tu.in.Message.Meaning != "" {
		return false
	}
	own := &textFinder{tu: tu, text: tu.text, found: map[string]any{}}
	for _, re := range sl.patterns {
		own.take(sl, re)
	}
	if len(own.found) > 0 {
		return false
	}
	other := &textFinder{tu: tu, text: tu.text, found: map[string]any{}}
	for _, o := range f.slotOrder {
		if o == sl {
			continue
		}
		for _, re := range o.patterns {
			other.take(o, re)
		}
	}
	return len(other.found) > 0
}

// fillFromSentence reads an answer that is a sentence the way understanding
// reads one: every slot of the flow it names is filled ("from new york to los
// angeles next friday" gives three). A sentence that names none is an invalid
// answer: asked again, and counted against the slot's retries.
func (tu *turn) fillFromSentence(f *flow, st *step) error {
	if !tu.extract(f, nil) {
		if tu.unknown != nil {
			return tu.outcomeUnknown(tu.unknown)
		}
		return tu.invalid(st, tu.e.invalidText(st.slot, nil))
	}
	if tu.unknown != nil {
		return tu.outcomeUnknown(tu.unknown)
	}
	if err := tu.fire(DialogueValidationSucceeded); err != nil {
		return err
	}
	tu.s.WaitingForSlot = nil
	return tu.advance(st.index)
}

// invalid applies a validation failure: clear the value and ask again, until the
// slot's retry budget is spent; then its on_exhaust policy.
func (tu *turn) invalid(st *step, problem string) error {
	s := tu.s
	sl := st.slot
	s.Slots[sl.name] = nil
	if s.Metadata.Retries == nil {
		s.Metadata.Retries = map[string]int{}
	}
	s.Metadata.Retries[sl.name]++
	if s.Metadata.Retries[sl.name] >= sl.maxRetries {
		delete(s.Metadata.Retries, sl.name)
		switch sl.onExhaust {
		case ExhaustSkip:
			delete(s.Slots, sl.name)
			return tu.advance(st.next)
		case ExhaustCancel:
			tu.say(problem)
			tu.sayKey("cancelled", "flow", tu.flow().label)
			return tu.endFlow(OutcomeCancelled)
		case ExhaustHandoff:
			tu.say(problem)
			return tu.handoff(ReasonRetriesExhausted)
		}
	}
	if err := tu.fire(DialogueValidationFailed); err != nil {
		return err
	}
	name := sl.name
	s.WaitingForSlot = &name
	tu.say(problem)
	tu.say(tu.generate(st.def, tu.render(st.prompt)))
	return nil
}

// handoff passes the conversation to a human agent: the same effect and event as
// the shop engine's handoff, so channels (Chatwoot: the conversation opened for
// agents) treat both alike. The active flow, if any, ends with outcome handoff.
func (tu *turn) handoff(reason string) error {
	s := tu.s
	tu.sayKey("handoff")
	payload, _ := json.Marshal(map[string]string{"reason": reason})
	tu.effects = append(tu.effects, parley.Effect{Kind: EffectHandoff, Payload: payload})
	data := map[string]string{"reason": reason}
	if s.CurrentFlow != FlowNone {
		data["flow"] = s.CurrentFlow
	}
	if s.WaitingForSlot != nil {
		data["slot"] = *s.WaitingForSlot
	}
	tu.events = append(tu.events, parley.EventData{Type: parley.EventHandoff, Data: data})
	s.Metadata.Handoff = reason
	s.Metadata.Offer = nil
	if tu.flow() == nil {
		return tu.fire(DialogueNoIntent)
	}
	s.FlowStack = s.FlowStack[:0] // the human takes over every suspended flow too
	return tu.endFlow(OutcomeHandoff)
}

// answerConfirmation handles the message that answers a confirm step. A yes
// goes on (unset slots with a default take it: the summary showed it); a plain
// no ends the flow (seed 001 "CONFIRMING -> COMPLETED: User cancels"), or with
// on_no: ask_change asks what to change; a no that carries a new value ("no,
// make it Boston") is a correction: understanding sets it and confirms again,
// as anything else does.
func (tu *turn) answerConfirmation() error {
	st := tu.currentStep()
	if st == nil || st.kind != KindConfirm {
		return tu.fail("invalid_state", "confirming without a confirm step")
	}
	answer, correction, unplaced := tu.confirmationAnswer()
	switch {
	case unplaced:
		// "No, make it Boston" with an origin and a destination: a
		// correction, but of which? Ask, rather than end the flow.
		return tu.askChange()
	case answer == nlu.Yes:
		if o := tu.s.Metadata.Offer; o != nil && o.Flow == tu.s.CurrentFlow {
			tu.takeOffer(nil) // what a failed action proposed instead
		}
		tu.applyDefaults(tu.flow())
		return tu.advance(st.next)
	case answer == nlu.No && !correction:
		if st.def.Confirm.OnNo != "ask_change" || tu.isCancel() {
			tu.sayKey("declined")
			return tu.endFlow(OutcomeCancelled)
		}
		return tu.askChange()
	}
	if err := tu.fire(DialogueUserResponds); err != nil {
		return err
	}
	return tu.understand()
}

// confirmationAnswer reads the message that answers a confirmation: yes, no or
// neither; whether it also corrects a value (a no with an upstream entity, or a
// typed no with a value, correctsValue); and whether the value it corrects could
// be of several slots (unplaced).
func (tu *turn) confirmationAnswer() (answer nlu.Answer, correction, unplaced bool) {
	m := &tu.in.Message
	switch {
	case m.Meaning != "":
		return confirmationMeaning(m.Meaning), false, false
	case m.NLU != nil:
		answer = confirmationMeaning(m.NLU.Intent)
		return answer, answer == nlu.No && len(m.NLU.Entities) > 0 && m.NLU.Intent != "cancel", false
	}
	answer = tu.yesNo()
	if answer == nlu.Yes || tu.isCancel() {
		return answer, false, false
	}
	correction, unplaced = tu.correctsValue()
	return answer, correction, unplaced
}

// askChange asks what to change in the summary a confirmation showed.
func (tu *turn) askChange() error {
	if err := tu.fire(DialogueUserCorrects); err != nil {
		return err
	}
	tu.s.WaitingForSlot = nil
	tu.sayKey("ask_change")
	return nil
}

// correctsValue reports whether a typed no also gives a value of one of the
// active flow's slots that differs from the one held ("no, make it 4 nights"),
// and whether it names a city that could be any of several city slots ("no,
// make it Boston" with an origin and a destination).
func (tu *turn) correctsValue() (placed, unplaced bool) {
	f := tu.flow()
	if f == nil {
		return false, false
	}
	found := map[string]any{}
	tu.findInText(f, found)
	for name, v := range found {
		if format(tu.s.Slots[name]) != format(v) {
			return true, false
		}
	}
	if _, ok := nlu.FindCity(tu.text); ok {
		cities := 0
		for _, sl := range f.slotOrder {
			if sl.typ == TypeCity {
				cities++
			}
		}
		return false, cities > 1
	}
	return false, false
}

// applyDefaults gives the flow's unset slots their default: the user accepted
// the summary that showed it.
func (tu *turn) applyDefaults(f *flow) {
	if f == nil {
		return
	}
	for _, sl := range f.slotOrder {
		if v, ok := tu.s.Slots[sl.name]; sl.def.Default != "" && (!ok || v == nil) {
			tu.s.Slots[sl.name] = sl.def.Default
		}
	}
}

// confirmationMeaning reads a button's meaning or an upstream intent as an answer
// to a confirmation: confirm and yes say yes; no, deny and cancel say no (cancel
// also ends the flow).
func confirmationMeaning(m string) nlu.Answer {
	switch m {
	case "confirm", "yes", "affirm":
		return nlu.Yes
	case "no", "deny", "cancel":
		return nlu.No
	}
	return nlu.Unknown
}

// recover is seed 001's State Recovery: a cancel ends everything (error -> idle);
// any other message retries (error -> understanding): a call whose outcome is not
// known is sent again, unchanged and under its key (retryPending); otherwise the
// flow goes on from the step that failed.
func (tu *turn) recover() error {
	s := tu.s
	if tu.isCancel() {
		if err := tu.fire(DialogueUserCancels); err != nil {
			return err
		}
		if f := tu.flow(); f != nil {
			key := "cancelled"
			if s.Metadata.Pending != nil && s.Metadata.Pending.Slot == "" {
				key = "cancelled_pending" // the call may have been carried out
			}
			tu.sayKey(key, "flow", f.label)
			s.Metadata.LastFlow, s.Metadata.LastOutcome = f.name, OutcomeCancelled
		}
		s.Metadata.Error, s.Metadata.Pending = nil, nil
		s.Metadata.Retries = nil
		s.CurrentFlow, s.CurrentStep, s.WaitingForSlot = FlowNone, nil, nil
		s.FlowStack = s.FlowStack[:0]
		return nil
	}
	if err := tu.fire(DialogueUserRetries); err != nil {
		return err
	}
	s.Metadata.Error = nil
	if p := s.Metadata.Pending; p != nil {
		return tu.retryPending(p)
	}
	if tu.flow() != nil {
		tu.sayKey("recovered")
		tu.recovering = true
	}
	return tu.understand()
}

// fail enters the error state (001 Rule 7) with metadata.error; the reply asks
// the user to retry or cancel.
func (tu *turn) fail(kind, message string) error {
	s := tu.s
	recovery := string(s.ConversationState)
	if err := tu.fire(DialogueException); err != nil {
		return err
	}
	s.Metadata.Error = &ErrorInfo{Type: kind, Message: message, Timestamp: tu.stamp, RecoveryState: recovery}
	s.WaitingForSlot = nil
	tu.sayKey("error")
	return nil
}

// advance runs the active flow from step index i until it needs the user
// (collect, confirm), fails, or ends; each step entered goes through seed 003's
// step_type_to_state transitions.
func (tu *turn) advance(i int) error {
	for n := 0; ; n++ {
		if n > maxStepsPerTurn {
			return tu.fail("flow_loop", "too many steps without asking the user")
		}
		f := tu.flow()
		if i < 0 || i >= len(f.steps) {
			return tu.endFlow(OutcomeCompleted)
		}
		next, stop, err := tu.runStep(f, f.steps[i])
		if err != nil || stop {
			return err
		}
		i = next
	}
}

// runStep runs one step of flow f: it returns the index of the step to run next, or
// stop when the turn ends here (it waits for the user, or failed).
func (tu *turn) runStep(f *flow, st *step) (next int, stop bool, err error) {
	switch st.kind {
	case KindCollect:
		return tu.collectStep(st)
	case KindConfirm:
		return 0, true, tu.confirmStep(st)
	case KindAction:
		tu.setStep(st)
		if tu.s.ConversationState != DialogueExecutingAction {
			if err := tu.fire(DialogueNextStepAction); err != nil {
				return 0, true, err
			}
			if err := tu.fire(DialogueExecuteAction); err != nil {
				return 0, true, err
			}
		}
		next, done, err := tu.act(f, st)
		return next, done || err != nil, err
	case KindBranch:
		tu.setStep(st)
		if err := tu.fire(DialogueNextStepBranch); err != nil {
			return 0, true, err
		}
		return tu.branch(st), false, nil
	case KindSay:
		tu.setStep(st)
		if tu.s.ConversationState != DialogueGeneratingResponse {
			if err := tu.fire(DialogueNextStepSay); err != nil {
				return 0, true, err
			}
		}
		tu.say(tu.generate(st.def, tu.render(st.def.Say)))
		return st.next, false, nil
	case KindCall:
		tu.s.FlowStack = append(tu.s.FlowStack, Frame{Flow: f.name, Step: st.id, Call: true})
		tu.startFlow(st.target)
		return 0, false, nil
	case KindLink:
		tu.startFlow(st.target)
		return 0, false, nil
	default:
		return 0, true, tu.fail("invalid_step", "step "+st.id+" does nothing")
	}
}

// collectStep asks for the step's slot, unless it already has a value.
func (tu *turn) collectStep(st *step) (next int, stop bool, err error) {
	s := tu.s
	if v, ok := s.Slots[st.slot.name]; ok && v != nil {
		return st.next, false, nil
	}
	trigger := DialogueNextStepCollect
	if s.ConversationState == DialogueUnderstanding {
		trigger = DialogueSlotNeeded // 001 Rule 2
	}
	if err := tu.fire(trigger); err != nil {
		return 0, true, err
	}
	tu.setStep(st)
	name := st.slot.name
	s.WaitingForSlot = &name
	tu.say(tu.generate(st.def, tu.render(st.prompt)))
	return 0, true, nil
}

// confirmStep asks the user to confirm the step's prompt.
func (tu *turn) confirmStep(st *step) error {
	tu.setStep(st)
	if err := tu.fire(DialogueNextStepConfirm); err != nil {
		return err
	}
	if err := tu.fire(DialogueAskConfirmation); err != nil {
		return err
	}
	tu.say(tu.render(st.def.Confirm.Prompt))
	tu.options = []parley.Option{{Title: "Yes", Meaning: "confirm"}, {Title: "No", Meaning: "no"}}
	return nil
}

// endFlow ends the active flow with the outcome: -> completed, then either back to
// the suspended flow beneath it (completed -> generating_response, which says the
// resume prompt, -> its step) or to idle (001 "COMPLETED -> IDLE").
func (tu *turn) endFlow(outcome string) error {
	if err := tu.complete(outcome); err != nil {
		return err
	}
	s := tu.s
	s.Metadata.LastFlow, s.Metadata.LastOutcome = s.CurrentFlow, outcome
	s.Metadata.Retries = nil
	s.CurrentFlow, s.CurrentStep, s.WaitingForSlot = FlowNone, nil, nil
	if outcome != OutcomeCompleted {
		// A called flow is part of its caller: cancelling it cancels the caller.
		for len(s.FlowStack) > 0 && s.FlowStack[len(s.FlowStack)-1].Call {
			s.FlowStack = s.FlowStack[:len(s.FlowStack)-1]
		}
	}
	if len(s.FlowStack) == 0 {
		return tu.fire(DialogueFlowDone)
	}
	return tu.resumeSuspended()
}

// complete moves the dialogue to completed from the state the flow ended in.
func (tu *turn) complete(outcome string) error {
	trigger := DialogueNoMoreSteps
	switch tu.s.ConversationState {
	case DialogueExecutingAction:
		if outcome == OutcomeCompleted {
			trigger = DialogueActionSucceeded // 001 Rule 6
		}
	case DialogueConfirming:
		trigger = DialogueUserCancels // 001 "CONFIRMING -> COMPLETED: User cancels"
	case DialogueWaitingForSlot:
		if err := tu.fire(DialogueIntentChange); err != nil {
			return err
		}
	}
	return tu.fire(trigger)
}

// resumeSuspended goes back to the flow on top of the stack: a caller after its
// call step; a flow another one interrupted at its step, with its own slots back
// (unless slots are shared) and the resume prompt said.
func (tu *turn) resumeSuspended() error {
	s := tu.s
	fr := s.FlowStack[len(s.FlowStack)-1]
	s.FlowStack = s.FlowStack[:len(s.FlowStack)-1]
	if err := tu.fire(DialogueFinalResponse); err != nil {
		return err
	}
	f := tu.e.flows[fr.Flow]
	s.CurrentFlow = f.name
	i := f.stepIndex[fr.Step]
	if fr.Call {
		return tu.advance(f.steps[i].next)
	}
	if !tu.e.sharedSlots {
		restoreSlots(f, s.Slots, fr.Slots)
	}
	resume := f.resume
	if resume == "" {
		resume = tu.e.text["resume"]
	}
	tu.say(fill(resume, "flow", f.label))
	return tu.advance(i)
}

// ownSlots copies the values of f's declared slots (nil when none is set).
func ownSlots(f *flow, slots map[string]any) map[string]any {
	var own map[string]any
	for _, sl := range f.slotOrder {
		if v, ok := slots[sl.name]; ok && v != nil {
			if own == nil {
				own = make(map[string]any, len(f.slotOrder))
			}
			own[sl.name] = v
		}
	}
	return own
}

// restoreSlots gives f's declared slots back the values saved when it was
// suspended.
func restoreSlots(f *flow, slots, saved map[string]any) {
	for _, sl := range f.slotOrder {
		if v, ok := saved[sl.name]; ok {
			slots[sl.name] = v
		} else {
			delete(slots, sl.name)
		}
	}
}

// branch picks the first case whose condition holds; a case without one is else.
func (tu *turn) branch(st *step) int {
	for _, c := range st.cases {
		if c.cond == nil || holds(c.cond, tu.s.Slots) {
			return c.next
		}
	}
	return st.next
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

// closing reports whether a message with no flow to serve ends the
// conversation: a no ("no thanks" to "anything else?"), thanks or goodbye.
func (tu *turn) closing() bool {
	if p := tu.in.Message.NLU; p != nil {
		return p.Intent == "deny" || p.Intent == "negate" || p.Intent == "goodbye" || p.Intent == "thank_you"
	}
	return tu.yesNo() == nlu.No || hasPhrase(tu.text, closingPhrases)
}

// closingPhrases end a conversation when no flow is active.
var closingPhrases = []string{"no thanks", "no thank you", "that's all", "that is all", "thanks", "thank you", "bye", "goodbye"}

// answerActs are upstream intents that are dialogue acts rather than a slot's
// value: a message carrying one is not mapped to the awaited slot.
var answerActs = map[string]bool{
	IntentSelect: true, IntentAlternative: true, "affirm": true, "deny": true, "negate": true,
	"confirm": true, "yes": true, "no": true, "thank_you": true, "goodbye": true, "request": true,
}

func (e *Engine) answerAct(intent string) bool { return answerActs[intent] }
