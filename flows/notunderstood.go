package flows

import (
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
	"strings"
)

// EventNotUnderstood is the event a turn records when a typed answer to a
// slot's question gave no value the readers could account for, so the bot
// asked again instead of guessing (issue 38): data {flow, slot, reason}.
const EventNotUnderstood parley.EventType = "not_understood"

// Reasons a message was not understood.
const (
	// ReasonQuestion: the answer asked something back ("what day is it?").
	ReasonQuestion = "question"
	// ReasonNonAnswer: the answer says the user does not know or has not
	// decided ("not sure yet").
	ReasonNonAnswer = "non_answer"
	// ReasonUnread: the readers could not account for the whole answer (a
	// word they cannot place, two values, none).
	ReasonUnread = "unread"
	// ReasonAside: every clause of the answer sets its value aside: one the
	// user does not want ("any day but Monday"), one of the past ("I was
	// there last Monday") or one only asked about ("would Monday be
	// cheaper"): nlu.SetAside.
	ReasonAside = "aside"
)

// Recorder counts what the engine did not understand; the server binds it to
// a Prometheus counter. A nil Recorder counts nothing.
type Recorder interface {
	NotUnderstood(bot, flow, slot, reason string)
}

// NotUnderstoodEvent is the data of an EventNotUnderstood event.
type NotUnderstoodEvent struct {
	Flow   string `json:"flow"`
	Slot   string `json:"slot"`
	Reason string `json:"reason"`
}

// notUnderstood records that the message gave sl no value for reason.
func (tu *turn) notUnderstood(sl *slot, reason string) {
	name := ""
	if sl != nil {
		name = sl.name
	}
	ev := NotUnderstoodEvent{Flow: tu.s.CurrentFlow, Slot: name, Reason: reason}
	tu.events = append(tu.events, parley.EventData{Type: EventNotUnderstood, Data: ev})
	if r := tu.e.recorder; r != nil {
		r.NotUnderstood(tu.e.bot, ev.Flow, ev.Slot, reason)
	}
}

// asksBack reports whether a typed message asks a question back
// (nlu.AsksQuestion); a button's meaning or an upstream parse never does.
func (tu *turn) asksBack() bool {
	return tu.in.Message.NLU == nil && tu.in.Message.Meaning == "" && nlu.AsksQuestion(tu.text)
}

// correction splits a typed message that corrects itself
// (nlu.SplitCorrection): the values after the correction stand. One that
// starts with its correction ("sorry, I meant Seattle") takes back an earlier
// message, which backReference reads.
func (tu *turn) correction() (head, tail string, ok bool) {
	if tu.in.Message.NLU != nil || tu.in.Message.Meaning != "" {
		return "", tu.text, false
	}
	if !tu.corrRead {
		tu.corrRead = true
		tu.corr.head, tu.corr.tail, tu.corr.ok = nlu.SplitCorrection(tu.text)
		tu.corr.ok = tu.corr.ok && tu.corr.head != ""
	}
	return tu.corr.head, tu.corr.tail, tu.corr.ok
}

// noValue is why a typed answer to sl's question gives it no value whatever
// the readers find in it: a question asked back, or a non-answer ("I don't
// know yet"; an enum may list a don't-care value, so its readers decide), or
// at a free-text question an answer that names nothing (nlu.IsVagueAnswer).
func (tu *turn) noValue(sl *slot) (string, bool) {
	switch {
	case tu.asksBack():
		return ReasonQuestion, true
	case tu.nonAnswer(sl):
		return ReasonNonAnswer, true
	case tu.allAside(sl):
		return ReasonAside, true
	case tu.otherClock(sl):
		return ReasonUnread, true
	case tu.hedgedCount(sl):
		// "a couple of nights or so", "about 3 nights": an estimate,
		// asked again, never stored (round 25).
		return ReasonUnread, true
	case typed(tu.in) && tu.in.Message.Meaning == "" && nlu.EndsTakingBack(tu.text):
		// "tuesday, no, wait": the value is taken back, none given.
		return ReasonUnread, true
	}
	return "", false
}

// hedgedCount reports whether a typed answer at a count's question says the
// count as an estimate (nlu.HedgesCount: "3 nights or so", "about a week").
func (tu *turn) hedgedCount(sl *slot) bool {
	return sl != nil && (sl.typ == TypeInteger || sl.typ == TypeNumber) && typed(tu.in) && tu.in.Message.Meaning == "" &&
		nlu.HedgesCount(tu.text, sl.ownWord)
}

// otherClock reports whether a typed answer at a date's or a place's question
// says a day by another place's clock ("tomorrow — well, my tomorrow, I'm in
// Sydney", "today in Auckland", nlu.SaysOtherClock): the day is ambiguous and
// the place where the user is no value; asked again.
func (tu *turn) otherClock(sl *slot) bool {
	return sl != nil && (sl.typ == TypeDate || sl.typ == TypeCity) && typed(tu.in) && tu.in.Message.Meaning == "" &&
		nlu.SaysOtherClock(tu.text)
}

