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
	head, tail, ok = nlu.SplitCorrection(tu.text)
	return head, tail, ok && head != ""
}
