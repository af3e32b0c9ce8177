package flows

import (
	"maps"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley/nlu"
)

// retryBudget is the budget a step's failed turns count against: the awaited
// slot's (its invalid answers and the turns that moved nothing share it), or for
// a step without a slot (a confirmation) the step's own: DefaultMaxRetries, then
// a handoff.
func (st *step) retryBudget() (key string, limit int, onExhaust string) {
	if st.slot != nil {
		return st.slot.name, st.slot.maxRetries, st.slot.onExhaust
	}
	return "step:" + st.id, DefaultMaxRetries, ExhaustHandoff
}

// spendRetry counts a failed turn at step st (an invalid answer, or a turn that
// moved nothing) against its retry budget. spent is true when the budget ran out
// and its exhaust policy took the turn: the slot skipped, or problem (when there
// is one) said and the flow cancelled or handed off. The count starts again.
func (tu *turn) spendRetry(st *step, problem string) (spent bool, err error) {
	key, limit, onExhaust := st.retryBudget()
	s := tu.s
	if s.Metadata.Retries == nil {
		s.Metadata.Retries = map[string]int{}
	}
	s.Metadata.Retries[key]++
	if s.Metadata.Retries[key] < limit {
		return false, nil
	}
	delete(s.Metadata.Retries, key)
	switch onExhaust {
	case ExhaustSkip:
		delete(s.Slots, st.slot.name)
		return true, tu.advance(st.next)
	case ExhaustCancel:
		tu.say(problem)
		tu.sayKey("cancelled", "flow", tu.flow().label)
		return true, tu.endFlow(OutcomeCancelled)
	case ExhaustHandoff:
		tu.say(problem)
		return true, tu.handoff(ReasonRetriesExhausted)
	}
	return false, nil
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
	if reason, ok := tu.noValue(sl); ok {
		// "What day is it today?" at the date question: no value, asked again.
		tu.notUnderstood(sl, reason)
		return tu.invalid(st, tu.e.invalidText(sl, nil))
	}
	if answer, ok, conflict := tu.restatedAnswer(f, sl); ok {
		return tu.fillReasonHead(st, answer) // "the 19th, yes the 19th"
	} else if conflict {
		tu.notUnderstood(sl, ReasonUnread) // "friday, yes saturday"
		return tu.invalid(st, tu.e.invalidText(sl, nil))
	}
	answer, corrected, read := tu.answerOf(f, sl)
	answer, corrected, another := tu.labelledAnswer(f, sl, answer, corrected)
	if another {
		return tu.fillFromSentence(f, st)
	}
	if !read {
		// "Until Sunday" with no check-in to count from: asked again.
		tu.notUnderstood(sl, ReasonUnread)
		return tu.invalid(st, tu.e.invalidText(sl, nil))
	}
	if tu.readsAsSentence(f, sl, answer, corrected) {
		return tu.fillFromSentence(f, st)
	}
	answer = tu.glossedAnswer(sl, answer)
	value, problem, err := tu.e.value(tu.ctx, tu.in, s, sl, answer, true)
	if err != nil {
		return tu.checkFailed(err, sl)
	}
	if problem != "" {
		return tu.answerFailed(f, st, answer, problem)
	}
	s.Slots[sl.name] = value
	tu.userGave(sl.name, value)
	tu.clearRetries(sl.name)
	return tu.advance(st.next)
}

// readsAsSentence reports whether an answer to sl's question is read as a
// sentence (findInText) rather than as the value: a longer message, or one
// that answers another slot, unless it stands alone after a correction or
// says any value will do ("honestly, it doesn't matter").
func (tu *turn) readsAsSentence(f *flow, sl *slot, answer string, alone bool) bool {
	return !alone && !sl.noPreference(answer) && (tu.sentence() && !placeWithItsWords(sl, answer) || tu.answersAnother(f, sl))
}

// placeWithItsWords reports whether answer, at a city question, is a known
// place and words the place readers account for around it, a preposition of
// any language and a thanks after a comma ("dari Padang, tarimo kasih",
// "oet Maastricht, dank uch": nlu.PlaceCore): the answer, not a sentence. A
// town only the airport list holds is known too ("somewhere called palm
// springs": the frame is read away before nlu.AirportTown as before the
// lexicon).
func placeWithItsWords(sl *slot, answer string) bool {
	if sl.typ != TypeCity {
		return false
	}
	if _, inState, _ := nlu.CityInState(answer); inState {
		return true // "buffalo new york area": a town, its state, its area
	}
	core, ok := nlu.PlaceCore(answer)
	if !ok {
		return false
	}
	_, known := nlu.MatchCityExact(core)
	if known || nlu.IsGeoNamesTown(core) {
		return true
	}
	_, town := nlu.AirportTown(core)
	return town
}

// answerFailed handles a direct answer that gave st's slot no valid value:
// one that does not read as a value but names a city in a frame is read as
// a sentence (framedCity); any other is asked again, noted as not understood
// when it does not read.
func (tu *turn) answerFailed(f *flow, st *step, answer, problem string) error {
	_, read := tu.e.parse(tu.in, st.slot, answer, true)
	if !read && tu.framedCity(st.slot, answer) {
		return tu.fillFromSentence(f, st)
	}
	if !read {
		tu.notUnderstood(st.slot, ReasonUnread)
	}
	return tu.invalid(st, problem)
}

// framedCity reports whether a short typed answer (or the part of one that
// stands: "now Lisbon" after a past clause) that does not read as a city
// slot's value still names a known city in a frame of a few words ("it's for
// Lisbon", "ce sera Porto", "à Porto"): the message is then read as a
// sentence, whose readers take a city named once and set aside a negated or
// past one.
func (tu *turn) framedCity(sl *slot, answer string) bool {
	if sl.typ != TypeCity || !typed(tu.in) || tu.in.Message.Meaning != "" || strings.Contains(answer, ":") {
		return false // "Departure: Boston": a label the answer's readers weighed
	}
	if _, own, typo := sl.cueTypo(strings.TrimSpace(answer)); typo && !own {
		return false // "Fro Portland" asked where to: which way? Asked again.
	}
	for _, text := range []string{answer, tu.glossOf(answer)} {
		if slices.ContainsFunc(nlu.FindCities(text), func(c string) bool { return !nlu.TypedAsWord(text, c) }) {
			return true // "nice day today" names no place
		}
	}
	return false
}

// answerOf is the answer a typed message gives sl's question and whether it
// stands alone (correctedAnswer): a count of a stay's nights said as the day
// it ends is that count (stayCount); read is false when such a day gives none.
func (tu *turn) answerOf(f *flow, sl *slot) (answer string, alone, read bool) {
	if count, isEnd, ok := tu.stayCount(f, sl); isEnd {
		return count, true, ok
	}
	if c, ok := tu.restatedCity(sl); ok {
		return c, true, true // "vancouver, or... yes vancouver"
	}
	if c, ok := tu.cityInTerritory(sl); ok {
		return c, true, true // "out of Bermuda, Hamilton": the town in it
	}
	answer, alone = tu.correctedAnswer(sl)
	if concluded, ok := tu.concludedAnswer(sl, answer); ok {
		answer, alone = concluded, true // "we're in madison so madison"
	}
	if head, ok := tu.apologyAside(sl, answer, alone); ok {
		answer = head // "Scottsdale - sorry, showing a house"
	}
	if tu.hedged(sl, answer) {
		return answer, false, false // "lisbon maybe porto": which one?
	}
	if !alone && patternReadsTwo(sl, tu.in.Message.Text) {
		// "BK-11045, oh and BK-11046 for my wife": which one? Asked again,
		// never the first kept, whatever clause the second stands in.
		return answer, false, false
	}
	rest, aside := tu.asideAnswer(sl, answer)
	if cut, side := tu.withoutSideClause(rest, aside); side && readsValue(sl) && typed(tu.in) && wordsWithLetters(cut) <= 4 {
		// "two nights, we have to be home on Monday": a short answer before
		// a side clause stands alone; a longer one is read as a sentence.
		rest, aside = cut, true
	}
	return tu.answerBeforeAside(f, sl, answer, alone, rest, aside)
}

