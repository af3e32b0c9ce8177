// Package replay recomputes a stored conversation from its event log with the
// current bot definition and reports the first turn whose state differs from the
// state stored when the turn was taken. Every turn is decided again from the
// message and the parse recorded with it (package llm's nlu_parse event), and with
// the reply texts a model wrote then (reply_generated events), so a model is never
// called: replay is how to check that a new flow version, a new
// rule or a new prompt does not change past conversations.
package replay

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/llm"
)

// Store is what replay reads: the stored log (a parley.ConversationReader, which
// every parley.Store is) and each processed message's response as its turn returned
// it (parley.Conversations.ProcessedResponse, which the runtime answers: a store
// keeps the response without its state). No single value of the program is both,
// so a caller pairs a store with a runtime (cmd/parley's replayStore does).
type Store interface {
	parley.ConversationReader
	ProcessedResponse(ctx context.Context, key parley.ConversationKey, messageID string) ([]byte, bool, error)
}

// Difference is the first turn whose replayed state is not the stored one.
type Difference struct {
	Turn      int64
	MessageID string
	// Path is where the states first differ ("conversation_state.state").
	Path             string
	Stored, Replayed string
}

func (d *Difference) String() string {
	return fmt.Sprintf("turn %d (message %s): state differs at %s\n  stored:   %s\n  replayed: %s", d.Turn, d.MessageID, d.Path, d.Stored, d.Replayed)
}

// Result is what a replay found.
type Result struct {
	// Turns counts the turns replayed.
	Turns int64
	// Difference is nil when every turn gave its stored state.
	Difference *Difference
}

// Conversation replays key's stored turns on eng. eng must decide alone: pass the
// bot's engine unwrapped from any model understanding (Unwrap). A turn without a
// recorded message (a bot that ran without recording) cannot be replayed: an error
// with code EINVALID.
func Conversation(ctx context.Context, store Store, eng parley.Engine, key parley.ConversationKey) (Result, error) {
	if _, err := store.Conversation(ctx, key); err != nil {
		return Result{}, err
	}
	events, err := allEvents(ctx, store, key)
	if err != nil {
		return Result{}, err
	}
	r := &replayer{store: store, eng: eng, key: key, events: events}
	return r.run(ctx)
}

// replayer replays one conversation's events in order.
type replayer struct {
	store  Store
	eng    parley.Engine
	key    parley.ConversationKey
	events []parley.Event
	state  any
	res    Result
}

// run replays every event until the first turn whose state differs.
func (r *replayer) run(ctx context.Context) (Result, error) {
	r.state = r.eng.NewState(r.key)
	for i, ev := range r.events {
		switch ev.Type {
		case "reset":
			r.state = r.eng.NewState(r.key)
		case parley.EventTurn:
			if err := r.turn(ctx, i, ev); err != nil || r.res.Difference != nil {
				return r.res, err
			}
		}
	}
	return r.res, nil
}

// turn replays the turn event at index i: a handback, or a message decided again
// from its recorded parse and compared with the stored state.
func (r *replayer) turn(ctx context.Context, i int, ev parley.Event) error {
	var te parley.TurnEvent
	if err := json.Unmarshal(ev.Data, &te); err != nil {
		return parley.WrapError(parley.EINVALID, err, "event %d", ev.Seq)
	}
	if te.MessageID == "" {
		state, err := handback(r.eng, r.state, ev)
		r.state = state
		return err
	}
	r.res.Turns++
	pe, ok := parseOf(r.events[i+1:], te.MessageID)
	if !ok {
		return parley.Errorf(parley.EINVALID, "turn %d (message %s) has no recorded message: the bot ran without nlu: llm or record: true, which record every turn's message and parse", r.res.Turns, te.MessageID)
	}
	msg := pe.Message
	msg.NLU = pe.Parse
	d, err := r.eng.Decide(ctx, parley.Turn{Conversation: r.key, Index: r.res.Turns, State: r.state, Message: msg,
		RecordedReplies: generatedOf(r.events[i+1:])})
	if err != nil {
		return parley.WrapError(parley.ErrorCode(err), err, "turn %d (message %s)", r.res.Turns, te.MessageID)
	}
	r.state = d.State
	diff, err := compare(ctx, r.store, r.key, te.MessageID, d.State)
	if diff != nil {
		diff.Turn, diff.MessageID = r.res.Turns, te.MessageID
		r.res.Difference = diff
	}
	return err
}

