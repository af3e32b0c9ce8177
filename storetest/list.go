package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

// Lister is a store that lists conversations.
type Lister interface {
	parley.Store
	parley.ConversationLister
}

// RunList is the conformance suite of ListConversations; open must return a fresh,
// empty store for each call. It pins the order (UpdatedAt descending, then id
// descending), cursor pages that neither skip nor repeat, the byte-wise id prefix,
// that other bots never appear, and that states and versions are the current ones.
// Its subtests share one store, seeded once by seedList.
func RunList(t *testing.T, open func(t *testing.T) Lister) {
	t.Helper()
	s := open(t)
	t.Cleanup(func() { _ = s.Close() })
	seedList(t, s)
	testListQueries(t, s)
	t.Run("paging visits each once", func(t *testing.T) { testListPaging(t, s) })
	t.Run("listed state is current", func(t *testing.T) { testListCurrent(t, s) })
	t.Run("limit required", func(t *testing.T) {
		_, err := s.ListConversations(context.Background(), parley.ConversationQuery{Bot: "shop"})
		wantCode(t, "ListConversations without a limit", err, parley.EINVALID)
	})
}

// listedShop is every "shop" conversation seedList stores, in list order.
var listedShop = []string{"d-1", "c-3", "c-2", "c-10", "c-1"}

// seedList stores five "shop" conversations and one "booking" one. c-2 and c-3 tie
// on updated_at; d-1 is updated a second time, which makes it the newest.
func seedList(t *testing.T, s Lister) {
	t.Helper()
	// updated_at offsets in seconds.
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
}

// listIDs lists q and returns the ids, in order; never nil.
func listIDs(t *testing.T, s Lister, q parley.ConversationQuery) []string {
	t.Helper()
	got, err := s.ListConversations(context.Background(), q)
	if err != nil {
		t.Fatalf("ListConversations(%+v): %v", q, err)
	}
	out := []string{}
	for _, c := range got {
		out = append(out, c.Key.ID)
	}
	return out
}

// testListQueries lists with one query per subtest: order, limit, prefix, cursor, bot.
func testListQueries(t *testing.T, s Lister) {
	tests := []struct {
		name string
		q    parley.ConversationQuery
		want []string
	}{
		{"all newest first, ties by id descending", parley.ConversationQuery{Bot: "shop", Limit: 10}, listedShop},
		{"limit", parley.ConversationQuery{Bot: "shop", Limit: 2}, []string{"d-1", "c-3"}},
		{"prefix", parley.ConversationQuery{Bot: "shop", IDPrefix: "c-1", Limit: 10}, []string{"c-10", "c-1"}},
		{"prefix matching nothing", parley.ConversationQuery{Bot: "shop", IDPrefix: "x", Limit: 10}, []string{}},
		{"after a tie", parley.ConversationQuery{Bot: "shop", Limit: 10,
			After: &parley.ConversationPosition{UpdatedAt: base().Add(5 * time.Second), ID: "c-3"}}, []string{"c-2", "c-10", "c-1"}},
		{"other bot", parley.ConversationQuery{Bot: "booking", Limit: 10}, []string{"c-4"}},
		{"unknown bot", parley.ConversationQuery{Bot: "none", Limit: 10}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, listIDs(t, s, tt.q)); diff != "" {
				t.Errorf("ids (-want +got):\n%s", diff)
			}
		})
	}
}

// testListPaging pages with the last entry as the cursor: every conversation once.
func testListPaging(t *testing.T, s Lister) {
	var paged []string
	q := parley.ConversationQuery{Bot: "shop", Limit: 2}
	for page := 0; page < 10; page++ {
		got, err := s.ListConversations(context.Background(), q)
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
	if diff := cmp.Diff(listedShop, paged); diff != "" {
		t.Errorf("paged ids (-want +got):\n%s", diff)
	}
}

// testListCurrent checks that a listed conversation is the stored one, as of its
// last commit.
func testListCurrent(t *testing.T, s Lister) {
	got, err := s.ListConversations(context.Background(), parley.ConversationQuery{Bot: "shop", IDPrefix: "d-", Limit: 1})
	if err != nil || len(got) != 1 {
		t.Fatalf("ListConversations d-: %v, %v", got, err)
	}
	want := mustConversation(t, s, key("d-1"))
	if string(got[0].State) != `{"v":2}` || got[0].Version != 2 || !sameListed(got[0], *want) {
		t.Errorf("listed d-1 = %+v (state %s), want the stored %+v", got[0], got[0].State, want)
	}
}

// sameListed reports whether a listed conversation's metadata is the stored one's.
func sameListed(got, want parley.Conversation) bool {
	return got.Lifecycle == want.Lifecycle && got.Engine == want.Engine &&
		got.UpdatedAt.Equal(want.UpdatedAt) && got.CreatedAt.Equal(want.CreatedAt) &&
		got.Turns == want.Turns && got.LastSeq == want.LastSeq
}
