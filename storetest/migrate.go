package storetest

import (
	"bytes"
	"context"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/turnlog"
)

// SameConversation fails t unless s reads back the conversation key that commits
// made, events being the log they appended (as Events returns it): its head, its
// whole log and every message's answer with the state of the version that processed
// it. The sqlite and postgres migration tests check with it that conversations
// written in an older layout read back unchanged.
func SameConversation(t *testing.T, s parley.Store, key parley.ConversationKey, commits []*parley.Commit, events []parley.Event) {
	t.Helper()
	ctx := context.Background()
	last := commits[len(commits)-1].Conversation
	got, err := s.Conversation(ctx, key)
	if err != nil || got.Version != last.Version || got.LastSeq != last.LastSeq || !bytes.Equal(got.State, last.State) {
		t.Fatalf("%s: Conversation = %+v, %v; want version %d, last seq %d, state %s", key, got, err, last.Version, last.LastSeq, last.State)
	}
	sameEvents(t, s, key, events)
	for _, c := range commits {
		sameProcessed(t, s, key, c)
	}
}

// sameEvents fails t unless key's whole log is events.
func sameEvents(t *testing.T, s parley.Store, key parley.ConversationKey, events []parley.Event) {
	t.Helper()
	stored, err := s.Events(context.Background(), key, 0, 0)
	if err != nil || len(stored) != len(events) {
		t.Fatalf("%s: Events = %d events, %v; want %d", key, len(stored), err, len(events))
	}
	for i, e := range events {
		g := stored[i]
		if g.Seq != e.Seq || g.Type != e.Type || !bytes.Equal(g.Data, e.Data) || !g.At.Equal(e.At) {
			t.Fatalf("%s: event %d = %d %s %s %s, want %d %s %s %s", key, i, g.Seq, g.Type, g.Data, g.At, e.Seq, e.Type, e.Data, e.At)
		}
	}
}

// sameProcessed fails t unless the message c processed answers, from the version c
// committed, what c answered (a turn's response rebuilt from its record).
func sameProcessed(t *testing.T, s parley.Store, key parley.ConversationKey, c *parley.Commit) {
	t.Helper()
	id := c.ProcessedID()
	p, ok, err := s.Processed(context.Background(), key, id)
	if err != nil || !ok || p.Version != c.Conversation.Version {
		t.Fatalf("%s: Processed %s = %+v, %v, %v", key, id, p, ok, err)
	}
	if c.Turn != nil {
		want := turnlog.Response(c.Turn, key, c.Conversation.Version, c.Conversation.State, turnlog.EngineEvents(c.Turn, c.Events))
		if !bytes.Equal(p.Response, want) {
			t.Fatalf("%s: Processed %s\n got %s\nwant %s", key, id, p.Response, want)
		}
		return
	}
	if !bytes.Equal(p.Response, c.Response) || !bytes.Equal(p.State, c.Conversation.State) {
		t.Fatalf("%s: Processed %s = %s with state %s, want %s with %s", key, id, p.Response, p.State, c.Response, c.Conversation.State)
	}
}
