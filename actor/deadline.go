package actor

import (
	"context"
	"errors"
	"time"

	"github.com/parleyhq/parley"
)

// DefaultStoreTimeout bounds each store call the runtime (and whoever uses a store
// wrapped by WithStoreTimeout) makes, so that a store that stops answering (a
// black-holed PostgreSQL) fails the call with EUNAVAILABLE in seconds rather than
// holding the conversation's actor, and every turn queued behind it, until TCP gives
// up.
const DefaultStoreTimeout = 5 * time.Second

// deadline runs fn under a deadline of timeout within ctx's, and reports a missed one
// as EUNAVAILABLE, saying so first: how the store words its abandoned call tells
// nobody what happened.
func deadline(ctx context.Context, timeout time.Duration, what string, fn func(context.Context) error) error {
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	err := fn(cctx)
	if err == nil || ctx.Err() != nil || !errors.Is(cctx.Err(), context.DeadlineExceeded) {
		return err
	}
	switch parley.ErrorCode(err) {
	case parley.EUNAVAILABLE, parley.EINTERNAL:
	default:
		return err // an answer that came in time, with a meaning of its own
	}
	return parley.WrapError(parley.EUNAVAILABLE, err, "the store did not answer %s within %s", what, timeout)
}

// within is deadline for a call that returns a value.
func within[T any](ctx context.Context, timeout time.Duration, what string, fn func(context.Context) (T, error)) (v T, err error) {
	err = deadline(ctx, timeout, what, func(ctx context.Context) error {
		v, err = fn(ctx)
		return err
	})
	return v, err
}

// deadlineStore gives every call the runtime makes on its Store a deadline within the
// caller's (Options.StoreTimeout).
type deadlineStore struct {
	Store
	timeout time.Duration
}

func (s deadlineStore) call(ctx context.Context, what string, fn func(context.Context) error) error {
	return deadline(ctx, s.timeout, what, fn)
}

func (s deadlineStore) Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	return within(ctx, s.timeout, "a conversation read", func(ctx context.Context) (*parley.Conversation, error) {
		return s.Store.Conversation(ctx, key)
	})
}

// Processed returns the record the actor committed for messageID (record.go).
func (s deadlineStore) Processed(ctx context.Context, key parley.ConversationKey, messageID string) (p parley.Processed, ok bool, err error) {
	err = s.call(ctx, "a processed-message read", func(ctx context.Context) error {
		p, ok, err = s.Store.Processed(ctx, key, messageID)
		return err
	})
	return p, ok, err
}

// TurnRecords reads the last turn records of the store, a parley.TurnReader.
func (s deadlineStore) TurnRecords(ctx context.Context, key parley.ConversationKey, version int64, n int) ([]parley.TurnRecord, error) {
	return within(ctx, s.timeout, "a turn log read", func(ctx context.Context) ([]parley.TurnRecord, error) {
		return s.Store.(parley.TurnReader).TurnRecords(ctx, key, version, n)
	})
}

// turnRecords is TurnRecords for the runtime, which calls it only when its store
// is a parley.TurnReader.
func (s deadlineStore) turnRecords(ctx context.Context, key parley.ConversationKey, version int64, n int) ([]parley.TurnRecord, error) {
	return s.TurnRecords(ctx, key, version, n)
}

func (s deadlineStore) Commit(ctx context.Context, c *parley.Commit) error {
	return s.call(ctx, "a commit", func(ctx context.Context) error { return s.Store.Commit(ctx, c) })
}

func (s deadlineStore) DropInbound(ctx context.Context, id int64) error {
	return s.call(ctx, "an inbox write", func(ctx context.Context) error { return s.Store.DropInbound(ctx, id) })
}

// WithStoreTimeout returns store with a deadline of timeout (DefaultStoreTimeout when
// not positive) on every call, for the store's consumers outside the runtime (the
// HTTP API, the Chatwoot relay), which take the parts they use from it. A missed
// deadline is EUNAVAILABLE. ListConversations passes through (ENOTFOUND when store
// cannot list).
//
// The conversations of bots (those the runtime runs) read with their states as the
// runtime shows them: Conversation, ListConversations and Processed unfold a folded
// state (parley.StateFolder) from the turn log, as Runtime.Conversation does.
func WithStoreTimeout(store parley.Store, timeout time.Duration, bots ...*parley.Bot) parley.Store {
	if timeout <= 0 {
		timeout = DefaultStoreTimeout
	}
	s := timedStore{Store: store, runtime: deadlineStore{Store: store, timeout: timeout}}
	for _, b := range bots {
		if f := folderOf(b); f != nil {
			if s.folders == nil {
				s.folders = map[string]parley.StateFolder{}
			}
			s.folders[b.Name] = f
		}
	}
	return s
}

// timedStore is WithStoreTimeout's store: the calls the runtime makes too go through
// the runtime's deadlineStore, the others through within.
type timedStore struct {
	parley.Store
	runtime deadlineStore
	// folders are the folding engines of the bots whose states reads unfold.
	folders map[string]parley.StateFolder
}

var _ parley.Store = timedStore{}

