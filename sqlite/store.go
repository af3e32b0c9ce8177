// Package sqlite is Parley's embedded store: a parley.Store on one SQLite file,
// through modernc.org/sqlite (pure Go, no cgo).
//
// It owns the schema (embedded SQL migrations under migrations/, applied once each and
// recorded in schema_migrations, with Go steps where SQL cannot convert the data), the
// connection settings and the write path.
//
// # A live file others can read
//
// The store keeps one connection for its whole life in WAL mode with SQLite's normal
// locking, so other processes can read the file while the store serves it: the
// sqlite3 shell, `sqlite3 parley.db ".backup copy.db"`, `VACUUM INTO`, Litestream
// (docs/operations.md, "Backups"). A reader sees the last committed transaction and
// never blocks a commit. Checkpoints (copying the WAL back into the database file)
// run on a connection of their own, in the background (checkpointer.go), not on the
// turn that crosses a WAL size. The store is still meant to be written by one
// process: a second writer waits up to Options.BusyTimeout for SQLite's write lock
// (every commit is version-checked, so nothing is lost, but the writers take turns).
// Several servers on one database use package postgres.
//
// # One connection, a leader at a time, group commit
//
// Every call, reads included, queues a request and then tries to become the leader:
// the one goroutine that runs rounds on the connection and its prepared statements.
// A caller that finds no leader runs its own request on its own goroutine, so a
// sequential turn costs no hand-off to another goroutine and back; a caller that
// finds one waits, and the leader takes its request in its next round. A round takes
// whatever is queued (up to Options.MaxBatch writes). It answers the reads first, each
// one statement in autocommit mode outside any write transaction, so a read sees only
// committed writes. Then it applies the writes in one transaction, each inside its own
// SAVEPOINT: a write that fails (a stale version, a duplicate message id) is rolled
// back alone and the others land. One transaction means one WAL commit, so with
// synchronous=FULL concurrent committers share each fsync instead of paying one each.
// A caller waits for its own call's turn, so a nil error always means durable (to
// the degree Options.Synchronous promises) and an error means nothing of that write
// was stored.
//
// # Layout: readable rows, one append and one index entry per turn
//
// Migrations 0002 to 0005 hold the schema and its reasons. Every Commit appends one
// row to turns, a rowid table (INTEGER PRIMARY KEY) that only grows at its right edge,
// so that its leaves fill sequentially and the turns of a group commit share them. The
// row is readable with sqlite3: the events the version stores as a JSON array (the
// events view shows them as rows), for a user turn the turn itself (the turn column:
// parley.TurnRecord's message, replies and transitions) and, in state, the way back
// to the previous version's state (package internal/statelog; column back): an RFC
// 6902 JSON Patch, or the previous state whole every statelog.SnapshotEvery versions
// and wherever a patch would not be smaller or exact. Rows written before migration
// 0004 keep their own version's state whole. A turn's row keeps what the turn added
// and nothing the log can rebuild: its idle -> running and running -> idle, its turn
// event and its response are rebuilt on read (Events, Processed) from the turn
// column, the version's state and the stored events, byte for byte as the runtime
// built them (parley.TurnRecord); the state of an old version from the head's state
// and the patches of the rows after it (statelog.Rebuild). A version that is not a
// turn (a control, an interrupted turn) keeps its events and the record it answered a
// message id with (response), as do rows of earlier layouts.
// Besides the append, a commit updates the conversation's head row in conversations
// (version, lifecycle, seqs, times, the sent_at of its last message and the current
// state, so that reading the live state applies no patch; a rowid table, so that an
// update rewrites one leaf) and one index entry: the unique (head_id, message_id)
// over turns (head_id is the conversation's head row, migration 0005), which finds a
// conversation's turns and refuses a second commit of one message (EDUPLICATE); new
// conversations' entries go to the index's right edge. The patch is computed on the committer's
// goroutine before the commit reaches the writer, from the state the store last
// committed or read for the conversation (statelog.Cache); a commit whose previous
// state the cache does not hold keeps it whole. ListConversations sorts a bot's
// head rows instead of keeping an index on updated_at, which would cost
// every turn another page. Triggers keep turns append-only. Outbox, inbox and flows keep
// tables of their own: they are written rarely. Event data must be JSON (it is
// embedded in the array; EINVALID otherwise), and comes back byte for byte but for
// whitespace around the document. A commit runs in the steps every store names alike:
// head, append, outbox, inbound (commit.go).
//
// Pages are 4 KiB (a file created with another page size keeps it).
// docs/performance.md has the measurements: pages written per turn, by table, for
// this layout and the ones tried before it, and the page sizes compared.
//
// The migration from the first layout (one binary record per commit) converts every
// record in Go (legacy.go) inside the migration's transaction.
//
// # Performance
//
// BenchmarkCommit measures turns per second, CPU per turn and write system calls and
// bytes per turn (five turns per conversation); docs/performance.md records results:
//
//	go test ./sqlite -run '^$' -bench BenchmarkCommit -benchtime 20000x
//
// # Choices the interface leaves open
//
//   - Times are stored as unix microseconds (UTC): read-back times have microsecond
//     precision and the UTC location.
//   - JSON documents (state, payloads, flow definitions) are stored byte for byte as
//     given and never validated here: engines validate. A nil or empty one is stored
//     as null. A state that is not JSON is returned as it is. Event data is the
//     exception: it must be JSON (see above).
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
//   - CompleteOutbox, RetryOutbox, FailOutbox and DropInbound of an unknown id are
//     ENOTFOUND; RetryOutbox or FailOutbox of an entry that is done or failed is
//     ECONFLICT.
//   - After Close every call returns EUNAVAILABLE; Close itself may be called again.
package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/statelog"
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
	// BusyTimeout is how long Open waits for another process to release the
	// database file before failing with EUNAVAILABLE; default 5s.
	BusyTimeout time.Duration
	// MaxBatch caps how many writes share one transaction (group commit); default 64.
	MaxBatch int
	// MaxAttempts is how many deliveries an outbox entry gets before RetryOutbox marks
	// it failed; default 10.
	MaxAttempts int
	// FlowVersions is how many versions of each flow PutFlow keeps; default
	// parley.DefaultFlowVersions.
	FlowVersions int
}

