package sqlite

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/parleyhq/parley"
)

// writeOp is one call as the writer applies it.
type writeOp interface {
	// apply runs the call's statements: a write's inside the open transaction (and
	// its own savepoint when it shares the transaction), a read's on their own, between
	// write transactions. An error means the write is refused; the writer rolls back
	// whatever apply did.
	apply(w *writer) error
	// committed runs after the transaction committed: the place to hand results back
	// to the caller, which must not see them before they are durable.
	committed()
}

// request carries one write from its caller to the writer and its outcome back.
type request struct {
	ctx    context.Context
	op     writeOp
	read   bool // runs outside any write transaction
	err    error
	result chan error
	// commit is the op of a Commit call, kept in the pooled request so that the hot
	// path allocates no op.
	commit commitOp
}

// requestPool recycles requests (and their result channels) between calls.
var requestPool = sync.Pool{New: func() any { return &request{result: make(chan error, 1)} }}

// submit queues r, runs rounds while no other goroutine does, and waits for r's
// answer. Once queued, the request is applied or refused as a whole and the caller
// always learns which; the context is honoured only until a round starts on it.
func (s *Store) submit(ctx context.Context, r *request) error {
	r.err = nil
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return errClosed()
	}
	if err := ctx.Err(); err != nil {
		s.mu.RUnlock()
		return parley.WrapError(parley.EUNAVAILABLE, err, "sqlite: write not started")
	}
	s.qmu.Lock()
	s.queue = append(s.queue, r)
	s.qmu.Unlock()
	s.mu.RUnlock()
	s.lead()
	err := <-r.result
	if _, commit := r.op.(*commitOp); err != nil || commit {
		// Any write that fails for want of the store counts; only a commit that
		// lands clears it: a small write may fit where a turn does not.
		s.health.Note(err, time.Now())
	}
	return err
}

// lead runs rounds until the queue is empty, unless another goroutine leads: that one
// takes every request queued before it lets go, because it looks at the queue again
// after unlocking and leads again if a request came in meanwhile.
func (s *Store) lead() {
	for s.leadLock.TryLock() {
		s.rounds()
		s.leadLock.Unlock()
		s.qmu.Lock()
		more := len(s.queue) > 0
		s.qmu.Unlock()
		if !more {
			return
		}
	}
}

// write runs fn as a write of its own (not a Commit).
func (s *Store) write(ctx context.Context, fn func(w *writer) error) error {
	r := requestPool.Get().(*request)
	r.ctx, r.op = ctx, funcOp(fn)
	err := s.submit(ctx, r)
	r.ctx, r.op = nil, nil
	requestPool.Put(r)
	return err
}

// funcOp is a write whose results the caller reads only when it succeeded.
type funcOp func(w *writer) error

func (f funcOp) apply(w *writer) error { return f(w) }
func (funcOp) committed()              {}

// writer owns the store's only connection. Only its goroutine touches it.
type writer struct {
	store       *Store
	conn        driver.ConnPrepareContext
	maxBatch    int
	maxAttempts int
	// flowVersions is how many versions of a flow PutFlow keeps.
	flowVersions int

	begin, commit, rollback, savepoint, release, rollbackTo *stmt

	insertConversation, updateConversation, updateKnownHead, headState, insertTurn, insertOutbox, deleteInbound *stmt

	processedExists, insertInbound, dropInbound                        *stmt
	claimOutbox, completeOutbox, retryOutbox, failOutbox, outboxStatus *stmt
	nextFlowVersion, insertFlow, pruneFlow                             *stmt

	ping, conversation, processed, stateRows, events, turnRecords, pendingInbound, latestFlow, flow *stmt

	all []*stmt
	// events is the reused buffer a commit's events array is encoded into.
	eventsBuf []byte
	// row is the reused destination of single-row reads.
	row [9]driver.Value
	// taken and batch are the requests of one round, reused.
	taken, batch []*request
	// grouped is whether the last round's transaction carried more than one write.
	grouped bool
}

// startWriter takes the write connection and holds it, inside database/sql's Raw,
// until Close: rounds run on it from whichever goroutine leads.
func (s *Store) startWriter(ctx context.Context, opts Options) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return parley.WrapError(errorCodeOf(err), err, "sqlite: write connection")
	}
	ready := make(chan error, 1)
	go func() {
		defer close(s.writerDone)
		_ = conn.Raw(func(dc any) error {
			w, err := newWriter(s, dc, opts)
			if err != nil {
				ready <- err
				return err
			}
			s.w = w
			ready <- nil
			<-s.closing
			return w.closeStatements()
		})
		_ = conn.Close()
	}()
	if err := <-ready; err != nil {
		<-s.writerDone
		return parley.WrapError(errorCodeOf(err), err, "sqlite: prepare writes")
	}
	return nil
}

