package flows

import (
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
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
	case tu.in.Message.NLU == nil && tu.in.Message.Meaning == "" && (sl == nil || sl.typ != TypeEnum) && nlu.IsNonAnswer(tu.text):
		return ReasonNonAnswer, true
	case tu.in.Message.NLU == nil && tu.in.Message.Meaning == "" && sl != nil && sl.typ == TypeText && sl.records == nil && nlu.IsVagueAnswer(tu.text):
		// "Whichever" at a free-text question names nothing; a slot with
		// records reads "whichever is cheapest" by price (records.go).
		return ReasonNonAnswer, true
	}
	return "", false
}
