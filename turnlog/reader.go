package turnlog

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/parleyhq/parley"
)

// Log is the part of a store a Reader reads: a conversation's head and the record
// of a processed message. A Log that is also a parley.TurnReader lets folded states
// (parley.StateFolder) be read whole; one that is a parley.ConversationLister,
// parley.Pinger or parley.ConversationReader lets the Reader list, ping and read
// events through it.
type Log interface {
	Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error)
	Processed(ctx context.Context, key parley.ConversationKey, messageID string) (parley.Processed, bool, error)
}

// Reader reads a store's conversations with their states whole: a bot whose
// engine folds its states (parley.StateFolder) has them stored without what its
// turn records rebuild, and every read that hands a state out (a head, a list, the
// answer of a processed message) unfolds it here, from the records up to its
// version. The runtime, the HTTP API and the relay all read through one, so no
// reader ever sees a folded state, and there is one place where states unfold.
type Reader struct {
	log Log
	// turns reads the turn records states unfold from; nil when log cannot, and
	// then no state is folded (the runtime stores them whole).
	turns parley.TurnReader
	// folders are the folding engines of the bots, by bot name.
	folders map[string]parley.StateFolder
}

// NewReader returns the Reader of store's conversations of bots.
func NewReader(store Log, bots []*parley.Bot) *Reader {
	r := &Reader{log: store}
	r.turns, _ = store.(parley.TurnReader)
	for _, b := range bots {
		if f := folderOf(b); f != nil {
			if r.folders == nil {
				r.folders = map[string]parley.StateFolder{}
			}
			r.folders[b.Name] = f
		}
	}
	return r
}

// folderOf returns the bot engine's StateFolder, nil when it has none or folds
// nothing.
func folderOf(bot *parley.Bot) parley.StateFolder {
	if bot == nil {
		return nil
	}
	f, ok := parley.EngineAs[parley.StateFolder](bot.Engine)
	if !ok || f.FoldWindow() <= 0 {
		return nil
	}
	return f
}

// Folder returns the folding engine of bot, nil when its states are not folded
// (its engine folds nothing, or the store cannot read turn records).
func (r *Reader) Folder(bot string) parley.StateFolder {
	if r.turns == nil {
		return nil
	}
	return r.folders[bot]
}

// TurnRecords reads the last n turn records up to version (parley.TurnReader);
// ENOTFOUND when the store cannot.
func (r *Reader) TurnRecords(ctx context.Context, key parley.ConversationKey, version int64, n int) ([]parley.TurnRecord, error) {
	if r.turns == nil {
		return nil, parley.Errorf(parley.ENOTFOUND, "this store cannot read turn records")
	}
	return r.turns.TurnRecords(ctx, key, version, n)
}

// State returns the stored state of key's version as the engine gave it, with the
// turn records it was unfolded from (nil when it was not folded): the one place
// a stored state unfolds.
func (r *Reader) State(ctx context.Context, key parley.ConversationKey, version int64, state []byte) ([]byte, []parley.TurnRecord, error) {
	f := r.folders[key.Bot]
	if f == nil || !f.Folded(state) {
		return state, nil, nil
	}
	if r.turns == nil {
		return nil, nil, parley.Errorf(parley.EINTERNAL, "the stored state of %s is folded and the store cannot read turn records", key)
	}
	recs, err := r.turns.TurnRecords(ctx, key, version, f.FoldWindow())
	if err != nil {
		return nil, nil, err
	}
	full, err := f.Unfold(state, recs)
	if err != nil {
		return nil, nil, parley.WrapError(parley.EINVALIDSTATE, err, "stored state of %s version %d does not unfold", key, version)
	}
	return full, recs, nil
}

// Conversation returns the stored conversation with its state whole.
func (r *Reader) Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	c, err := r.log.Conversation(ctx, key)
	if err != nil {
		return nil, err
	}
	if c.State, _, err = r.State(ctx, key, c.Version, c.State); err != nil {
		return nil, err
	}
	return c, nil
}

