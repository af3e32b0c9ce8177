package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

// Lister is a store that lists conversations (parley.ConversationQuery).
type Lister interface {
	parley.Store
	ListConversations(ctx context.Context, q parley.ConversationQuery) ([]parley.Conversation, error)
}

// RunList is the conformance suite of ListConversations; open must return a fresh,
// empty store for each call. It pins the order (UpdatedAt descending, then id
// descending), cursor pages that neither skip nor repeat, the byte-wise id prefix,
// that other bots never appear, and that states and versions are the current ones.
func RunList(t *testing.T, open func(t *testing.T) Lister) {
	t.Helper()
	s := open(t)
	t.Cleanup(func() { _ = s.Close() })
	ctx := context.Background()
	// updated_at offsets in seconds; c-2 and c-3 tie, d-1 is updated twice.
	seed := []struct {
		bot, id string
		at      int
	}{
		{"shop", "c-1", 1}, {"shop", "c-2", 5}, {"shop", "c-3", 5}, {"shop", "d-1", 2},
		{"shop", "c-10", 3}, {"booking", "c-4", 9},
	}
	for _, c := range seed {
		commit := create(parley.ConversationKey{Bot: c.bot, ID: c.id}, `{"v":1}`)
		commit.Conversation.UpdatedAt = base().Add(time.Duration(c.at) * time.Second)
		mustCommit(t, s, commit)
	}
	d1 := mustConversation(t, s, key("d-1"))
	upd := next(d1, `{"v":2}`)
	upd.Conversation.UpdatedAt = base().Add(7 * time.Second)
	mustCommit(t, s, upd)

	ids := func(q parley.ConversationQuery) []string {
		t.Helper()
		got, err := s.ListConversations(ctx, q)
		if err != nil {
			t.Fatalf("ListConversations(%+v): %v", q, err)
		}
		out := []string{}
		for _, c := range got {
			out = append(out, c.Key.ID)
		}
		return out
	}
	tests := []struct {
		name string
		q    parley.ConversationQuery
		want []string
	}{
		{"all newest first, ties by id descending", parley.ConversationQuery{Bot: "shop", Limit: 10},
			[]string{"d-1", "c-3", "c-2", "c-10", "c-1"}},
		{"limit", parley.ConversationQuery{Bot: "shop", Limit: 2}, []string{"d-1", "c-3"}},
		{"prefix", parley.ConversationQuery{Bot: "shop", IDPrefix: "c-1", Limit: 10}, []string{"c-10", "c-1"}},
		{"prefix matching nothing", parley.ConversationQuery{Bot: "shop", IDPrefix: "x", Limit: 10}, []string{}},
		{"after a tie", parley.ConversationQuery{Bot: "shop", Limit: 10,
			After: &parley.ConversationPosition{UpdatedAt: base().Add(5 * time.Second), ID: "c-3"}}, []string{"c-2", "c-10", "c-1"}},
		{"other bot", parley.ConversationQuery{Bot: "booking", Limit: 10}, []string{"c-4"}},
		{"unknown bot", parley.ConversationQuery{Bot: "none", Limit: 10}, []string{}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ids(tt.q)); diff != "" {
			t.Errorf("%s: ids (-want +got):\n%s", tt.name, diff)
		}
	}

	// Paging with the last entry as the cursor visits every conversation once.
	var paged []string
	q := parley.ConversationQuery{Bot: "shop", Limit: 2}
	for page := 0; page < 10; page++ {
		got, err := s.ListConversations(ctx, q)
		if err != nil {
			t.Fatalf("page %d: %v", page, err)
		}
		for _, c := range got {
			paged = append(paged, c.Key.ID)
		}
		if len(got) < q.Limit {
			break
		}
		last := got[len(got)-1]
		q.After = &parley.ConversationPosition{UpdatedAt: last.UpdatedAt, ID: last.Key.ID}
	}
	if diff := cmp.Diff([]string{"d-1", "c-3", "c-2", "c-10", "c-1"}, paged); diff != "" {
		t.Errorf("paged ids (-want +got):\n%s", diff)
	}

	got, err := s.ListConversations(ctx, parley.ConversationQuery{Bot: "shop", IDPrefix: "d-", Limit: 1})
	if err != nil || len(got) != 1 {
		t.Fatalf("ListConversations d-: %v, %v", got, err)
	}
	want := mustConversation(t, s, key("d-1"))
	if string(got[0].State) != `{"v":2}` || got[0].Version != 2 || got[0].Lifecycle != want.Lifecycle ||
		got[0].Engine != want.Engine || !got[0].UpdatedAt.Equal(want.UpdatedAt) || !got[0].CreatedAt.Equal(want.CreatedAt) ||
		got[0].Turns != want.Turns || got[0].LastSeq != want.LastSeq {
		t.Errorf("listed d-1 = %+v (state %s), want the stored %+v", got[0], got[0].State, want)
	}

	_, err = s.ListConversations(ctx, parley.ConversationQuery{Bot: "shop"})
	wantCode(t, "ListConversations without a limit", err, parley.EINVALID)
}
