package flows

import (
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

func (tu *turn) classify() (nlu.Result, bool) {
	if !tu.classified {
		tu.classified = true
		tu.result, tu.resultOK = tu.e.classifier.Classify(tu.text)
		tu.resultOK = tu.resultOK && tu.result.Confidence >= tu.e.minConfidence
		if !tu.resultOK && tu.s.CurrentFlow == FlowNone && tu.in.Message.NLU == nil {
			tu.classifyGloss() // "need a flite to Miami": a first message's words glossed
		}
	}
	return tu.result, tu.resultOK
}

// classifyGloss classifies the message's gloss (nlu.Gloss: chat spellings,
// misspelt nouns, other languages' words in English) when it differs.
func (tu *turn) classifyGloss() {
	if g := tu.gloss(); g != tu.text {
		tu.result, tu.resultOK = tu.e.classifier.Classify(g)
		tu.resultOK = tu.resultOK && tu.result.Confidence >= tu.e.minConfidence
	}
}

func (tu *turn) isCancel() bool {
	m := tu.in.Message.Meaning
	if m == "cancel" {
		return true
	}
	if tu.in.Message.NLU != nil {
		return tu.in.Message.NLU.Intent == "cancel"
	}
	// A cancel or a change of mind: nlu's cancel rule, else the built-in
	// intents' model (issue 38 item 3), unless the message is wholly a value of
	// the typed slot asked: the model learned "second" from "on second
	// thought", but "the second" asked for a date is the 2nd.
	return once(&tu.cancel, func(text string) bool {
		if tu.ownInstructionWithValue() || nlu.SaysOnlyDontKnow(text) {
			return false // "wala ko kabalo, salamat": I don't know, no cancel
		}
		cancels := tu.withdraws(text) || tu.modelSays(nlu.IntentCancel) && !tu.awaitedTypedValue() && !tu.awaitedPassedDay()
		// "what happens if I cancel?" asks, and cancels nothing.
		return cancels && !nlu.AsksAboutConsequence(text)
	}, tu.text)
}

// withdraws is nlu's cancel rule; at a question for a value, a message wholly
// a no whose clauses hold a change of mind ("hmm, maybe not, never mind") is
// one too, where at a yes/no question it is the no it says.
func (tu *turn) withdraws(text string) bool {
	if st := tu.currentStep(); st != nil && st.slot != nil {
		if nlu.RetractsThenAnswers(text, tu.holdsFlowValue) {
			return false // "never mind, the loft": a correction, the flow goes on
		}
		return nlu.WithdrawsAnswer(text) || nlu.CancelsWithReason(text, tu.holdsFlowValue) || tu.correctedToCancel()
	}
	return nlu.IsCancel(text)
}

// correctedToCancel reports whether a typed answer corrects itself to a
// change of mind ("from reno, actually scrap the whole trip": the
// correction's tail, what stands, is a cancel and holds no value of the
// flow): the value before it is taken back with the flow.
func (tu *turn) correctedToCancel() bool {
	_, tail, ok := tu.correction()
	return ok && nlu.IsCancel(tail) && !tu.holdsFlowValue(tail)
}

// holdsFlowValue reports whether a clause holds a value of a slot of the
// active flow, as its question would read it ("scratch that, the loft one",
// "forget it, Porto"): such a clause is an answer, no reason for a change of
// mind (nlu.CancelsWithReason).
func (tu *turn) holdsFlowValue(clause string) bool {
	f := tu.flow()
	if f == nil {
		return true
	}
	for _, sl := range f.slotOrder {
		if _, ok := tu.e.parse(tu.in, sl, clause, true); ok {
			return true
		}
	}
	return false
}

// awaitedPassedDay reports whether a typed answer to a date question reads
// wholly as a date counted from the first of this month, though not from
// today: a day that has passed ("the second" said on the 3rd), refused as a
// value but still a date, never a change of mind.
func (tu *turn) awaitedPassedDay() bool {
	st := tu.currentStep()
	if st == nil || st.slot == nil || st.slot.typ != TypeDate || !typed(tu.in) {
		return false
	}
	first := time.Date(tu.now.Year(), tu.now.Month(), 1, 12, 0, 0, 0, tu.now.Location())
	_, ok := nlu.ReadDate(tu.text, first)
	return ok
}

// ownInstructionWithValue reports whether a typed message gives the awaited
// slot's value by its own pattern while a flow whose business is cancelling
// waits for it: its cancel words ("BK-90909, just cancel it already",
// "annulez BK-78787") then ask for what the flow does, and are no change of
// mind.
func (tu *turn) ownInstructionWithValue() bool {
	f, st := tu.flow(), tu.currentStep()
	if f == nil || !f.cancels || st == nil || st.slot == nil {
		return false
	}
	for _, p := range st.slot.patterns {
		if v := groupValue(p, tu.text); v != "" {
			_, ok := tu.e.parse(tu.in, st.slot, v, false)
			return ok && !capturesTwo(st.slot, p, tu.text)
		}
	}
	return false
}

// modelSays reports whether the message's built-in intent is intent, when
// its rules do not read it (nlu.IsCancel, nlu.IsHumanRequest: the caller
// asks those first). The model is read first, once per turn, and the rules
// that would preempt it (a yes or no, a greeting) only when the model says
// intent: most messages say no built-in intent, and this is a turn's cost.
func (tu *turn) modelSays(intent string) bool {
	if tu.builtinRead {
		return tu.builtin.Intent == intent
	}
	if !tu.modelRead {
		tu.model, tu.modelRead = nlu.BuiltinModelIntent(tu.text), true
	}
	return tu.model.Intent == intent && tu.builtinIntent() == intent
}

// awaitedTypedValue reports whether the message reads wholly as a value of the
// awaited slot, when that slot has a type (a text slot takes any text).
func (tu *turn) awaitedTypedValue() bool {
	st := tu.currentStep()
	return st != nil && st.slot != nil && st.slot.typ != TypeText && st.slot.typ != "" && tu.awaitedValue()
}

// builtinIntent is nlu.BuiltinIntent of the typed text, read once per turn.
func (tu *turn) builtinIntent() string {
	switch {
	case tu.builtinRead:
	case tu.modelRead: // the model's reading is not read again
		tu.builtin, tu.builtinRead = nlu.BuiltinIntentWith(tu.text, tu.model), true
	default:
		tu.builtin, tu.builtinRead = nlu.BuiltinIntent(tu.text), true
	}
	return tu.builtin.Intent
}

// lower is the message's text in lower case (strings.ToLower), computed once per
// turn: several cheap tests look for their cues in it.
func (tu *turn) lower() string {
	if !tu.lowered {
		tu.lowerText, tu.lowered = strings.ToLower(tu.text), true
	}
	return tu.lowerText
}

// backReference is the message read as a correction pointing back at a value
// (backReference), read once per turn: both the slot question's answer and
// understanding ask.
func (tu *turn) backReference() (value, old string, ok bool) {
	if !tu.backRead {
		tu.backRead = true
		tu.back.value, tu.back.old, tu.back.ok = backReference(tu.text, tu.lower())
	}
	return tu.back.value, tu.back.old, tu.back.ok
}

// asksForHuman reads a request for a person (the built-in intents: rules, then
// the model), once per turn.
func (tu *turn) asksForHuman() bool {
	return once(&tu.human, func(text string) bool {
		return nlu.IsHumanRequest(text) || tu.modelSays(nlu.IntentHuman) || tu.framedIntent() == nlu.IntentHuman
	}, tu.text)
}

// framesRequest reports whether a typed message's discourse frame holds a
// request the bot answers (help, a person, a greeting, more, a question:
// framedIntent): its thanks or please closes nothing.
func (tu *turn) framesRequest() bool {
	switch tu.framedIntent() {
	case nlu.IntentHelp, nlu.IntentHuman, nlu.IntentGreeting, nlu.IntentMore, nlu.IntentQuestion:
		return true
	}
	return false
}

// framedIntent is the built-in intent of a typed message's answer inside a
// discourse frame ("a person, thanks": human; "help, thanks": help;
// nlu.CutDiscourseFrame), read once per turn; "" when the message has no
// frame. Only a message whose first or last word may be a frame's is read.
func (tu *turn) framedIntent() string {
	if !tu.framedRead {
		tu.framedRead = true
		if tu.in.Message.NLU == nil && tu.in.Message.Meaning == "" && nlu.MayHaveDiscourseFrame(tu.text) {
			if core, ok := nlu.CutDiscourseFrame(tu.text); ok {
				tu.framed = nlu.BuiltinIntent(core).Intent
			}
		}
	}
	return tu.framed
}

// once is read(text), computed the first time and kept in memo (0 unread, 1
// false, 2 true).
func once(memo *int8, read func(string) bool, text string) bool {
	if *memo == 0 {
		*memo = 1
		if read(text) {
			*memo = 2
		}
	}
	return *memo == 2
}

// changesCourse reports whether a message answering a slot question must go
// through understanding instead (001: "Intent markers detected"): an upstream
// parse, a cancel, an intent marker, a request for a human, or a flow's trigger.
func (tu *turn) changesCourse() bool {
	if p := tu.in.Message.NLU; p != nil {
		return tu.e.upstreamChangesCourse(p)
	}
	if tu.endsFlow() {
		return true
	}
	if tu.correctsAwaited() {
		return false // "2 nights, sorry, 3", "5 nights, wait, 4 is enough": the answer, corrected
	}
	if tu.correctsStayEnd() {
		return false // "till sunday, actually monday": the stay's end, corrected
	}
	if tu.e.markerCandidateLower(tu.text, tu.lower()) {
		if _, ok := tu.e.markers.Match(tu.text); ok {
			return true
		}
	}
	if tu.asksForHuman() {
		return true
	}
	if _, _, ok := tu.backReference(); ok && !tu.awaitedValue() {
		return true // "Phoenix, not Denver" while the date is asked
	}
	// Any flow's trigger, the active one's too: "I want to book a flight" is not
	// an origin. A short answer that is a value of the awaited slot and only
	// resembles an example ("Union Station Hotel" while asked which hotel) is
	// the answer; a keyword always changes course.
	r, ok := tu.classify()
	return ok && !tu.answersDespite(r) && !tu.describesAwaitedRecord(r)
}

// correctsAwaited reports whether a typed message corrects itself to a
// value of the awaited slot: a short tail that is one ("2 nights, sorry,
// 3"), one a settling phrase closes ("5 nights, wait, 4 is enough"), or one
// before a remark that gives no value ("3 nights, no wait, 4, the kids want
// a pool day", valueThenRemark).
func (tu *turn) correctsAwaited() bool {
	_, tail, ok := tu.correction()
	if !ok {
		return false
	}
	if wordsWithLetters(tail) <= 3 && tu.awaitedValueIn(tail) || tu.settlesAwaited(tail) {
		return true
	}
	_, remark := tu.valueThenRemark(tail)
	return remark
}

// settlesAwaited reports whether a correction's tail settles on a value of
// the awaited slot (nlu.SettledTail: "4 is enough").
func (tu *turn) settlesAwaited(tail string) bool {
	settled, changed := nlu.SettledTail(tail)
	return changed && wordsWithLetters(settled) <= 3 && tu.awaitedValueIn(settled)
}

// describesAwaitedRecord reports whether a typed message that resembles a
// trigger by r (an example, not a keyword) describes a record of the
// awaited slot's, definitely or in a short answer: "the 2 star hotel,
// please" asked which hotel means one of those the bot holds, not a new
// search. It is the answer: the hotel so described is picked, or the
// question asked again when none of those fitting, or several, fit.
func (tu *turn) describesAwaitedRecord(r nlu.Result) bool {
	st := tu.currentStep()
	if r.Confidence >= keywordConfidence || st == nil || st.slot == nil || st.slot.records == nil || !typed(tu.in) {
		return false
	}
	words := nlu.FoldWords(tu.text)
	if !describesDefinitely(words) && tu.sentence() {
		return false // "find me a 2 star hotel in porto": a search
	}
	return !describesIndefinitely(words) && clauseNamesRecord(st.slot, tu.text)
}

// answersDespite reports whether the message, which resembles a trigger by
// r (an example, not a keyword), is a value of the awaited slot: short, or
// in a choice or copular frame.
func (tu *turn) answersDespite(r nlu.Result) bool {
	return r.Confidence < keywordConfidence && (!tu.sentence() || tu.framedValue()) && tu.awaitedValue()
}

// framedValue reports whether a typed sentence is a value of the awaited
// slot in a choice or copular frame ("I choose Tagus View hotel", "Busan is
// my destination": nlu.PlaceCore): the answer, though it resembles a trigger.
func (tu *turn) framedValue() bool {
	core, ok := nlu.PlaceCore(tu.text)
	return ok && tu.awaitedValueIn(core)
}

// upstreamChangesCourse is changesCourse for an upstream parse p, which replaces
// the engine's NLU: it changes course when it says something (an intent we know,
// cancel, entities); otherwise the text is the answer, mapped directly.
func (e *Engine) upstreamChangesCourse(p *parley.NLU) bool {
	return p.Intent == "cancel" || p.Intent == IntentHuman || e.intentFlow[p.Intent] != nil || len(p.Entities) > 0 || e.answerAct(p.Intent)
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

// awaitedValueIn reports whether text reads as a value of the awaited slot.
func (tu *turn) awaitedValueIn(text string) bool {
	st := tu.currentStep()
	if st == nil || st.slot == nil {
		return false
	}
	_, ok := tu.e.parse(tu.in, st.slot, text, true)
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
	if wordsWithLetters(tu.text) > 3 {
		return true
	}
	// "frm Boston 2 Chicago" is a sentence in its gloss's words.
	g := tu.gloss()
	return g != tu.text && wordsWithLetters(g) > 3
}

// gloss is the message's text with its words of other languages and chat
// spellings in the readers' English (nlu.Gloss), read once per turn; the
// text itself when nothing in it is glossed.
func (tu *turn) gloss() string {
	if !tu.glossed {
		tu.glossText, tu.glossed = glossOf(tu.text), true
	}
	return tu.glossText
}

// glossOf is glossOf(text), read once per turn when text is the message:
// the answer to a slot question is most often the whole message, which
// understanding has glossed already.
func (tu *turn) glossOf(text string) string {
	if text == tu.text {
		return tu.gloss()
	}
	return glossOf(text)
}

// glossOf is nlu.Gloss of text, in capitals when text is written in
// capitals (an upper-case letter, no lower-case one): the readers take
// capitals for a name only beside lower-case words, and a glossed word in
// lower case would make "I WANT TO BOOK A FLIGHT" ("a", the Spanish "to")
// name a place "BOOK".
func glossOf(text string) string {
	g := nlu.Gloss(text)
	if g != text && !strings.ContainsFunc(text, unicode.IsLower) && strings.ContainsFunc(text, unicode.IsUpper) {
		return strings.ToUpper(g)
	}
	return g
}

// wordsWithLetters counts the words of text that hold a letter.
func wordsWithLetters(text string) int {
	words := 0
	for w := range strings.FieldsSeq(text) {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			words++
		}
	}
	return words
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
	var changed bool
	if reason, ok := tu.awaitedNoValue(target, active); ok {
		// A question asked back at a slot's question gives no value: "is
		// there availability tomorrow?" is not a check-in date.
		tu.notUnderstood(active.slots[*tu.s.WaitingForSlot], reason)
	} else {
		changed = tu.extract(active, entities)
	}
	if tu.unknown != nil {
		return tu.outcomeUnknown(tu.unknown)
	}
	st := tu.currentStep()
	if st == nil {
		return tu.advance(0)
	}
	// A question about the active flow's own business ("which airline?" while
	// a flight is confirmed) resembles its trigger but moves nothing: it is
	// not understood, as any other question is.
	if !changed && (target == nil || target == active && tu.asksBack()) && !tu.recovering {
		return tu.unmoved(active, st)
	}
	return tu.advance(st.index)
}

// awaitedNoValue is noValue of a message that starts no other flow while the
// active one waits for a slot.
func (tu *turn) awaitedNoValue(target, active *flow) (string, bool) {
	if tu.s.WaitingForSlot == nil {
		return "", false
	}
	sl := active.slots[*tu.s.WaitingForSlot]
	if _, aside := tu.valueAside(sl); aside && (target == nil || target == active) {
		// Understanding reads the whole message, so one that sets a value
		// aside ("what if I fly to Boston", which resembles the active
		// flow's trigger) gives none here; the question's own reading
		// (fillAwaited) keeps the clauses that set nothing aside.
		return ReasonAside, true
	}
	if target == active && tu.asksBack() && nlu.AsksAboutAction(tu.text) && !nlu.OpensRequest(tu.text) {
		// "hmm, are you flying on good friday?", "do you fly on april 5?":
		// a question that resembles the active flow's trigger names no
		// value of it; a request ("could you find me a flight into
		// Montreal?") is read as before.
		return ReasonQuestion, true
	}
	if target != nil {
		return "", false
	}
	return tu.noValue(sl)
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
		tu.sayKey(tu.socialKey())
	}
	return tu.fire(DialogueNoIntent)
}

