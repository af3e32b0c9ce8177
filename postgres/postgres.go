// Package postgres is the parley.Store for PostgreSQL, for deployments that run several
// `parley serve` replicas on one database. It owns the schema (embedded SQL migrations,
// applied at Open under an advisory lock so concurrent replicas migrate once), the
// mapping of PostgreSQL failures to Parley error codes, and the cross-replica
// notification channel that tells every replica when a conversation got new events.
//
// Every method is one SQL statement, hence one transaction (commits sent together
// share one); the commit path runs on named prepared statements, so a warm Commit
// costs one round trip, refused or not, or a share of one.
// How the Store contract is met on a shared database:
//
//   - Commit is one SQL statement (data-modifying CTEs), so it is one transaction,
//     sent in one round trip. The conversation row is the fence: it is inserted when
//     ExpectedVersion is 0 (an existing row is ECONFLICT) and otherwise updated only
//     WHERE version = ExpectedVersion, which takes the row lock; a concurrent writer
//     that lost the race updates no row, every other part of the statement is gated
//     on that row, and the statement then returns no row (ECONFLICT). A message id
//     already recorded violates turns_message (or, for a record written before
//     migration 0004, is found in processed_messages) and aborts the statement
//     (EDUPLICATE). Events are numbered last_seq+1.. inside the statement. The
//     statement holds only the parts a commit needs (commit.go): a turn's is the
//     head's update and one insert; outbox entries, an inbox entry, events that
//     carry their own seqs, a previous state the store has not cached and a database
//     that still holds processed_messages records each add their part.
//   - Group commit (group.go): while two commits are on the wire, the commits that
//     arrive wait and then go together, one pipelined batch that the server runs
//     as one implicit transaction (one round trip, one WAL flush). Each keeps its
//     own outcome: a version conflict refuses that commit alone; a batch the
//     server refuses (a duplicate message id, invalid JSON) commits nothing, and
//     each of its commits then runs alone, as a single statement. Conversation
//     reads that arrive meanwhile go first in the batch.
//   - A commit writes two rows (migration 0004): the head, which holds the current
//     state, and one turns row holding the version's events (a JSON array), its
//     message id, its turn record or the record it answered a message with, and the
//     way back to the previous state (package internal/statelog: an RFC 6902 patch
//     computed before the round trip from the state the store last committed or read,
//     or the previous state whole every 16th version and when the cache misses, taken
//     from the head inside the statement). Reading the live state applies no patch;
//     Processed rebuilds an old version's state from the head and the rows after it.
//     Rows written before migration 0004 keep their own state whole, their events in
//     the events table and their records in processed_messages, and are read there.
//   - The notification of a commit is sent after it, by a notify-only transaction
//     of the store's notifier (notify.go), not by the commit's own transaction:
//     PostgreSQL takes a server-wide lock for every transaction that notifies and
//     holds it until after that transaction's WAL flush, so notifying inside the
//     commit would serialize every commit of every replica. The notifier announces
//     the commits that land within 10 ms of each other in one transaction, each read
//     back from the committed row, so a listener never hears of a commit that did not
//     happen and hears a conversation's commits in order; it may miss one if the
//     process stops between the commit and the notification.
//   - Zero times (event At, CreatedAt, UpdatedAt) are stamped with the wall clock at
//     commit, as package sqlite does; on success the commit carries the stored values
//     back (events' Seq and At, the conversation's LastSeq, CreatedAt, which an update
//     keeps, and UpdatedAt). An event that already carries a Seq must carry the one
//     the store would assign, else the commit is EINVALID.
//   - Commit refuses (EINVALID) what package sqlite refuses: an incomplete key, a
//     version other than ExpectedVersion+1, an unknown lifecycle, an event without a
//     type, an outbox entry without a kind or idempotency key, a negative inbox id.
//   - Outbox entries with a zero NextAttemptAt are due at once. On success Commit
//     writes each entry's id back into the commit, 0 for an entry whose idempotency
//     key was already taken (the first entry with a key stays as it was). ClaimOutbox
//     uses FOR UPDATE SKIP LOCKED and a lease, so concurrent claimers of any replica
//     never get the same entry while its lease runs; each claim counts one attempt.
//     RetryOutbox marks the entry failed once its attempts reached
//     Options.MaxAttempts, FailOutbox at once; retrying or failing a done or failed
//     entry is ECONFLICT.
//   - State, event data and payloads are stored as PostgreSQL json (not jsonb): the
//     bytes come back exactly as written; invalid JSON is EINVALID. Timestamps are
//     timestamptz (microseconds) and are returned in UTC.
//   - Connection refused, a server shutting down or a connection lost is EUNAVAILABLE
//     (HTTP 503); Ping is the readiness check. A call whose connection turned out to be dead before the statement
//     could run (for example after pg_terminate_backend or a server restart) is retried
//     on a fresh connection by itself; a call whose outcome is unknown is retried only
//     when it is a read.
//   - Notifications: Listen receives "<bot>\t<conversation>\t<last seq>" on channel
//     parley_events (parley_events_<schema> when Options.Schema is set, because NOTIFY
//     channels are per database, not per schema). Notifications sent while a listener
//     is reconnecting are lost; Listen's subscribed callback tells the consumer when to
//     re-read the stored log.
//     A key too long for a NOTIFY payload (8000 bytes) is committed without notification.
package postgres

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/statelog"
)

