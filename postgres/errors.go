package postgres

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/puddle/v2"
	"github.com/parleyhq/parley"
)

// Constraint names from migrations/0001_init.sql that carry a meaning for callers.
const (
	constraintConversationKey = "conversations_pkey"
	constraintEventKey        = "events_pkey"
	constraintProcessedKey    = "processed_messages_pkey"
	constraintTurnMessage     = "turns_message" // migrations/0004_state_changes.sql
	constraintFlowKey         = "flows_pkey"
)

// sqlstateConflict is raised by parley_conflict() (migrations/0001_init.sql).
const sqlstateConflict = "PY409"

// wrapError turns err into a *parley.Error with the code callers act on. A
// *parley.Error passes through unchanged.
func wrapError(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	var perr *parley.Error
	if errors.As(err, &perr) {
		return err
	}
	return parley.WrapError(errorCode(err), err, format, args...)
}

func errorCode(err error) string {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return parley.EUNAVAILABLE
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErrorCode(pgErr)
	}
	if connectionLost(err) {
		return parley.EUNAVAILABLE
	}
	return parley.EINTERNAL
}

// pgErrorCode maps a server error by SQLSTATE class and, for unique violations, by the
// constraint that was violated.
func pgErrorCode(e *pgconn.PgError) string {
	switch {
	case serverGone(e):
		return parley.EUNAVAILABLE
	case strings.HasPrefix(e.Code, "53"): // insufficient resources, too many connections
		return parley.EUNAVAILABLE
	case e.Code == sqlstateConflict || e.Code == "40001" || e.Code == "40P01": // lost version race, serialization failure, deadlock: retry
		return parley.ECONFLICT
	case e.Code == "23505":
		switch e.ConstraintName {
		case constraintProcessedKey, constraintTurnMessage:
			return parley.EDUPLICATE
		case constraintConversationKey, constraintEventKey, constraintFlowKey:
			return parley.ECONFLICT
		}
		return parley.EINTERNAL
	case e.Code == "22P02" || e.Code == "23502" || e.Code == "22023" || e.Code == "22021" || e.Code == "54000":
		// invalid JSON, a seq that does not follow, an over-long value, bad UTF-8
		return parley.EINVALID
	case e.Code == "57014": // query_canceled, by our context
		return parley.EUNAVAILABLE
	}
	return parley.EINTERNAL
}

// serverGone reports an error by which the server says it cannot serve this
// connection: connection exceptions (08), admin or crash shutdown, starting up.
func serverGone(e *pgconn.PgError) bool {
	return strings.HasPrefix(e.Code, "08") || e.Code == "57P01" || e.Code == "57P02" || e.Code == "57P03"
}

// connectionLost reports whether err means the connection (or the way to the server)
// failed, as opposed to the statement.
func connectionLost(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return serverGone(pgErr)
	}
	var netErr net.Error
	return isConnectError(err) ||
		pgconn.SafeToRetry(err) ||
		pgconn.Timeout(err) ||
		errors.As(err, &netErr) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, net.ErrClosed) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, puddle.ErrClosedPool) ||
		errors.Is(err, pgx.ErrTxClosed)
}

func isConnectError(err error) bool {
	var connectErr *pgconn.ConnectError
	return errors.As(err, &connectErr)
}

// retryable reports whether running the failed statement again on another connection
// gives the caller the outcome it would have had without the failure. That holds when
// the statement never ran (nothing was sent, the connection could not be made, or the
// server answered with an error, which means the statement did not commit), and
// always for reads.
func retryable(err error, readOnly bool) bool {
	if !connectionLost(err) || errors.Is(err, puddle.ErrClosedPool) {
		return false
	}
	if readOnly {
		return true
	}
	var pgErr *pgconn.PgError
	return pgconn.SafeToRetry(err) || isConnectError(err) || errors.As(err, &pgErr)
}
