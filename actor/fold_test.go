package actor_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/memstore"
	"github.com/parleyhq/parley/sqlite"
	"github.com/parleyhq/parley/turnlog"
	"pgregory.net/rapid"
)

// wholeStore hides the store's turn log (it is no parley.TurnReader): a runtime over
// it stores every state whole, as before folding. It is the reference the folded
// runtime's answers are compared with.
type wholeStore struct{ s parley.Store }

func (w wholeStore) Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	return w.s.Conversation(ctx, key)
}

func (w wholeStore) Processed(ctx context.Context, key parley.ConversationKey, id string) (parley.Processed, bool, error) {
	return w.s.Processed(ctx, key, id)
}

func (w wholeStore) Commit(ctx context.Context, c *parley.Commit) error { return w.s.Commit(ctx, c) }
func (w wholeStore) DropInbound(ctx context.Context, id int64) error    { return w.s.DropInbound(ctx, id) }

// foldVocabulary drives the booking demo through its flows, corrections, cancels,
// handoffs (silent turns until a handback), errors and texts that need escaping.
var foldVocabulary = []string{
	"I want to book a flight", "book a flight from New York to Los Angeles", "from Madrid",
	"to Barcelona", "Boston", "tomorrow", "2026-12-12", "next friday", "yes", "no", "cancel",
	"I want to talk to a human", "I lost my baggage", "cancel my booking", "BK-12345",
	"hello", "  spaced  ", "<b>html</b> & \"quotes\"", "café ✈ \u2028 line", "change the date",
	"actually to Chicago", "what?",
}

// foldRun is one runtime of the comparison, over its own store.
type foldRun struct {
	rt    *actor.Runtime
	store parley.Store
	list  parley.ConversationLister
}

func newFoldRun(_ any, store parley.Store, folded bool, bots []*parley.Bot, now time.Time) *foldRun {
	var rs actor.Store = store
	if !folded {
		rs = wholeStore{store}
	}
	rt := actor.New(rs, bots, actor.Options{Now: func() time.Time { return now }, Heartbeat: -1})
	var list parley.ConversationLister = store.(parley.ConversationLister)
	if folded {
		list = turnlog.NewReader(actor.WithStoreTimeout(store, 0), bots)
	}
	return &foldRun{rt: rt, store: store, list: list}
}

// answer is what a call answered, as a client sees it.
func answer(body []byte, err error) string {
	if err != nil {
		return "error " + parley.ErrorCode(err) + ": " + parley.ErrorMessage(err)
	}
	return string(body)
}

func (r *foldRun) turn(key parley.ConversationKey, m parley.Message) string {
	res, err := r.rt.Turn(context.Background(), parley.TurnRequest{Key: key, Message: m})
	return fmt.Sprintf("replayed=%v %s", res.Replayed, answer(res.Body, err))
}

func (r *foldRun) control(key parley.ConversationKey, kind parley.ControlKind) string {
	res, err := r.rt.Control(context.Background(), parley.ControlRequest{Key: key, Kind: kind})
	return answer(res.Body, err)
}

func (r *foldRun) get(key parley.ConversationKey) string {
	v, err := r.rt.Conversation(context.Background(), key)
	if err != nil {
		return answer(nil, err)
	}
	// Live says whether the actor is still in memory, which races with a terminal
	// lifecycle's exit (the two runtimes' actors stop on their own schedules); the
	// property is about what is stored and read, so it is left out.
	v.Live = false
	b, err := json.Marshal(v)
	return answer(b, err)
}

func (r *foldRun) listed(bot string) string {
	convs, err := r.list.ListConversations(context.Background(), parley.ConversationQuery{Bot: bot, Limit: 100})
	if err != nil {
		return answer(nil, err)
	}
	var b bytes.Buffer
	for _, c := range convs {
		fmt.Fprintf(&b, "%s v%d %s %s\n", c.Key.ID, c.Version, c.Lifecycle, c.State)
	}
	return b.String()
}

func (r *foldRun) processed(key parley.ConversationKey, id string) string {
	body, ok, err := r.rt.ProcessedResponse(context.Background(), key, id)
	return fmt.Sprintf("ok=%v %s", ok, answer(body, err))
}

// foldedStates counts the stored states of the store's conversations that are folded.
var foldedStates, wholeStates atomic.Int64