// DefaultMaxAttempts is the outbox attempts after which an entry is marked failed when
// Options.MaxAttempts is zero.
const DefaultMaxAttempts = 10

// DefaultMaxConns is the connection pool's size when neither Options.MaxConns nor
// the URL's pool_max_conns sets it. A commit spends most of its time waiting for the
// WAL flush, not on a CPU, and the commits in flight together share one flush (group
// commit): pgxpool's default, max(4, CPUs), left a 2-core machine's 16 concurrent
// booking conversations waiting for a connection (`parley bench booking -concurrency
// 16`: 3,446 and 3,628 turns/s with 4 connections, 4,190 and 4,545 with 16).
const DefaultMaxConns = 16

// eventsChannel is the NOTIFY channel of stores that use the connection's own schema.
const eventsChannel = "parley_events"

// Options tune a Store. The zero value is usable.
type Options struct {
	// MaxConns caps the connection pool (0: pool_max_conns of the URL, else
	// DefaultMaxConns). Listen uses one more, dedicated connection.
	MaxConns int32
	// MaxAttempts is the number of outbox delivery attempts after which RetryOutbox
	// marks an entry failed (0: DefaultMaxAttempts).
	MaxAttempts int
	// Schema, when set, is created if missing and made the connections' search_path, so
	// several Parley installations (or tests) can share one database.
	Schema string
	// Logger receives connection-loss and reconnect reports (nil: discarded).
	Logger *slog.Logger
	// FlowVersions is how many versions of each flow PutFlow keeps (0:
	// parley.DefaultFlowVersions).
	FlowVersions int
}

// Store is a parley.Store on a PostgreSQL database. It is safe for concurrent use,
// also by several processes on the same database.
type Store struct {
	pool         *pgxpool.Pool
	maxConns     int32 // the pool's MaxConns (pool.Config copies the config)
	maxAttempts  int
	flowVersions int
	// health is the outcome of the last write, for Ping (readiness).
	health parley.WriteHealth
	// channel is the NOTIFY channel of this store's schema.
	channel string
	log     *slog.Logger
	// states remembers each conversation's last state, the base of the next
	// commit's patch (statelog.Cache).
	states *statelog.Cache
	// notifier announces commits on channel.
	notifier *notifier
	// legacyMessages is set when processed_messages held a record at Open (written
	// before migration 0004, which stopped writing them): commits then check it for
	// their message id. Nothing adds records since, so a store that found none needs
	// no check.
	legacyMessages bool
	// group sends the commits that wait for a connection's round trip together
	// (group.go).
	group grouper
}

var _ parley.Store = (*Store)(nil)

// Open connects to the database at url (a postgres:// URL or a key=value DSN), applies
// the pending migrations and returns the Store. An unreachable server is EUNAVAILABLE,
// a malformed url or option EINVALID.
func Open(ctx context.Context, url string, opts Options) (*Store, error) {
	config, err := pgxpool.ParseConfig(url)
	if err != nil {
		// The parse error may quote the URL, password included; say what is wrong
		// without it.
		return nil, parley.Errorf(parley.EINVALID, "postgres: cannot parse the database URL")
	}
	return openConfig(ctx, config, opts)
}

// openConfig is Open on a parsed pool configuration (tests wrap its dialer).
func openConfig(ctx context.Context, config *pgxpool.Config, opts Options) (*Store, error) {
	if opts.MaxConns < 0 || opts.MaxAttempts < 0 || opts.FlowVersions < 0 {
		return nil, parley.Errorf(parley.EINVALID, "postgres: MaxConns, MaxAttempts and FlowVersions must not be negative")
	}
	switch {
	case opts.MaxConns > 0:
		config.MaxConns = opts.MaxConns
	case !strings.Contains(config.ConnString(), "pool_max_conns"):
		config.MaxConns = DefaultMaxConns
	}
	s := &Store{
		maxAttempts:  opts.MaxAttempts,
		flowVersions: cmp.Or(opts.FlowVersions, parley.DefaultFlowVersions),
		channel:      eventsChannel,
		log:          opts.Logger,
		states:       statelog.NewCache(statelog.DefaultCacheBytes),
	}
	if s.maxAttempts == 0 {
		s.maxAttempts = DefaultMaxAttempts
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if opts.Schema != "" {
		s.channel = eventsChannel + "_" + opts.Schema
		// NOTIFY channel names are identifiers: longer ones would be truncated on
		// LISTEN and refused by pg_notify.
		if len(s.channel) > 63 {
			return nil, parley.Errorf(parley.EINVALID, "postgres: schema name %q is longer than %d bytes", opts.Schema, 63-len(eventsChannel)-1)
		}
		config.ConnConfig.RuntimeParams["search_path"] = pgx.Identifier{opts.Schema}.Sanitize()
	}

	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		return nil, wrapError(err, "postgres: connect")
	}
	s.pool, s.maxConns = pool, config.MaxConns
	s.group.lanes = min(int(config.MaxConns), commitLanes)
	if err := s.migrate(ctx, opts.Schema); err != nil {
		pool.Close()
		return nil, err
	}
	if err := s.queryRow(ctx, "open", true, "SELECT EXISTS (SELECT 1 FROM processed_messages)", nil, &s.legacyMessages); err != nil {
		pool.Close()
		return nil, err
	}
	s.notifier = newNotifier(s)
	return s, nil
}