func newWriter(s *Store, dc any, opts Options) (*writer, error) {
	pc, ok := dc.(driver.ConnPrepareContext)
	if !ok {
		return nil, errors.New("driver connection cannot prepare statements")
	}
	w := &writer{store: s, conn: pc, maxBatch: opts.MaxBatch, maxAttempts: opts.MaxAttempts, flowVersions: opts.FlowVersions}
	prepare := func(dst **stmt, query string) error {
		ds, err := pc.PrepareContext(context.Background(), query)
		if err != nil {
			return err
		}
		*dst = &stmt{s: ds}
		w.all = append(w.all, *dst)
		return nil
	}
	for _, p := range []struct {
		dst   **stmt
		query string
	}{
		{&w.begin, `BEGIN IMMEDIATE`},
		{&w.commit, `COMMIT`},
		{&w.rollback, `ROLLBACK`},
		{&w.savepoint, `SAVEPOINT write`},
		{&w.release, `RELEASE write`},
		{&w.rollbackTo, `ROLLBACK TO write`},
		{&w.insertConversation, `INSERT INTO conversations
			(bot, conversation, engine, lifecycle, version, turns, last_seq, created_at, updated_at, active_at, state)
			VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (bot, conversation) DO NOTHING`},
		{&w.updateConversation, `UPDATE conversations
			SET engine = ?, lifecycle = ?, version = ?, turns = ?, last_seq = last_seq + ?, updated_at = ?, active_at = ?, state = ?
			WHERE bot = ? AND conversation = ? AND version = ?
			RETURNING last_seq, created_at, id`},
		// The head row of a version the store committed itself (statelog.Head):
		// without RETURNING, which makes SQLite buffer the returned row (about 15
		// µs of a sequential turn, docs/performance.md).
		{&w.updateKnownHead, `UPDATE conversations
			SET engine = ?, lifecycle = ?, version = ?, turns = ?, last_seq = ?, updated_at = ?, active_at = ?, state = ?
			WHERE id = ? AND version = ?`},
		{&w.headState, `SELECT state FROM conversations WHERE bot = ? AND conversation = ? AND version = ?`},
		{&w.insertTurn, `INSERT INTO turns (head_id, bot, conversation, version, at, lifecycle, message_id,
				first_seq, last_seq, events, state, back, response, response_version, turn)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT DO NOTHING`},
		{&w.insertOutbox, `INSERT INTO outbox (bot, conversation, kind, idempotency_key, payload, next_attempt_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (idempotency_key) DO NOTHING`},
		{&w.deleteInbound, `DELETE FROM inbound WHERE id = ?`},
		{&w.processedExists, processedExistsQuery},
		{&w.insertInbound, `INSERT INTO inbound (bot, conversation, message_id, channel, payload, received_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (bot, conversation, message_id) DO NOTHING`},
		{&w.dropInbound, `DELETE FROM inbound WHERE id = ?`},
		{&w.claimOutbox, `UPDATE outbox SET lease_until = ?1, attempts = attempts + 1
			WHERE id IN (
				SELECT id FROM outbox
				WHERE status = 'pending' AND next_attempt_at <= ?2 AND (lease_until IS NULL OR lease_until <= ?2)
				ORDER BY id LIMIT ?3)
			RETURNING id, bot, conversation, kind, idempotency_key, payload, attempts, next_attempt_at, last_error`},
		{&w.completeOutbox, `UPDATE outbox SET status = 'done', lease_until = NULL WHERE id = ?`},
		{&w.retryOutbox, `UPDATE outbox
			SET status = CASE WHEN attempts >= ?1 THEN 'failed' ELSE 'pending' END,
			    next_attempt_at = ?2, lease_until = NULL, last_error = ?3
			WHERE id = ?4 AND status = 'pending'`},
		{&w.failOutbox, `UPDATE outbox SET status = 'failed', lease_until = NULL, last_error = ?
			WHERE id = ? AND status = 'pending'`},
		{&w.outboxStatus, `SELECT status FROM outbox WHERE id = ?`},
		{&w.nextFlowVersion, `SELECT coalesce(max(version), 0) + 1 FROM flows WHERE id = ?`},
		{&w.insertFlow, `INSERT INTO flows (id, version, definition, created_at) VALUES (?, ?, ?, ?)`},
		{&w.pruneFlow, `DELETE FROM flows WHERE id = ? AND version <= ?`},
		{&w.ping, `SELECT 1`},
		{&w.conversation, `SELECT engine, state, lifecycle, version, turns, last_seq, created_at, updated_at, active_at
			FROM conversations WHERE bot = ? AND conversation = ?`},
		{&w.processed, processedQuery},
		{&w.stateRows, stateRowsQuery},
		{&w.events, eventsQuery},
		{&w.turnRecords, turnRecordsQuery},
		{&w.pendingInbound, `SELECT id, bot, conversation, message_id, channel, payload, received_at
			FROM inbound ORDER BY id LIMIT ?`},
		{&w.latestFlow, `SELECT definition, version FROM flows WHERE id = ? ORDER BY version DESC LIMIT 1`},
		{&w.flow, `SELECT definition, version FROM flows WHERE id = ? AND version = ?`},
	} {
		if err := prepare(p.dst, p.query); err != nil {
			_ = w.closeStatements()
			return nil, err
		}
	}
	return w, nil
}

