package relay_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/relay"
)

// TestOutboxDelivery: what a failing Chatwoot call does to an outbox entry, on the
// fake clock. The turn commits at 0s, the deliverer claims every 200ms; a retryable
// failure waits RetryDelay (2 s, 4 s, 8 s after attempts 1, 2, 3) before the next
// claim takes it; a permanent one is never tried again.
func TestOutboxDelivery(t *testing.T) {
	tests := []struct {
		name string
		// fail is the status of the first failures calls.
		fail, failures int
		want           []string
		// wantOutcomes count the delivery outcomes delivered, retryable_error and
		// permanent_error.
		wantOutcomes []float64
	}{{
		name: "accepted at once",
		want: []string{"messages OK 200ms echo: hello"},
		// One delivery, no error.
		wantOutcomes: []float64{1, 0, 0},
	}, {
		name: "5xx three times: retried on the schedule", fail: http.StatusInternalServerError, failures: 3,
		want: []string{
			"messages Internal Server Error 200ms echo: hello",
			"messages Internal Server Error 2.2s echo: hello",
			"messages Internal Server Error 6.2s echo: hello",
			"messages OK 14.2s echo: hello",
		},
		wantOutcomes: []float64{1, 3, 0},
	}, {
		name: "429 is retried as well", fail: http.StatusTooManyRequests, failures: 1,
		want: []string{
			"messages Too Many Requests 200ms echo: hello",
			"messages OK 2.2s echo: hello",
		},
		wantOutcomes: []float64{1, 1, 0},
	}, {
		name: "a 4xx is permanent: one call, never again", fail: http.StatusUnprocessableEntity, failures: 1,
		want:         []string{"messages Unprocessable Entity 200ms echo: hello"},
		wantOutcomes: []float64{0, 0, 1},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T, e *env) {
				defer e.run()()
				calls := e.callsAfterFailures("hello", tt.failures, tt.fail, "", time.Minute)
				if diff := cmp.Diff(tt.want, calls); diff != "" {
					t.Fatalf("calls after the turn (-want +got):\n%s", diff)
				}
				if diff := cmp.Diff(tt.wantOutcomes, e.deliveryOutcomes()); diff != "" {
					t.Fatalf("delivery outcomes delivered, retryable_error, permanent_error (-want +got):\n%s", diff)
				}
			})
		})
	}
}

// TestPermanentErrorFailsTheEntry: the bug this package fixed. chatwoot.Deliverer
// documents an EINVALID error (a 4xx from Chatwoot) as permanent; the entry is marked
// failed with the error on its first attempt, never claimed again, and the entries
// committed after it (the handoff's private note and status) still go out.
func TestPermanentErrorFailsTheEntry(t *testing.T) {
	for _, status := range []int{http.StatusBadRequest, http.StatusUnauthorized, http.StatusNotFound, http.StatusUnprocessableEntity} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			inBubble(t, func(t *testing.T, e *env) {
				defer e.run()()
				calls := e.callsAfterFailures("human", 1, status, "", time.Minute)
				want := []string{
					"messages " + http.StatusText(status) + " 200ms echo: human",
					"messages OK 200ms Parley handed this conversation to a human. Reason: asked for a human",
					"toggle_status OK 200ms",
				}
				if diff := cmp.Diff(want, calls); diff != "" {
					t.Fatalf("calls after the turn (-want +got):\n%s", diff)
				}
				failed := e.store.failures()
				if len(failed) != 1 {
					t.Fatalf("FailOutbox calls %v, want one", failed)
				}
				for id, lastError := range failed {
					if !strings.Contains(lastError, strconv.Itoa(status)) {
						t.Fatalf("entry %d failed with %q, want the error naming %d", id, lastError, status)
					}
					// Failed, not done: the store refuses to retry it.
					err := e.store.RetryOutbox(context.Background(), id, time.Now(), "again")
					if parley.ErrorCode(err) != parley.ECONFLICT {
						t.Fatalf("RetryOutbox of the failed entry: %v, want ECONFLICT", err)
					}
				}
				if got := e.counter("parley_relay_outbox_deliveries_total", "permanent_error"); got != 1 {
					t.Fatalf("permanent_error counted %v times, want 1", got)
				}
			})
		})
	}
}

// TestRetryDelay pins the schedule the package doc states.
func TestRetryDelay(t *testing.T) {
	var got []time.Duration
	for attempts := range 11 {
		got = append(got, relay.RetryDelay(attempts))
	}
	s := time.Second
	want := []time.Duration{s, 2 * s, 4 * s, 8 * s, 16 * s, 32 * s, 64 * s, 128 * s, 256 * s, 256 * s, 256 * s}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("RetryDelay(0..10) (-want +got):\n%s", diff)
	}
	if relay.RetryDelay(1<<20) != relay.MaxRetryDelay {
		t.Fatalf("RetryDelay is not capped at MaxRetryDelay")
	}
}

// TestACallEndsBeforeItsLease: the Chatwoot client, retrying as in production,
// would wait out a Retry-After of five minutes inside one delivery, long past the
// entry's 30 s lease, when another replica may claim the entry and send it too. The
// relay cuts the call LeaseMargin before the lease expires (at 25.2s for a claim at
// 200ms); the entry is released with a retryable error and sent once by a later
// claim, RetryDelay(1) = 2 s later (27.2s, a tick of the 200ms poll). Entries of
// the batch not started by the cut are released unsent and claimed again at once.
func TestACallEndsBeforeItsLease(t *testing.T) {
	tests := []struct {
		name, text   string
		want         []string
		wantOutcomes []float64 // delivered, retryable_error, permanent_error
	}{{
		name: "the cut call is sent by a later claim", text: "hello",
		want: []string{
			"messages Too Many Requests 200ms echo: hello",
			"messages OK 27.2s echo: hello",
		},
		wantOutcomes: []float64{1, 1, 0},
	}, {
		name: "the batch's other entries are released unsent", text: "human",
		want: []string{
			"messages Too Many Requests 200ms echo: human",
			"messages OK 25.2s Parley handed this conversation to a human. Reason: asked for a human",
			"toggle_status OK 25.2s",
			"messages OK 27.2s echo: human",
		},
		wantOutcomes: []float64{3, 1, 0},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inBubbleRetrying(t, 0, func(t *testing.T, e *env) {
				defer e.run()()
				calls := e.callsAfterFailures(tt.text, 1, http.StatusTooManyRequests, "300", 10*time.Minute)
				if diff := cmp.Diff(tt.want, calls); diff != "" {
					t.Fatalf("calls after the turn (-want +got):\n%s", diff)
				}
				if diff := cmp.Diff(tt.wantOutcomes, e.deliveryOutcomes()); diff != "" {
					t.Fatalf("delivery outcomes (-want +got):\n%s", diff)
				}
			})
		})
	}
}
