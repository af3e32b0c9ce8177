package actor

import (
	"context"
	"errors"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/turnlog"
)

// DefaultStoreTimeout bounds each store call the runtime (and whoever uses a store
// wrapped by WithStoreTimeout) makes, so that a store that stops answering (a
// black-holed PostgreSQL) fails the call with EUNAVAILABLE in seconds rather than
// holding the conversation's actor, and every turn queued behind it, until TCP gives
// up.
const DefaultStoreTimeout = 5 * time.Second

// deadline runs fn under a deadline of timeout within ctx's, and reports a missed one
// as EUNAVAILABLE, saying so first: how the store words its abandoned call tells
// nobody what happened. A timeout of 0 is a store that never waits (callTimeout):
// fn runs in ctx.
func deadline(ctx context.Context, timeout time.Duration, what string, fn func(context.Context) error) error {
	if timeout <= 0 {
		return fn(ctx)
	}
	cctx := newCallContext(ctx, timeout)
	defer cctx.end()
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

// neverWaits is the optional behaviour of a store whose calls wait on nothing but a
// brief lock of its own and ignore their context (memstore.Store): a deadline is
// one they cannot miss, and its context an allocation per call.
type neverWaits interface {
	NeverWaits() bool
}

// callTimeout is the deadline of store's calls: timeout, or 0 (none) for a store
// that never waits.
func callTimeout(store any, timeout time.Duration) time.Duration {
	if n, ok := store.(neverWaits); ok && n.NeverWaits() {
		return 0
	}
	return timeout
}

// timedStore gives every store call a deadline within the caller's
// (Options.StoreTimeout): the runtime's own calls (Store) and, for WithStoreTimeout,
// every other call of the whole store. It is the one store decorator; reading
// states whole is turnlog.Reader's, which reads through it.
type timedStore struct {
	Store
	// whole is the store WithStoreTimeout wrapped; nil for the runtime's own, which
	// only makes Store's calls and reads turn records.
	whole   parley.Store
	timeout time.Duration
}

var _ parley.Store = timedStore{}

func (s timedStore) call(ctx context.Context, what string, fn func(context.Context) error) error {
	return deadline(ctx, s.timeout, what, fn)
}

func (s timedStore) Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	return within(ctx, s.timeout, "a conversation read", func(ctx context.Context) (*parley.Conversation, error) {
		return s.Store.Conversation(ctx, key)
	})
}

// Processed returns the record committed for messageID (turnlog.WrapRecord).
func (s timedStore) Processed(ctx context.Context, key parley.ConversationKey, messageID string) (p parley.Processed, ok bool, err error) {
	err = s.call(ctx, "a processed-message read", func(ctx context.Context) error {
		p, ok, err = s.Store.Processed(ctx, key, messageID)
		return err
	})
	return p, ok, err
}

// TurnRecords reads the last turn records of the store, a parley.TurnReader (only
// called when the store is one: readLog).
func (s timedStore) TurnRecords(ctx context.Context, key parley.ConversationKey, version int64, n int) ([]parley.TurnRecord, error) {
	tr, ok := s.Store.(parley.TurnReader)
	if !ok {
		return nil, parley.Errorf(parley.ENOTFOUND, "this store cannot read turn records")
	}
	return within(ctx, s.timeout, "a turn log read", func(ctx context.Context) ([]parley.TurnRecord, error) {
		return tr.TurnRecords(ctx, key, version, n)
	})
}

func (s timedStore) Commit(ctx context.Context, c *parley.Commit) error {
	return s.call(ctx, "a commit", func(ctx context.Context) error { return s.Store.Commit(ctx, c) })
}

func (s timedStore) DropInbound(ctx context.Context, id int64) error {
	return s.call(ctx, "an inbox write", func(ctx context.Context) error { return s.Store.DropInbound(ctx, id) })
}

// readLog is what the runtime's turnlog.Reader reads: the timed store, without its
// TurnRecords when store cannot read turn records (no state is folded then).
func readLog(timed timedStore, store Store) turnlog.Log {
	if _, ok := store.(parley.TurnReader); ok {
		return timed
	}
	return struct{ turnlog.Log }{timed}
}