// TestFoldedStatesReadAsTheEngineWroteThem runs random booking conversations (turns
// with text, meaning-only turns, replays, reused ids, handoffs, pauses, resets,
// handbacks, cancels and inactivity timeouts, over small and default history
// windows) on a runtime that folds its states and on one that stores them whole,
// and requires every answer, GET, listing and processed response to be the same
// bytes.
func TestFoldedStatesReadAsTheEngineWroteThem(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		def, err := flows.DemoDefinition()
		if err != nil {
			rt.Fatal(err)
		}
		eng, err := flows.New(def, flows.Options{MaxMessages: rapid.SampledFrom([]int{1, 2, 3, 5, 20}).Draw(rt, "max_messages")})
		if err != nil {
			rt.Fatal(err)
		}
		bots := []*parley.Bot{{Name: "booking", Engine: eng}}
		now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
		folded := newFoldRun(rt, memstore.New(), true, bots, now)
		whole := newFoldRun(rt, memstore.New(), false, bots, now)
		defer folded.rt.Close()
		defer whole.rt.Close()
		keys := []parley.ConversationKey{{Bot: "booking", ID: "a"}, {Bot: "booking", ID: "b"}}
		var sent []parley.TurnRequest
		at := now
		steps := rapid.IntRange(1, 80).Draw(rt, "steps")
		for i := range steps {
			key := keys[rapid.IntRange(0, 1).Draw(rt, "conv")]
			var what string
			var a, b string
			switch op := rapid.IntRange(0, 15).Draw(rt, "op"); {
			case op <= 9:
				at = at.Add(time.Duration(rapid.IntRange(0, 12).Draw(rt, "minutes"))*time.Minute + time.Duration(rapid.IntRange(0, 999999999).Draw(rt, "ns")))
				m := parley.Message{ID: "m-" + strconv.Itoa(i), SentAt: at}
				if rapid.IntRange(0, 5).Draw(rt, "meaning") == 0 {
					m.Meaning = rapid.SampledFrom([]string{"affirm", "deny", "cancel", "book_flight"}).Draw(rt, "meaning_text")
				} else {
					m.Text = rapid.SampledFrom(foldVocabulary).Draw(rt, "text")
				}
				sent = append(sent, parley.TurnRequest{Key: key, Message: m})
				what = "turn " + m.ID
				a, b = folded.turn(key, m), whole.turn(key, m)
			case op == 10 && len(sent) > 0:
				req := sent[rapid.IntRange(0, len(sent)-1).Draw(rt, "replayed")]
				if rapid.Bool().Draw(rt, "reuse") {
					req.Message.Text += " (another message)"
				}
				what = "replay " + req.Message.ID
				a, b = folded.turn(req.Key, req.Message), whole.turn(req.Key, req.Message)
			case op == 11:
				kind := rapid.SampledFrom([]parley.ControlKind{parley.ControlPause, parley.ControlResume,
					parley.ControlReset, parley.ControlHandback, parley.ControlCancel}).Draw(rt, "control")
				what = "control " + string(kind)
				a, b = folded.control(key, kind), whole.control(key, kind)
			case op == 12:
				what = "list"
				a, b = folded.listed("booking"), whole.listed("booking")
			default:
				what = "get"
				a, b = folded.get(key), whole.get(key)
			}
			if a != b {
				rt.Fatalf("step %d (%s) on %s:\nfolded: %s\n whole: %s", i, what, key.ID, a, b)
			}
		}
		for _, req := range sent {
			if a, b := folded.processed(req.Key, req.Message.ID), whole.processed(req.Key, req.Message.ID); a != b {
				rt.Fatalf("processed %s of %s:\nfolded: %s\n whole: %s", req.Message.ID, req.Key.ID, a, b)
			}
		}
		countStored(rt, folded.store, keys)
	})
	if foldedStates.Load() == 0 {
		t.Fatalf("no state was stored folded (%d whole)", wholeStates.Load())
	}
	t.Logf("stored states: %d folded, %d whole", foldedStates.Load(), wholeStates.Load())
}

// countStored counts the stored heads that are folded: the property is only worth
// something if most are.
func countStored(t rapid.TB, store parley.Store, keys []parley.ConversationKey) {
	for _, k := range keys {
		c, err := store.Conversation(context.Background(), k)
		if parley.ErrorCode(err) == parley.ENOTFOUND {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if bytes.HasPrefix(c.State, []byte(`{"messages":`)) {
			wholeStates.Add(1)
		} else {
			foldedStates.Add(1)
		}
	}
}

// TestFoldedConversationSurvivesRestart runs a booking conversation on SQLite, stops
// the runtime, runs the rest on a new runtime over the same file, and requires the
// answers, the state and the replay of an old message id (more than 16 versions
// back, so its state is rebuilt from patches of folded states and then unfolded) to
// be those of a conversation run whole in one go.
func TestFoldedConversationSurvivesRestart(t *testing.T) {
	eng, err := flows.Demo()
	if err != nil {
		t.Fatal(err)
	}
	bots := []*parley.Bot{{Name: "booking", Engine: eng}}
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	path := filepath.Join(t.TempDir(), "fold.db")
	open := func() parley.Store {
		s, err := sqlite.Open(context.Background(), path, sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	ws := memstore.New()
	whole := newFoldRun(t, ws, false, bots, now)
	defer whole.rt.Close()
	key := parley.ConversationKey{Bot: "booking", ID: "restart"}
	script := []string{"I want to book a flight", "from New York", "to Los Angeles", "2026-12-12", "yes"}
	var msgs []parley.Message
	for i := range 60 {
		msgs = append(msgs, parley.Message{ID: "m-" + strconv.Itoa(i), Text: script[i%len(script)],
			SentAt: now.Add(time.Duration(i)*time.Minute + 123456789)})
	}
	first := map[string]string{}
	store := open()
	folded := newFoldRun(t, store, true, bots, now)
	for i, m := range msgs {
		if i == 30 {
			folded.rt.Close()
			if err := store.Close(); err != nil {
				t.Fatal(err)
			}
			store = open()
			folded = newFoldRun(t, store, true, bots, now)
		}
		a, b := folded.turn(key, m), whole.turn(key, m)
		if a != b {
			t.Fatalf("turn %d:\nfolded: %s\n whole: %s", i, a, b)
		}
		first[m.ID] = a
	}
	defer store.Close()
	defer folded.rt.Close()
	if a, b := folded.get(key), whole.get(key); a != b {
		t.Fatalf("GET:\nfolded: %s\n whole: %s", a, b)
	}
	head, err := store.Conversation(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(head.State, []byte(`"messages"`)) {
		t.Fatalf("the head state was stored whole: %s", head.State)
	}
	// A replay of an old id, on a fresh runtime (its first lookup goes to the store).
	folded.rt.Close()
	folded = newFoldRun(t, store, true, bots, now)
	for _, i := range []int{1, 2, 17, 40, 59} {
		m := msgs[i]
		got := folded.turn(key, m)
		want := "replayed=true" + first[m.ID][len("replayed=false"):]
		if got != want {
			t.Fatalf("replay of %s (version %d of %d):\n got: %s\nwant: %s", m.ID, i+1, len(msgs), got, want)
		}
	}
}