// nonAnswer reports whether a typed message names nothing at sl's question. A
// message that says any value will do, at a slot that allows it, names
// dontcare ("whatever works").
func (tu *turn) nonAnswer(sl *slot) bool {
	if tu.in.Message.NLU != nil || tu.in.Message.Meaning != "" || sl != nil && sl.noPreference(tu.text) {
		return false
	}
	if (sl == nil || sl.typ != TypeEnum) && nlu.IsNonAnswer(tu.text) && !tu.picksRecord(sl) && !tu.correctedToValue(sl) {
		return true
	}
	// "Whichever" at a free-text question names nothing; a slot with
	// records reads "whichever is cheapest" by price (records.go).
	return sl != nil && sl.typ == TypeText && sl.records == nil && nlu.IsVagueAnswer(tu.text)
}

// correctedToValue reports whether a typed answer pauses to check and then
// gives sl's value ("BK-1... let me check... BK-2", "the 4th, hang on, the
// 5th"): the pause is a correction, the value after it the answer.
func (tu *turn) correctedToValue(sl *slot) bool {
	if sl == nil {
		return false
	}
	_, tail, ok := tu.correction()
	if !ok {
		return false
	}
	_, ok = tu.e.parse(tu.in, sl, tail, true)
	return ok
}

// picksRecord reports whether a typed answer to the question of a slot with
// records picks one of them beside its shrug ("just give me the cheapest,
// whatever"): the pick is the answer.
func (tu *turn) picksRecord(sl *slot) bool {
	if sl == nil || sl.records == nil {
		return false
	}
	_, ok := recordAnswer(tu.in, sl, tu.text, true)
	return ok
}

// readsValue reports whether sl is of a type whose answer is a value a
// clause may set aside (dates, times, places, counts); a free-text or enum
// answer is a name or a listed value, read as it is.
func readsValue(sl *slot) bool {
	switch sl.typ {
	case TypeDate, TypeTime, TypeCity, TypeInteger, TypeNumber:
		return true
	}
	return false
}

// asideAnswer is a typed answer to sl's question less the clauses that set a
// value aside (nlu.SetAside): "not to Rome, to Milan" answers "to Milan"; all
// is false when nothing was set aside, rest "" when everything was.
func (tu *turn) asideAnswer(sl *slot, answer string) (rest string, aside bool) {
	if sl == nil || !readsValue(sl) || tu.in.Message.NLU != nil || tu.in.Message.Meaning != "" {
		return answer, false
	}
	return tu.setAside(answer)
}

// setAside is nlu.SetAside(answer), read once for the answer the turn last
// asked about.
func (tu *turn) setAside(answer string) (string, bool) {
	if !tu.asideRead || tu.asideOf != answer {
		tu.asideRest, tu.asideSet = nlu.SetAside(answer)
		tu.asideOf, tu.asideRead = answer, true
	}
	return tu.asideRest, tu.asideSet
}

// withoutSideClause is rest (what setAside kept) less a side clause
// (nlu.SideClause: a reason, the way back) and whether there was one: "two
// nights, we have to be home for work on Monday" gives "two nights", so a
// reason's day never changes the check-in already given. A side clause sets
// its values aside but is no answer that names none: the rest is read.
// The turn reads the same answer more than once: the last one's side
// clause is kept (sideOf, sideAt).
func (tu *turn) withoutSideClause(rest string, aside bool) (string, bool) {
	if !tu.sideRead || tu.sideOf != rest {
		tu.sideOf, tu.sideAt, tu.sideRead = rest, nlu.SideClause(rest), true
	}
	if cut := tu.sideAt; cut > 0 {
		return strings.TrimRight(rest[:cut], " ,;.:-"), true
	}
	return rest, aside
}

// valueAside is asideAnswer of a typed answer, after a correction inside it
// (whose last part stands); nothing is set aside by a correction pointing
// back ("Chicago not Boston"), which replaces an earlier value.
func (tu *turn) valueAside(sl *slot) (rest string, aside bool) {
	if value, old, ok := tu.backReference(); ok && tu.flow() != nil {
		if cs, _ := tu.correctedSlot(tu.flow(), value, old); cs != nil {
			return tu.text, false
		}
	}
	answer := tu.text
	if _, tail, ok := tu.correction(); ok {
		answer = tail
	}
	return tu.asideAnswer(sl, answer)
}

// allAside reports whether every clause of a typed answer sets its value
// aside (valueAside): no value, the question is asked again.
func (tu *turn) allAside(sl *slot) bool {
	rest, aside := tu.valueAside(sl)
	return aside && rest == ""
}
