package flows

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// maxStepsPerTurn bounds the steps one turn may run, so that a flow whose branches
// loop without asking anything ends in the error state instead of spinning.
const maxStepsPerTurn = 64

// turn is the work area of one Decide call. Its flags (the bools and int8s)
// are kept together at its end: scattered between the strings and slices each
// would take a word of padding, and the turn, allocated every turn, would take
// a larger size class.
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
	// saysBuf holds the says of a turn that says a few things, as most do: the
	// reply joins them. out holds what the decision keeps of the turn.
	saysBuf [4]string
	out     *decided
	// streamed counts the says already streamed as reply_delta chunks.
	streamed int
	options  []parley.Option
	events   []parley.EventData
	effects  []parley.Effect
	result   nlu.Result // once resultOK is set
	// builtin is the message's built-in intent once builtinRead is set
	// (builtinIntent).
	builtin nlu.Result
	// model is the built-in intents' model's reading alone once modelRead is
	// set (modelSays).
	model nlu.Result
	// framed is the built-in intent of the message's answer without its
	// discourse frame, once framedRead is set (framedIntent).
	framed     string
	framedRead bool
	// refusedSlot is the slot whose value read from a sentence a validator
	// refused this turn, refusal that validator's message (setFound).
	refusedSlot *slot
	refusal     string
	// lowerText is the text in lower case once lowered is set (lower).
	lowerText string
	// glossText is the text glossed (nlu.Gloss) once glossed is set (gloss).
	glossText string
	// asideOf is the last answer nlu.SetAside read, with its reading
	// (asideRest, asideSet; asideRead says one was): a turn reads the same
	// answer several times.
	asideOf, asideRest string
	// sideOf is the last answer nlu.SideClause read, with its reading
	// (sideAt; sideRead says one was).
	sideOf string
	sideAt int
	// back is the text read as a back-referring correction once backRead is
	// set (backReference).
	back struct {
		value, old string
		ok         bool
	}
	// corr is the message split at a correction inside it once corrRead is
	// set (correction).
	corr struct {
		head, tail string
		ok         bool
	}
	// cities are the cities nlu.FindCities found in citiesText once citiesRead
	// is set (findCities).
	cities     []string
	citiesText string
	// resume is the pending call this turn sends again (recover); act and
	// check take it.
	resume *PendingCall
	// unknown is the first check of this turn, while reading values, whose
	// outcome is not known: the turn ends in the error state with it pending.
	unknown *unknownOutcome
	// cancel and human are the message's readings as a cancel and as a request
	// for a human, read once per turn (the text does not change): 0 unread, 1
	// no, 2 yes.
	cancel, human int8
	classified    bool
	recovering    bool
	resultOK      bool
	builtinRead   bool
	modelRead     bool
	lowered       bool
	glossed       bool
	asideRead     bool
	asideSet      bool
	sideRead      bool
	backRead      bool
	corrRead      bool
	citiesRead    bool
	// askedChange: the turn answers "what would you like to change?".
	askedChange bool
}

// decided holds a decision's transitions and reply for a turn that takes a
// few transitions, as most do, in one allocation: the decision keeps them
// while the runtime handles it, when the turn's work area is back in turnPool.
type decided struct {
	transitions [6]parley.Transition
	reply       [1]parley.Reply
}

// turnPool holds turns' work areas between Decide calls: a turn is a kilobyte
// that no decision keeps (decided holds what one does), and allocating it anew
// each turn was a good part of a turn's cost.
var turnPool = sync.Pool{New: func() any { return new(turn) }}

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
	defer tu.release()
	if t.Message.Meaning == parley.MeaningResume {
		return tu.resumeCall()
	}
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
	tu := turnPool.Get().(*turn)
	*tu = turn{
		e:     e,
		ctx:   ctx,
		in:    t,
		s:     s,
		text:  strings.TrimSpace(t.Message.Text),
		now:   t.Message.SentAt,
		stamp: unixSeconds(t.Message.SentAt),
		out:   &decided{},
	}
	tu.says, tu.transitions = tu.saysBuf[:0], tu.out.transitions[:0]
	if tu.text == "" {
		tu.text = t.Message.Meaning
	}
	return tu
}

// release gives the turn's work area back to turnPool once Decide has its
// decision, emptied: a pooled turn keeps no conversation's text or state
// alive.
func (tu *turn) release() {
	*tu = turn{}
	turnPool.Put(tu)
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
	d := parley.Decision{State: s, Transitions: tu.transitions, Events: tu.events, Effects: tu.effects, Failed: tu.failure()}
	if reply != "" || len(tu.options) > 0 {
		r := parley.Reply{ID: parley.ReplyID(tu.in.Index, 1), Type: parley.ReplyText, Text: reply}
		if len(tu.options) > 0 {
			r.Type, r.Options = parley.ReplyQuickReplies, tu.options
		}
		tu.out.reply[0] = r
		d.Replies = tu.out.reply[:]
	}
	return d
}

