package postgres

import (
	"context"
	"sync"
	"time"

	"github.com/parleyhq/parley"
)

// notifyTimeout bounds one notification round trip.
const notifyTimeout = 5 * time.Second

// notifyInterval is the least time between two notifications: a commit after a quiet
// spell is announced at once, and those that land within notifyInterval of the last
// notification wait for the rest of it and go together, so a listener hears of a
// commit at most notifyInterval (plus a round trip) after it landed. A notification
// is a transaction and a round trip of its own, which contends with the commits for
// the 2 cores of the machine this was measured on: sent after every commit of a
// sequential stream (BenchmarkCommit/seq) it cost 40% of the commits' rate (1,936
// against 3,144-3,188 commits/s without notifications), at most one per 2 ms 10%
// (2,727-2,852), at most one per 10 ms 0-3% (3,103-3,366).
const notifyInterval = 10 * time.Millisecond

// notifyCommitted sends the notifications of committed versions, one per
// conversation, each read back from the committed row: a conversation that a later
// commit moved on is left to that commit's own notification, so that a listener
// hears a conversation's commits in order. A key too long for a payload (8000
// bytes) is not announced. The row is read by a lateral subquery that OFFSET 0 keeps
// from being flattened into a join: one primary key lookup per conversation,
// whatever the planner guesses of the arrays' length (as a join, a cached plan
// scanned the whole table for every notification).
const notifyCommitted = `SELECT count(pg_notify($1, p.payload))
FROM unnest($2::text[], $3::text[], $4::bigint[]) AS n(bot, conversation_id, version),
	LATERAL (SELECT c.bot || E'\t' || c.conversation_id || E'\t' || c.last_seq AS payload FROM conversations c
		WHERE c.bot = n.bot AND c.conversation_id = n.conversation_id AND c.version = n.version OFFSET 0) p
WHERE octet_length(p.payload) < 8000`

// notifier announces committed versions on the store's channel from a goroutine of
// its own, in a transaction of their own that follows the commits, never inside a
// commit: PostgreSQL takes a server-wide lock for every transaction that notifies
// and holds it until that transaction's commit is done, so notifying inside the
// commit would serialize every commit of every replica on one WAL flush at a time.
// The commits that land while a notification is in flight are announced together by
// the next one (one transaction, one lock, however many commits), so under load the
// notifications cost a fraction of a round trip per commit.
type notifier struct {
	s       *Store
	mu      sync.Mutex
	pending map[parley.ConversationKey]int64 // committed version, the latest per key
	sending bool                             // a notification is in flight
	wake    chan struct{}
	stop    chan struct{}
	done    chan struct{}
	closing sync.Once
}

func newNotifier(s *Store) *notifier {
	n := &notifier{s: s, pending: map[parley.ConversationKey]int64{}, wake: make(chan struct{}, 1),
		stop: make(chan struct{}), done: make(chan struct{})}
	go n.loop()
	return n
}

// committed queues the notification of key's version.
func (n *notifier) committed(key parley.ConversationKey, version int64) {
	n.mu.Lock()
	if version > n.pending[key] {
		n.pending[key] = version
	}
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// close sends what is queued and stops the notifier.
func (n *notifier) close() {
	n.closing.Do(func() { close(n.stop) })
	<-n.done
}

func (n *notifier) loop() {
	defer close(n.done)
	var last time.Time
	for {
		select {
		case <-n.wake:
			if wait := notifyInterval - time.Since(last); wait > 0 {
				timer := time.NewTimer(wait)
				select {
				case <-timer.C:
				case <-n.stop:
					timer.Stop()
					n.send()
					return
				}
			}
			last = time.Now()
			n.send()
		case <-n.stop:
			n.send()
			return
		}
	}
}

// send announces the queued versions in one statement. A failed notification is
// logged and dropped, as one lost with the listener's connection would be: a
// listener re-reads the stored log when it subscribes again.
func (n *notifier) send() {
	n.mu.Lock()
	pending := n.pending
	if len(pending) == 0 {
		n.mu.Unlock()
		return
	}
	n.pending = make(map[parley.ConversationKey]int64, len(pending))
	n.sending = true
	n.mu.Unlock()
	defer func() {
		n.mu.Lock()
		n.sending = false
		n.mu.Unlock()
	}()
	bots, ids, versions := make([]string, 0, len(pending)), make([]string, 0, len(pending)), make([]int64, 0, len(pending))
	for key, version := range pending {
		bots, ids, versions = append(bots, key.Bot), append(ids, key.ID), append(versions, version)
	}
	ctx, cancel := context.WithTimeout(context.Background(), notifyTimeout)
	defer cancel()
	if err := n.s.run(ctx, "notify", true, func(ctx context.Context) error {
		_, err := n.s.pool.Exec(ctx, notifyCommitted, n.s.channel, bots, ids, versions)
		return err
	}); err != nil {
		n.s.log.Warn("postgres: could not notify committed conversations", "conversations", len(pending), "err", err)
	}
}

// quiet reports whether nothing is queued or in flight (tests).
func (n *notifier) quiet() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.pending) == 0 && !n.sending
}
