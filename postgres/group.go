package postgres

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/parleyhq/parley"
)

// Group commit. The commits that arrive while commitLanes others are on the wire
// wait, and go to the server together: one pipelined batch (Bind and Execute per
// commit, one Sync) on one connection, which the server runs as one implicit
// transaction: one round trip, one transaction start and end, one WAL flush for all
// of them. On a small machine with 16 turns in flight the round trip of each commit
// (a write and a wake-up on both sides of the loopback, the transaction's commit
// and flush) cost about as much CPU as the statement itself.
//
// Each commit keeps its own outcome:
//   - A commit refused for its version (its statement returns no row) is refused
//     alone; the batch's other commits land.
//   - A batch the server fails (a message id already stored, invalid JSON, a
//     deadlock) rolls back as a whole, and so does one that never reached the
//     server: then each of its commits runs again alone, on the single-statement
//     path, and gets there the outcome it would have had without the batch.
//   - A batch whose connection is lost after it was sent has an unknown outcome, as
//     a single commit's would: each of its commits fails with that error.
//   - A caller that gives up (its context ends) while its commit waits in the queue
//     gets EUNAVAILABLE and nothing is sent; once sent, it gets EUNAVAILABLE at once
//     and the commit may land, as when a single statement is cancelled.
//
// A commit that finds a lane free goes alone, at once: a sequential caller waits for
// nobody and its commit is the statement it was before.
//
// Reads of a conversation's head (Store.Conversation: the first turn of every
// conversation) queue the same way and go first in the batch, so that they see what
// committed before it; a read whose batch failed runs again alone.

const (
	// commitLanes is how many batches (or lone commits) may be on the wire at once.
	// One lane left the server idle during each batch's WAL flush; more than two
	// made the batches smaller on two cores (`parley bench booking -concurrency 16`:
	// see docs/performance.md).
	commitLanes = 2
	// maxBatch caps the commits of one batch, whose row locks are held until its
	// one commit.
	maxBatch = 32
)

// grouper queues the commits that arrive while every lane is busy.
type grouper struct {
	mu      sync.Mutex
	queue   []*queued
	sending int // lanes in use
	lanes   int
}

// queued is one commit waiting for, or sent in, a batch.
type queued struct {
	ctx       context.Context
	key       parley.ConversationKey
	statement *commitStatement
	args      []any
	// read, when set, makes q a read of the conversation (Store.Conversation), not
	// a commit.
	read *conversationRead
	// Set by the batch's sender before wake.
	done  committed
	err   error
	alone bool // the batch did not commit: run the commit alone
	// lead is the batch this commit's caller is to send (set under grouper.mu).
	lead []*queued
	wake chan struct{}
}

// commitGrouped sends a commit statement alone or in a batch and returns its row.
func (s *Store) commitGrouped(ctx context.Context, key parley.ConversationKey, statement *commitStatement, args []any) (done committed, err error) {
	q := &queued{ctx: ctx, key: key, statement: statement, args: args}
	ran := false
	if err := s.grouped(q, commitOp, func() {
		ran = true
		done, err = s.commitAlone(ctx, statement, args)
	}); err != nil {
		return committed{}, err
	}
	if ran {
		return done, err
	}
	return q.done, q.err
}

// grouped runs q: by alone when a lane is free, else in a batch, or by alone after
// all when its batch did not commit. It returns an EUNAVAILABLE error, op's, when
// q's caller gave up waiting.
func (s *Store) grouped(q *queued, op string, alone func()) error {
	g := &s.group
	g.mu.Lock()
	if g.sending < g.lanes {
		g.sending++
		g.mu.Unlock()
		alone()
		s.handOver()
		return nil
	}
	q.wake = make(chan struct{}, 1)
	g.queue = append(g.queue, q)
	g.mu.Unlock()

	select {
	case <-q.wake:
	case <-q.ctx.Done():
		if !s.giveUp(q) {
			return wrapError(q.ctx.Err(), "postgres: %s", op)
		}
	}
	if q.lead != nil {
		s.sendBatch(q.lead)
		if q.alone { // a batch of one, or one that did not commit: the lane is q's
			q.alone = false
			alone()
		}
		s.handOver()
	}
	if q.alone {
		alone()
	}
	return nil
}

// giveUp is called when q's caller gives up waiting, and reports whether the caller
// is to stay: q was made the lead of a batch, which the other commits in it wait
// for (giveUp waits for its wake-up), or q's outcome is in. Otherwise q is taken out
// of the queue if it is still there (nothing is sent), or it is on the wire.
func (s *Store) giveUp(q *queued) (stay bool) {
	g := &s.group
	g.mu.Lock()
	if i := slices.Index(g.queue, q); i >= 0 {
		g.queue = slices.Delete(g.queue, i, i+1)
		g.mu.Unlock()
		return false
	}
	lead := q.lead != nil
	g.mu.Unlock()
	if lead {
		<-q.wake
		return true
	}
	select {
	case <-q.wake:
		return true
	default:
		return false
	}
}