// failure is the Decision.Failed of a turn that entered the error state and ended
// there (a call refused, failed or without a definite outcome, a step that could
// not go on): the kind of metadata.error. A turn that started in error and left it
// (recovered), or never entered it, has none.
func (tu *turn) failure() string {
	s := tu.s
	if s.ConversationState != DialogueError || s.Metadata.Error == nil {
		return ""
	}
	for _, t := range tu.transitions {
		if t.To == string(DialogueError) {
			return s.Metadata.Error.Type
		}
	}
	return ""
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

// run dispatches on the state the turn starts in (seed 001's message routing).
func (tu *turn) run() error {
	// Markdown emphasis and the lines an email reply quotes frame the
	// message; the history keeps it as typed.
	tu.text = nlu.Unmark(nlu.Unquote(tu.text))
	switch tu.s.ConversationState {
	case DialogueIdle, DialogueCompleted:
		// 001 Rule 1: idle -> understanding on any message; 003: completed ->
		// understanding.
		if err := tu.fire(DialogueUserMessage); err != nil {
			return err
		}
		// A first message signed with a name ("... in Porto? Thanks, Ines"):
		// the name is no value.
		if t := nlu.WithoutSignOff(tu.text); len(t) != len(tu.text) {
			tu.setText(t)
		}
		return tu.understand()
	case DialogueWaitingForSlot:
		tu.askedChange = tu.s.WaitingForSlot == nil
		tu.unechoQuestion()
		tu.unframeRequest()
		tu.untailAnswer()
		tu.unframeAnswer()
		tu.dropOthersClauses()
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

// unechoQuestion leaves out of the message a question it opens with that
// restates the one asked ("Where to? Atlanta.", "How many nights? Five."):
// the answer follows it.
func (tu *turn) unechoQuestion() {
	if tu.s.WaitingForSlot == nil || strings.IndexByte(tu.text, '?') < 0 && !strings.Contains(tu.text, "؟") {
		return
	}
	st := tu.currentStep()
	if st == nil || st.slot == nil {
		return
	}
	prompt := strings.FieldsFunc(foldKey(st.slot.prompt+" "+st.prompt), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	asked := func(w string) bool {
		return slices.Contains(prompt, w) || slices.ContainsFunc(st.slot.names, func(n string) bool {
			return slices.Contains(strings.Fields(n), w)
		})
	}
	if rest, ok := nlu.CutEchoedQuestion(tu.text, asked); ok {
		tu.setText(rest)
	}
}

// unframeRequest reads a polite request that answers the question asked
// ("Could I depart on March 3rd?", "May we fly out of Denver, please?") as
// the value it names, when that part alone reads as the awaited slot's value
// (nlu.PoliteRequest); a question of what is possible ("can I stay 2
// nights?") stays a question.
func (tu *turn) unframeRequest() {
	if tu.s.WaitingForSlot == nil || !typed(tu.in) || tu.in.Message.Meaning != "" {
		return
	}
	st := tu.currentStep()
	if st == nil || st.slot == nil {
		return
	}
	rest, ok := nlu.PoliteRequest(tu.text)
	if !ok {
		return
	}
	if _, ok := tu.e.parse(tu.in, st.slot, rest, true); ok {
		tu.setText(rest)
	}
}

// untailAnswer reads a typed answer followed by a tail that holds no value
// ("a week, if that works", "just the one please and thanks", "3 nights for
// us": nlu.CutAnswerTail) as the answer alone, when that part alone reads as
// the awaited slot's value; any other message is left as written.
func (tu *turn) untailAnswer() {
	if tu.s.WaitingForSlot == nil || !typed(tu.in) || tu.in.Message.Meaning != "" {
		return
	}
	st := tu.currentStep()
	if st == nil || st.slot == nil {
		return
	}
	head, addressed, ok := nlu.CutAnswerTailOf(tu.text)
	if !ok || strings.ContainsAny(head, ",;:!?") || st.slot.typ == TypeCity && !knownPlace(head) && !knownPlaceTypo(head) {
		// "boxing day, no racing that day for me": a head of clauses is read
		// whole by the aside readers; "Tromso. Thanks a lot.": a name of no
		// known place is read whole. A known place mistyped ("lisbn for us
		// pls") is a known place's name.
		return
	}
	if addressed && tu.addressIsValue(st.slot) {
		return
	}
	if _, ok := tu.e.parse(tu.in, st.slot, head, true); ok {
		tu.setText(head)
	}
}

// addressIsValue reports whether a term of address or a particle after the
// answer ("tomorrow b'y", "3 nights lah") may be a word of sl's value: at a
// free-text slot any word may be; elsewhere, when the message as written
// reads a value holding it ("Hugo Boss", an enum's own "Boy").
func (tu *turn) addressIsValue(sl *slot) bool {
	if !closedAddressSlot(sl.typ) {
		return true
	}
	v, whole := tu.e.parse(tu.in, sl, tu.text, true)
	return whole && nlu.HoldsAddressWord(format(v))
}

// closedAddressSlot reports whether a slot of type typ holds values of a
// closed kind (a date, a time, a number, a known place, an enum's value,
// yes or no), where a term of address after the answer is no word of it.
func closedAddressSlot(typ string) bool {
	switch typ {
	case TypeDate, TypeTime, TypeNumber, TypeInteger, TypeCity, TypeEnum, TypeBoolean:
		return true
	}
	return false
}

// unframeAnswer reads a typed answer inside a discourse frame ("right,
// tomorrow", "quick one, april 5", "seville then": nlu.CutDiscourseFrame) as
// the answer alone, when that part alone reads as the awaited slot's value
// and the message as written does not; any other message is left as
// written. Only a message whose first or last word may be a frame's is
// looked at.
func (tu *turn) unframeAnswer() {
	if tu.s.WaitingForSlot == nil || !typed(tu.in) || tu.in.Message.Meaning != "" || !nlu.MayHaveDiscourseFrame(tu.text) {
		return
	}
	st := tu.currentStep()
	if st == nil || st.slot == nil {
		return
	}
	core, ok := nlu.CutDiscourseFrame(tu.text)
	if !ok || nlu.AsksQuestion(core) || st.slot.typ == TypeCity && !knownPlaceOrTypo(core) {
		// "hmm, are you flying on good friday?": a question, no value;
		// "Tromso. Thanks a lot.": a name of no known place is read whole.
		return
	}
	count := st.slot.typ == TypeInteger || st.slot.typ == TypeNumber
	if _, ok := tu.e.parse(tu.in, st.slot, tu.text, true); ok && !count {
		return
	}
	// A count read with its frame ("ah, thre nights, thanks": withoutCountOpener)
	// is read without it too: the answer alone, as the other readers see it.
	if _, ok := tu.e.parse(tu.in, st.slot, core, true); ok {
		tu.setText(core)
	}
}

// knownPlace reports whether name is a known city.
func knownPlace(name string) bool {
	_, known := nlu.MatchCityExact(name)
	return known
}

// knownPlaceOrTypo reports whether name is a known city, one typed with a
// typo (knownPlaceTypo: "houstn") or a town and its state, the town maybe
// mistyped (nlu.CityInState: "seatle wa", "nashvill tn"): a frame around
// it ("well, houstn", "ah, nashvill tn, please") is cut off as around a
// name spelt right, and the answer is read (or asked) as if said alone.
func knownPlaceOrTypo(name string) bool {
	if knownPlace(name) || knownPlaceTypo(name) {
		return true
	}
	_, read, _ := nlu.CityInState(name)
	return read
}

// knownPlaceTypo reports whether name is a known city's name with a typo,
// by the tolerance of city names (nlu.MatchCity: "lisbn", "prto").
func knownPlaceTypo(name string) bool {
	_, known := nlu.MatchCity(name)
	return known
}

// dropOthersClauses leaves out of a typed answer its clauses about someone
// else's values when another clause is the user's own ("my boss usually flies
// from Zurich, I'll check with her where I leave from"): set beside the
// user's words, they are no answer of the user's (nlu.WithoutOthersClauses).
// An answer wholly about someone else is given for the traveller ("she
// arrives Thursday") and read whole.
func (tu *turn) dropOthersClauses() {
	if !typed(tu.in) || tu.in.Message.Meaning != "" {
		return
	}
	rest := nlu.WithoutOthersClauses(tu.text)
	if len(rest) == len(tu.text) || !strings.ContainsFunc(rest, unicode.IsLetter) {
		return
	}
	if _, tail, ok := nlu.SplitCorrection(tu.text); ok && !strings.Contains(rest, tail) && !nlu.CorrectsByApology(tu.text) {
		// "orlando, actually tampa is closer to my parents": the clause
		// dropped holds the correction, which takes the value before it
		// back; the message is read whole.
		return
	}
	tu.setText(strings.TrimSpace(rest))
}

// setText makes text the turn's message, as read from here on: the readings
// of the former text are forgotten.
func (tu *turn) setText(text string) {
	tu.text = text
	tu.lowered, tu.glossed = false, false
}

// setStep makes st the current step of the active flow. The state points at the
// step's own id, as await does at its slot's name: the strings a state's
// pointers reach are never written through (a decided state shares them with the
// state it was decided from), so every state may share them.
func (tu *turn) setStep(st *step) {
	tu.s.CurrentStep = &st.id
	tu.s.WaitingForSlot = nil
}

// await makes the current step st wait for the user's value of its slot.
func (tu *turn) await(st *step) {
	tu.s.WaitingForSlot = &st.slot.name
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
		s.Metadata.Withdrawn = tu.flow() != nil
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