// The reads of a conversation's turns, each through the message index under the
// conversation's head (turns.head_id, migration 0005): TestTurnsReadsUseTheIndex
// checks their plans.
const (
	processedExistsQuery = `SELECT 1 FROM turns
			WHERE head_id = (SELECT id FROM conversations WHERE bot = ? AND conversation = ?) AND message_id = ?`
	processedQuery = `SELECT t.response, t.response_version, t.state, t.turn, t.version, t.events, t.back, c.version, c.state
			FROM conversations c JOIN turns t ON t.head_id = c.id
			WHERE c.bot = ? AND c.conversation = ? AND t.message_id = ?`
	stateRowsQuery = `SELECT version, back, state FROM turns
			WHERE head_id = (SELECT id FROM conversations WHERE bot = ? AND conversation = ?)
				AND version >= ? AND version <= ? ORDER BY version`
	eventsQuery = `SELECT events, turn, first_seq, at FROM turns
			WHERE head_id = (SELECT id FROM conversations WHERE bot = ? AND conversation = ?)
				AND last_seq > ? AND last_seq >= first_seq ORDER BY version`
)

func (w *writer) closeStatements() error {
	var errs []error
	for _, st := range w.all {
		errs = append(errs, st.s.Close())
	}
	w.all = nil
	return errors.Join(errs...)
}

// take moves queued requests to w.taken until it holds Options.MaxBatch writes
// (counting the writes already taken) and returns how many writes it holds.
func (w *writer) take(writes int) int {
	q := w.store
	q.qmu.Lock()
	defer q.qmu.Unlock()
	n := 0
	for ; n < len(q.queue) && writes < w.maxBatch; n++ {
		if !q.queue[n].read {
			writes++
		}
	}
	w.taken = append(w.taken, q.queue[:n]...)
	rest := copy(q.queue, q.queue[n:])
	clear(q.queue[rest:])
	q.queue = q.queue[:rest]
	return writes
}

// rounds runs rounds until the queue is empty. Should a round panic (inside the
// driver), the requests it took and had not answered are refused, its transaction
// rolled back and the lead released before the panic goes on, so that no caller waits
// forever on a lock nobody holds.
func (s *Store) rounds() {
	defer func() {
		if p := recover(); p != nil {
			for _, r := range s.w.taken {
				if r != nil { // not answered yet
					r.result <- parley.Errorf(parley.EINTERNAL, "sqlite: the write path failed")
				}
			}
			clear(s.w.taken)
			_, _ = s.w.rollback.exec() // a transaction the round left open; an error when none is
			s.leadLock.Unlock()
			panic(p)
		}
	}()
	for s.w.round() {
	}
}

// round takes up to Options.MaxBatch queued writes (and every queued read before
// them), answers the reads, then applies the writes in one transaction. It reports
// false when the queue was empty. Only the leader calls it.
func (w *writer) round() bool {
	w.taken = w.taken[:0]
	writes := w.take(0)
	if len(w.taken) == 0 {
		return false
	}
	// Group commit: yielding once lets callers that were just answered (and are about
	// to submit again) join this transaction instead of forming one of their own
	// behind it. Only while writes arrive concurrently (another Commit is under way,
	// more than one write is queued, or the last transaction carried more than one):
	// a sequential caller has nobody to yield to, and the yield wakes an idle thread
	// for nothing (5% of a sequential turn's CPU, docs/performance.md).
	if writes < w.maxBatch && (writes > 1 || w.grouped || w.store.committing.Load() > 1) {
		runtime.Gosched()
		w.take(writes)
	}
	// Reads first, each answered as it completes; an answered request leaves
	// w.taken (which then holds exactly the unanswered ones, should a round panic).
	for i, r := range w.taken {
		if r.read {
			w.runRead(r)
			w.taken[i] = nil
		}
	}
	w.batch = w.batch[:0]
	for _, r := range w.taken {
		if r != nil {
			w.batch = append(w.batch, r)
		}
	}
	if len(w.batch) > 0 {
		w.grouped = len(w.batch) > 1
		w.runBatch(w.batch) // answers every request of the batch as its last step
	}
	clear(w.taken)
	clear(w.batch)
	return true
}