// Defaults applied to zero Options fields.
const (
	DefaultBusyTimeout = 5 * time.Second
	DefaultMaxBatch    = 64
	DefaultMaxAttempts = 10
)

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
	db *sql.DB
	// health is the outcome of the last write, for Ping (readiness).
	health parley.WriteHealth

	// mu orders submissions against Close: a submitter holds it shared while it
	// queues its request, Close holds it exclusively to stop them.
	mu       sync.RWMutex
	closed   bool
	isClosed atomic.Bool // closed, readable without mu (by wrap)

	// queue holds the requests no round has taken yet; qmu guards it.
	qmu   sync.Mutex
	queue []*request
	// lead is held by the goroutine running a round on the connection (the leader).
	leadLock sync.Mutex
	// committing counts the Commit calls under way (computing their patch, queued
	// or applied): the leader yields for group commit only when others are.
	committing atomic.Int32
	w          *writer
	// closing tells the goroutine holding the connection to release it; writerDone
	// is closed once it has.
	closing    chan struct{}
	writerDone chan struct{}
	// ckpt checkpoints the WAL in the background, on its own connection.
	ckpt *checkpointer
	// states remembers each conversation's last state, the base of the next
	// commit's patch (statelog.Cache).
	states *statelog.Cache

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

	db := sql.OpenDB(connector{path: path, opts: opts})
	// One connection, kept for the store's life: it holds the file's lock.
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, openError(err, path)
	}
	if _, err := migrate(ctx, db, migrations); err != nil {
		_ = db.Close()
		return nil, openError(fmt.Errorf("migrate: %w", err), path)
	}
	s := &Store{
		db:         db,
		closing:    make(chan struct{}),
		writerDone: make(chan struct{}),
		states:     statelog.NewCache(statelog.DefaultCacheBytes),
	}
	if s.ckpt, err = startCheckpointer(path, opts); err != nil {
		_ = db.Close()
		return nil, openError(err, path)
	}
	if err := s.startWriter(ctx, opts); err != nil {
		_ = s.ckpt.stop()
		_ = db.Close()
		return nil, err
	}
	return s, nil
}

