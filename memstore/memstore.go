// Package memstore is a parley.Store in memory: nothing survives the process. It is
// for tests (it works inside testing/synctest bubbles, where the SQLite store's
// goroutine and pooled channels cannot) and for users who want no persistence
// (`parley serve -store mem:`). It passes the storetest conformance suite.
//
// Conversations are spread over shards by a hash of their key, each behind its own
// mutex, so that turns of different conversations commit in parallel (one mutex for
// the whole store was where concurrent turns queued: parley bench's block profile put
// 97% of their waiting on it). The queues and flows (outbox, inbox, flow versions) have
// one mutex of their own, taken after a shard's when a call needs both (a Commit with
// outbox entries or an inbox entry, EnqueueInbound), never before, so the two never
// deadlock. Every method is one critical section of what it touches, so each call is
// atomic and a failed Commit changes nothing; ListConversations reads the shards one
// after another. Bytes given are copied in and copied
// out, so callers may reuse their buffers. Times are kept at microsecond precision in
// UTC, as the SQL stores keep them.
package memstore

import (
	"bytes"
	"context"
	"hash/maphash"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/turnlog"
)

var (
	_ parley.Store              = (*Store)(nil)
	_ parley.ConversationLister = (*Store)(nil)
)

// DefaultMaxAttempts is how many deliveries an outbox entry gets before RetryOutbox
// marks it failed.
const DefaultMaxAttempts = 10

// Store is a parley.Store in memory. Its methods are safe for concurrent use.
type Store struct {
	closed atomic.Bool
	now    func() time.Time
	seed   maphash.Seed
	shards [shardCount]shard

	// mu guards the queues and flows below.
	mu sync.Mutex
	// entries is the outbox, in the order committed.
	entries []*outboxEntry
	keys    map[string]bool // outbox idempotency keys ever used
	inbox   []parley.Inbound
	// flows holds each flow's versions, version v at index v-1; a version
	// removed by the retention (flowVersions) is nil.
	flows        map[string][][]byte
	flowVersions int
	nextID       int64
}

// shardCount is how many shards the conversations are spread over: enough that
// 64 turns in flight on 16 cores rarely meet on one.
const shardCount = 64

// shard holds the conversations whose key hashes to it, behind its own mutex.
type shard struct {
	mu    sync.Mutex
	convs map[parley.ConversationKey]*conversation
	_     [48]byte // a cache line each, so that neighbouring shards' locks do not share one
}

// conversation is the head and the versions of one conversation, kept in the
// compact form the SQL stores keep: per version its state, the events its commit
// stored and, for a turn, its record. The events the log rebuilds around a turn
// (turnlog.Expand) and a turn's response (turnlog.Response) are rebuilt on read, as
// package sqlite rebuilds them, so that a commit copies what it was given once and
// builds nothing: expanding every turn's log at commit was a third of a memory
// store turn's allocations.
type conversation struct {
	head     parley.Conversation
	versions []version // versions[v-1] is version v
	// events are the events every version's commit stored, in order; version v's
	// are events[versions[v-1].lo:versions[v-1].hi].
	events []parley.Event
	// processed maps each processed message id to the version that processed it,
	// once the conversation has scanVersions versions (remember); until then the
	// versions' messageIDs are scanned.
	processed map[string]int64
	// firstVersions is the room of the first versions, allocated with the
	// conversation.
	firstVersions [initialVersions]version
}

// version is one stored version. Its bytes (state, event data, a turn's replies and
// transitions, a record) share one buffer per commit, never handed out: every read
// copies them.
type version struct {
	state []byte
	// first and last are the seqs of its first and last event in the log (last <
	// first when it has none); at is when it was stored, the time of the events the
	// log rebuilds.
	first, last int64
	at          time.Time
	lo, hi      int // its stored events, conversation.events[lo:hi]
	// turn is the turn the version processed, when isTurn; response is the record
	// of a message it processed otherwise (parley.Commit.Response).
	turn     parley.TurnRecord
	isTurn   bool
	response []byte
	// messageID is the message the version processed ("" for none).
	messageID string
}