// Processed returns the record of a processed message with the state of its
// version whole: in State for a record, in the response a store rebuilt for a
// turn (which embeds the stored state).
func (r *Reader) Processed(ctx context.Context, key parley.ConversationKey, messageID string) (parley.Processed, bool, error) {
	p, ok, err := r.log.Processed(ctx, key, messageID)
	if err != nil || !ok || r.folders[key.Bot] == nil || p.Version == 0 {
		return p, ok, err
	}
	if p.Message == nil {
		p.State, _, err = r.State(ctx, key, p.Version, p.State)
		return p, ok, err
	}
	from, to, found := responseState(p.Response)
	if !found {
		return p, ok, nil
	}
	state, _, err := r.State(ctx, key, p.Version, p.Response[from:to])
	if err != nil || len(state) == to-from && bytes.Equal(state, p.Response[from:to]) {
		return p, ok, err
	}
	body := make([]byte, 0, len(p.Response)-(to-from)+len(state))
	body = append(body, p.Response[:from]...)
	body = append(body, state...)
	p.Response = append(body, p.Response[to:]...)
	return p, ok, nil
}

// ListConversations lists through the store, each state whole, or answers
// ENOTFOUND when the store cannot list.
func (r *Reader) ListConversations(ctx context.Context, q parley.ConversationQuery) ([]parley.Conversation, error) {
	l, ok := r.log.(parley.ConversationLister)
	if !ok {
		return nil, parley.Errorf(parley.ENOTFOUND, "this store cannot list conversations")
	}
	out, err := l.ListConversations(ctx, q)
	if err != nil {
		return nil, err
	}
	for i := range out {
		c := &out[i]
		key := c.Key
		if key.Bot == "" {
			key.Bot = q.Bot
		}
		if c.State, _, err = r.State(ctx, key, c.Version, c.State); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Events reads a conversation's events through the store (parley.ConversationReader):
// events hold no state to unfold.
func (r *Reader) Events(ctx context.Context, key parley.ConversationKey, afterSeq int64, limit int) ([]parley.Event, error) {
	er, ok := r.log.(parley.ConversationReader)
	if !ok {
		return nil, parley.Errorf(parley.ENOTFOUND, "this store cannot read events")
	}
	return er.Events(ctx, key, afterSeq, limit)
}

// Ping pings the store (parley.Pinger).
func (r *Reader) Ping(ctx context.Context) error {
	p, ok := r.log.(parley.Pinger)
	if !ok {
		return parley.Errorf(parley.EUNAVAILABLE, "this store cannot be pinged")
	}
	return p.Ping(ctx)
}

// Where a turn's response (Response) holds the state: after the replies and
// before the lifecycle.
var (
	repliesField   = []byte(`,"replies":`)
	stateField     = []byte(`,"state":`)
	lifecycleField = []byte(`,"lifecycle":"idle","version":`)
	// errorLifecycleField is where a turn that completed with an error
	// (TurnRecord.Error) holds its lifecycle.
	errorLifecycleField = []byte(`,"lifecycle":"error","version":`)
)

// responseState finds the state in a turn's response: the value after the replies
// (the first "replies" member: the ids before it are strings, where a quote is
// escaped) up to the lifecycle (the last one: transitions and event types after it
// hold no such member).
func responseState(resp []byte) (from, to int, ok bool) {
	i := bytes.Index(resp, repliesField)
	if i < 0 {
		return 0, 0, false
	}
	i += len(repliesField)
	dec := json.NewDecoder(bytes.NewReader(resp[i:]))
	var replies json.RawMessage
	if dec.Decode(&replies) != nil {
		return 0, 0, false
	}
	from = i + int(dec.InputOffset())
	if !bytes.HasPrefix(resp[from:], stateField) {
		return 0, 0, false
	}
	from += len(stateField)
	to = max(bytes.LastIndex(resp, lifecycleField), bytes.LastIndex(resp, errorLifecycleField))
	if to < from {
		return 0, 0, false
	}
	return from, to, true
}
