package storetest

import (
	"context"
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
