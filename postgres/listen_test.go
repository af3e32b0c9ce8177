package postgres

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

type notification struct {
	Key     parley.ConversationKey
	LastSeq int64
}

// TestListenAcrossStores commits on one Store and sees it on the listener of another
// (a second replica), also after the listener's connection was terminated; commits
// in another schema are not seen.
func TestListenAcrossStores(t *testing.T) {
	t.Parallel()
	schema := freshSchema(t)
	subscribed := make(chan struct{}, 4)
	writer := openTest(t, Options{Schema: schema})
	reader := openTest(t, Options{Schema: schema})
	elsewhere := openTest(t, Options{})

	ctx, cancel := context.WithCancel(context.Background())
	notes := make(chan notification, 16)
	done := make(chan error, 1)
	go func() {
		done <- reader.Listen(ctx, func(key parley.ConversationKey, lastSeq int64) {
			notes <- notification{key, lastSeq}
		}, func() { subscribed <- struct{}{} })
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Listen returned %v after its context ended, want nil", err)
		}
	}()
	waitFor(t, subscribed, "the listener to subscribe")

	key := parley.ConversationKey{Bot: "shop", ID: "space, colon: \"quote\" and é in id"}
	if err := elsewhere.Commit(ctx, turn(key, 0, "m-0")); err != nil {
		t.Fatal(err)
	}
	c := turn(key, 0, "m-1")
	c.Events = append(c.Events, parley.Event{Type: parley.EventWarning})
	if err := writer.Commit(ctx, c); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(notification{key, 2}, waitFor(t, notes, "the first notification")); diff != "" {
		t.Errorf("notification (-want +got):\n%s", diff)
	}
	// A refused commit notifies nobody: the next notification is the next commit's.
	if err := writer.Commit(ctx, turn(key, 0, "m-2")); parley.ErrorCode(err) != parley.ECONFLICT {
		t.Fatalf("conflicting commit: %v", err)
	}

	// Kill the listener's connection: it comes back by itself and says so.
	admin := adminConn(t)
	var pid int32
	err := admin.QueryRow(ctx, `SELECT pid FROM pg_stat_activity WHERE query = $1`,
		`LISTEN "parley_events_`+schema+`"`).Scan(&pid)
	if err != nil {
		t.Fatalf("finding the listener's backend: %v", err)
	}
	if _, err := admin.Exec(ctx, "SELECT pg_terminate_backend($1)", pid); err != nil {
		t.Fatal(err)
	}
	waitFor(t, subscribed, "the listener to subscribe again")
	if err := writer.Commit(ctx, turn(key, 1, "m-3")); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(notification{key, 3}, waitFor(t, notes, "the notification after the reconnect")); diff != "" {
		t.Errorf("notification after the reconnect (-want +got):\n%s", diff)
	}
}

func waitFor[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		panic("unreachable")
	}
}

func TestParseNotification(t *testing.T) {
	tests := []struct {
		payload string
		want    notification
		ok      bool
	}{
		{"shop\tc-1\t7", notification{parley.ConversationKey{Bot: "shop", ID: "c-1"}, 7}, true},
		{"shop\ta\tb\t0", notification{parley.ConversationKey{Bot: "shop", ID: "a\tb"}, 0}, true},
		{"shop\tc-1", notification{}, false},
		{"shop\t\t7", notification{}, false},
		{"\tc-1\t7", notification{}, false},
		{"shop\tc-1\t-1", notification{}, false},
		{"shop\tc-1\tx", notification{}, false},
		{"", notification{}, false},
	}
	for _, tt := range tests {
		key, seq, ok := parseNotification(tt.payload)
		if diff := cmp.Diff(tt.want, notification{key, seq}); diff != "" || ok != tt.ok {
			t.Errorf("parseNotification(%q) ok=%v (want %v), diff (-want +got):\n%s", tt.payload, ok, tt.ok, diff)
		}
	}
}

// FuzzParseNotification checks that any payload (they come from the database, where
// any client may NOTIFY the channel) parses without panicking, and that what parses
// is what the commit statement would have sent for it.
func FuzzParseNotification(f *testing.F) {
	f.Add("shop\tc-1\t7")
	f.Add("a\tb\tc\t12")
	f.Add("\t\t\t")
	f.Fuzz(func(t *testing.T, payload string) {
		key, seq, ok := parseNotification(payload)
		if !ok {
			return
		}
		if key.Bot == "" || key.ID == "" || seq < 0 || strings.Contains(key.Bot, "\t") {
			t.Fatalf("parseNotification(%q) accepted %+v, %d", payload, key, seq)
		}
		if again, againSeq, _ := parseNotification(key.Bot + "\t" + key.ID + "\t" + strconv.FormatInt(seq, 10)); again != key || againSeq != seq {
			t.Fatalf("round trip of %q: %+v %d, want %+v %d", payload, again, againSeq, key, seq)
		}
	})
}
