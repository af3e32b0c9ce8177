package turnlog

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/jsonenc"
)

// Reasons of a turn's two lifecycle steps, which the log rebuilds.
const (
	ReasonTurnStarts = "processing user interaction"
	ReasonTurnEnds   = "interaction complete"
	// ReasonTurnFailed starts the reason of running -> error after a turn that
	// completed with an error; ": " and TurnRecord.Error follow.
	ReasonTurnFailed = "interaction failed"
)

// EventCount is how many events c appends to the log: its Events and, for a turn, the
// three the log rebuilds.
func EventCount(c *parley.Commit) int {
	if c.Turn != nil {
		return len(c.Events) + rebuilt(c.Turn)
	}
	return len(c.Events)
}

// LogEvents returns the events c appended, as the log holds them once committed:
// numbered up to Conversation.LastSeq (which the store sets), the ones the log
// rebuilds included (ExpandTurn).
func LogEvents(c *parley.Commit) []parley.Event {
	first := c.Conversation.LastSeq - int64(EventCount(c)) + 1
	if c.Turn == nil {
		out := make([]parley.Event, len(c.Events))
		for i, e := range c.Events {
			e.Key, e.Seq = c.Conversation.Key, first+int64(i)
			out[i] = e
		}
		return out
	}
	return Expand(c.Turn, c.Conversation.Key, c.Events, first, c.Conversation.UpdatedAt)
}

// Expand returns the events of a turn's version: stored, the events the store kept
// (the first r.Before before the turn, the engine's after it), with the turn's
// lifecycle steps and its turn event rebuilt, numbered from first and the rebuilt
// ones stamped at.
func Expand(r *parley.TurnRecord, key parley.ConversationKey, stored []parley.Event, first int64, at time.Time) []parley.Event {
	before := min(r.Before, len(stored))
	out := make([]parley.Event, 0, len(stored)+rebuilt(r))
	out = append(out, stored[:before]...)
	out = append(out,
		parley.Event{Type: parley.EventStateChanged, Data: StateChangedData(parley.LifecycleIdle, parley.LifecycleRunning, ReasonTurnStarts), At: at},
		parley.Event{Type: parley.EventTurn, Data: TurnEventData(r), At: at})
	out = append(out, stored[before:]...)
	if r.Error != "" {
		out = append(out,
			parley.Event{Type: parley.EventStateChanged, Data: StateChangedData(parley.LifecycleRunning, parley.LifecycleError, ReasonTurnFailed+": "+r.Error), At: at},
			parley.Event{Type: parley.EventStopped, Data: stoppedData("error: " + r.Error), At: at})
	} else {
		out = append(out, parley.Event{Type: parley.EventStateChanged, Data: StateChangedData(parley.LifecycleRunning, parley.LifecycleIdle, ReasonTurnEnds), At: at})
	}
	for i := range out {
		out[i].Key, out[i].Seq = key, first+int64(i)
	}
	return out
}

// TurnEventData is the data of the turn event (parley.TurnEvent) of the turn.
func TurnEventData(r *parley.TurnRecord) json.RawMessage {
	b := make([]byte, 0, 64+len(r.Message.Text)+len(r.Transitions))
	b = append(b, `{"message_id":`...)
	b = jsonenc.String(b, r.Message.ID)
	if r.Message.Text != "" {
		b = append(b, `,"text":`...)
		b = jsonenc.String(b, r.Message.Text)
	}
	if r.Message.Meaning != "" {
		b = append(b, `,"meaning":`...)
		b = jsonenc.String(b, r.Message.Meaning)
	}
	b = append(b, `,"transitions":`...)
	b = append(b, orEmptyArray(r.Transitions)...)
	return append(b, '}')
}

// Response returns the turn's response (parley.TurnResponse) at version, whose state is
// state and whose engine events are engineEvents (the commit's events after Before):
// the body the turn answered, byte for byte.
func Response(r *parley.TurnRecord, key parley.ConversationKey, version int64, state json.RawMessage, engineEvents []parley.Event) []byte {
	b := make([]byte, 0, 160+len(r.Replies)+len(state)+len(r.Transitions))
	b = append(b, `{"conversation_id":`...)
	b = jsonenc.String(b, key.ID)
	b = append(b, `,"message_id":`...)
	b = jsonenc.String(b, r.Message.ID)
	b = append(b, `,"replies":`...)
	b = append(b, orEmptyArray(r.Replies)...)
	b = append(b, `,"state":`...)
	if len(state) == 0 {
		state = json.RawMessage("null")
	}
	b = append(b, state...)
	if r.Error != "" {
		b = append(b, `,"lifecycle":"error","version":`...)
	} else {
		b = append(b, `,"lifecycle":"idle","version":`...)
	}
	b = strconv.AppendInt(b, version, 10)
	b = append(b, `,"transitions":`...)
	b = append(b, orEmptyArray(r.Transitions)...)
	if len(engineEvents) > 0 {
		b = append(b, `,"events":[`...)
		for i, e := range engineEvents {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonenc.String(b, string(e.Type))
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// EngineEvents returns the engine's events of a turn's stored events (those after
// Before).
func EngineEvents(r *parley.TurnRecord, stored []parley.Event) []parley.Event {
	return stored[min(r.Before, len(stored)):]
}

// rebuilt is how many events the log rebuilds for the turn: idle -> running, the
// turn event and running -> idle, or running -> error and stopped.
func rebuilt(r *parley.TurnRecord) int {
	if r.Error != "" {
		return 4
	}
	return 3
}

// stoppedData is a stopped event's data (parley.StoppedEvent) with no partial response.
func stoppedData(reason string) json.RawMessage {
	b := make([]byte, 0, 48+len(reason))
	b = append(b, `{"reason":`...)
	b = jsonenc.String(b, reason)
	return append(b, `,"partial_response":""}`...)
}

// StateChangedData is a state_changed event's data (parley.StateChangedEvent), as
// json.Marshal writes it.
func StateChangedData(from, to parley.Lifecycle, reason string) json.RawMessage {
	b := make([]byte, 0, 48+len(from)+len(to)+len(reason))
	b = append(b, `{"from_state":`...)
	b = jsonenc.String(b, string(from))
	b = append(b, `,"to_state":`...)
	b = jsonenc.String(b, string(to))
	b = append(b, `,"reason":`...)
	b = jsonenc.String(b, reason)
	return append(b, '}')
}

func orEmptyArray(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("[]")
	}
	return raw
}
