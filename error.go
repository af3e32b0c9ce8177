package parley

import (
	"errors"
	"fmt"
	"strings"
)

// Error codes, defined once here and mapped to HTTP statuses in one table in package
// httpapi. Match errors by code (ErrorCode), never by text.
const (
	EINVALID      = "invalid"       // the request or a definition is malformed
	ENOTFOUND     = "not_found"     // an unknown bot, conversation or flow
	ECONFLICT     = "conflict"      // a version check failed; retry from a fresh read
	EDUPLICATE    = "duplicate"     // a message id already processed
	ETOOLARGE     = "too_large"     // a body over the size limit
	EUNAUTHORIZED = "unauthorized"  // a bad or stale webhook signature
	EINVALIDSTATE = "invalid_state" // a stored state that fails to decode or validate
	ETRANSITION   = "transition"    // a transition outside a machine's table
	EUNAVAILABLE  = "unavailable"   // the store or an outside service is unreachable
	EOVERLOADED   = "overloaded"    // a mailbox or queue is full; retry later
	ERATELIMITED  = "rate_limited"  // one client sent too many requests; retry after Retry-After
	EINTERNAL     = "internal"      // a bug
)

// EIDEMPOTENCY is a message id already processed with a different body (HTTP 409).
// Nothing changes and the first response is not returned: it answered another message.
const EIDEMPOTENCY = "idempotency_conflict"

// EINTERRUPTED is a turn that a pause or cancel stopped while it ran (HTTP 409).
// Nothing of the turn was committed; the error's *Interruption says what stopped it
// and the reply text written so far. The answer is recorded under the message id, so
// a retry of the same message gets it again rather than running the turn.
const EINTERRUPTED = "interrupted"

// Interruption is the cause of an EINTERRUPTED error.
type Interruption struct {
	// Lifecycle is what the control left the conversation in (paused, cancelled).
	Lifecycle Lifecycle `json:"lifecycle"`
	Reason    string    `json:"reason"`
	// PartialResponse is the reply text streamed before the stop, "" when none was.
	PartialResponse string `json:"partial_response"`
}

func (i *Interruption) Error() string {
	return "the conversation was " + string(i.Lifecycle) + " (" + i.Reason + ")"
}

// Error is Parley's error: a code for programs, a message for people, and an
// optional cause.
type Error struct {
	Code    string
	Message string
	Err     error
}

func (e *Error) Error() string { return e.Code + ": " + e.text() }

// text is the message followed by the cause chain, without repeating codes.
func (e *Error) text() string {
	if e.Err == nil {
		return e.Message
	}
	if inner, ok := e.Err.(*Error); ok {
		return e.Message + ": " + inner.text()
	}
	return e.Message + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// WrapError returns an *Error with the code and message wrapping cause.
func WrapError(code string, cause error, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), Err: cause}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL for other
// errors and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the messages of the *Error values in err's chain, joined by
// ": ", for people outside the process: response bodies and stored events. A foreign
// cause's text (a driver's dial error naming host and user, a decoder's Go type names)
// is left out; ErrorDetail has it, for the log. A chain with no *Error gives a generic
// text.
func ErrorMessage(err error) string {
	var parts []string
	for e := range chainErrors(err) {
		parts = append(parts, e.Message)
		if e.Code == EINTERNAL {
			break // an internal error's inner messages are implementation detail
		}
	}
	if len(parts) == 0 {
		if err == nil {
			return ""
		}
		return "internal error"
	}
	return strings.Join(parts, ": ")
}

// ErrorDetail returns the whole chain's text, foreign causes included, without codes:
// for logs and the command line (the operator's own terminal), never for a response
// body or a stored event.
func ErrorDetail(err error) string {
	if e, ok := err.(*Error); ok {
		return e.text()
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// chainErrors yields the *Error values of err's chain, outermost first, following
// Unwrap() error only (a joined error's branches are not messages of one chain).
func chainErrors(err error) func(yield func(*Error) bool) {
	return func(yield func(*Error) bool) {
		for ; err != nil; err = errors.Unwrap(err) {
			if e, ok := err.(*Error); ok && !yield(e) {
				return
			}
		}
	}
}

// Codes of the HTTP surface's guards (package httpapi): a request they refuse never
// reaches a handler.
const (
	EFORBIDDEN   = "forbidden"              // a valid token without the route's scope; a refused origin
	EMEDIATYPE   = "unsupported_media_type" // a body that is not JSON (an HTML form, text/plain)
	EMISDIRECTED = "misdirected_request"    // a Host header this server does not answer for
)