// cityInTerritory is a typed answer at a city's question that names a
// country or territory and then, after a comma, a town in it, without the
// country (nlu.CityAfterTerritory: "out of Bermuda, Hamilton": "out of
// Hamilton"), when that reads wholly as the city: the slot is a city.
func (tu *turn) cityInTerritory(sl *slot) (string, bool) {
	if sl.typ != TypeCity || !typed(tu.in) || tu.in.Message.Meaning != "" || !strings.Contains(tu.text, ",") {
		return "", false
	}
	c, ok := nlu.CityAfterTerritory(tu.text)
	if !ok {
		return "", false
	}
	if _, read := tu.e.parse(tu.in, sl, c, true); !read {
		return "", false
	}
	return c, true
}

// restatedCity is the city a typed answer at a city's question names first
// and again to close, after a word that confirms or contrasts
// (nlu.RestatedCity: "newark, well, technically jersey city but newark
// airport"): what wavered between is no value.
func (tu *turn) restatedCity(sl *slot) (string, bool) {
	if sl.typ != TypeCity || !typed(tu.in) || tu.in.Message.Meaning != "" {
		return "", false
	}
	return nlu.RestatedCity(tu.text)
}

// answerBeforeAside is answerOf's answer once a side clause (rest, aside) is
// known: less an aside clause too (clauseAside: "oakland since sfo is a
// zoo"), unread when an anchor leaves a day unknown ("the day after I get
// back"); a part that names another slot by its cue ("to Santiago de
// Compostela, then on to Paris" asked where from) is read as a sentence.
func (tu *turn) answerBeforeAside(f *flow, sl *slot, answer string, alone bool, rest string, aside bool) (string, bool, bool) {
	if part, k := tu.clauseAside(sl, rest); k != nlu.AsideNone {
		if part == "" {
			return "", false, false
		}
		rest, aside = part, true
	}
	switch {
	case !aside || rest == "":
		return answer, alone, true
	case tu.answersAnotherIn(f, sl, rest):
		return rest, false, true
	}
	// "Not to Rome, to Milan": the clause that sets nothing aside answers.
	return rest, true, true
}

// patternReadsTwo reports whether one of a text slot's patterns reads two
// different values in text (capturesTwo). A correction ("BK-11045, sorry,
// BK-11046") was read before: its last value stands alone.
func patternReadsTwo(sl *slot, text string) bool {
	if sl.typ != TypeText {
		return false
	}
	return slices.ContainsFunc(sl.patterns, func(p *pattern) bool { return capturesTwo(sl, p, text) })
}

// correctedAnswer is the answer a message gives sl's question: after a
// correction inside it, when what follows is short ("Denver, no wait,
// Dallas": the last value stands), or when its first clause is short and
// reads as sl's value ("st paul, i mean minneapolis, same thing really":
// the value said last stands, its remark read as any answer's); else the
// whole message. The value taken back is never the answer.
func (tu *turn) correctedAnswer(sl *slot) (string, bool) {
	_, tail, ok := tu.correction()
	if !ok {
		if edited, read := tu.wellEdited(sl); read {
			return edited, true // "two nights, well, three"
		}
		return tu.text, false
	}
	if tu.noneOfReason(sl) {
		return tu.text, false // "sunday, no rehearsal": read whole, the clause a reason (reasonHead)
	}
	if settled, read := tu.settledValue(sl, tail); read {
		return settled, true // "5 nights, wait, 4 is enough"
	}
	if wordsWithLetters(tail) <= 3 {
		return tail, true
	}
	if first, ok := tu.valueThenRemark(tail); ok {
		return first, true // "3 nights, no wait, 4, the kids want a pool day"
	}
	if first, _, cut := strings.Cut(tail, ","); cut && wordsWithLetters(first) <= 3 {
		if _, read := tu.e.parse(tu.in, sl, first, true); read {
			return tail, false
		}
	}
	if !nlu.CorrectsByApology(tu.text) {
		// "orlando, actually tampa is closer": the value taken back is never
		// the answer, so the tail is read alone, with its reason, or asked.
		return tail, false
	}
	return tu.text, false
}

// wellEdited is the value a typed answer edits to after a "well" set off by
// pauses (nlu.WellCorrection: "from austin, well, san antonio really"), when
// that tail reads wholly as sl's value.
func (tu *turn) wellEdited(sl *slot) (string, bool) {
	if !typed(tu.in) || tu.in.Message.Meaning != "" {
		return "", false
	}
	_, tail, ok := nlu.WellCorrection(tu.text)
	if !ok {
		// "austin, hmm, dallas": a hesitation set off by pauses.
		_, tail, ok = nlu.HesitationEdit(tu.text)
	}
	if !ok {
		return "", false
	}
	return tu.settledValue(sl, tail)
}

// settledValue is the value a settling phrase closes a repair's tail with
// (nlu.SettlingClause: "..., say seattle"), or tail, the words after a
// repair's editing term, when it reads wholly as sl's value, or else the value it settles on
// (nlu.SettledTail: "too pricey, tagus view", "lisbon, yes lisbon", "4 is
// enough") when that reads wholly; none otherwise: asked, never guessed.
func (tu *turn) settledValue(sl *slot, tail string) (string, bool) {
	if v, ok := nlu.SettlingClause(tail); ok {
		// "tacoma, same airport, say seattle": the closing decision
		// stands, or nothing does.
		if _, read := tu.e.parse(tu.in, sl, v, true); read {
			return v, true
		}
		return "", false
	}
	if _, read := tu.e.parse(tu.in, sl, tail, true); read {
		return tail, true
	}
	settled, changed := nlu.SettledTail(tail)
	if !changed {
		return "", false
	}
	if _, read := tu.e.parse(tu.in, sl, settled, true); !read {
		return "", false
	}
	return settled, true
}

// glossedAnswer is answer, or its gloss (nlu.Gloss) when only the gloss
// reads as a value of sl ("demain matin", "cinq nuits", "nhar sebt"): the
// answer's own reading stands whenever there is one.
func (tu *turn) glossedAnswer(sl *slot, answer string) string {
	g := tu.glossOf(answer)
	if g == answer {
		return answer
	}
	if _, ok := tu.e.parse(tu.in, sl, answer, true); ok {
		return answer
	}
	if sl.typ == TypeCity {
		if _, _, ask := nlu.PlaceCoreOrAsk(answer); ask {
			return answer // "ji Hewlêrê": no gloss drops the preposition that asks
		}
	}
	if _, ok := tu.e.parse(tu.in, sl, g, true); ok {
		return g
	}
	return answer
}

