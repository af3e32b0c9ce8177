package actor

import (
	"bytes"
	"encoding/json"

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

// encodeState encodes an engine state. sizeHint is the size of the state it follows
// (0 when none): a state grows a little per turn, and the encoding is kept by the
// actor for its whole life, so its buffer is sized from the previous one, not fixed
// (a fixed 2 KB buffer per live actor was the largest item of bench actors' heap).
func encodeState(st any, sizeHint int) ([]byte, error) {
	if a, ok := st.(jsonAppender); ok {
		return a.AppendJSON(make([]byte, 0, sizeHint+sizeHint/8+256)), nil
	}
	return json.Marshal(st)
}

func idempotencyConflict(key parley.ConversationKey, msg parley.Message) error {
	return parley.Errorf(parley.EIDEMPOTENCY,
		"message id %q of conversation %s was already used for a different message; send a new id", msg.ID, key.ID)
}
