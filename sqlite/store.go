// Package sqlite is Parley's embedded store: a parley.Store on one SQLite file,
// through modernc.org/sqlite (pure Go, no cgo).
//
// It owns the schema (embedded SQL migrations under migrations/, applied once each and
// recorded in schema_migrations), the connection settings and the write path.
//
// # Write path: one writer, group commit
//
// Every write (Commit, EnqueueInbound, DropInbound, the outbox calls, PutFlow) is
// handed to a single writer goroutine that owns the only write connection and its
// prepared statements. The writer takes whatever writes are queued (up to
// Options.MaxBatch) and applies them in one transaction, each inside its own
// SAVEPOINT: a write that fails (a stale version, a duplicate message id) is rolled
// back alone and the others land. One transaction means one WAL commit, so with
// synchronous=FULL concurrent committers share each fsync instead of paying one each.
// A caller waits for its own write's transaction, so a nil error always means
// durable (to the degree Options.Synchronous promises) and an error means nothing of
// that write was stored. Reads go through a separate pool of query-only connections,
// which WAL lets run beside the writer.
//
// # Performance
//
// BenchmarkCommit measures turns per second (one Commit = conversation row, one event,
// the processed-message record):
//
//	go test ./sqlite -run '^$' -bench BenchmarkCommit -benchtime 3s
//
// On the project's 2-core machine, shared with other builds (load average 5 to 8),
// three runs gave: seq/normal 6,000 to 6,900 turns/s; parallel16/normal 6,500 to
// 9,300; seq/full 1,600 to 1,900 (one fsync each); parallel16/full 5,000 to 7,800,
// with about 15 commits per transaction. The writer is CPU-bound at 70 to 115
// microseconds of CPU per turn: a commit dirties three B-tree leaves that batching
// cannot share (the conversation, its event log and its processed messages are each
// clustered by conversation), and each leaf costs two WAL writes plus the transpiled
// SQLite's own work. Group commit therefore pays off where fsync dominates (full),
// and is neutral under normal.
//
// # Choices the interface leaves open
//
//   - Times are stored as unix microseconds (UTC): read-back times have microsecond
//     precision and the UTC location.
//   - JSON documents (state, event data, payloads, flow definitions) are stored byte
//     for byte as given and never validated here: engines validate. A nil or empty
//     one is stored as null. A state that is not JSON is returned as it is.
//   - Commit validates before writing: Conversation.Version must be
//     ExpectedVersion+1, the key must be complete, the lifecycle one of the seven,
//     every event needs a type and every outbox entry a kind and an idempotency key;
//     otherwise EINVALID. An event given a non-zero Seq must carry exactly the seq the
//     store assigns. On success Commit writes back into the caller's Commit: each
//     event's Seq and At (At defaults to the store's clock), the conversation's
//     LastSeq, CreatedAt and UpdatedAt (UpdatedAt defaults to the store's clock;
//     CreatedAt is kept from the first commit), and each outbox entry's ID (0 when an
//     entry with the same idempotency key already existed, which is then left alone).
//     An outbox entry without a key belongs to the committed conversation; one with a
//     zero NextAttemptAt is due at once, whatever the claimer's clock, and reads back
//     with a zero NextAttemptAt until RetryOutbox sets one.
//   - Commit.InboundID naming an entry that is already gone is not an error.
//   - Events and PendingInbound with limit <= 0 return everything; Events of an unknown
//     conversation is empty, not ENOTFOUND.
//   - ClaimOutbox claims in id (creation) order, so the effects of one conversation
//     leave in the order they were committed; limit and lease must be positive.
//   - CompleteOutbox, RetryOutbox and DropInbound of an unknown id are ENOTFOUND;
//     RetryOutbox of an entry that is done or failed is ECONFLICT.
//   - After Close every call returns EUNAVAILABLE; Close itself may be called again.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parleyhq/parley"
	sqlite3 "modernc.org/sqlite"
	sqlite3lib "modernc.org/sqlite/lib"
)

var _ parley.Store = (*Store)(nil)

// Options tune a Store. The zero value is the recommended configuration.
type Options struct {
	// Synchronous is "normal" (the default: a commit survives a process crash, and the
	// last commits before a power loss may be lost) or "full" (every transaction is
	// fsynced before Commit returns).
	Synchronous string
	// BusyTimeout is how long a connection waits for a lock another process holds
	// before failing with EUNAVAILABLE; default 5s.
	BusyTimeout time.Duration
	// MaxBatch caps how many writes share one transaction (group commit); default 64.
	MaxBatch int
	// MaxAttempts is how many deliveries an outbox entry gets before RetryOutbox marks
	// it failed; default 10.
	MaxAttempts int
}