func (s timedStore) call(ctx context.Context, what string, fn func(context.Context) error) error {
	return s.runtime.call(ctx, what, fn)
}

// unfold returns the stored state of key's version as the runtime shows it.
func (s timedStore) unfold(ctx context.Context, key parley.ConversationKey, version int64, state []byte) ([]byte, error) {
	f := s.folders[key.Bot]
	if f == nil {
		return state, nil
	}
	full, _, err := unfoldState(ctx, s, f, key, version, state)
	return full, err
}

// TurnRecords reads the last turn records (parley.TurnReader).
func (s timedStore) TurnRecords(ctx context.Context, key parley.ConversationKey, version int64, n int) ([]parley.TurnRecord, error) {
	return s.runtime.TurnRecords(ctx, key, version, n)
}

func (s timedStore) Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	c, err := s.runtime.Conversation(ctx, key)
	if err != nil {
		return nil, err
	}
	if c.State, err = s.unfold(ctx, key, c.Version, c.State); err != nil {
		return nil, err
	}
	return c, nil
}

func (s timedStore) Processed(ctx context.Context, key parley.ConversationKey, messageID string) (parley.Processed, bool, error) {
	p, ok, err := s.runtime.Processed(ctx, key, messageID)
	if err != nil || !ok {
		return p, ok, err
	}
	p, err = unfoldProcessed(ctx, s, s.folders[key.Bot], key, p)
	return p, ok, err
}

// ListConversations lists through the wrapped store, or answers ENOTFOUND when it
// cannot list, as the route does for such a store.
func (s timedStore) ListConversations(ctx context.Context, q parley.ConversationQuery) (out []parley.Conversation, err error) {
	l, ok := s.Store.(parley.ConversationLister)
	if !ok {
		return nil, parley.Errorf(parley.ENOTFOUND, "this store cannot list conversations")
	}
	err = s.call(ctx, "a conversation list", func(ctx context.Context) error {
		out, err = l.ListConversations(ctx, q)
		return err
	})
	if err != nil {
		return nil, err
	}
	for i := range out {
		c := &out[i]
		key := c.Key
		if key.Bot == "" {
			key.Bot = q.Bot
		}
		if c.State, err = s.unfold(ctx, key, c.Version, c.State); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s timedStore) Commit(ctx context.Context, c *parley.Commit) error {
	return s.runtime.Commit(ctx, c)
}

func (s timedStore) Events(ctx context.Context, key parley.ConversationKey, afterSeq int64, limit int) ([]parley.Event, error) {
	return within(ctx, s.runtime.timeout, "an event read", func(ctx context.Context) ([]parley.Event, error) {
		return s.Store.Events(ctx, key, afterSeq, limit)
	})
}

func (s timedStore) EnqueueInbound(ctx context.Context, in parley.Inbound) (bool, error) {
	return within(ctx, s.runtime.timeout, "an inbox write", func(ctx context.Context) (bool, error) {
		return s.Store.EnqueueInbound(ctx, in)
	})
}

func (s timedStore) PendingInbound(ctx context.Context, limit int) ([]parley.Inbound, error) {
	return within(ctx, s.runtime.timeout, "an inbox read", func(ctx context.Context) ([]parley.Inbound, error) {
		return s.Store.PendingInbound(ctx, limit)
	})
}

func (s timedStore) DropInbound(ctx context.Context, id int64) error {
	return s.runtime.DropInbound(ctx, id)
}

func (s timedStore) ClaimOutbox(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]parley.OutboxEntry, error) {
	return within(ctx, s.runtime.timeout, "an outbox claim", func(ctx context.Context) ([]parley.OutboxEntry, error) {
		return s.Store.ClaimOutbox(ctx, now, lease, limit)
	})
}

func (s timedStore) CompleteOutbox(ctx context.Context, id int64) error {
	return s.call(ctx, "an outbox write", func(ctx context.Context) error { return s.Store.CompleteOutbox(ctx, id) })
}

func (s timedStore) RetryOutbox(ctx context.Context, id int64, next time.Time, lastError string) error {
	return s.call(ctx, "an outbox write", func(ctx context.Context) error { return s.Store.RetryOutbox(ctx, id, next, lastError) })
}

func (s timedStore) FailOutbox(ctx context.Context, id int64, lastError string) error {
	return s.call(ctx, "an outbox write", func(ctx context.Context) error { return s.Store.FailOutbox(ctx, id, lastError) })
}

func (s timedStore) PutFlow(ctx context.Context, id string, definition []byte) (int, error) {
	return within(ctx, s.runtime.timeout, "a flow write", func(ctx context.Context) (int, error) {
		return s.Store.PutFlow(ctx, id, definition)
	})
}

func (s timedStore) Flow(ctx context.Context, id string, version int) (def []byte, v int, err error) {
	err = s.call(ctx, "a flow read", func(ctx context.Context) error {
		def, v, err = s.Store.Flow(ctx, id, version)
		return err
	})
	return def, v, err
}

func (s timedStore) Ping(ctx context.Context) error {
	return s.call(ctx, "a ping", s.Store.Ping)
}
