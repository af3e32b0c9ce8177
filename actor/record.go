package actor

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/turnlog"
)

// replayRecord answers a message whose id is already recorded: the response it got
// (rebuilt with the state of the version that processed it, see turnlog.FullResponse) when
// the message is the same, EIDEMPOTENCY when the id was used for a different one, and
// the same EINTERRUPTED error when a pause or cancel stopped its turn.
func replayRecord(key parley.ConversationKey, msg parley.Message, p parley.Processed) (parley.Result, error) {
	if p.Message != nil {
		// A turn: the store kept its message and rebuilt its response.
		if turnlog.MessageDigest(*p.Message) != turnlog.MessageDigest(msg) {
			return parley.Result{}, idempotencyConflict(key, msg)
		}
		return parley.Result{Body: p.Response, Replayed: true}, nil
	}
	digest, body := turnlog.UnwrapRecord(p.Response)
	if digest != "" && digest != turnlog.MessageDigest(msg) {
		return parley.Result{}, idempotencyConflict(key, msg)
	}
	if bytes.HasPrefix(body, []byte(interruptedPrefix)) {
		var r interruptedRecord
		if err := json.Unmarshal(body, &r); err == nil {
			return parley.Result{Replayed: true}, interruptedError(msg.ID, &r.Interrupted)
		}
	}
	p.Response = body
	return parley.Result{Body: turnlog.FullResponse(p), Replayed: true}, nil
}

// An interrupted turn's record is {"interrupted":{...}} in place of a response (a
// response starts with "conversation_id"), committed with the control that stopped it.
const interruptedPrefix = `{"interrupted":`

type interruptedRecord struct {
	Interrupted parley.Interruption `json:"interrupted"`
}

func interruptedError(messageID string, in *parley.Interruption) error {
	return parley.WrapError(parley.EINTERRUPTED, in,
		"message %q was interrupted before its turn committed; nothing of it was applied, send it again with a new id to have it processed", messageID)
}

// jsonAppender is implemented by engine states that encode themselves without
// reflection (the same bytes as json.Marshal, fewer allocations).
type jsonAppender interface {
	AppendJSON(b []byte) []byte
}

// encodeState encodes an engine state. The encoding is kept by the actor for its
// whole life, so it is exactly as long as the state (a fixed 2 KB buffer per live
// actor was the largest item of bench actors' heap): an engine state that appends
// itself does so into a buffer of the pool (stateBuffers), which is then copied.
// One allocation, where growing a buffer sized from the state before took one to
// four (a new conversation's first state grew from 256 bytes).
func encodeState(st any) ([]byte, error) {
	a, ok := st.(jsonAppender)
	if !ok {
		return json.Marshal(st)
	}
	buf := stateBuffers.Get().(*[]byte)
	b := a.AppendJSON((*buf)[:0])
	out := bytes.Clone(b)
	if cap(b) <= maxPooledState {
		*buf = b[:0]
		stateBuffers.Put(buf)
	}
	return out, nil
}

// stateBuffers are encodeState's scratch buffers; maxPooledState bounds the ones
// kept, so that a bot with huge states does not pin their buffers.
var stateBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

const maxPooledState = 64 << 10

func idempotencyConflict(key parley.ConversationKey, msg parley.Message) error {
	return parley.Errorf(parley.EIDEMPOTENCY,
		"message id %q of conversation %s was already used for a different message; send a new id", msg.ID, key.ID)
}
