package shop_test

import (
	"context"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/catalog"
	"github.com/parleyhq/parley/shop"
)

// TestIdleTimeoutIsConfigurable: seed 000's global timeout fallback resets a
// conversation whose previous message is older than Config.IdleTimeout by sent_at
// (default 30 minutes), never one gap shorter, and not at all when disabled.
func TestIdleTimeoutIsConfigurable(t *testing.T) {
	cat, err := catalog.OpenEmbedded(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	tests := []struct {
		name    string
		timeout time.Duration
		gap     time.Duration
		reset   bool
	}{
		{"default, 29m", 0, 29 * time.Minute, false},
		{"default, 30m exactly", 0, 30 * time.Minute, false},
		{"default, 31m", 0, 31 * time.Minute, true},
		{"5m, 4m", 5 * time.Minute, 4 * time.Minute, false},
		{"5m, 6m", 5 * time.Minute, 6 * time.Minute, true},
		{"disabled, two days", -1, 48 * time.Hour, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEngine(t, shop.Config{IdleTimeout: tt.timeout}, cat)
			c := newConversation(t, e)
			c.send("umm", "")
			c.send("idk", "")
			c.now = c.now.Add(tt.gap - time.Second)
			d := c.send("meh", "")
			st := stateOf(t, d)
			if tt.reset {
				if st.Conversation.State != shop.StateClarifying || st.Conversation.ClarificationAttempts != 1 || !hasEvent(d, parley.EventGuardrail) {
					t.Fatalf("after %s: %s with %d attempts, events %v; want a reset to idle then a first clarification",
						tt.gap, st.Conversation.State, st.Conversation.ClarificationAttempts, d.Events)
				}
				return
			}
			if st.Conversation.State != shop.StateHandoff || hasEvent(d, parley.EventGuardrail) {
				t.Fatalf("after %s: %s, events %v; want the third unresolved turn to hand off", tt.gap, st.Conversation.State, d.Events)
			}
		})
	}
}

func hasEvent(d parley.Decision, typ parley.EventType) bool {
	for _, ev := range d.Events {
		if ev.Type == typ {
			return true
		}
	}
	return false
}