// clearRetries forgets the failed answers counted against a slot now filled.
func (tu *turn) clearRetries(name string) {
	s := tu.s
	if s.Metadata.Retries != nil {
		delete(s.Metadata.Retries, name)
		if len(s.Metadata.Retries) == 0 {
			s.Metadata.Retries = nil
		}
	}
}

// answersAnother reports whether a short answer to sl's question gives another
// slot's value by that slot's own cue ("to Phoenix" asked where from: the
// destination; "2 nights, 2 rooms"), so it is read as a sentence: each value
// goes to the slot it names, and sl's question is asked again when it got none.
func (tu *turn) answersAnother(f *flow, sl *slot) bool {
	if tu.in.Message.NLU != nil || tu.in.Message.Meaning != "" {
		return false
	}
	if tu.answersAnotherIn(f, sl, tu.text) {
		return true
	}
	g := tu.gloss()
	return g != tu.text && tu.answersAnotherIn(f, sl, g)
}

// answersAnotherIn is answersAnother of text (the message or its gloss).
func (tu *turn) answersAnotherIn(f *flow, sl *slot, text string) bool {
	tf := &textFinder{tu: tu, text: text} // found is made by the first value
	for _, re := range sl.patterns {
		tf.take(sl, re)
	}
	own := len(tf.found)
	// The other slots read the stretches sl's patterns left: a value of
	// another slot by its own cue, beside sl's ("2 nights, 2 rooms") or
	// instead of it, makes the answer a sentence that fills both.
	for _, o := range f.slotOrder {
		if o == sl {
			continue
		}
		for _, re := range o.patterns {
			tf.take(o, re)
		}
	}
	return len(tf.found) > own
}

