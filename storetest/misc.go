package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

func testFlows(t *testing.T, s parley.Store) {
	ctx := context.Background()
	definitions := []string{"name: booking\nsteps: [one]\n", `{"name":"booking","steps":["one","two"]}`, "name: booking # v3\n"}
	for i, def := range definitions {
		version, err := s.PutFlow(ctx, "booking", []byte(def))
		if err != nil || version != i+1 {
			t.Fatalf("PutFlow #%d = %d, %v; want version %d", i+1, version, err, i+1)
		}
	}
	if version, err := s.PutFlow(ctx, "coach", []byte(`{}`)); err != nil || version != 1 {
		t.Fatalf("PutFlow of another flow = %d, %v; want its own version 1", version, err)
	}

	tests := []struct {
		version     int
		wantDef     string
		wantVersion int
	}{
		{0, definitions[2], 3},
		{1, definitions[0], 1},
		{2, definitions[1], 2},
		{3, definitions[2], 3},
	}
	for _, tt := range tests {
		def, version, err := s.Flow(ctx, "booking", tt.version)
		if err != nil || string(def) != tt.wantDef || version != tt.wantVersion {
			t.Errorf("Flow(booking, %d) = %q, %d, %v; want %q, %d", tt.version, def, version, err, tt.wantDef, tt.wantVersion)
		}
	}
	_, _, err := s.Flow(ctx, "booking", 4)
	wantCode(t, "Flow of a missing version", err, parley.ENOTFOUND)
	_, _, err = s.Flow(ctx, "unknown", 0)
	wantCode(t, "Flow of an unknown id", err, parley.ENOTFOUND)
}

func testPing(t *testing.T, s parley.Store) {
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
}

