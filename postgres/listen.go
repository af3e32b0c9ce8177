package postgres

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
	"github.com/parleyhq/parley"
)

// Listener reconnect backoff and the silence after which a listening connection is
// pinged, so that a connection lost without a FIN (a network partition) is noticed.
const (
	listenMinBackoff   = 100 * time.Millisecond
	listenMaxBackoff   = 5 * time.Second
	listenIdleCheck    = 30 * time.Second
	listenCloseTimeout = 5 * time.Second
)

// Listen calls fn with the key and last seq of every conversation committed by any
// Store on this database and schema, in commit order per conversation, until ctx is
// done; then it returns nil. It holds one dedicated connection and reconnects with
// backoff when that connection is lost. subscribed (when not nil) runs each time
// LISTEN has taken effect, the first time and after every reconnect: notifications
// sent while the listener was away are lost, so a consumer re-reads then what it
// follows (the commits made meanwhile are in the stored log). fn and subscribed run on
// Listen's goroutine: a slow fn delays the notifications after it, which PostgreSQL
// queues meanwhile.
func (s *Store) Listen(ctx context.Context, fn func(key parley.ConversationKey, lastSeq int64), subscribed func()) error {
	backoff := listenMinBackoff
	for {
		err := s.listenOnce(ctx, fn, func() {
			backoff = listenMinBackoff
			if subscribed != nil {
				subscribed()
			}
		})
		if ctx.Err() != nil {
			return nil
		}
		s.log.Warn("postgres: event listener lost its connection; reconnecting", "err", err, "in", backoff)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, listenMaxBackoff)
	}
}

// listenOnce connects, subscribes and dispatches notifications until the connection
// fails or ctx is done.
func (s *Store) listenOnce(ctx context.Context, fn func(parley.ConversationKey, int64), subscribed func()) error {
	config := s.pool.Config().ConnConfig.Copy()
	// The idle check below times out WaitForNotification; a deadline, unlike the
	// default cancel request, leaves nothing in flight that could cancel the ping.
	config.BuildContextWatcherHandler = func(c *pgconn.PgConn) ctxwatch.Handler {
		return &pgconn.DeadlineContextWatcherHandler{Conn: c.Conn()}
	}
	conn, err := pgx.ConnectConfig(ctx, config)
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.Background(), listenCloseTimeout)
		defer cancel()
		_ = conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		return err
	}
	subscribed()
	for {
		waitCtx, cancel := context.WithTimeout(ctx, listenIdleCheck)
		n, err := conn.WaitForNotification(waitCtx)
		cancel()
		switch {
		case err == nil:
			key, lastSeq, ok := parseNotification(n.Payload)
			if !ok {
				s.log.Warn("postgres: ignoring a malformed event notification", "payload", n.Payload)
				continue
			}
			fn(key, lastSeq)
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err):
			if err := conn.Ping(ctx); err != nil {
				return err
			}
		default:
			return err
		}
	}
}

// parseNotification splits "<bot>\t<conversation>\t<last seq>". The bot is up to the
// first tab and the seq after the last, so a conversation id may contain tabs.
func parseNotification(payload string) (parley.ConversationKey, int64, bool) {
	bot, rest, ok := strings.Cut(payload, "\t")
	if !ok {
		return parley.ConversationKey{}, 0, false
	}
	i := strings.LastIndexByte(rest, '\t')
	if i < 0 || bot == "" || i == 0 {
		return parley.ConversationKey{}, 0, false
	}
	seq, err := strconv.ParseInt(rest[i+1:], 10, 64)
	if err != nil || seq < 0 {
		return parley.ConversationKey{}, 0, false
	}
	return parley.ConversationKey{Bot: bot, ID: rest[:i]}, seq, true
}