// unmoved answers a message that changed no slot of the active flow and started
// no flow, at step st.
func (tu *turn) unmoved(active *flow, st *step) error {
	if st.kind == KindConfirm && tu.askedChange {
		// An answer to "what would you like to change?" naming a slot: ask it again.
		if c := tu.collectStepOf(active, tu.mentionedSlot(active)); c != nil {
			// Asked again afresh, with a fresh retry budget: the count of
			// the answers that failed before it was filled is spent.
			delete(tu.s.Slots, c.slot.name)
			delete(tu.s.Metadata.Retries, c.slot.name)
			return tu.advance(c.index)
		}
	}
	// A turn that moves nothing counts against the step's retry budget, so
	// that no message repeated forever holds the user at one question.
	if spent, err := tu.spendRetry(st, ""); spent {
		return err
	}
	if st.slot != nil && tu.refusedSlot == st.slot {
		// "any hotels in madrid?": the validator's message says why the
		// value is not taken (the cities there are), then the question.
		tu.say(tu.refusal)
		return tu.advance(st.index)
	}
	tu.sayKey("not_understood")
	return tu.advance(st.index)
}

// changesMind reports whether a typed message that resembles a trigger (r)
// is a change of mind about the active flow instead: the rules read it as a
// cancel ("actually cancel that, I don't need a flight anymore", "I'll book
// later, cancel") and it names no other flow by a keyword ("cancel my
// booking" while booking a flight starts cancelling one), unless it names
// that flow's thing negated ("I don't need a hotel after all" while booking
// a room: no search for one).
func (tu *turn) changesMind(r nlu.Result) bool {
	active := tu.flow()
	if active == nil || tu.in.Message.Meaning != "" {
		return false
	}
	return (r.Intent == active.name || r.Confidence < keywordConfidence || negatesThing(tu.lower())) && tu.endsFlow()
}