// Defaults applied to zero Options fields.
const (
	DefaultBusyTimeout = 5 * time.Second
	DefaultMaxBatch    = 64
	DefaultMaxAttempts = 10
)

// readConnections is the size of the read pool: reads are short, and this machine
// class has few cores.
const readConnections = 4

// Stats counts the writer's work since Open.
type Stats struct {
	// Commits is the number of Commit calls that landed.
	Commits int64
	// Writes is the number of write calls of any kind (Commit included) that landed.
	Writes int64
	// Transactions is the number of transactions the writer committed; Writes divided
	// by Transactions is the mean group-commit batch.
	Transactions int64
	// LargestBatch is the most writes one transaction has carried.
	LargestBatch int64
}

// Store is a parley.Store on one SQLite file. Its methods are safe for concurrent use.
type Store struct {
	read    *sql.DB
	writeDB *sql.DB
	reads   readStatements

	// mu orders submissions against Close: a submitter holds it shared while it
	// hands its request to the writer, Close holds it exclusively to close requests.
	mu       sync.RWMutex
	closed   bool
	isClosed atomic.Bool // closed, readable without mu by the read path
	requests chan *request
	// writerDone is closed when the writer has drained requests and returned.
	writerDone chan struct{}

	stats counters
}

type counters struct {
	commits, writes, transactions, largestBatch atomic.Int64
}

// Open opens (creating it if needed) the database file at path, applies the
// migrations it lacks and starts the writer. The path is a file path, not a URI.
func Open(ctx context.Context, path string, opts Options) (*Store, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	if path == "" {
		return nil, parley.Errorf(parley.EINVALID, "sqlite: empty database path")
	}
	migrationDir, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "sqlite: migrations")
	}
	migrations, err := loadMigrations(migrationDir)
	if err != nil {
		return nil, err
	}

	write, err := sql.Open("sqlite", dsn(path, opts, false))
	if err != nil {
		return nil, parley.WrapError(parley.EUNAVAILABLE, err, "sqlite: open %s", path)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	if err := write.PingContext(ctx); err != nil {
		_ = write.Close()
		return nil, parley.WrapError(parley.EUNAVAILABLE, err, "sqlite: open %s", path)
	}
	if _, err := migrate(ctx, write, migrations); err != nil {
		_ = write.Close()
		return nil, parley.WrapError(errorCodeOf(err), err, "sqlite: migrate %s", path)
	}

	read, err := sql.Open("sqlite", dsn(path, opts, true))
	if err != nil {
		_ = write.Close()
		return nil, parley.WrapError(parley.EUNAVAILABLE, err, "sqlite: open %s", path)
	}
	read.SetMaxOpenConns(readConnections)
	read.SetMaxIdleConns(readConnections)
	s := &Store{
		read:       read,
		writeDB:    write,
		requests:   make(chan *request, 4*opts.MaxBatch),
		writerDone: make(chan struct{}),
	}
	if err := s.reads.prepare(ctx, read); err != nil {
		_ = read.Close()
		_ = write.Close()
		return nil, parley.WrapError(errorCodeOf(err), err, "sqlite: prepare reads")
	}
	if err := s.startWriter(ctx, opts); err != nil {
		_ = read.Close()
		_ = write.Close()
		return nil, err
	}
	return s, nil
}

func (o Options) withDefaults() (Options, error) {
	switch strings.ToLower(o.Synchronous) {
	case "", "normal":
		o.Synchronous = "NORMAL"
	case "full":
		o.Synchronous = "FULL"
	default:
		return o, parley.Errorf(parley.EINVALID, "sqlite: synchronous %q: want normal or full", o.Synchronous)
	}
	if o.BusyTimeout < 0 || o.MaxBatch < 0 || o.MaxAttempts < 0 {
		return o, parley.Errorf(parley.EINVALID, "sqlite: negative option")
	}
	if o.BusyTimeout == 0 {
		o.BusyTimeout = DefaultBusyTimeout
	}
	if o.MaxBatch == 0 {
		o.MaxBatch = DefaultMaxBatch
	}
	if o.MaxAttempts == 0 {
		o.MaxAttempts = DefaultMaxAttempts
	}
	return o, nil
}