// openError classifies a failure to open path: a lock another process holds is
// EUNAVAILABLE with a message that says so.
func openError(err error, path string) error {
	var se *sqlite3.Error
	if errors.As(err, &se) && se.Code()&0xff == sqlite3lib.SQLITE_BUSY {
		return parley.WrapError(parley.EUNAVAILABLE, err, "sqlite: %s: database is locked by another process", path)
	}
	return parley.WrapError(errorCodeOf(err), err, "sqlite: open %s", path)
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
	if o.BusyTimeout < 0 || o.MaxBatch < 0 || o.MaxAttempts < 0 || o.FlowVersions < 0 {
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
	if o.FlowVersions == 0 {
		o.FlowVersions = parley.DefaultFlowVersions
	}
	return o, nil
}

// connector opens the store's connection and sets every pragma explicitly, in this
// order, so that none depends on the library's or the file's defaults (the driver's
// own _pragma list runs in alphabetical order, which cannot express it):
//
//   - busy_timeout: how long Open waits for another process to release the file;
//   - page_size: only a new file takes it, before its first table exists;
//   - journal_mode WAL with normal locking: other connections (another process's
//     sqlite3, a backup) read while the store writes;
//   - synchronous, foreign_keys, temp_store, cache_size and the checkpoint policy
//     (the background checkpointer's, with a far larger automatic one as a backstop).
//
// BEGIN IMMEDIATE (the DSN's _txlock) lets database/sql transactions (migrations)
// take the write lock up front.
type connector struct {
	path string
	opts Options
}

func (c connector) Driver() driver.Driver { return &sqlite3.Driver{} }

func (c connector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Driver().Open(dsn(c.path))
	if err != nil {
		return nil, err
	}
	execer, ok := conn.(driver.ExecerContext)
	if !ok {
		_ = conn.Close()
		return nil, errors.New("driver connection cannot execute statements")
	}
	for _, pragma := range pragmas(c.opts) {
		if _, err := execer.ExecContext(ctx, "PRAGMA "+pragma, nil); err != nil {
			_ = conn.Close()
			return nil, fmt.Errorf("PRAGMA %s: %w", pragma, err)
		}
	}
	return conn, nil
}

// Settings of the connection that Options do not cover.
const (
	// pageSize: since migration 0004 a turns row keeps the turn and the way back to
	// the previous state (1 to 1.5 KB for a booking turn) and the head row the state
	// (1.6 KB), so a 4 KiB leaf holds either. A sequential turn writes 4.3 WAL frames
	// of 4 KiB (18 KB) against 3.8 of 8 KiB (31 KB): less to checksum and copy, for
	// the same bytes per conversation; the booking benchmark's sequential rate was 10%
	// higher in alternating runs (docs/performance.md, "Issue 24: the SQLite writer").
	// A file created with another page size keeps it (WAL mode cannot change it).
	pageSize = 4096
	// cacheKiB is the page cache: the hot conversations stay in memory.
	cacheKiB = 16 << 10
	// autoCheckpointPages is the WAL size (in pages: 128 MiB of 4 KiB pages, 256 MiB
	// in a file created with 8 KiB pages) at which a commit copies the WAL back into
	// the database file itself: a backstop for a checkpointer that falls behind (a
	// reader holding old pages keeps it from finishing).
	autoCheckpointPages = 32768
)

// pragmas are the connection settings in the order they must run.
func pragmas(opts Options) []string {
	return []string{
		"busy_timeout = " + strconv.FormatInt(opts.BusyTimeout.Milliseconds(), 10),
		"page_size = " + strconv.Itoa(pageSize),
		"journal_mode = WAL",
		"synchronous = " + opts.Synchronous,
		"foreign_keys = ON",
		"temp_store = MEMORY",
		"cache_size = -" + strconv.Itoa(cacheKiB),
		"wal_autocheckpoint = " + strconv.Itoa(autoCheckpointPages),
	}
}

// dsn is the driver's data source name for path: a file: URI, so '?', '#' and '%' in
// the path are escaped.
func dsn(path string) string {
	escaped := strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(path)
	return "file:" + escaped + "?_txlock=immediate"
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
	s.mu.Unlock()

	// No request is queued after closed is set; answer those queued before.
	s.leadLock.Lock()
	s.rounds()
	s.leadLock.Unlock()
	close(s.closing)
	<-s.writerDone
	err := errors.Join(s.ckpt.stop(), s.db.Close())
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