// stored returns the events version v's commit stored.
func (c *conversation) stored(v *version) []parley.Event { return c.events[v.lo:v.hi] }

// logEvents returns version v's events as the log holds them: the stored ones and,
// for a turn, the ones the log rebuilds (turnlog.Expand). Their data is the store's.
func (c *conversation) logEvents(key parley.ConversationKey, v *version) []parley.Event {
	if !v.isTurn {
		return c.stored(v)
	}
	return turnlog.Expand(&v.turn, key, c.stored(v), v.first, v.at)
}

type outboxEntry struct {
	parley.OutboxEntry
	status     string // pending, done, failed
	leaseUntil time.Time
}

// New returns an empty store that keeps parley.DefaultFlowVersions versions of
// each flow.
func New() *Store {
	return NewWithOptions(Options{})
}

// Options configure a memory store.
type Options struct {
	// FlowVersions is how many versions of each flow PutFlow keeps (0:
	// parley.DefaultFlowVersions).
	FlowVersions int
}

// NewWithOptions returns an empty store configured by opts.
func NewWithOptions(opts Options) *Store {
	s := &Store{
		now:          time.Now,
		seed:         maphash.MakeSeed(),
		keys:         map[string]bool{},
		flows:        map[string][][]byte{},
		flowVersions: max(opts.FlowVersions, 0),
	}
	for i := range s.shards {
		s.shards[i].convs = map[parley.ConversationKey]*conversation{}
	}
	return s
}

// open fails with EUNAVAILABLE after Close.
func (s *Store) open() error {
	if s.closed.Load() {
		return parley.Errorf(parley.EUNAVAILABLE, "memstore: store is closed")
	}
	return nil
}

// lock takes the mutex of the queues and flows, or fails with EUNAVAILABLE after
// Close; the caller unlocks when err is nil.
func (s *Store) lock() error {
	if err := s.open(); err != nil {
		return err
	}
	s.mu.Lock()
	return nil
}

// lockShard takes the mutex of key's shard, or fails with EUNAVAILABLE after Close;
// the caller unlocks the shard when err is nil.
func (s *Store) lockShard(key parley.ConversationKey) (*shard, error) {
	if err := s.open(); err != nil {
		return nil, err
	}
	sh := &s.shards[maphash.Comparable(s.seed, key)%shardCount]
	sh.mu.Lock()
	return sh, nil
}

// clock is the store's "now" at microsecond precision.
func (s *Store) clock() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

func micro(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return bytes.Clone(b)
}

// Ping reports whether the store is open.
func (s *Store) Ping(context.Context) error {
	return s.open()
}

// NeverWaits reports that the store's calls wait on nothing but its own brief locks
// and ignore their context: the runtime (package actor) gives them no deadline.
func (s *Store) NeverWaits() bool { return true }

// Close drops nothing (the data goes with the process) but refuses every later call.
func (s *Store) Close() error {
	s.closed.Store(true)
	return nil
}

// Conversation returns the stored conversation.
func (s *Store) Conversation(_ context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	var out *parley.Conversation
	err := s.read(key, func(c *conversation) error {
		if c == nil {
			// Every new conversation's first read: one string, not Errorf's four
			// allocations.
			return &parley.Error{Code: parley.ENOTFOUND, Message: "conversation " + key.Bot + "/" + key.ID + " not found"}
		}
		head := c.head
		head.State = clone(c.versions[head.Version-1].state)
		out = &head
		return nil
	})
	return out, err
}

// read checks key and calls fn with its conversation (nil when there is none) under
// its shard's mutex: the preamble of every read of one conversation.
func (s *Store) read(key parley.ConversationKey, fn func(c *conversation) error) error {
	if err := key.Check(); err != nil {
		return err
	}
	sh, err := s.lockShard(key)
	if err != nil {
		return err
	}
	defer sh.mu.Unlock()
	return fn(sh.convs[key])
}