// dsn is the modernc.org/sqlite data source name for path. Every setting is explicit
// so that none depends on the library's or the file's defaults: WAL (readers beside
// the writer), synchronous, busy_timeout, foreign_keys, and BEGIN IMMEDIATE so that
// a transaction takes the write lock up front instead of failing halfway. Read
// connections are query-only.
func dsn(path string, opts Options, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout("+strconv.FormatInt(opts.BusyTimeout.Milliseconds(), 10)+")")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous("+opts.Synchronous+")")
	q.Add("_pragma", "temp_store(MEMORY)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Set("_txlock", "immediate")
	}
	// A file: URI, so '?', '#' and '%' in the path must be escaped.
	escaped := strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(path)
	return "file:" + escaped + "?" + q.Encode()
}

// Stats returns the writer's counters.
func (s *Store) Stats() Stats {
	return Stats{
		Commits:      s.stats.commits.Load(),
		Writes:       s.stats.writes.Load(),
		Transactions: s.stats.transactions.Load(),
		LargestBatch: s.stats.largestBatch.Load(),
	}
}

// Ping reports whether the database answers a query.
func (s *Store) Ping(ctx context.Context) error {
	if s.isClosed.Load() {
		return errClosed()
	}
	if err := s.read.PingContext(ctx); err != nil {
		return s.wrap(err, "ping")
	}
	var one int
	if err := s.reads.ping.QueryRowContext(ctx).Scan(&one); err != nil {
		return s.wrap(err, "ping")
	}
	return nil
}

// Close stops accepting calls, waits for the writer to finish the writes already
// handed to it, and closes the connections.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.isClosed.Store(true)
	close(s.requests)
	s.mu.Unlock()

	<-s.writerDone
	err := errors.Join(s.reads.close(), s.read.Close(), s.writeDB.Close())
	if err != nil {
		return parley.WrapError(parley.EINTERNAL, err, "sqlite: close")
	}
	return nil
}

func errClosed() error {
	return parley.Errorf(parley.EUNAVAILABLE, "sqlite: store is closed")
}

// wrap turns a database error into a *parley.Error: parley errors pass through, a
// closed store or a busy, full or failing database is EUNAVAILABLE, the rest
// EINTERNAL.
func (s *Store) wrap(err error, format string, args ...any) error {
	var pe *parley.Error
	if errors.As(err, &pe) {
		return err
	}
	if s.isClosed.Load() {
		return parley.WrapError(parley.EUNAVAILABLE, err, "sqlite: store is closed")
	}
	return parley.WrapError(errorCodeOf(err), err, "sqlite: "+format, args...)
}

// errorCodeOf classifies an error of the driver or of database/sql.
func errorCodeOf(err error) string {
	var pe *parley.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, sql.ErrConnDone) {
		return parley.EUNAVAILABLE
	}
	var se *sqlite3.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3lib.SQLITE_BUSY, sqlite3lib.SQLITE_LOCKED, sqlite3lib.SQLITE_IOERR,
			sqlite3lib.SQLITE_FULL, sqlite3lib.SQLITE_CANTOPEN, sqlite3lib.SQLITE_READONLY,
			sqlite3lib.SQLITE_PROTOCOL, sqlite3lib.SQLITE_NOMEM, sqlite3lib.SQLITE_INTERRUPT:
			return parley.EUNAVAILABLE
		}
	}
	return parley.EINTERNAL
}

// micros and fromMicros are the one encoding of times in the database.
func micros(t time.Time) int64 { return t.UnixMicro() }

func fromMicros(v int64) time.Time { return time.UnixMicro(v).UTC() }

// dueMicros encodes an outbox entry's next attempt time: the zero time (due at once,
// whatever the clock of the claimer) is stored as 0 and read back as the zero time.
func dueMicros(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return micros(t)
}

func fromDueMicros(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return fromMicros(v)
}

// jsonText is how a JSON document is bound: as given, with nothing stored as null.
func jsonText(doc []byte) string {
	if len(doc) == 0 {
		return "null"
	}
	return string(doc)
}

func validLifecycle(l parley.Lifecycle) bool {
	switch l {
	case parley.LifecycleCreated, parley.LifecycleIdle, parley.LifecycleRunning, parley.LifecyclePaused,
		parley.LifecycleError, parley.LifecycleCancelled, parley.LifecycleCompleted:
		return true
	}
	return false
}