func allEvents(ctx context.Context, store Store, key parley.ConversationKey) ([]parley.Event, error) {
	var out []parley.Event
	var after int64
	for {
		page, err := store.Events(ctx, key, after, 1000)
		if err != nil {
			return nil, err
		}
		out = append(out, page...)
		if len(page) < 1000 {
			return out, nil
		}
		after = page[len(page)-1].Seq
	}
}

// parseOf finds the nlu_parse event recorded with the turn of messageID: it
// follows the turn event in the same commit.
func parseOf(events []parley.Event, messageID string) (llm.ParseEvent, bool) {
	for _, ev := range events {
		switch ev.Type {
		case parley.EventTurn:
			return llm.ParseEvent{}, false
		case llm.EventNLUParse:
			var pe llm.ParseEvent
			if json.Unmarshal(ev.Data, &pe) == nil && pe.Message.ID == messageID {
				return pe, true
			}
		}
	}
	return llm.ParseEvent{}, false
}

// generatedOf collects the reply texts a model wrote in a turn (reply_generated
// events, committed with the turn event), so that the replay says them again
// without the model.
func generatedOf(events []parley.Event) map[string]string {
	texts := map[string]string{}
	for _, ev := range events {
		if ev.Type == parley.EventTurn {
			break
		}
		var g parley.ReplyGeneratedEvent
		if ev.Type == parley.EventReplyGenerated && json.Unmarshal(ev.Data, &g) == nil {
			texts[g.Key] = g.Text
		}
	}
	return texts
}

// handback applies an operator's handback (a turn event without a message).
func handback(eng parley.Engine, state any, ev parley.Event) (any, error) {
	hb, ok := parley.EngineAs[interface {
		Handback(state any, reason string, at time.Time) (parley.Decision, error)
	}](eng)
	if !ok {
		return state, nil
	}
	d, err := hb.Handback(state, "", ev.At)
	if err != nil {
		return nil, parley.WrapError(parley.ErrorCode(err), err, "handback at event %d", ev.Seq)
	}
	return d.State, nil
}

// compare checks the replayed state against the state stored in the turn's
// recorded response.
func compare(ctx context.Context, store Store, key parley.ConversationKey, messageID string, replayed any) (*Difference, error) {
	body, ok, err := store.ProcessedResponse(ctx, key, messageID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, parley.Errorf(parley.EINVALID, "message %s has no stored response", messageID)
	}
	stored, err := storedState(body, messageID)
	if err != nil {
		return nil, err
	}
	got, err := asJSONValue(replayed)
	if err != nil {
		return nil, err
	}
	return firstDifference("", stored, got), nil
}

// storedState is the state of a stored turn response, as a JSON value.
func storedState(body []byte, messageID string) (any, error) {
	var resp struct {
		State json.RawMessage `json:"state"`
	}
	if err := json.Unmarshal(body, &resp); err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "stored response of message %s", messageID)
	}
	var stored any
	if err := json.Unmarshal(resp.State, &stored); err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "stored state of message %s", messageID)
	}
	return stored, nil
}

// asJSONValue is the replayed state as the JSON value it encodes to.
func asJSONValue(replayed any) (any, error) {
	b, err := json.Marshal(replayed)
	if err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "encode the replayed state")
	}
	var got any
	if err := json.Unmarshal(b, &got); err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "decode the replayed state")
	}
	return got, nil
}

// firstDifference walks two JSON values in key order and returns where they first
// differ, or nil.
func firstDifference(path string, a, b any) *Difference {
	if reflect.DeepEqual(a, b) {
		return nil
	}
	if d := innerDifference(path, a, b); d != nil {
		return d
	}
	if path == "" {
		path = "(the whole state)"
	}
	return &Difference{Path: path, Stored: compact(a), Replayed: compact(b)}
}

// innerDifference is the first difference inside two objects, or two arrays of
// one length, or nil when a and b are not such a pair.
func innerDifference(path string, a, b any) *Difference {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		return objectDifference(path, am, bm)
	}
	al, aok := a.([]any)
	bl, bok := b.([]any)
	if aok && bok && len(al) == len(bl) {
		for i := range al {
			if d := firstDifference(join(path, strconv.Itoa(i)), al[i], bl[i]); d != nil {
				return d
			}
		}
	}
	return nil
}

// objectDifference is the first difference of two objects, their keys in order.
func objectDifference(path string, am, bm map[string]any) *Difference {
	keys := map[string]bool{}
	for k := range am {
		keys[k] = true
	}
	for k := range bm {
		keys[k] = true
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if d := firstDifference(join(path, k), am[k], bm[k]); d != nil {
			return d
		}
	}
	return nil
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func compact(v any) string {
	if v == nil {
		return "(absent)"
	}
	b, _ := json.Marshal(v)
	return string(b)
}