// runRead answers a read, one statement in autocommit mode.
func (w *writer) runRead(r *request) {
	if err := r.ctx.Err(); err != nil {
		r.err = parley.WrapError(parley.EUNAVAILABLE, err, "sqlite: read not started")
	} else {
		r.err = r.op.apply(w)
	}
	r.result <- r.err
}

// runBatch applies batch in one transaction and answers every request in it.
func (w *writer) runBatch(batch []*request) {
	shared := len(batch) > 1
	if _, err := w.begin.exec(); err != nil {
		w.fail(batch, err)
		return
	}
	for _, r := range batch {
		if err := r.ctx.Err(); err != nil {
			r.err = parley.WrapError(parley.EUNAVAILABLE, err, "sqlite: write not started")
			continue
		}
		if !shared {
			if r.err = r.op.apply(w); r.err != nil {
				_, _ = w.rollback.exec()
				w.answer(batch)
				return
			}
			continue
		}
		if _, err := w.savepoint.exec(); err != nil {
			w.abort(batch, err)
			return
		}
		if r.err = r.op.apply(w); r.err != nil {
			if _, err := w.rollbackTo.exec(); err != nil {
				// The transaction itself is gone (SQLite rolls back on some I/O
				// errors): nothing of the batch was stored.
				w.abort(batch, err)
				return
			}
		}
		if _, err := w.release.exec(); err != nil {
			w.abort(batch, err)
			return
		}
	}
	if _, err := w.commit.exec(); err != nil {
		w.abort(batch, err)
		return
	}
	landed, commits := int64(0), int64(0)
	for _, r := range batch {
		if r.err == nil {
			r.op.committed()
			landed++
			if r.op == &r.commit {
				commits++
			}
		}
	}
	st := &w.store.stats
	st.transactions.Add(1)
	st.writes.Add(landed)
	st.commits.Add(commits)
	if n := int64(len(batch)); n > st.largestBatch.Load() {
		st.largestBatch.Store(n) // only the writer stores it
	}
	w.answer(batch)
}

// abort rolls the transaction back and refuses every write of batch not already
// refused on its own.
func (w *writer) abort(batch []*request, cause error) {
	_, _ = w.rollback.exec()
	w.fail(batch, cause)
}

func (w *writer) fail(batch []*request, cause error) {
	err := w.store.wrap(cause, "write transaction")
	for _, r := range batch {
		if r.err == nil {
			r.err = err
		}
	}
	w.answer(batch)
}

func (w *writer) answer(batch []*request) {
	for _, r := range batch {
		r.result <- r.err
	}
}

// stmt is a prepared statement of the write connection with a reused argument slice.
type stmt struct {
	s    driver.Stmt
	args []driver.NamedValue
}

func (st *stmt) bind(args []any) []driver.NamedValue {
	st.args = st.args[:0]
	for i, a := range args {
		st.args = append(st.args, driver.NamedValue{Ordinal: i + 1, Value: a})
	}
	return st.args
}

// exec runs the statement and returns how many rows it changed.
func (st *stmt) exec(args ...any) (int64, error) {
	res, err := st.s.(driver.StmtExecContext).ExecContext(context.Background(), st.bind(args))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// execID runs an INSERT and returns the new rowid, or 0 when no row was inserted.
func (st *stmt) execID(args ...any) (int64, error) {
	res, err := st.s.(driver.StmtExecContext).ExecContext(context.Background(), st.bind(args))
	if err != nil {
		return 0, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return 0, err
	}
	return res.LastInsertId()
}

// queryRow runs the statement and reads its first row into dest; found is false when
// there is none.
func (st *stmt) queryRow(dest []driver.Value, args ...any) (found bool, err error) {
	rows, err := st.s.(driver.StmtQueryContext).QueryContext(context.Background(), st.bind(args))
	if err != nil {
		return false, err
	}
	defer rows.Close()
	switch err := rows.Next(dest); err {
	case nil:
		return true, nil
	case io.EOF:
		return false, nil
	default:
		return false, err
	}
}

// query runs the statement and calls row for each result row; dest is reused.
func (st *stmt) query(row func(dest []driver.Value) error, args ...any) error {
	rows, err := st.s.(driver.StmtQueryContext).QueryContext(context.Background(), st.bind(args))
	if err != nil {
		return err
	}
	defer rows.Close()
	dest := make([]driver.Value, len(rows.Columns()))
	for {
		if err := rows.Next(dest); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		if err := row(dest); err != nil {
			return err
		}
	}
}
