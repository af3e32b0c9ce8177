package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/parleyhq/parley"
)

func inbound(conversation, messageID string, at time.Time) parley.Inbound {
	return parley.Inbound{
		Key: key(conversation), MessageID: messageID, Channel: "chatwoot",
		Payload: []byte(`{"event":"message_created", "content":"` + messageID + `"}`), ReceivedAt: at,
	}
}

func enqueue(t *testing.T, s parley.Store, in parley.Inbound) bool {
	t.Helper()
	dup, err := s.EnqueueInbound(context.Background(), in)
	if err != nil {
		t.Fatalf("EnqueueInbound %s %s: %v", in.Key, in.MessageID, err)
	}
	return dup
}

func pending(t *testing.T, s parley.Store, limit int) []parley.Inbound {
	t.Helper()
	got, err := s.PendingInbound(context.Background(), limit)
	if err != nil {
		t.Fatalf("PendingInbound(%d): %v", limit, err)
	}
	return got
}

var ignoreInboundID = cmpopts.IgnoreFields(parley.Inbound{}, "ID")

func testInbound(t *testing.T, s parley.Store) {
	ctx := context.Background()
	a := inbound("c-1", "m-a", base())
	b := inbound("c-2", "m-b", base().Add(time.Second))
	c := inbound("c-1", "m-c", base().Add(2*time.Second))
	for _, in := range []parley.Inbound{a, b, c} {
		if enqueue(t, s, in) {
			t.Fatalf("first EnqueueInbound of %s reported a duplicate", in.MessageID)
		}
	}
	if !enqueue(t, s, a) {
		t.Fatalf("second EnqueueInbound of m-a was not reported as a duplicate")
	}
	// The same message id in another conversation is another message.
	other := inbound("c-3", "m-a", base().Add(3*time.Second))
	if enqueue(t, s, other) {
		t.Fatalf("m-a of another conversation reported as a duplicate")
	}

	got := pending(t, s, 0)
	if diff := cmp.Diff([]parley.Inbound{a, b, c, other}, got, ignoreInboundID); diff != "" {
		t.Fatalf("PendingInbound, oldest first (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]parley.Inbound{a, b}, pending(t, s, 2), ignoreInboundID); diff != "" {
		t.Fatalf("PendingInbound(2) (-want +got):\n%s", diff)
	}

	// A commit naming the entry removes it with the turn.
	turn := create(key("c-1"), `{}`)
	turn.MessageID, turn.InboundID = "m-a", got[0].ID
	mustCommit(t, s, turn)
	if diff := cmp.Diff([]parley.Inbound{b, c, other}, pending(t, s, 0), ignoreInboundID); diff != "" {
		t.Fatalf("PendingInbound after the commit (-want +got):\n%s", diff)
	}

	if err := s.DropInbound(ctx, got[1].ID); err != nil {
		t.Fatalf("DropInbound: %v", err)
	}
	if diff := cmp.Diff([]parley.Inbound{c, other}, pending(t, s, 0), ignoreInboundID); diff != "" {
		t.Fatalf("PendingInbound after the drop (-want +got):\n%s", diff)
	}
	wantCode(t, "DropInbound of a dropped id", s.DropInbound(ctx, got[1].ID), parley.ENOTFOUND)

	// A dropped message may be accepted again: it never became a turn.
	if enqueue(t, s, b) {
		t.Fatalf("EnqueueInbound of a dropped message reported a duplicate")
	}
}

func testInboundDuplicateOfProcessed(t *testing.T, s parley.Store) {
	turn := create(key("c-1"), `{}`)
	turn.MessageID, turn.Response = "m-1", []byte(`"done"`)
	mustCommit(t, s, turn)
	if !enqueue(t, s, inbound("c-1", "m-1", base())) {
		t.Fatalf("EnqueueInbound of a processed message was not reported as a duplicate")
	}
	if got := pending(t, s, 0); len(got) != 0 {
		t.Fatalf("a duplicate was queued: %v", got)
	}
}