// negatesThing reports whether lower (a message in lower case) holds a
// negation (nlu.Negates: "don't", "no longer"); "never mind" is a change of
// mind, no negation of what it names ("never mind, cancel my booking").
func negatesThing(lower string) bool {
	return nlu.Negates(strings.ReplaceAll(lower, "never mind", ""))
}

// describesWhatIsCancelled reports whether a typed message that resembles
// another flow's trigger (r) without any of its keywords answers the question
// of a flow whose business is cancelling instead: "the flight to Rome on
// Friday" asked for a booking reference says which booking, and books none.
// It gives no value of the question's (a reference) and is not understood;
// a keyword ("I want to book a flight") still starts the other flow.
func (tu *turn) describesWhatIsCancelled(r nlu.Result) bool {
	active := tu.flow()
	return active != nil && active.cancels && tu.s.WaitingForSlot != nil && r.Intent != active.name &&
		r.Confidence < keywordConfidence && tu.in.Message.Meaning == ""
}

// endsFlow reports whether a message ends the active flow by its words: a
// cancel or a change of mind, or a cancel taken back while cancelling.
func (tu *turn) endsFlow() bool { return tu.isCancel() || tu.keepsIt() }

// keepsIt reports whether a typed message takes back the cancel a cancelling
// flow is for ("oh wait, don't cancel it after all": nlu.KeepsIt).
func (tu *turn) keepsIt() bool {
	f := tu.flow()
	return f != nil && f.cancels && tu.in.Message.NLU == nil && tu.in.Message.Meaning == "" && nlu.KeepsIt(tu.text)
}