// WithStoreTimeout returns store with a deadline of timeout (DefaultStoreTimeout when
// not positive) on every call, for the store's consumers outside the runtime (the
// HTTP API, the Chatwoot relay), which take the parts they use from it, usually
// through a turnlog.Reader that reads the bots' states whole. A missed deadline is
// EUNAVAILABLE. ListConversations passes through (ENOTFOUND when store cannot
// list).
func WithStoreTimeout(store parley.Store, timeout time.Duration) parley.Store {
	if timeout <= 0 {
		timeout = DefaultStoreTimeout
	}
	return timedStore{Store: store, whole: store, timeout: callTimeout(store, timeout)}
}

// ListConversations lists through the wrapped store, or answers ENOTFOUND when it
// cannot list, as the route does for such a store.
func (s timedStore) ListConversations(ctx context.Context, q parley.ConversationQuery) (out []parley.Conversation, err error) {
	l, ok := s.whole.(parley.ConversationLister)
	if !ok {
		return nil, parley.Errorf(parley.ENOTFOUND, "this store cannot list conversations")
	}
	err = s.call(ctx, "a conversation list", func(ctx context.Context) error {
		out, err = l.ListConversations(ctx, q)
		return err
	})
	return out, err
}

func (s timedStore) Events(ctx context.Context, key parley.ConversationKey, afterSeq int64, limit int) ([]parley.Event, error) {
	return within(ctx, s.timeout, "an event read", func(ctx context.Context) ([]parley.Event, error) {
		return s.whole.Events(ctx, key, afterSeq, limit)
	})
}

func (s timedStore) EnqueueInbound(ctx context.Context, in parley.Inbound) (bool, error) {
	return within(ctx, s.timeout, "an inbox write", func(ctx context.Context) (bool, error) {
		return s.whole.EnqueueInbound(ctx, in)
	})
}

func (s timedStore) PendingInbound(ctx context.Context, limit int) ([]parley.Inbound, error) {
	return within(ctx, s.timeout, "an inbox read", func(ctx context.Context) ([]parley.Inbound, error) {
		return s.whole.PendingInbound(ctx, limit)
	})
}

func (s timedStore) ClaimOutbox(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]parley.OutboxEntry, error) {
	return within(ctx, s.timeout, "an outbox claim", func(ctx context.Context) ([]parley.OutboxEntry, error) {
		return s.whole.ClaimOutbox(ctx, now, lease, limit)
	})
}

func (s timedStore) CompleteOutbox(ctx context.Context, id int64) error {
	return s.call(ctx, "an outbox write", func(ctx context.Context) error { return s.whole.CompleteOutbox(ctx, id) })
}

func (s timedStore) RetryOutbox(ctx context.Context, id int64, next time.Time, lastError string) error {
	return s.call(ctx, "an outbox write", func(ctx context.Context) error { return s.whole.RetryOutbox(ctx, id, next, lastError) })
}

func (s timedStore) FailOutbox(ctx context.Context, id int64, lastError string) error {
	return s.call(ctx, "an outbox write", func(ctx context.Context) error { return s.whole.FailOutbox(ctx, id, lastError) })
}

func (s timedStore) PutFlow(ctx context.Context, id string, definition []byte) (int, error) {
	return within(ctx, s.timeout, "a flow write", func(ctx context.Context) (int, error) {
		return s.whole.PutFlow(ctx, id, definition)
	})
}

func (s timedStore) Flow(ctx context.Context, id string, version int) (def []byte, v int, err error) {
	err = s.call(ctx, "a flow read", func(ctx context.Context) error {
		def, v, err = s.whole.Flow(ctx, id, version)
		return err
	})
	return def, v, err
}

func (s timedStore) Ping(ctx context.Context) error {
	return s.call(ctx, "a ping", s.whole.Ping)
}

// Close closes the wrapped store.
func (s timedStore) Close() error { return s.whole.Close() }
