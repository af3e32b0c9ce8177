package actor_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/memstore"
)

// hangingStore is a store that stops answering while hang is set: every call blocks
// until its context is done, as a black-holed database does. commitLands makes a
// hanging Commit apply before it blocks, as when a connection is lost after the
// server committed.
type hangingStore struct {
	parley.Store
	hang, commitLands atomic.Bool
}

func (s *hangingStore) block(ctx context.Context) error {
	<-ctx.Done()
	return parley.WrapError(parley.EUNAVAILABLE, ctx.Err(), "store call abandoned")
}

func (s *hangingStore) Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	if s.hang.Load() {
		return nil, s.block(ctx)
	}
	return s.Store.Conversation(ctx, key)
}

func (s *hangingStore) Processed(ctx context.Context, key parley.ConversationKey, id string) (parley.Processed, bool, error) {
	if s.hang.Load() {
		return parley.Processed{}, false, s.block(ctx)
	}
	return s.Store.Processed(ctx, key, id)
}

func (s *hangingStore) Events(ctx context.Context, key parley.ConversationKey, after int64, limit int) ([]parley.Event, error) {
	if s.hang.Load() {
		return nil, s.block(ctx)
	}
	return s.Store.Events(ctx, key, after, limit)
}

func (s *hangingStore) Commit(ctx context.Context, c *parley.Commit) error {
	if s.commitLands.Load() && c.ProcessedID() != "" {
		if err := s.Store.Commit(ctx, c); err != nil {
			return err
		}
		return s.block(ctx)
	}
	if s.hang.Load() {
		return s.block(ctx)
	}
	return s.Store.Commit(ctx, c)
}

// TestHangingStoreFailsFastAndRetryIsSafe, for an engine that decides on a goroutine
// of its own and for an immediate one, whose turn runs on its caller's goroutine
// (parley.Immediate): the store's deadline bounds the caller's wait either way.
func TestHangingStoreFailsFastAndRetryIsSafe(t *testing.T) {
	for _, eng := range []parley.Engine{&counter{}, &immediateCounter{}} {
		t.Run(fmt.Sprintf("immediate=%v", parley.IsImmediate(eng)), func(t *testing.T) {
			hangingStoreFailsFast(t, eng)
		})
	}
}

func hangingStoreFailsFast(t *testing.T, eng parley.Engine) {
	hs := &hangingStore{Store: memstore.New()}
	rt := actor.New(hs, []*parley.Bot{{Name: "c", Engine: eng}}, actor.Options{StoreTimeout: 50 * time.Millisecond})
	t.Cleanup(rt.Close)
	turn(t, rt, "h", "m1", "hi")

	// The commit lands but is never confirmed: the outcome is unknown, and said so.
	hs.commitLands.Store(true)
	_, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key("h"), Message: parley.Message{ID: "m2", Text: "hi"}})
	if parley.ErrorCode(err) != parley.EUNAVAILABLE || !strings.Contains(parley.ErrorMessage(err), "retrying with the same message id is safe") {
		t.Fatalf("unconfirmed commit: %v", err)
	}
	hs.commitLands.Store(false)
	// The retry finds the landed turn and answers it as a replay.
	res, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key("h"), Message: parley.Message{ID: "m2", Text: "hi"}})
	if err != nil || !res.Replayed {
		t.Fatalf("retry after an unconfirmed commit: replayed=%v err=%v", res.Replayed, err)
	}

	// A store that answers nothing: every call gives up at its deadline.
	hs.hang.Store(true)
	_, err = rt.Turn(context.Background(), parley.TurnRequest{Key: key("h"), Message: parley.Message{ID: "m3", Text: "hi"}})
	if parley.ErrorCode(err) != parley.EUNAVAILABLE {
		t.Fatalf("hanging store: %v", err)
	}
	if _, err := actor.WithStoreTimeout(hs, 50*time.Millisecond).Events(context.Background(), key("h"), 0, 10); parley.ErrorCode(err) != parley.EUNAVAILABLE {
		t.Fatalf("WithStoreTimeout has no deadline: %v", err)
	}
	hs.hang.Store(false)
	if r := turn(t, rt, "h", "m3", "hi"); r.Version != 3 {
		t.Fatalf("after the store healed: version %d, want 3", r.Version)
	}
}

// blockingEngine decides like counter once release is closed.
type blockingEngine struct {
	counter
	release chan struct{}
}

func (e *blockingEngine) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	<-e.release
	return e.counter.Decide(ctx, t)
}

func TestTurnTimeoutAnswersWhileTheTurnGoesOn(t *testing.T) {
	eng := &blockingEngine{release: make(chan struct{})}
	rt := actor.New(memstore.New(), []*parley.Bot{{Name: "c", Engine: eng}}, actor.Options{TurnTimeout: 20 * time.Millisecond})
	t.Cleanup(rt.Close)
	_, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key("slow"), Message: parley.Message{ID: "m1", Text: "hi"}})
	if parley.ErrorCode(err) != parley.EUNAVAILABLE || !strings.Contains(parley.ErrorMessage(err), "retrying with the same message id is safe") {
		t.Fatalf("turn past its timeout: %v", err)
	}
	close(eng.release)
	// The turn went on and committed; its retry is a replay (retried while this
	// short timeout expires first on a slow machine).
	var res parley.Result
	for i := 0; i < 500; i++ {
		res, err = rt.Turn(context.Background(), parley.TurnRequest{Key: key("slow"), Message: parley.Message{ID: "m1", Text: "hi"}})
		if parley.ErrorCode(err) != parley.EUNAVAILABLE {
			break
		}
	}
	if err != nil || !res.Replayed {
		t.Fatalf("retry: replayed=%v err=%v", res.Replayed, err)
	}
}

// TestProcessedResponseIsTheTurnsResponse: Runtime.ProcessedResponse answers a
// processed message with the response the turn answered (the digest stays the
// actor's, the state is spliced back), and a store wrapped by WithStoreTimeout still
// lists conversations.
func TestProcessedResponseIsTheTurnsResponse(t *testing.T) {
	rt, store, _ := newRuntime(t, actor.Options{})
	res, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key("s"), Message: parley.Message{ID: "m1", Text: "hi"}})
	if err != nil {
		t.Fatal(err)
	}
	got, ok, err := rt.ProcessedResponse(context.Background(), key("s"), "m1")
	if err != nil || !ok || string(got) != string(res.Body) {
		t.Fatalf("ProcessedResponse = %s, %v, %v; want the turn's response %s", got, ok, err, res.Body)
	}
	lister, ok := actor.WithStoreTimeout(store, 0).(interface {
		ListConversations(context.Context, parley.ConversationQuery) ([]parley.Conversation, error)
	})
	if !ok {
		t.Fatal("WithStoreTimeout hides ListConversations")
	}
	convs, err := lister.ListConversations(context.Background(), parley.ConversationQuery{Bot: "c", Limit: 10})
	if err != nil || len(convs) != 1 || convs[0].Key != key("s") {
		t.Fatalf("ListConversations = %+v, %v", convs, err)
	}
}