// Processed returns the record of a processed message.
func (s *Store) Processed(_ context.Context, key parley.ConversationKey, messageID string) (parley.Processed, bool, error) {
	if err := parley.CheckMessageKey(key, messageID); err != nil {
		return parley.Processed{}, false, err
	}
	sh, err := s.lockShard(key)
	if err != nil {
		return parley.Processed{}, false, err
	}
	defer sh.mu.Unlock()
	c := sh.convs[key]
	if c == nil {
		return parley.Processed{}, false, nil
	}
	n, ok := c.processedVersion(messageID)
	if !ok {
		return parley.Processed{}, false, nil
	}
	v := &c.versions[n-1]
	if v.isTurn {
		msg := v.turn.Message
		engine := turnlog.EngineEvents(&v.turn, c.stored(v))
		return parley.Processed{Message: &msg, Version: n,
			Response: turnlog.Response(&v.turn, key, n, v.state, engine)}, true, nil
	}
	return parley.Processed{Response: clone(v.response), Version: n, State: clone(v.state)}, true, nil
}

// TurnRecords returns the turn records of the last n turns up to version, oldest
// first.
func (s *Store) TurnRecords(_ context.Context, key parley.ConversationKey, version int64, n int) ([]parley.TurnRecord, error) {
	var out []parley.TurnRecord
	err := s.read(key, func(c *conversation) error {
		if c == nil {
			return nil
		}
		for v := min(version, int64(len(c.versions))); v >= 1 && len(out) < n; v-- {
			if r := &c.versions[v-1]; r.isTurn {
				rec := r.turn
				rec.Replies, rec.Transitions = clone(rec.Replies), clone(rec.Transitions)
				out = append(out, rec)
			}
		}
		return nil
	})
	slices.Reverse(out)
	return out, err
}

// Events returns up to limit events with Seq > afterSeq; limit <= 0 means all.
func (s *Store) Events(_ context.Context, key parley.ConversationKey, afterSeq int64, limit int) ([]parley.Event, error) {
	var out []parley.Event
	err := s.read(key, func(c *conversation) error {
		if c == nil {
			return nil
		}
		for i := range c.versions {
			v := &c.versions[i]
			if v.last <= afterSeq {
				continue
			}
			for _, e := range c.logEvents(key, v) {
				if e.Seq <= afterSeq {
					continue
				}
				if limit > 0 && len(out) == limit {
					return nil
				}
				e.Data = clone(e.Data)
				out = append(out, e)
			}
		}
		return nil
	})
	return out, err
}

// ListConversations returns one page of q.Bot's conversations, most recently active
// first (see parley.ConversationQuery). It sorts the bot's conversations on every
// call: fine for the sizes a memory store holds.
func (s *Store) ListConversations(_ context.Context, q parley.ConversationQuery) ([]parley.Conversation, error) {
	if q.Limit <= 0 {
		return nil, parley.Errorf(parley.EINVALID, "list conversations: limit must be positive, got %d", q.Limit)
	}
	if err := s.open(); err != nil {
		return nil, err
	}
	var rows []parley.Conversation
	for i := range s.shards {
		rows = s.shards[i].list(q, rows)
	}
	sort.Slice(rows, func(i, j int) bool {
		return before(rows[j].UpdatedAt, rows[j].Key.ID, rows[i].UpdatedAt, rows[i].Key.ID)
	})
	if len(rows) > q.Limit {
		rows = rows[:q.Limit]
	}
	return rows, nil
}

// before reports whether (at, id) comes before (at2, id2) in ascending list order.
func before(at time.Time, id string, at2 time.Time, id2 string) bool {
	if !at.Equal(at2) {
		return at.Before(at2)
	}
	return id < id2
}

// list appends the shard's conversations that q selects, before any sorting.
func (sh *shard) list(q parley.ConversationQuery, rows []parley.Conversation) []parley.Conversation {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	for k, c := range sh.convs {
		h := c.head
		if k.Bot != q.Bot || !strings.HasPrefix(k.ID, q.IDPrefix) {
			continue
		}
		if q.After != nil && !before(h.UpdatedAt, k.ID, micro(q.After.UpdatedAt), q.After.ID) {
			continue
		}
		h.State = clone(c.versions[h.Version-1].state)
		rows = append(rows, h)
	}
	return rows
}
