// Package storetest is the conformance suite of parley.Store: every backend (package
// sqlite, package postgres, package memstore) runs Run against fresh stores and must pass all of it.
//
// The suite pins the behaviour the Store contract promises and the choices a backend
// could otherwise make differently:
//
//   - State, event data, payloads and flow definitions round-trip byte for byte
//     (store them as text or bytes, not as a normalised JSON type); processed
//     responses are exact bytes.
//   - Times round-trip at microsecond precision (compare with time.Time.Equal).
//   - On success Commit writes the assigned Seq (and At, when it was zero) into the
//     caller's events and each new outbox entry's ID into the caller's entries (0 for
//     an entry dropped because its idempotency key was taken); on error it changes
//     neither the store nor the caller's events.
//   - An outbox entry with a zero NextAttemptAt is due at once, whatever the clock
//     passed to ClaimOutbox; an idempotency key stays taken after its entry is done.
//   - Processed returns the version that processed the message and that version's
//     state, however many versions followed.
//   - TurnRecords returns a conversation's last turn records up to a version, oldest
//     first, each as committed (message times to the nanosecond).
//   - Events and PendingInbound with limit <= 0 return everything; Events of an
//     unknown conversation is empty.
//   - ClaimOutbox returns entries in creation order; CompleteOutbox, RetryOutbox,
//     FailOutbox and DropInbound of an unknown id are ENOTFOUND. FailOutbox of a
//     pending entry makes it never claimable again, whatever its attempts; RetryOutbox
//     or FailOutbox of an entry that is done or failed is ECONFLICT.
//   - After Close every method returns an error with code EUNAVAILABLE, and Close may
//     be called again.
//
// Run registers Close of every store it opens as a test cleanup, so open need not.
package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// Run runs the suite; open must return a fresh, empty store for each call.
func Run(t *testing.T, open func(t *testing.T) parley.Store) {
	t.Helper()
	tests := []struct {
		name string
		run  func(t *testing.T, s parley.Store)
	}{
		{"ConversationNotFound", testConversationNotFound},
		{"CreateAndUpdate", testCreateAndUpdate},
		{"InvalidCommits", testInvalidCommits},
		{"CreateExistingConflicts", testCreateExistingConflicts},
		{"StaleVersionWritesNothing", testStaleVersionWritesNothing},
		{"DuplicateMessageRefusesCommit", testDuplicateMessageRefusesCommit},
		{"EventsOrderedAndGapFree", testEventsOrderedAndGapFree},
		{"EventsKeepGivenTimes", testEventsKeepGivenTimes},
		{"ProcessedExactBytes", testProcessedExactBytes},
		{"TurnRecordRebuilt", testTurnRecordRebuilt},
		{"TurnRecordFailed", testTurnRecordFailed},
		{"TurnRecords", testTurnRecords},
		{"OldStatesRebuilt", testOldStatesRebuilt},
		{"ConcurrentCommits", testConcurrentCommits},
		{"OutboxLifecycle", testOutboxLifecycle},
		{"OutboxIdempotencyKey", testOutboxIdempotencyKey},
		{"OutboxFailsAfterMaxAttempts", testOutboxFailsAfterMaxAttempts},
		{"OutboxFailedAtOnce", testOutboxFailedAtOnce},
		{"OutboxSecondClaimerGetsNothing", testOutboxSecondClaimerGetsNothing},
		{"OutboxConcurrentClaimersDisjoint", testOutboxConcurrentClaimersDisjoint},
		{"OutboxNotYetDue", testOutboxNotYetDue},
		{"Inbound", testInbound},
		{"InboundDuplicateOfProcessed", testInboundDuplicateOfProcessed},
		{"Flows", testFlows},
		{"IDRule", testIDRule},
		{"FlowRetention", testFlowRetention},
		{"Ping", testPing},
		{"Closed", testClosed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tt.run(t, s)
		})
	}
}

// base is the suite's "now", on a microsecond so that round trips compare exactly.
func base() time.Time { return time.Date(2026, 1, 1, 10, 0, 0, 123456000, time.UTC) }

func key(id string) parley.ConversationKey { return parley.ConversationKey{Bot: "shop", ID: id} }

// create returns the commit that creates a conversation.
func create(k parley.ConversationKey, state string) *parley.Commit {
	return &parley.Commit{
		Conversation: parley.Conversation{
			Key: k, Engine: "shop", State: []byte(state), Lifecycle: parley.LifecycleIdle,
			Version: 1, Turns: 1, CreatedAt: base(), UpdatedAt: base(),
		},
	}
}

// next returns the commit that follows the stored version of c.
func next(c *parley.Conversation, state string) *parley.Commit {
	conv := *c
	conv.State = []byte(state)
	conv.Version = c.Version + 1
	conv.Turns = c.Turns + 1
	conv.UpdatedAt = c.UpdatedAt.Add(time.Second)
	return &parley.Commit{Conversation: conv, ExpectedVersion: c.Version}
}

func turnEvent(messageID string) parley.Event {
	return parley.Event{Type: parley.EventTurn, Data: []byte(`{"message_id":"` + messageID + `","transitions":[]}`)}
}

func mustCommit(t *testing.T, s parley.Store, c *parley.Commit) {
	t.Helper()
	if err := s.Commit(context.Background(), c); err != nil {
		t.Fatalf("Commit %s v%d: %v", c.Conversation.Key, c.Conversation.Version, err)
	}
}

func mustConversation(t *testing.T, s parley.Store, k parley.ConversationKey) *parley.Conversation {
	t.Helper()
	c, err := s.Conversation(context.Background(), k)
	if err != nil {
		t.Fatalf("Conversation %s: %v", k, err)
	}
	return c
}

func mustEvents(t *testing.T, s parley.Store, k parley.ConversationKey) []parley.Event {
	t.Helper()
	events, err := s.Events(context.Background(), k, 0, 0)
	if err != nil {
		t.Fatalf("Events %s: %v", k, err)
	}
	return events
}

func wantCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	if got := parley.ErrorCode(err); got != code {
		t.Fatalf("%s: error code %q (%v), want %q", what, got, err, code)
	}
}