func testClosed(t *testing.T, s parley.Store) {
	ctx := context.Background()
	mustCommit(t, s, create(key("c-1"), `{}`))
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	k := key("c-1")
	calls := []struct {
		name string
		call func() error
	}{
		{"Conversation", func() error { _, err := s.Conversation(ctx, k); return err }},
		{"Processed", func() error { _, _, err := s.Processed(ctx, k, "m"); return err }},
		{"Commit", func() error { return s.Commit(ctx, create(key("c-2"), `{}`)) }},
		{"Events", func() error { _, err := s.Events(ctx, k, 0, 10); return err }},
		{"TurnRecords", func() error { _, err := s.TurnRecords(ctx, k, 1, 5); return err }},
		{"EnqueueInbound", func() error { _, err := s.EnqueueInbound(ctx, inbound("c-1", "m", base())); return err }},
		{"PendingInbound", func() error { _, err := s.PendingInbound(ctx, 10); return err }},
		{"DropInbound", func() error { return s.DropInbound(ctx, 1) }},
		{"ClaimOutbox", func() error { _, err := s.ClaimOutbox(ctx, base(), time.Minute, 10); return err }},
		{"CompleteOutbox", func() error { return s.CompleteOutbox(ctx, 1) }},
		{"RetryOutbox", func() error { return s.RetryOutbox(ctx, 1, base(), "x") }},
		{"FailOutbox", func() error { return s.FailOutbox(ctx, 1, "x") }},
		{"PutFlow", func() error { _, err := s.PutFlow(ctx, "f", []byte(`{}`)); return err }},
		{"Flow", func() error { _, _, err := s.Flow(ctx, "f", 0); return err }},
		{"Ping", func() error { return s.Ping(ctx) }},
	}
	for _, c := range calls {
		wantCode(t, c.name+" after Close", c.call(), parley.EUNAVAILABLE)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

// testIDRule: every store applies parley.CheckID, the one id rule, to the ids it
// is given: an id with a control character (NUL, which one database cannot hold
// and another can, a newline, DEL) is EINVALID on every method that takes one, and
// nothing is written.
func testIDRule(t *testing.T, s parley.Store) {
	ctx := context.Background()
	for _, bad := range []string{"a\x00b", "a\nb", "a\rb", "tab\there", "del\x7f", "c1\u0085"} {
		k := key(bad)
		withMessage := create(key("c-ok"), `{}`)
		withMessage.MessageID = bad
		calls := []struct {
			name string
			call func() error
		}{
			{"Conversation", func() error { _, err := s.Conversation(ctx, k); return err }},
			{"Processed", func() error { _, _, err := s.Processed(ctx, key("c-ok"), bad); return err }},
			{"Commit", func() error { return s.Commit(ctx, create(k, `{}`)) }},
			{"Commit with the message id", func() error { return s.Commit(ctx, withMessage) }},
			{"Commit with the bot id", func() error {
				return s.Commit(ctx, create(parley.ConversationKey{Bot: bad, ID: "c-ok"}, `{}`))
			}},
			{"Events", func() error { _, err := s.Events(ctx, k, 0, 10); return err }},
			{"TurnRecords", func() error { _, err := s.TurnRecords(ctx, k, 1, 5); return err }},
			{"EnqueueInbound", func() error { _, err := s.EnqueueInbound(ctx, inbound(bad, "m", base())); return err }},
			{"EnqueueInbound with the message id", func() error { _, err := s.EnqueueInbound(ctx, inbound("c-ok", bad, base())); return err }},
			{"PutFlow", func() error { _, err := s.PutFlow(ctx, bad, []byte(`{}`)); return err }},
			{"Flow", func() error { _, _, err := s.Flow(ctx, bad, 0); return err }},
		}
		for _, c := range calls {
			wantCode(t, fmt.Sprintf("%s of %q", c.name, bad), c.call(), parley.EINVALID)
		}
	}
	if _, err := s.Conversation(ctx, key("c-ok")); parley.ErrorCode(err) != parley.ENOTFOUND {
		t.Fatalf("a refused commit stored the conversation: %v", err)
	}
	if got := pending(t, s, 0); len(got) != 0 {
		t.Fatalf("refused inbound messages were queued: %+v", got)
	}
}

// testFlowRetention: a store opened with default options keeps the newest
// parley.DefaultFlowVersions versions of each flow: older ones are ENOTFOUND, the
// numbering goes on, and other flows keep theirs.
func testFlowRetention(t *testing.T, s parley.Store) {
	ctx := context.Background()
	keep := parley.DefaultFlowVersions
	if _, err := s.PutFlow(ctx, "other", []byte(`{"v":1}`)); err != nil {
		t.Fatal(err)
	}
	total := keep + 3
	for i := 1; i <= total; i++ {
		v, err := s.PutFlow(ctx, "busy", []byte(fmt.Sprintf(`{"v":%d}`, i)))
		if err != nil || v != i {
			t.Fatalf("PutFlow #%d = %d, %v", i, v, err)
		}
	}
	checkFlowVersionsKept(t, s, "busy", total, keep)
	if _, got, err := s.Flow(ctx, "busy", 0); err != nil || got != total {
		t.Fatalf("latest = %d, %v; want %d", got, err, total)
	}
	if v, err := s.PutFlow(ctx, "busy", []byte(`{}`)); err != nil || v != total+1 {
		t.Fatalf("the next version = %d, %v; want %d", v, err, total+1)
	}
	_, _, err := s.Flow(ctx, "busy", total-keep+1)
	wantCode(t, "the oldest kept version after one more", err, parley.ENOTFOUND)
	if _, got, err := s.Flow(ctx, "other", 1); err != nil || got != 1 {
		t.Fatalf("another flow lost its version: %d, %v", got, err)
	}
}

// checkFlowVersionsKept checks that of flow's versions 1 to total, whose
// definitions are {"v":<version>}, only the newest keep are still readable.
func checkFlowVersionsKept(t *testing.T, s parley.Store, flow string, total, keep int) {
	t.Helper()
	ctx := context.Background()
	for v := 1; v <= total; v++ {
		def, got, err := s.Flow(ctx, flow, v)
		if v <= total-keep {
			wantCode(t, fmt.Sprintf("Flow(%s, %d) beyond the %d kept", flow, v, keep), err, parley.ENOTFOUND)
			continue
		}
		if err != nil || got != v || string(def) != fmt.Sprintf(`{"v":%d}`, v) {
			t.Fatalf("Flow(%s, %d) = %s, %d, %v", flow, v, def, got, err)
		}
	}
}
