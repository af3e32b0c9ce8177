package sqlite

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"runtime"
	"sync"

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

// submit hands op to the writer and waits for its transaction. Once handed over, the
// write is applied or refused as a whole and the caller always learns which; the
// context is honoured only until the writer starts on it.
func (s *Store) submit(ctx context.Context, r *request) error {
	r.err = nil
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return errClosed()
	}
	select {
	case s.requests <- r:
	case <-ctx.Done():
		s.mu.RUnlock()
		return parley.WrapError(parley.EUNAVAILABLE, ctx.Err(), "sqlite: write not started")
	}
	s.mu.RUnlock()
	return <-r.result
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

	begin, commit, rollback, savepoint, release, rollbackTo *stmt

	insertConversation, updateConversation, insertLog, insertOutbox, deleteInbound *stmt

	processedExists, insertInbound, dropInbound            *stmt
	claimOutbox, completeOutbox, retryOutbox, outboxStatus *stmt
	nextFlowVersion, insertFlow                            *stmt

	ping, conversation, processed, events, pendingInbound, latestFlow, flow *stmt

	all []*stmt
	// body is the reused buffer a commit's log record is encoded into.
	body []byte
	// row is the reused destination of single-row reads.
	row [8]driver.Value
	// reads and batch are the requests of one round, reused.
	reads, batch []*request
}

// startWriter takes the write connection and runs the writer on it until requests
// is closed and drained.
func (s *Store) startWriter(ctx context.Context, opts Options) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return parley.WrapError(errorCodeOf(err), err, "sqlite: write connection")
	}
	ready := make(chan error, 1)
	go func() {
		defer close(s.writerDone)
		// The driver connection may only be used inside Raw, so the writer's whole
		// life runs inside it.
		_ = conn.Raw(func(dc any) error {
			w, err := newWriter(s, dc, opts)
			ready <- err
			if err != nil {
				return err
			}
			w.run()
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
	w := &writer{store: s, conn: pc, maxBatch: opts.MaxBatch, maxAttempts: opts.MaxAttempts}
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
			(bot, conversation, engine, lifecycle, version, turns, last_seq, state_log_id, created_at, updated_at)
			VALUES (?, ?, ?, ?, 1, ?, ?, (SELECT coalesce(max(id), 0) + 1 FROM conversation_log), ?, ?)
			ON CONFLICT (bot, conversation) DO NOTHING
			RETURNING state_log_id`},
		{&w.updateConversation, `UPDATE conversations
			SET engine = ?, lifecycle = ?, version = ?, turns = ?, last_seq = last_seq + ?, updated_at = ?,
			    state_log_id = (SELECT coalesce(max(id), 0) + 1 FROM conversation_log)
			WHERE bot = ? AND conversation = ? AND version = ?
			RETURNING last_seq, created_at, state_log_id`},
		{&w.insertLog, `INSERT INTO conversation_log (id, bot, conversation, version, first_seq, last_seq, message_id, at, body)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT DO NOTHING`},
		{&w.insertOutbox, `INSERT INTO outbox (bot, conversation, kind, idempotency_key, payload, next_attempt_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (idempotency_key) DO NOTHING`},
		{&w.deleteInbound, `DELETE FROM inbound WHERE id = ?`},
		{&w.processedExists, `SELECT 1 FROM conversation_log WHERE bot = ? AND conversation = ? AND message_id = ?`},
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
		{&w.outboxStatus, `SELECT status FROM outbox WHERE id = ?`},
		{&w.nextFlowVersion, `SELECT coalesce(max(version), 0) + 1 FROM flows WHERE id = ?`},
		{&w.insertFlow, `INSERT INTO flows (id, version, definition, created_at) VALUES (?, ?, ?, ?)`},
		{&w.ping, `SELECT 1`},
		{&w.conversation, `SELECT c.engine, l.body, c.lifecycle, c.version, c.turns, c.last_seq, c.created_at, c.updated_at
			FROM conversations c LEFT JOIN conversation_log l ON l.id = c.state_log_id
			WHERE c.bot = ? AND c.conversation = ?`},
		{&w.processed, `SELECT body FROM conversation_log WHERE bot = ? AND conversation = ? AND message_id = ?`},
		{&w.events, `SELECT first_seq, body FROM conversation_log
			WHERE bot = ? AND conversation = ? AND last_seq > ? AND last_seq >= first_seq ORDER BY last_seq`},
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

func (w *writer) closeStatements() error {
	var errs []error
	for _, st := range w.all {
		errs = append(errs, st.s.Close())
	}
	w.all = nil
	return errors.Join(errs...)
}

// run serves requests until requests is closed and drained. Each round takes
// whatever is queued (up to Options.MaxBatch writes), answers the reads first, then
// applies the writes in one transaction.
func (w *writer) run() {
	requests := w.store.requests
	for {
		r, ok := w.next(requests)
		if !ok {
			return
		}
		w.reads, w.batch = w.reads[:0], w.batch[:0]
		w.take(r)
		// Group commit: everything queued shares this transaction. Yielding once
		// between drains lets callers that were just answered (and are about to submit
		// again) join, instead of forming a batch of their own behind this one.
		open := true
		for yielded := false; len(w.batch) < w.maxBatch; {
			select {
			case r, ok := <-requests:
				if !ok {
					open = false
					break
				}
				w.take(r)
				yielded = false
				continue
			default:
			}
			if yielded || !open {
				break
			}
			runtime.Gosched()
			yielded = true
		}
		w.runReads(w.reads)
		if len(w.batch) > 0 {
			w.runBatch(w.batch)
		}
		clear(w.reads)
		clear(w.batch)
		if !open {
			return
		}
	}
}

func (w *writer) take(r *request) {
	if r.read {
		w.reads = append(w.reads, r)
	} else {
		w.batch = append(w.batch, r)
	}
}

// runReads answers reads, each one statement in autocommit mode.
func (w *writer) runReads(reads []*request) {
	for _, r := range reads {
		if err := r.ctx.Err(); err != nil {
			r.err = parley.WrapError(parley.EUNAVAILABLE, err, "sqlite: read not started")
		} else {
			r.err = r.op.apply(w)
		}
		r.result <- r.err
	}
}

// idleSpins is how many times the writer yields, looking for the next write, before
// it parks: a sequential caller submits its next commit within microseconds of its
// answer, and catching it awake spares a thread wake-up per commit.
const idleSpins = 20

// next returns the next request, spinning briefly before blocking.
func (w *writer) next(requests <-chan *request) (*request, bool) {
	for range idleSpins {
		select {
		case r, ok := <-requests:
			return r, ok
		default:
			runtime.Gosched()
		}
	}
	r, ok := <-requests
	return r, ok
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