// parse is the message's intent (the flow it starts, if any) and entities: the
// upstream parse's, or the engine's own classifier (entities are then found in
// the text by extract).
func (tu *turn) parse() (*flow, map[string]any) {
	p := tu.in.Message.NLU
	if p == nil {
		if r, ok := tu.classify(); ok {
			if nlu.AsksAboutConsequence(tu.text) {
				// "is there a fee to cancel the booking?": a question about
				// an action's cost or outcome starts no flow.
				return nil, nil
			}
			if tu.changesMind(r) {
				return nil, nil // leaves ends the active flow
			}
			if tu.describesWhatIsCancelled(r) {
				return nil, nil
			}
			return tu.e.flows[r.Intent], nil
		}
		if tu.flow() == nil {
			if f := tu.flowOfValues(); f != nil {
				return f, nil
			}
			if f := tu.flowOfThingAndValue(); f != nil {
				return f, nil
			}
			if f := tu.flowOfValue(); f != nil {
				return f, nil
			}
			if f := tu.flowOfPlaceAndDate(); f != nil {
				return f, nil
			}
			if f := tu.flowOfPlace(); f != nil {
				return f, nil
			}
			return tu.flowOfModel(), nil
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
	if f := tu.flowOfValuesIn(tu.text); f != nil {
		return f
	}
	// Or by the gloss's cues: "de Lyon à Nice", "men Rabat l Fes".
	if g := tu.gloss(); g != tu.text {
		return tu.flowOfValuesIn(g)
	}
	return nil
}

// flowOfValuesIn is flowOfValues of text.
func (tu *turn) flowOfValuesIn(text string) *flow {
	var best *flow
	bestN, tie := 1, false
	tf := &textFinder{tu: tu, text: text} // found is made by the first value
	for _, f := range tu.e.order {
		// Each flow reads the message afresh: one finder, emptied.
		clear(tf.found)
		tf.used = tf.used[:0]
		for _, sl := range f.slotOrder {
			for _, re := range sl.patterns {
				tf.take(sl, re)
			}
		}
		if tf.found == nil {
			tf.found = map[string]any{}
		}
		tu.formLines(f, text, tf.found) // "Origin: Boston\nDestination: Miami"
		if len(tf.found) > 0 {
			// "boston to atlanta june 2": a known city outside the cued
			// stretch is the flow's other city (uncuedCity), as the
			// sentence's readers take it once the flow has started.
			tu.uncuedCity(f, tf, tf.found)
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

// flowOfThingAndValue is the one flow a first message names the thing of
// and gives a value for by the flow's own cue ("a room in denver", "room in
// lisbon tuesday": the hotel search's city after "in", and "room", which
// its trigger's keywords end with): a keyword's last word names what the
// flow is about. nil when no flow, or several, fit.
func (tu *turn) flowOfThingAndValue() *flow {
	ws := strings.Fields(tu.lower())
	var found *flow
	for _, f := range tu.e.order {
		if !slices.ContainsFunc(ws, f.namesItsThing) {
			continue
		}
		tf := &textFinder{tu: tu, text: tu.text}
		for _, sl := range f.slotOrder {
			for _, re := range sl.patterns {
				tf.take(sl, re)
			}
		}
		if len(tf.found) == 0 {
			continue
		}
		if found != nil {
			return nil
		}
		found = f
	}
	return found
}

// namesItsThing reports whether w, a lower-case word, is the last word of
// one of f's trigger keywords ("room" of "need a room", "hotels" of "search
// hotels"), or its plural, of four letters or more: the thing the flow is
// about, not a verb's pronoun ("book it") or preposition ("hotel in").
func (f *flow) namesItsThing(w string) bool {
	w = strings.TrimFunc(w, unicode.IsPunct)
	for _, k := range f.def.Trigger.Keywords {
		last := k[strings.LastIndexByte(k, ' ')+1:]
		if len(last) >= 4 && (w == last || strings.TrimSuffix(w, "s") == last) {
			return true
		}
	}
	return false
}

// leaves handles a message that starts no flow and leaves the active one, if
// any: a request for a human, a goodbye with nothing active, a cancel. It
// reports whether it handled the turn.
func (tu *turn) leaves(active *flow) (bool, error) {
	typed := tu.in.Message.NLU == nil
	switch {
	case typed && tu.asksForHuman():
		tu.answerBeforeRequest()
		return true, tu.handoff(ReasonHumanRequested)
	case !typed && tu.in.Message.NLU.Intent == IntentHuman:
		return true, tu.handoff(ReasonHumanRequested)
	case typed && active == nil && hasPhrase(tu.text, closingPhrases) && !tu.framesRequest():
		// "No thanks" to "anything else?": nothing to cancel, the conversation
		// ends here.
		tu.sayKey("goodbye")
		return true, tu.fire(DialogueNoIntent)
	case tu.isCancel() && active == nil:
		tu.sayKey("nothing")
		return true, tu.fire(DialogueNoIntent)
	case tu.isCancel():
		tu.sayKey("cancelled", "flow", active.label)
		return true, tu.withdraw()
	case tu.keepsIt():
		// "Don't cancel it after all" while cancelling: nothing is cancelled.
		tu.sayKey("declined")
		return true, tu.endFlow(OutcomeCancelled)
	}
	return false, nil
}

// answerBeforeRequest stores the awaited slot's value a message gives before
// it asks for a person in passing ("Bristol. and is there a real person I
// can talk to later", "San Diego, and get me an agent"): the clauses before
// the request read wholly as the value, which the person taking over then
// has.
func (tu *turn) answerBeforeRequest() {
	st := tu.currentStep()
	if tu.s.WaitingForSlot == nil || st == nil || st.slot == nil || st.slot.name != *tu.s.WaitingForSlot {
		return
	}
	answer, ok := nlu.ClausesBefore(tu.text, nlu.IsHumanRequest)
	if !ok || answer == "" || nlu.IsHumanRequest(answer) {
		return
	}
	v, problem, err := tu.e.value(tu.ctx, tu.in, tu.s, st.slot, answer, true)
	if err != nil || problem != "" {
		return
	}
	tu.s.Slots[st.slot.name] = v
	tu.userGave(st.slot.name, v)
}

// switchTo makes target the active flow: the active one, if any, is suspended
// on flow_stack; a suspended target resumes where it was (its slots restored
// unless slots are shared), another starts, taking a pending offer of a slot it
// declares ("book that one": the hotel's name, the bus's fare type). The flow
// that made the offer, started again, takes only what it collects: the user is
// searching again, not choosing one of its results for a filter.
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
	tu.pointAtNamed()
	switch o := s.Metadata.Offer; {
	case o == nil:
	case o.Flow == target.name:
		tu.takeOffer(collected(target))
	default:
		tu.takeOffer(declared(target))
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

// closing reports whether a message with no flow to serve ends the
// conversation: a no ("no thanks" to "anything else?"), thanks or goodbye.
func (tu *turn) closing() bool {
	if p := tu.in.Message.NLU; p != nil {
		return p.Intent == "deny" || p.Intent == "negate" || p.Intent == "goodbye" || p.Intent == "thank_you"
	}
	// Thanks in any wording the built-in intents read ("cheers", "merci
	// beaucoup", "shukran") closes as "thanks" does.
	if tu.framesRequest() {
		return false // "help, thanks": the thanks frames a request for help
	}
	return tu.yesNo() == nlu.No || hasPhrase(tu.text, closingPhrases) || nlu.SmallTalkOf(tu.text) == nlu.Thanks
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

// socialKey is the answer to a message that starts nothing with no flow active:
// a greeting is greeted, a request for help is told what the bot does, anything
// else (a question the flows do not answer too) is not understood, which says
// what the bot does as well (issue 38 item 3, the built-in intents).
func (tu *turn) socialKey() string {
	if tu.in.Message.NLU != nil {
		return "fallback"
	}
	switch tu.builtinIntent() {
	case nlu.IntentGreeting:
		return "greeting"
	case nlu.IntentHelp:
		return "help"
	}
	return "fallback"
}