// commitAlone runs one commit statement on the single-statement path.
func (s *Store) commitAlone(ctx context.Context, statement *commitStatement, args []any) (done committed, err error) {
	err = s.run(ctx, commitOp, false, func(ctx context.Context) error {
		var err error
		done, err = s.sendCommit(ctx, statement, args)
		return err
	})
	return done, err
}

// handOver frees a lane whose batch (or lone commit) finished, or gives it, with the
// commits queued meanwhile, to the first of them, whose caller sends them.
func (s *Store) handOver() {
	g := &s.group
	g.mu.Lock()
	if len(g.queue) == 0 {
		g.sending--
		g.mu.Unlock()
		return
	}
	n := min(len(g.queue), maxBatch)
	batch := slices.Clone(g.queue[:n])
	g.queue = slices.Delete(g.queue, 0, n)
	batch[0].lead = batch
	g.mu.Unlock()
	batch[0].wake <- struct{}{}
}

// sendBatch sends a batch and gives each of its commits its outcome; it wakes every
// commit's caller but the lead's (batch[0]), which is the caller sending it.
func (s *Store) sendBatch(batch []*queued) {
	defer func() {
		for _, q := range batch[1:] {
			q.wake <- struct{}{}
		}
	}()
	if len(batch) == 1 {
		batch[0].alone = true
		return
	}
	// Every batch locks its rows in key order, so that two batches (of two lanes or
	// two replicas) never wait for each other in a cycle; reads go first, and see
	// only what committed before the batch.
	sorted := slices.Clone(batch)
	slices.SortStableFunc(sorted, func(a, b *queued) int {
		return cmp.Or(-cmp.Compare(boolInt(a.read != nil), boolInt(b.read != nil)),
			cmp.Compare(a.key.Bot, b.key.Bot), cmp.Compare(a.key.ID, b.key.ID))
	})
	ctx, cancel := batchContext(sorted)
	defer cancel()
	sent, err := s.sendBatchOnce(ctx, sorted)
	writes := slices.ContainsFunc(batch, func(q *queued) bool { return q.read == nil })
	if err == nil {
		if writes {
			s.noteWrite(commitOp, nil)
		}
		return
	}
	var pgErr *pgconn.PgError
	if !sent || errors.As(err, &pgErr) || pgconn.SafeToRetry(err) {
		// Nothing of the batch committed: the server refused it and rolled it back,
		// or it never reached the server.
		for _, q := range batch {
			q.alone = true
		}
		return
	}
	err = wrapError(err, "postgres: %s", commitOp)
	s.noteWrite(commitOp, err)
	for _, q := range batch {
		q.err = err
		q.alone = q.read != nil // a read may run again whatever happened
	}
}

// batchContext is the context a batch is sent under: without its callers'
// cancellation (one caller that gives up must not fail the others' commits), with
// the latest of their deadlines.
func batchContext(batch []*queued) (context.Context, context.CancelFunc) {
	var latest time.Time
	for _, q := range batch {
		d, ok := q.ctx.Deadline()
		if !ok {
			return context.WithCancel(context.WithoutCancel(q.ctx))
		}
		if d.After(latest) {
			latest = d
		}
	}
	return context.WithDeadline(context.WithoutCancel(batch[0].ctx), latest)
}

// sendBatchOnce sends the batch on one connection, as one implicit transaction, and
// sets each commit's row, or ECONFLICT when its statement returned none. An error
// means that the transaction did not commit, or, once sent, that its outcome may be
// unknown.
func (s *Store) sendBatchOnce(ctx context.Context, batch []*queued) (sent bool, err error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Release()
	m := conn.Conn().TypeMap()
	b := &pgconn.Batch{}
	for _, q := range batch {
		// Prepared once per connection, as for a lone commit (sendCommit).
		name, sql, args := conversationName, conversationSQL, []any{q.key.Bot, q.key.ID}
		if q.read == nil {
			name, sql, args = q.statement.name, q.statement.sql, q.args
		}
		sd, err := conn.Conn().Prepare(ctx, name, sql)
		if err != nil {
			return false, err
		}
		values, err := wireParams(m, sd.ParamOIDs, args)
		if err != nil {
			return false, err
		}
		b.ExecStatement(sd, values, binaryFormats[:len(values)], binaryFormats[:1])
	}
	mrr := conn.Conn().PgConn().ExecBatch(ctx, b)
	for i := 0; i < len(batch) && mrr.NextResult(); i++ {
		q, rr := batch[i], mrr.ResultReader()
		if q.read != nil {
			q.err = q.read.scan(rr, q.key)
		} else if q.err = parley.Errorf(parley.ECONFLICT, "the conversation is not at the expected version"); rr.NextRow() {
			// A row that does not scan fails its commit alone.
			q.err = q.done.scan(m, q.statement.shape, rr.FieldDescriptions(), rr.Values())
		}
		if _, err := rr.Close(); err != nil {
			break
		}
	}
	return true, mrr.Close()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
