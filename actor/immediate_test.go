package actor_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/google/go-cmp/cmp"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/memstore"
)

// immediateCounter is counter saying its decisions wait on nothing
// (parley.Immediate): the runtime decides its turns on one goroutine. Decide
// records the goroutine it ran on, and a "hold" message blocks until release is
// closed (a test's way to have a command arrive while a turn decides).
type immediateCounter struct {
	counter
	deciders sync.Map // message id -> goroutine id
	holding  chan struct{}
	release  chan struct{}
}

func (c *immediateCounter) Immediate() bool { return true }

func (c *immediateCounter) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	c.deciders.Store(t.Message.ID, goroutineID())
	if t.Message.Text == "hold" {
		close(c.holding)
		<-c.release
	}
	return c.counter.Decide(ctx, t)
}

// goroutineID is the calling goroutine's number, read from its stack's header
// ("goroutine 42 [running]:"): tests only.
func goroutineID() uint64 {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	buf = bytes.TrimPrefix(buf, []byte("goroutine "))
	n, _ := strconv.ParseUint(string(buf[:bytes.IndexByte(buf, ' ')]), 10, 64)
	return n
}

func newImmediateRuntime(t *testing.T) (*actor.Runtime, parley.Store, *immediateCounter) {
	t.Helper()
	store := memstore.New()
	eng := &immediateCounter{holding: make(chan struct{}), release: make(chan struct{})}
	rt := actor.New(store, []*parley.Bot{{Name: "c", Engine: eng}}, actor.Options{})
	t.Cleanup(rt.Close)
	return rt, store, eng
}

// TestAnIdleImmediateActorRunsTheTurnOnItsCallersGoroutine: no hand-off from the
// caller to a runner, nor from the runner to a decision's goroutine.
func TestAnIdleImmediateActorRunsTheTurnOnItsCallersGoroutine(t *testing.T) {
	rt, _, eng := newImmediateRuntime(t)
	for i := range 3 {
		id := fmt.Sprint("m", i)
		caller := goroutineID()
		turn(t, rt, "g", id, "hi")
		if got, _ := eng.deciders.Load(id); got != caller {
			t.Fatalf("turn %s decided on goroutine %v, its caller is %d", id, got, caller)
		}
	}
	if !parley.IsImmediate(eng) || parley.IsImmediate(&counter{}) {
		t.Fatal("IsImmediate does not read the engine's answer")
	}
}

// TestImmediateTurnsOfOneConversationStaySerialized: callers that find the actor
// busy queue, and the queue is drained in order by a runner once the caller that
// runs the turn is done; no decisions overlap and every turn commits once.
func TestImmediateTurnsOfOneConversationStaySerialized(t *testing.T) {
	rt, store, eng := newImmediateRuntime(t)
	const convs, n = 4, 25
	var wg sync.WaitGroup
	for c := range convs {
		for i := range n {
			wg.Go(func() {
				req := parley.TurnRequest{Key: key(fmt.Sprint("s", c)), Message: parley.Message{ID: fmt.Sprint("m", i), Text: "hi"}}
				if _, err := rt.Turn(context.Background(), req); err != nil {
					t.Error(err)
				}
			})
		}
	}
	wg.Wait()
	if got := eng.overlap.Load(); got != 0 {
		t.Fatalf("%d decisions overlapped in one conversation", got)
	}
	for c := range convs {
		conv, err := store.Conversation(context.Background(), key(fmt.Sprint("s", c)))
		if err != nil {
			t.Fatal(err)
		}
		var s counterState
		if err := json.Unmarshal(conv.State, &s); err != nil {
			t.Fatal(err)
		}
		if s.N != n || conv.Version != n || conv.Lifecycle != parley.LifecycleIdle {
			t.Fatalf("conversation s%d: n=%d version=%d lifecycle %s, want %d, %d, idle", c, s.N, conv.Version, conv.Lifecycle, n, n)
		}
	}
}

// TestPauseWhileAnImmediateTurnDecidesIsAppliedAfterItsCommit: the engine is not
// interrupted (it waits on nothing, so there is nothing to cancel); the pause is
// the actor's next command, and the log is a path of seed 004's table
// (docs/spec/004-agent-lifecycle.txt): "| Running | InteractionComplete (success) |
// Idle |", then "| Idle | Pause | Paused | Pause while idle |". Its row "| Running |
// Pause | Paused | Pause during processing |" stays the path of a bot whose engine
// may wait (TestCloseWaitsForEveryGoroutine, the interrupt tests of cmd/parley).
func TestPauseWhileAnImmediateTurnDecidesIsAppliedAfterItsCommit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rt, store, eng := newImmediateRuntime(t)
		turnDone := make(chan error, 1)
		go func() {
			_, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key("p"), Message: parley.Message{ID: "m1", Text: "hold"}})
			turnDone <- err
		}()
		<-eng.holding
		pauseDone := make(chan error, 1)
		go func() {
			_, err := control(t, rt, "p", parley.ControlPause)
			pauseDone <- err
		}()
		synctest.Wait() // the pause is queued: its caller waits for its answer
		select {
		case err := <-pauseDone:
			t.Fatalf("the pause was answered while the turn decided: %v", err)
		default:
		}
		view, err := rt.Conversation(context.Background(), key("p"))
		if err != nil || view.Lifecycle != parley.LifecycleRunning {
			t.Fatalf("GET while the turn decides: %v, lifecycle %v", err, view)
		}
		close(eng.release)
		if err := <-turnDone; err != nil {
			t.Fatalf("the turn: %v", err)
		}
		if err := <-pauseDone; err != nil {
			t.Fatalf("the pause: %v", err)
		}
		want := []string{"created->idle", "idle->running", "turn", "running->idle", "idle->paused"}
		if diff := cmp.Diff(want, eventTypes(t, store, key("p"))); diff != "" {
			t.Fatalf("events (-want +got):\n%s", diff)
		}
		// The conversation goes on from paused with the next message.
		if r := turn(t, rt, "p", "m2", "hi"); r.Lifecycle != parley.LifecycleIdle || r.Version != 3 {
			t.Fatalf("message after the pause: lifecycle %s version %d", r.Lifecycle, r.Version)
		}
	})
}
