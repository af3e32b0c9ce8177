package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/puddle/v2"
	"github.com/parleyhq/parley"
)

func TestErrorCodes(t *testing.T) {
	pgErr := func(code, constraint string) error {
		return fmt.Errorf("query: %w", &pgconn.PgError{Code: code, ConstraintName: constraint})
	}
	tests := []struct {
		name string
		err  error
		code string
		// retryWrite: a write that failed so may run again; reads always may when
		// the connection was lost.
		retryWrite, retryRead bool
	}{
		{"admin shutdown (pg_terminate_backend)", pgErr("57P01", ""), parley.EUNAVAILABLE, true, true},
		{"server starting up", pgErr("57P03", ""), parley.EUNAVAILABLE, true, true},
		{"connection failure", pgErr("08006", ""), parley.EUNAVAILABLE, true, true},
		{"too many connections", pgErr("53300", ""), parley.EUNAVAILABLE, false, false},
		{"lost version race", pgErr(sqlstateConflict, ""), parley.ECONFLICT, false, false},
		{"serialization failure", pgErr("40001", ""), parley.ECONFLICT, false, false},
		{"processed message again", pgErr("23505", constraintProcessedKey), parley.EDUPLICATE, false, false},
		{"conversation exists", pgErr("23505", constraintConversationKey), parley.ECONFLICT, false, false},
		{"other unique violation", pgErr("23505", "outbox_pkey"), parley.EINTERNAL, false, false},
		{"invalid JSON", pgErr("22P02", ""), parley.EINVALID, false, false},
		{"seq that does not follow", pgErr("23502", ""), parley.EINVALID, false, false},
		{"syntax error (a bug)", pgErr("42601", ""), parley.EINTERNAL, false, false},
		{"connection refused", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, parley.EUNAVAILABLE, false, true},
		{"connection reset after sending", fmt.Errorf("read: %w", syscall.ECONNRESET), parley.EUNAVAILABLE, false, true},
		{"EOF after sending", io.ErrUnexpectedEOF, parley.EUNAVAILABLE, false, true},
		{"pool closed", puddle.ErrClosedPool, parley.EUNAVAILABLE, false, false},
		{"deadline", context.DeadlineExceeded, parley.EUNAVAILABLE, false, true},
		{"canceled", context.Canceled, parley.EUNAVAILABLE, false, false},
		{"a parley error passes through", parley.Errorf(parley.ENOTFOUND, "x"), parley.ENOTFOUND, false, false},
		{"anything else", errors.New("boom"), parley.EINTERNAL, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := wrapError(tt.err, "op")
			if got := parley.ErrorCode(err); got != tt.code {
				t.Errorf("code = %q, want %q", got, tt.code)
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("the cause is not kept: %v", err)
			}
			if got := retryable(tt.err, false); got != tt.retryWrite {
				t.Errorf("retryable(write) = %v, want %v", got, tt.retryWrite)
			}
			if got := retryable(tt.err, true); got != tt.retryRead {
				t.Errorf("retryable(read) = %v, want %v", got, tt.retryRead)
			}
		})
	}
}