// fillFromSentence reads an answer that is a sentence the way understanding
// reads one: every slot of the flow it names is filled ("from new york to los
// angeles next friday" gives three). A sentence that names none is an invalid
// answer: asked again, and counted against the slot's retries.
func (tu *turn) fillFromSentence(f *flow, st *step) error {
	changed := tu.extract(f, nil)
	if tu.unknown == nil && tu.answerBeforeOther(f, st.slot) {
		changed = true
	}
	if !changed {
		if tu.unknown != nil {
			return tu.outcomeUnknown(tu.unknown)
		}
		if answer, ok := tu.reasonHead(f, st.slot); ok {
			return tu.fillReasonHead(st, answer)
		}
		tu.notUnderstood(st.slot, ReasonUnread)
		return tu.invalid(st, tu.refusalOf(st.slot))
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

// answerBeforeOther stores the awaited slot's value a sentence gives in its
// first clause, before a comma and another slot's value by its own cue ("the
// 24th, three nights please" at the check-in): the sentence's readers take
// only what a sentence says of a date ("the 24th" alone is a direct
// answer's), so the clause is read as the answer it is. It reports whether
// the slot changed; a correction, or a slot the sentence filled, is left.
func (tu *turn) answerBeforeOther(f *flow, sl *slot) bool {
	if sl == nil || !typed(tu.in) || tu.in.Message.Meaning != "" || tu.s.Slots[sl.name] != nil {
		return false
	}
	if _, _, corrected := tu.correction(); corrected {
		return false
	}
	head, rest, ok := strings.Cut(tu.text, ",")
	if !ok || wordsWithLetters(head) > 3 || !tu.answersAnotherIn(f, sl, rest) {
		return false
	}
	v, read := tu.e.parse(tu.in, sl, strings.TrimSpace(head), true)
	return read && tu.setFound(sl, v)
}

// invalid applies a validation failure: clear the value and ask again, until the
// slot's retry budget is spent; then its on_exhaust policy.
func (tu *turn) invalid(st *step, problem string) error {
	s := tu.s
	sl := st.slot
	s.Slots[sl.name] = nil
	if spent, err := tu.spendRetry(st, problem); spent {
		return err
	}
	if err := tu.fire(DialogueValidationFailed); err != nil {
		return err
	}
	tu.await(st)
	tu.say(problem)
	tu.say(tu.generate(st.def, tu.render(st.prompt)))
	return nil
}

// extract is the slot-filling half of understanding: every slot of the flow found
// in the message (or in the upstream parse's entities) is normalized, validated
// and set, even slots not asked for yet. Invalid values are dropped. A slot that
// already had another value is reported to the user ("Got it, I've updated your
// origin to Boston."). It reports whether any slot changed.
func (tu *turn) extract(f *flow, entities map[string]any) bool {
	var found map[string]any
	changed := false
	if entities != nil {
		found = tu.entityValues(f, entities)
		if tu.e.sharedSlots {
			changed = tu.extractShared(otherSlots(f, entities))
		}
	} else {
		if read, changed := tu.correctBack(f); read {
			return changed
		}
		found = map[string]any{}
		tu.findInText(f, found)
	}
	for _, sl := range f.slotOrder {
		if v, ok := found[sl.name]; ok && tu.setFound(sl, v) {
			changed = true
		}
	}
	return changed
}

// entityValues are the values an upstream parse (a model's, a caller's) gave for
// the flow's slots, each read exactly as the same words typed as a direct answer
// would be: a number or a boolean by its text. A value outside the slot's domain is
// not understood (setFound then holds it to the slot's validators, as a typed one).
func (tu *turn) entityValues(f *flow, entities map[string]any) map[string]any {
	found := map[string]any{}
	for _, sl := range f.slotOrder {
		raw, ok := entities[sl.name]
		if !ok || raw == nil {
			continue
		}
		str, isStr := raw.(string)
		if !isStr {
			str = entityText(raw)
		}
		if v, ok := tu.e.parse(tu.in, sl, str, true); ok {
			found[sl.name] = v
		}
	}
	return found
}

// refusalOf is what a sentence that filled nothing is told at sl's
// question: the message of the validator that refused the value it gave sl
// ("any hotels in madrid?": the cities the search has hotels in), else the
// slot's default.
func (tu *turn) refusalOf(sl *slot) string {
	if tu.refusedSlot == sl && tu.refusal != "" {
		return tu.refusal
	}
	return tu.e.invalidText(sl, nil)
}

// otherSlots are the entities that name no slot of the flow: another flow's
// slots, whose values hold for the whole bot.
func otherSlots(f *flow, entities map[string]any) map[string]any {
	others := map[string]any{}
	for name, v := range entities {
		if f.slots[name] == nil {
			others[name] = v
		}
	}
	return others
}

// setFound validates a value found for sl and sets it, saying so when it
// replaces another value. It reports whether the slot changed.
func (tu *turn) setFound(sl *slot, v any) bool {
	s := tu.s
	v, problem, err := tu.e.check(tu.ctx, tu.in, s, sl, tu.offeredSpelling(sl.name, v))
	if err != nil || problem != "" {
		tu.noteUnknown(err)
		if err == nil {
			tu.refusedSlot, tu.refusal = sl, problem
		}
		return false
	}
	old, had := s.Slots[sl.name]
	if had && old != nil && (format(old) == format(v) || sameSpelling(nil, format(old), format(v))) {
		return false // "Mcdonalds" for the "Mcdonald's" held: no change
	}
	s.Slots[sl.name] = v
	tu.userGave(sl.name, v)
	if had && old != nil {
		tu.sayKey("updated", "label", sl.label, "value", format(v))
	}
	return true
}

// findInText finds slot values inside a sentence: first "change the <slot> to X"
// forms, then each slot's patterns, then the typed extractors (dates, emails,
// phone numbers, enum values). A stretch of text gives one slot only.
//
// A sentence that corrects itself ("from Boston to Rome, sorry, to Milan") is
// read in two: what it says after the correction replaces what it said before.
func (tu *turn) findInText(f *flow, found map[string]any) {
	head, tail, ok := tu.correction()
	if !ok {
		tu.findIn(f, tu.text, tu.lower(), found)
		tu.findInGloss(f, tu.text, tu.gloss(), found)
		if rest, aside := tu.textAside(); aside {
			// "a flight from Boston, not to Rome": a date, time, place or
			// count is read only in the clauses that set no value aside
			// (nlu.SetAside); a name or a reference is read as before.
			kept := map[string]any{}
			tu.findIn(f, rest, strings.ToLower(rest), kept)
			tu.findInGloss(f, rest, tu.glossOf(rest), kept)
			for _, sl := range f.slotOrder {
				if v, ok := kept[sl.name]; readsValue(sl) && ok {
					found[sl.name] = v
				} else if readsValue(sl) {
					delete(found, sl.name)
				}
			}
		}
		return
	}
	had := len(found)
	tu.findIn(f, head, strings.ToLower(head), found)
	tu.findInGloss(f, head, tu.glossOf(head), found)
	after := map[string]any{}
	tu.findIn(f, tail, strings.ToLower(tail), after)
	tu.findInGloss(f, tail, tu.glossOf(tail), after)
	if len(after) == 0 && had == 0 && takesBackUnread(tail) {
		// "7/5, sorry, 7/6" with the tail unread: the head's value was taken
		// back for one not read, so none is stored and the bot asks again.
		clear(found)
		return
	}
	dropEndCorrected(f, head, tail, after, tu.now)
	correctedPlace(f, head, found, tail, after)
	maps.Copy(found, after)
}

// takesBackUnread reports whether a correction whose tail reads no value
// still takes back what was said before it: when the tail has a value's
// shape ("7/5, sorry, 7/6", "bk-1102, no, bk-1120"). A tail of words may be
// an apology or a remark ("Scottsdale - sorry, showing a house", "boxing
// day, no racing that day"), and the head stands.
func takesBackUnread(tail string) bool {
	first, _, _ := strings.Cut(tail, ",") // "4, the kids want a pool day"
	return shortWithDigit(tail) || shortWithDigit(first)
}

// correctedPlace gives the city a correction's tail opens with, said
// without a cue ("flight to miami, no, tampa, on friday"), to the city slot
// whose value the head said last: the place said after the correction
// replaces the one just taken back ("from boston to miami, no, tampa" moves
// the destination). A tail that opens with a choice of places ("no, tampa
// or orlando") takes the head's value back and gives none: asked again.
// Nothing is done when the tail's readers placed a city already.
func correctedPlace(f *flow, head string, found map[string]any, tail string, after map[string]any) {
	var target *slot
	last := -1
	lower := strings.ToLower(head)
	for _, sl := range f.slotOrder {
		if sl.typ != TypeCity {
			continue
		}
		if _, ok := after[sl.name]; ok {
			return
		}
		if v, ok := found[sl.name]; ok {
			if i := strings.LastIndex(lower, strings.ToLower(format(v))); i > last {
				target, last = sl, i
			}
		}
	}
	if target == nil {
		return
	}
	cs := nlu.FindCities(tail)
	if len(cs) == 0 || !slices.ContainsFunc(cs, func(c string) bool {
		return !nlu.TypedAsWord(tail, c) && strings.HasPrefix(strings.ToLower(tail), strings.ToLower(c))
	}) {
		return
	}
	if len(cs) > 1 {
		delete(found, target.name)
		return
	}
	after[target.name] = target.normalize(cs[0])
}

// keepsFilledDate reports whether a typed answer to another slot's question
// leaves sl, a filled date, as it is unless its own cue names it: "two nights,
// my meeting is on Monday" at the nights question says why, and moves no
// check-in. A date said with a change word ("actually Saturday instead",
// nlu.SaysChange) or after a correction still changes it.
func (tu *turn) keepsFilledDate(sl *slot) bool {
	w := tu.s.WaitingForSlot
	if sl.typ != TypeDate || w == nil || *w == sl.name || tu.s.Slots[sl.name] == nil || !typed(tu.in) {
		return false
	}
	if _, _, corrected := tu.correction(); corrected {
		return false
	}
	return !nlu.SaysChange(tu.text)
}

// textAside is nlu.SetAside of a typed message: a model's or a button's
// reading is taken as given.
func (tu *turn) textAside() (string, bool) {
	if tu.in.Message.NLU != nil || tu.in.Message.Meaning != "" {
		return tu.text, false
	}
	rest, aside := tu.withoutSideClause(tu.setAside(tu.text))
	if sl := tu.awaitedSlot(); sl != nil {
		if part, k := tu.clauseAside(sl, rest); k != nlu.AsideNone {
			return part, true // "" when anchored: "the day after I get back"
		}
	} else if r, ok := nlu.WithoutEventClauses(rest); ok {
		// A request beside an event of the user's life ("..., crew change
		// on the 4th"): the event's day is no value of the request.
		return r, true
	}
	return rest, aside
}

// findInGloss fills the slots text's own words left empty from its gloss g
// (nlu.Gloss: "de Lyon à Nice demain matin" read as "from Lyon to Nice
// tomorrow morning"), by the same readers: a value the gloss's words do not
// wholly give is not taken, and a slot the text filled keeps its value.
func (tu *turn) findInGloss(f *flow, text, g string, found map[string]any) {
	if g == text || len(found) == len(f.slotOrder) {
		return
	}
	more := map[string]any{}
	tu.findIn(f, g, strings.ToLower(g), more)
	for name, v := range more {
		if _, done := found[name]; !done {
			found[name] = v
		}
	}
}

// findIn is findInText of text (lower, in lower case).
func (tu *turn) findIn(f *flow, text, lower string, found map[string]any) {
	tu.formLines(f, text, found)
	tf := &textFinder{tu: tu, text: text, found: found}
	for _, sl := range f.slotOrder {
		if slices.ContainsFunc(sl.names, func(n string) bool { return strings.Contains(lower, n) }) {
			tf.take(sl, sl.labelled)
		}
	}
	for _, sl := range f.slotOrder {
		for _, re := range sl.patterns {
			tf.take(sl, re)
		}
	}
	for _, sl := range f.slotOrder {
		if _, done := found[sl.name]; done || tu.keepsFilledDate(sl) {
			continue
		}
		if v, ok := tu.typedValue(f, sl, tf.text, found); ok {
			found[sl.name] = v
		} else if sl.typ != TypeEnum && sl.def.NoPreference && sl.noPreferenceInSentence(tf.text) {
			found[sl.name] = DontCare // "a concert any day around SD"
		}
	}
	tu.placePair(f, tf, found)
	tu.uncuedCity(f, tf, found)
}

// placePair gives a trip said as two cities after a preposition each
// ("flight ti Bandung ka Jakarta", "mei Auckland ki Sydney":
// nlu.PlacePair) to the flow's where-from and where-to slots, when both are
// empty and the cued patterns took no city of the sentence.
func (tu *turn) placePair(f *flow, tf *textFinder, found map[string]any) {
	var from, to *slot
	for _, sl := range f.slotOrder {
		if sl.typ != TypeCity {
			continue
		}
		if _, ok := found[sl.name]; ok || tu.s.Slots[sl.name] != nil {
			return
		}
		switch sl.placeDirection() {
		case nlu.PlaceFrom:
			from = sl
		case nlu.PlaceTo:
			to = sl
		}
	}
	if from == nil || to == nil {
		return
	}
	if a, b, ok := nlu.PlacePair(tf.freeText()); ok {
		found[from.name], found[to.name] = from.normalize(a), to.normalize(b)
	}
}

// uncuedCity gives the one known city a sentence names outside every cued
// stretch ("Dublin to Prague" asked where from, "Chicago on the 20th" asked
// where to, "montreal to vancouver" in a first message) to the city slot it
// answers: the awaited one, else the flow's only city slot still empty
// beside one the sentence filled. Two such cities, or a choice, give none.
func (tu *turn) uncuedCity(f *flow, tf *textFinder, found map[string]any) {
	target := tu.uncuedCityTarget(f, found)
	if target == nil {
		return
	}
	free := tf.freeText()
	if _, _, ask := nlu.CityInState(free); ask {
		return // "austin ny": the town is in another state; asked again
	}
	cs := slices.DeleteFunc(nlu.FindCities(free), func(c string) bool {
		return nlu.TypedAsWord(free, c) // "somewhere nice" names no place
	})
	if town, ok := freeTown(free); ok && len(cs) == 0 {
		cs = []string{town} // "Newquay to London": the town is the rest
	}
	if len(cs) != 1 || nlu.NamesAlternativesNear(free, cs[0]) || otherCueTypoBefore(f, target, free, cs[0]) {
		return
	}
	for _, v := range found {
		if strings.EqualFold(format(v), cs[0]) {
			return
		}
	}
	if tu.placeBeforeComma(target, cs[0]) {
		return // "yellowknife, the shop is busy near denver": which one? Asked.
	}
	found[target.name] = target.normalize(cs[0])
}

// placeBeforeComma reports whether a typed answer to target's question says
// before its first comma, wholly, a place other than city, which it names
// after the comma: two places, the second in a clause after the answer, and
// the readers take neither (reasonHead asks again).
func (tu *turn) placeBeforeComma(target *slot, city string) bool {
	w := tu.s.WaitingForSlot
	if w == nil || *w != target.name || !typed(tu.in) {
		return false
	}
	head, rest, ok := strings.Cut(tu.text, ",")
	if !ok || !strings.Contains(strings.ToLower(rest), strings.ToLower(city)) {
		return false
	}
	if _, _, corrected := tu.correction(); corrected {
		return false // "st paul, i mean minneapolis": the last place stands
	}
	v, read := tu.e.parse(tu.in, target, strings.TrimSpace(head), true)
	return read && !strings.EqualFold(format(v), city) && nlu.IsListedPlace(format(v))
}

// freeTown reads free, a sentence's text outside the cued stretches, as a
// town GeoNames lists and nothing else ("Newquay" of "Newquay to London";
// "bozeman friday" typed plainly, a word after it that may end a place's
// name: plainPlace): a town the gazetteer's cities leave out is that town.
// A capitalized name must be the towns list's as typed and alone.
func freeTown(free string) (string, bool) {
	name := strings.TrimFunc(free, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
	if name == "" || strings.ContainsFunc(name, func(r rune) bool { return unicode.IsPunct(r) && r != '\'' && r != '-' && r != '.' }) {
		return "", false
	}
	if len(strings.Fields(name)) > 3 {
		return "", false
	}
	if strings.ContainsFunc(name, unicode.IsUpper) {
		return name, nlu.IsGeoNamesTown(name) && !nlu.IsCommonWord(name)
	}
	town, _, ok := plainPlace(name) // "bozeman" of "bozeman to denver friday"
	return town, ok
}

// uncuedCityTarget is the city slot an uncued city answers (uncuedCity), or
// nil: in a flow of two city slots or more, the awaited one when it is empty,
// else with no question asked the only one empty beside one filled.
func (tu *turn) uncuedCityTarget(f *flow, found map[string]any) *slot {
	var empty []*slot
	cities := 0
	for _, sl := range f.slotOrder {
		if sl.typ != TypeCity {
			continue
		}
		cities++
		if _, ok := found[sl.name]; !ok && tu.s.Slots[sl.name] == nil {
			empty = append(empty, sl)
		}
	}
	if cities < 2 || len(empty) == 0 {
		return nil // a flow's only city slot takes an uncued city in typedValue
	}
	if w := tu.s.WaitingForSlot; w != nil {
		if target := f.slots[*w]; target != nil && slices.Contains(empty, target) {
			return target
		}
		return nil
	}
	if len(empty) == 1 && len(empty) < cities {
		return empty[0]
	}
	return nil
}

// freeText is the finder's text with the stretches slots took blanked out.
func (tf *textFinder) freeText() string {
	if len(tf.used) == 0 {
		return tf.text
	}
	b := []byte(tf.text)
	for _, u := range tf.used {
		for i := u[0]; i < u[1] && i < len(b); i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// textFinder takes slot values out of a sentence by pattern, a stretch of the
// sentence for one slot only.
type textFinder struct {
	tu   *turn
	text string
	// found holds the values taken; a finder that only counts them starts it nil,
	// and take makes it with the first (most short answers give none).
	found map[string]any
	used  [][2]int // the stretches slots took
}

// free reports whether text[a:b] overlaps no stretch a slot took.
func (tf *textFinder) free(a, b int) bool {
	for _, u := range tf.used {
		if a < u[1] && u[0] < b {
			return false
		}
	}
	return true
}

// overlappingMatches are re's matches in text starting at every place one
// starts, not only after the previous match: "I need to fly out to Denver"'s
// destination cue "to" takes "fly out to" first, and "to Denver" is a match
// too.
func overlappingMatches(p *pattern, text string) [][]int {
	var out [][]int
	for pos := 0; pos < len(text); {
		// Each search of the rest starts where its first cue's word does; none
		// runs when the rest holds no cue.
		m := p.findFrom(text, pos)
		if m == nil {
			break
		}
		out = append(out, m)
		_, size := utf8.DecodeRuneInString(text[m[0]:])
		pos = m[0] + max(size, 1)
		// The next search starts at a word's start, never inside one: the rest
		// of "SUN NIGHT" from its second letter would read "UN" (one) as a
		// count of nights, as \b sees a word start at the slice's start.
		for pos < len(text) && syntax.IsWordChar(rune(text[pos-1])) && syntax.IsWordChar(rune(text[pos])) {
			pos++
		}
	}
	return out
}

// freeEnd is where a stretch from a to b must end to stop before the first
// stretch a slot took after a.
func (tf *textFinder) freeEnd(a, b int) int {
	for _, u := range tf.used {
		if u[0] > a && u[0] < b {
			b = u[0]
		}
	}
	return b
}

// take finds sl's value with re, when no pattern found it yet: the first match
// whose capture (the group named value, else the first) is in a free stretch and
// reads as a value of the slot. The match's stretch is then taken.
func (tf *textFinder) take(sl *slot, p *pattern) {
	if _, done := tf.found[sl.name]; done {
		return
	}
	for _, m := range overlappingMatches(p, tf.text) {
		g := p.group
		if 2*g+1 >= len(m) || m[2*g] < 0 {
			continue
		}
		// A capture running into a stretch another slot took ends there: "to
		// Austin from Chicago" gives the destination "Austin" when the origin
		// took "from Chicago".
		end := tf.freeEnd(m[2*g], m[2*g+1])
		if !tf.free(m[2*g], end) {
			continue
		}
		capture := strings.TrimSpace(tf.text[m[2*g]:end])
		if tf.refusesCapture(sl, m, m[2*g], end, capture) {
			continue
		}
		if v, ok := tf.tu.e.parse(tf.tu.in, sl, capture, false); ok {
			if tailOfKnownCity(sl, tf.tu.in.Message.Text, capture) || cueInKnownCity(sl, tf.text, m[2*g], capture) || tf.tu.volunteeredInexactly(sl, capture, v) {
				continue
			}
			if tf.namesTwo(sl, p, m, capture, end, v) {
				// "two nights or one night": two values, none of them.
				return
			}
			if tf.found == nil {
				tf.found = map[string]any{}
			}
			tf.found[sl.name] = v
			stop := m[1]
			if end < m[2*g+1] {
				stop = end
			}
			tf.used = append(tf.used, [2]int{m[0], takenEnd(sl, capture, m[2*g], stop)})
			return
		}
	}
}

// volunteeredInexactly reports whether v, a city read from a cue's capture
// for sl while another slot's question is awaited, is read only by a typo, a
// folded mark or an ending (nlu.SaysCityExactly): a value the user
// volunteers beside the answer asked ("wednesday, my lips need a rest":
// "a" is Spanish "to") is taken only when named exactly; the question
// asked is the place to read a guess.
func (tu *turn) volunteeredInexactly(sl *slot, capture string, v any) bool {
	w := tu.s.WaitingForSlot
	if sl.typ != TypeCity || w == nil || *w == sl.name || !typed(tu.in) {
		return false
	}
	return !nlu.SaysCityExactly(capture, format(v))
}

// refusesCapture reports whether a capture from start to end of match m is no
// value to take: empty, one of two values offered as a choice, the tail of a
// number, or a one after a rate ("the 90 a night one").
func (tf *textFinder) refusesCapture(sl *slot, m []int, start, end int, capture string) bool {
	return capture == "" || offeredAsAChoice(tf.text, start, end) || endsANumber(sl, tf.text, start) ||
		rateThenOne(sl, tf.text, m[0], capture) || countsCompound(sl, tf.text, m, end)
}

// tailOfKnownCity reports whether a city slot's capture starts with a word
// that ends a known city the message names ("Janeiro" of "para o Rio de
// Janeiro", "de" read as the cue "from"): the capture is the name's tail, no
// place of its own. Only a capture naming no known city is looked at.
func tailOfKnownCity(sl *slot, message, capture string) bool {
	if sl.typ != TypeCity {
		return false
	}
	first, _, _ := strings.Cut(strings.TrimSpace(capture), " ")
	first = strings.TrimFunc(first, unicode.IsPunct)
	if _, known := nlu.MatchCityExact(first); known || first == "" {
		return false
	}
	for _, c := range nlu.FindCities(message) {
		if i := strings.LastIndexByte(c, ' '); i > 0 && strings.EqualFold(c[i+1:], first) {
			return true
		}
	}
	return false
}

// cueInKnownCity reports whether the word before a city slot's capture at
// start (the pattern's cue) is a word of a known city's name that runs on
// into the capture: the cue begins it ("A Coruña", "La Paz", "Le Havre",
// "Den Haag": "a" is Spanish "to") or stands inside it ("de" of "Santiago
// de Compostela"), and cues nothing.
func cueInKnownCity(sl *slot, text string, start int, capture string) bool {
	if sl.typ != TypeCity {
		return false
	}
	before := strings.Fields(text[:start])
	if len(before) == 0 {
		return false
	}
	after := strings.Fields(capture)
	for i := len(before) - 1; i >= max(0, len(before)-3); i-- {
		if strings.IndexFunc(before[i], unicode.IsPunct) >= 0 {
			break // "Boston, going to Miami": a name never runs over a comma
		}
		name := strings.Join(before[i:], " ")
		for k, w := range after {
			if k == 3 {
				break
			}
			name += " " + strings.TrimRightFunc(w, unicode.IsPunct)
			if _, known := nlu.MatchCityExact(name); known {
				return true
			}
		}
	}
	return false
}

// namesTwo reports whether the match m of p, whose capture (up to end) read
// v, names a second value beside it: a count again, a record's name twice,
// a choice after a city.
func (tf *textFinder) namesTwo(sl *slot, p *pattern, m []int, capture string, end int, v any) bool {
	switch {
	case tf.saysAnother(sl, p, m[0], m[1], v):
		return true
	case sl.typ == TypeText:
		return capturesTwo(sl, p, tf.text)
	case sl.typ == TypeCity:
		return choiceAfter(tf.text[takenEnd(sl, capture, m[2*p.group], end):])
	}
	return false
}

// choiceAfter reports whether the first words of rest, the text after a
// city taken, offer another ("Amsterdam, the Netherlands or Budapest").
func choiceAfter(rest string) bool {
	n := 0
	cut := strings.IndexFunc(rest, func(r rune) bool {
		if unicode.IsSpace(r) {
			n++
		}
		return n > choiceWords
	})
	if cut >= 0 {
		rest = rest[:cut]
	}
	return nlu.NamesAlternatives(rest)
}

// choiceWords is how many words after a city choiceAfter reads: a country
// may stand between ("Amsterdam in the Netherlands or Budapest").
const choiceWords = 5

// saysAnother reports whether a count's pattern p, which read v in the match
// from start to end, reads another value after it, or matches again after a
// choice word ("deux nuits ou une nuit", "two nights or a night"): a sentence
// giving a count twice gives none.
func (tf *textFinder) saysAnother(sl *slot, p *pattern, start, end int, v any) bool {
	if sl.typ != TypeInteger && sl.typ != TypeNumber {
		return false
	}
	g := p.group
	for _, m := range overlappingMatches(p, tf.text[start+1:]) {
		a, b := m[2*g]+start+1, m[2*g+1]+start+1
		if m[2*g] < 0 || !tf.free(a, b) || endsANumber(sl, tf.text, a) {
			continue
		}
		if b > end && nlu.NamesAlternatives(tf.text[end:b]) {
			return true
		}
		if w, ok := tf.tu.e.parse(tf.tu.in, sl, strings.TrimSpace(tf.text[a:b]), false); ok && format(w) != format(v) {
			return true
		}
	}
	return false
}

// endsANumber reports whether a number slot's capture at start follows a
// number word: it is the end of a number the pattern did not take whole
// ("une" of "vingt et une nuits", "five" of "one hundred and five nights"),
// never the count.
func endsANumber(sl *slot, text string, start int) bool {
	if sl.typ != TypeInteger && sl.typ != TypeNumber {
		return false
	}
	before := strings.TrimRightFunc(text[:start], unicode.IsSpace)
	if len(before) == len(text[:start]) {
		return false // inside a word, or at the start
	}
	prev, rest := lastWord(before)
	if nlu.IsNumberJoiner(strings.ToLower(prev)) {
		prev, _ = lastWord(rest) // "vingt et une": the joiner joins the number before it
	}
	prev = strings.ToLower(prev)
	return prev != "" && nlu.IsNumberWord(prev) && !nlu.IsNumberJoiner(prev) && !isAllDigits(prev)
}

// lastWord is the last space-separated word of s and what comes before it,
// without allocating (a turn reads every number slot's captures).
func lastWord(s string) (word, rest string) {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	i := strings.LastIndexFunc(s, unicode.IsSpace) + 1
	return s[i:], s[:i]
}

// isAllDigits reports whether w is digits only: "2 3 nights" is no number
// ending in 3, but a list.
func isAllDigits(w string) bool {
	return w != "" && strings.Trim(w, "0123456789") == ""
}

// offeredAsAChoice reports whether the capture text[start:end] is one of
// alternatives: it holds a choice word, or one comes right before it ("two
// or three nights" says no one count; "Lisbon or Porto" no one city).
func offeredAsAChoice(text string, start, end int) bool {
	notWord := func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }
	before := strings.TrimRightFunc(text[:start], notWord)
	return nlu.NamesAlternatives(text[strings.LastIndexFunc(before, notWord)+1 : end])
}

// takenEnd is where the stretch of a match ends (end), for a capture starting at
// start: for a city, only the words the city took ("Boston" of "from Boston to
// Paris" leaves "to Paris" to the destination).
func takenEnd(sl *slot, capture string, start, end int) int {
	if sl.typ != TypeCity {
		return end
	}
	_, n, ok := cityPrefix(capture, false, true)
	if !ok {
		// "bozeman" of "from bozeman to chicago", "savannah" of "to
		// savannah on friday".
		if _, n, ok = plainPlace(capture); !ok {
			_, n, _ = sl.gazetteerPlace(capture)
		}
	}
	return start + wordsEnd(capture, n)
}

// findCities is nlu.FindCities of text, kept for the last text read: each
// city slot of a flow reads a first message for an uncued city. It is a copy,
// as the callers delete from it.
func (tu *turn) findCities(text string) []string {
	if !tu.citiesRead || tu.citiesText != text {
		tu.cities, tu.citiesText, tu.citiesRead = nlu.FindCities(text), text, true
	}
	return slices.Clone(tu.cities)
}

// typedValue finds a value of the slot's type anywhere in text: a date (unless
// another date slot took one), an email, a phone number, a time, a city (for
// the flow's only city slot), an enum value written out.
func (tu *turn) typedValue(f *flow, sl *slot, text string, found map[string]any) (any, bool) {
	switch sl.typ {
	case TypeDate:
		return tu.typedDate(f, text, found)
	case TypeEmail:
		return nlu.ExtractEmail(text)
	case TypePhone:
		return nlu.ExtractPhone(text)
	case TypeTime:
		if !tu.timeFramed(f, sl, text) {
			return nil, false
		}
		return nlu.ParseTimeOutsideDate(text, tu.now) // "on 15.05.2027" is no 15:05
	case TypeCity:
		// A city named without a cue ("to", "from") belongs to the flow's only
		// city slot.
		// Two cities, or a choice ("Lisbon or Porto"), name no one city.
		cs := slices.DeleteFunc(tu.findCities(text), func(c string) bool { return nlu.TypedAsWord(text, c) })
		if len(cs) == 1 && onlyCity(f, sl) && !nlu.NamesAlternativesNear(text, cs[0]) {
			return sl.normalize(cs[0]), true
		}
	case TypeEnum:
		if v, ok := sl.enum.Match(text); ok && mentions(text, sl, v) {
			return sl.normalize(v), true
		}
	case TypeText:
		return tu.recordInText(sl, text)
	}
	return nil, false
}

// timeFramed reports whether a time in text may fill the time slot sl of f:
// a step asks it (now, or later), or the message names the slot ("arriving around 9pm", by its
// label's words), or gives a date the time is the hour of ("Saturday, around
// 3pm"). A bare time answering another question ("around 9am after my
// shift" asked for a date, "from 21.03" at a confirmation) is no answer of
// sl's: it is left unread.
func (tu *turn) timeFramed(f *flow, sl *slot, text string) bool {
	if tu.collectStepOf(f, sl) != nil || namesSlot(sl, text) {
		return true
	}
	_, dated := nlu.FindDate(text, tu.now)
	return dated
}

// namesSlot reports whether text holds a word of sl's label or name other
// than its type's ("arrival" of "arrival time"), in any of its forms: a
// word starting as its first five letters do ("arriving", "arrive").
func namesSlot(sl *slot, text string) bool {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) })
	for _, n := range sl.names {
		for w := range strings.FieldsSeq(strings.ReplaceAll(n, "_", " ")) {
			if len(w) < 5 || w == "time" || w == "date" {
				continue
			}
			stem := w[:5]
			if slices.ContainsFunc(words, func(t string) bool { return strings.HasPrefix(t, stem) }) {
				return true
			}
		}
	}
	return false
}

// typedDate finds the one date of text for a date slot of f, unless another
// date slot took one. In a stay ("checking out on the 24th"), a date said as
// its end is not its start.
func (tu *turn) typedDate(f *flow, text string, found map[string]any) (any, bool) {
	taken := slices.ContainsFunc(f.slotOrder, func(o *slot) bool {
		_, ok := found[o.name]
		return ok && o.typ == TypeDate
	})
	if taken || stay(f) && (nlu.SaysStayEnd(text, tu.now) || tu.journeyDayAside(text)) {
		return nil, false
	}
	if typed(tu.in) && nlu.SaysApproximately(tu.text, tu.now) {
		return nil, false // "the 20th or so": near it, no one day (asked)
	}
	if d, ok := nlu.FindDate(text, tu.now); ok && !tu.anchorsOther(text) {
		return d.String(), true
	}
	return nil, false
}

// journeyDayAside reports whether text, a typed answer to another question
// of a stay, says a day only in a clause about the journey to it ("lisbon,
// we're flying in on friday": nlu.JourneyAside): the journey is another
// event than the stay, its day none of the stay's (issue 38, dates28:
// round 14), as at the stay's own date question (journeyAside).
func (tu *turn) journeyDayAside(text string) bool {
	sl := tu.awaitedSlot()
	if sl == nil || sl.typ == TypeDate || !typed(tu.in) {
		return false
	}
	cut := nlu.JourneyAside(text)
	if cut < 0 {
		return false
	}
	_, ok := nlu.FindDate(text[:cut], tu.now)
	return !ok
}

// recordInText is the listed value of a slot with records that a sentence
// names ("we would like the Tagus View"); by price only when the sentence
// answers the slot's own question.
func (tu *turn) recordInText(sl *slot, text string) (any, bool) {
	if sl.records == nil || !typed(tu.in) {
		return nil, false
	}
	w := tu.s.WaitingForSlot
	return recordAnswer(tu.in, sl, text, w != nil && *w == sl.name)
}

// mentions reports whether the enum value v (or one of its synonyms) is written in
// text, so that a fuzzy enum match never invents a value out of a sentence.
func mentions(text string, sl *slot, v string) bool {
	k := " " + foldKey(text) + " "
	for _, w := range append([]string{v}, sl.def.Synonyms[v]...) {
		if strings.Contains(k, " "+foldKey(w)+" ") {
			return true
		}
	}
	return false
}

// extractShared sets the values of an upstream parse for slots of any flow
// (settings.shared_slots), normalized and validated by the slot's first
// declaration. It reports whether any changed.
func (tu *turn) extractShared(entities map[string]any) bool {
	if !tu.e.sharedSlots {
		return false
	}
	changed := false
	for name, raw := range entities {
		sl := tu.e.slotByName[name]
		if sl == nil || raw == nil {
			continue
		}
		str, isStr := raw.(string)
		if !isStr {
			str = entityText(raw)
		}
		v, ok := tu.e.parse(tu.in, sl, str, true)
		if !ok {
			continue
		}
		v, problem, err := tu.e.check(tu.ctx, tu.in, tu.s, sl, tu.offeredSpelling(name, v))
		if err != nil || problem != "" || format(tu.s.Slots[name]) == format(v) {
			tu.noteUnknown(err)
			continue
		}
		tu.s.Slots[name] = v
		tu.userGave(name, v)
		changed = true
	}
	return changed
}

// onlyCity reports whether sl is the flow's one city slot.
func onlyCity(f *flow, sl *slot) bool {
	for _, o := range f.slotOrder {
		if o.typ == TypeCity && o != sl {
			return false
		}
	}
	return true
}

// formLines fills found from the lines of text that are form fields naming a
// slot of f by its label or name ("Origin: Boston\nDestination: Miami\nDate:
// Thu, 2 Jul 2026", pasted from an email): each value is read wholly, as an
// answer to its slot's question, and a slot already found keeps its value.
func (tu *turn) formLines(f *flow, text string, found map[string]any) {
	if strings.IndexByte(text, '\n') < 0 || !strings.ContainsAny(text, ":=") {
		return
	}
	for line := range strings.Lines(text) {
		named, rest, ok := labelled(f, nil, strings.TrimSpace(line))
		if !ok || named == nil {
			continue
		}
		if _, done := found[named.name]; done {
			continue
		}
		if v, ok := tu.e.parse(tu.in, named, rest, true); ok {
			found[named.name] = v
		}
	}
}

// labelledAnswer is the answer to sl's question after a label ("Destination:
// Boston" pasted from an itinerary, "**Departure city:** Lisbon (LIS)": the
// label frames the value and is never part of it, the rest stands alone);
// another is true when the label is another slot's, or a cue of another
// slot's ("From: Boston" asked where to), so that the answer is read as a
// sentence, by that slot's own pattern.
func (tu *turn) labelledAnswer(f *flow, sl *slot, answer string, alone bool) (string, bool, bool) {
	named, rest, ok := labelled(f, sl, answer)
	switch {
	case !ok:
		return answer, alone, false
	case named == nil && tu.answersAnotherIn(f, sl, tu.unlabelled(answer)):
		// The sentence's readers read the label as the cue it is.
		tu.setText(tu.unlabelled(answer))
		return tu.text, alone, true
	case named != nil && named != sl:
		return answer, alone, true
	}
	return rest, true, false
}

// unlabelled is text with its form label's separator and marks left out
// ("From: Boston" is "From Boston"): a label that is another slot's cue then
// reads as one.
func (tu *turn) unlabelled(text string) string {
	label, rest, _ := nlu.CutFormLabel(text, nil)
	return strings.Join(append(label, rest), " ")
}

// labelled reads a value written after a form field's label ("Origin: Lyon",
// "Departure date = 12/05", "*Destination*: Denver"; nlu.CutFormLabel): the
// slot the label names (nil when it names none, "To: Phoenix") and the value.
// A label is made of form words and of the words of the flow's slots' names
// and of sl's question.
func labelled(f *flow, sl *slot, text string) (*slot, string, bool) {
	if !labelMarks.In(text) {
		return nil, "", false
	}
	label, rest, ok := nlu.CutFormLabel(text, func(w string) bool { return labelWordOf(f, sl, w) })
	if !ok {
		return nil, "", false
	}
	return namedSlot(f, label), rest, true
}

// labelWordOf reports whether w is a word of a slot's label or name, or of
// sl's question.
func labelWordOf(f *flow, sl *slot, w string) bool {
	for _, o := range f.slotOrder {
		for _, n := range o.names {
			if slices.Contains(strings.Fields(n), w) {
				return true
			}
		}
	}
	return sl != nil && slices.Contains(strings.Fields(foldKey(sl.prompt)), w)
}

// namedSlot is the slot whose label or name is the most words of label, all
// of them there ("departure date" in "date of departure"); nil when none is,
// or two are as much.
func namedSlot(f *flow, label []string) *slot {
	var best *slot
	most, tied := 0, false
	for _, o := range f.slotOrder {
		for _, n := range o.names {
			ws := strings.Fields(n)
			if !containsAll(label, ws) {
				continue
			}
			switch {
			case len(ws) > most:
				best, most, tied = o, len(ws), false
			case len(ws) == most && o != best:
				tied = true
			}
		}
	}
	if tied {
		return nil
	}
	return best
}

func containsAll(set, ws []string) bool {
	for _, w := range ws {
		if !slices.Contains(set, w) {
			return false
		}
	}
	return len(ws) > 0
}

// labelMarks are the marks a label is cut from its value by (labelled).
var labelMarks = nlu.NewMarkSet(":=-–—→：")

// rateWords stand between a price and its unit ("90 a night", "$120 per
// night", "60 each night").
var rateWords = map[string]bool{"a": true, "an": true, "per": true, "each": true, "every": true}

// countsCompound reports whether a number's match m, whose capture ends at
// end, ends at a singular unit that is the first noun of a compound with a
// plural head ("three night shifts", "after four night classes"): the count
// is the plural's, no count of the unit (nlu.UnitModifiesPlural).
func countsCompound(sl *slot, text string, m []int, end int) bool {
	return (sl.typ == TypeInteger || sl.typ == TypeNumber) && m[1] > end && nlu.UnitModifiesPlural(text, m[1])
}

// rateThenOne reports whether a count's capture is the pronoun "one" after a
// rate ("the 90 a night one", "the $120 per night one"): the match starts at
// the unit, a rate word stands before it, and "one" is the thing picked, no
// count of nights.
func rateThenOne(sl *slot, text string, matchStart int, capture string) bool {
	if sl.typ != TypeInteger && sl.typ != TypeNumber || !strings.EqualFold(capture, "one") {
		return false
	}
	prev, _ := lastWord(strings.TrimRightFunc(text[:matchStart], unicode.IsSpace))
	return rateWords[strings.ToLower(prev)]
}

// valueThenRemark is the first clause of a correction's tail when it is
// short and reads as the awaited slot's value and the rest after its comma
// gives no value (restGivesNone): "3 nights, no wait, 4, the kids want a
// pool day" corrects to 4, its remark a reason (issue 38, dates29).
func (tu *turn) valueThenRemark(tail string) (string, bool) {
	first, rest, cut := strings.Cut(tail, ",")
	if !cut || wordsWithLetters(first) > 3 || !tu.awaitedValueIn(first) {
		return "", false
	}
	return strings.TrimSpace(first), tu.restGivesNone(rest)
}

// restGivesNone reports whether rest, the words after a correction's value
// and a comma, gives no value: no digit, no number word, no unsure or hedging
// word ("4, maybe 5", "4, not sure") and no slot's value read in it (findIn),
// a remark only ("the kids want a pool day").
func (tu *turn) restGivesNone(rest string) bool {
	f := tu.flow()
	if f == nil || strings.ContainsAny(rest, "0123456789") || nlu.SaysUnsure(rest) || strings.Contains(rest, "?") {
		return false
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(rest), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if nlu.IsNumberWord(w) || w == "or" || w == "maybe" || w == "perhaps" {
			return false
		}
	}
	found := map[string]any{}
	tu.findIn(f, rest, strings.ToLower(rest), found)
	tu.findInGloss(f, rest, tu.glossOf(rest), found)
	return len(found) == 0
}