// Ping reports whether the database answers (readyz): EUNAVAILABLE when it does not.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.run(ctx, "ping", true, func(ctx context.Context) error {
		return s.pool.Ping(ctx)
	}); err != nil {
		return err
	}
	// The server may answer while it cannot write (a full disk, a read-only
	// replica): a store whose last write failed is not ready.
	return s.health.Err(time.Now())
}

// SharedAmongServers reports that replicas share the database: the runtime counts
// another replica's call intent on its own clock (actor.SharedStore).
func (s *Store) SharedAmongServers() bool { return true }

// Close closes the connection pool, waiting for borrowed connections to come back.
// Running Listen calls end with their context.
func (s *Store) Close() error {
	s.notifier.close()
	s.pool.Close()
	return nil
}

// run executes op, one statement and so one transaction, retrying it on a fresh
// connection when the connection it used was lost and retrying cannot change the
// outcome: op never reached the server, the server refused it, or op is read-only.
// A failed pooled connection is dropped by the pool, but every idle one may be dead
// too (a server restart kills them all), so up to MaxConns+1 retries are allowed;
// failures to connect back off and give up after a few attempts, so that a request
// to a server that is down gets its 503 quickly.
//
// A query that found no row (pgx.ErrNoRows) is an answer, not a failure: it comes
// back as it is, neither wrapped nor retried nor noted in the write health (an
// EnqueueInbound of a message already queued is such an answer).
func (s *Store) run(ctx context.Context, what string, readOnly bool, op func(ctx context.Context) error) (err error) {
	if !readOnly {
		defer func() { s.noteWrite(what, err) }()
	}
	retries := int(s.maxConns) + 1
	connectFailures := 0
	for attempt := 0; ; attempt++ {
		err := op(ctx)
		if err == nil || errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if final(ctx, err, readOnly, attempt >= retries) {
			return wrapError(err, "postgres: %s", what)
		}
		if isConnectError(err) {
			connectFailures++
			if err := reconnectWait(ctx, connectFailures, err); err != nil {
				return wrapError(err, "postgres: %s", what)
			}
		}
		s.log.Debug("postgres: retrying after a lost connection", "op", what, "attempt", attempt+1, "err", err)
	}
}

// noteWrite notes a write's outcome in the write health: any write that fails for
// want of the store counts; only a commit that lands clears it (a small write may
// fit where a turn does not).
func (s *Store) noteWrite(what string, err error) {
	if (err != nil && !errors.Is(err, pgx.ErrNoRows)) || what == commitOp {
		s.health.Note(err, time.Now())
	}
}

// final reports whether a failed query's error is its answer: an error of Parley's
// own, the retries used up, the caller gone, or a failure a retry would not mend.
func final(ctx context.Context, err error, readOnly, exhausted bool) bool {
	var perr *parley.Error
	return errors.As(err, &perr) || exhausted || ctx.Err() != nil || !retryable(err, readOnly)
}

// reconnectWait backs off after the failures-th failure to connect; it returns the
// error to give up with (err after a few failures, or the caller's), nil to retry.
func reconnectWait(ctx context.Context, failures int, err error) error {
	if failures > 2 {
		return err
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Duration(failures) * 50 * time.Millisecond):
		return nil
	}
}

// queryRow runs a one-row query through run.
func (s *Store) queryRow(ctx context.Context, what string, readOnly bool, sql string, args []any, dest ...any) error {
	return s.run(ctx, what, readOnly, func(ctx context.Context) error {
		return s.pool.QueryRow(ctx, sql, args...).Scan(dest...)
	})
}

// exec runs a statement through run and returns the number of rows it affected.
func (s *Store) exec(ctx context.Context, what string, sql string, args ...any) (int64, error) {
	var affected int64
	err := s.run(ctx, what, false, func(ctx context.Context) error {
		tag, err := s.pool.Exec(ctx, sql, args...)
		affected = tag.RowsAffected()
		return err
	})
	return affected, err
}

// collect runs a query through run and scans every row with scan.
func collect[T any](ctx context.Context, s *Store, what string, sql string, args []any, scan func(pgx.Rows) (T, error)) ([]T, error) {
	var out []T
	err := s.run(ctx, what, true, func(ctx context.Context) error {
		out = out[:0]
		rows, err := s.pool.Query(ctx, sql, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			v, err := scan(rows)
			if err != nil {
				return err
			}
			out = append(out, v)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// utc returns t in UTC; the zero time stays zero.
func utc(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

// nullBytes maps an empty byte slice to SQL NULL.
func nullBytes(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return b
}

// commitOp names Commit's statement in run: its outcome clears or records the
// store's write health.
const commitOp = "commit"
