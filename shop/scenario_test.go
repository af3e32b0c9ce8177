package shop_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/catalog"
	"github.com/parleyhq/parley/scenario"
	"github.com/parleyhq/parley/shop"
)

// engineTarget plays scenario files straight against the engine, with the store's
// part done in memory: every state is saved (State.MarshalJSON validates it against
// seed 000's schema) and loaded again (DecodeState validates it again) between
// turns, and a redelivered message id is answered from the record.
type engineTarget struct {
	t      *testing.T
	engine *shop.Engine
	mu     sync.Mutex
	state  map[parley.ConversationKey][]byte
	turns  map[parley.ConversationKey]int64
	record map[string][]byte
}

func newEngineTarget(t *testing.T, e *shop.Engine) *engineTarget {
	return &engineTarget{t: t, engine: e, state: map[parley.ConversationKey][]byte{}, turns: map[parley.ConversationKey]int64{}, record: map[string][]byte{}}
}

func (et *engineTarget) Remote() bool { return false }

func (et *engineTarget) load(key parley.ConversationKey) (any, error) {
	data, ok := et.state[key]
	if !ok {
		return et.engine.NewState(key), nil
	}
	return et.engine.DecodeState(data)
}

type body struct {
	ConversationID string              `json:"conversation_id"`
	MessageID      string              `json:"message_id,omitempty"`
	Replies        []parley.Reply      `json:"replies"`
	State          json.RawMessage     `json:"state"`
	Lifecycle      string              `json:"lifecycle"`
	Transitions    []parley.Transition `json:"transitions"`
	Events         []string            `json:"events"`
}

func (et *engineTarget) commit(key parley.ConversationKey, d parley.Decision, msgID string) ([]byte, error) {
	data, err := json.Marshal(d.State)
	if err != nil {
		et.t.Errorf("%s: saving the state: %v", key, err)
		return nil, err
	}
	et.state[key] = data
	b := body{ConversationID: key.ID, MessageID: msgID, Replies: d.Replies, State: data, Lifecycle: string(parley.LifecycleIdle), Transitions: d.Transitions}
	for _, ev := range d.Events {
		b.Events = append(b.Events, string(ev.Type))
	}
	return json.Marshal(b)
}

func (et *engineTarget) Turn(ctx context.Context, key parley.ConversationKey, msg parley.Message) ([]byte, error) {
	et.mu.Lock()
	defer et.mu.Unlock()
	if b, ok := et.record[key.String()+"\x00"+msg.ID]; ok {
		return b, nil
	}
	st, err := et.load(key)
	if err != nil {
		return nil, err
	}
	et.turns[key]++
	d, err := et.engine.Decide(ctx, parley.Turn{Conversation: key, Index: et.turns[key], State: st, Message: msg})
	if err != nil {
		return nil, err
	}
	b, err := et.commit(key, d, msg.ID)
	if err != nil {
		return nil, err
	}
	et.record[key.String()+"\x00"+msg.ID] = b
	return b, nil
}

func (et *engineTarget) Control(_ context.Context, key parley.ConversationKey, kind, reason string) ([]byte, error) {
	et.mu.Lock()
	defer et.mu.Unlock()
	st, err := et.load(key)
	if err != nil {
		return nil, err
	}
	switch kind {
	case "handback":
		d, err := et.engine.Handback(st, reason, scenarioEpoch)
		if err != nil {
			return nil, err
		}
		return et.commit(key, d, "")
	case "reset":
		return et.commit(key, parley.Decision{State: et.engine.NewState(key)}, "")
	default:
		return et.commit(key, parley.Decision{State: st}, "")
	}
}

func (et *engineTarget) SetState(_ context.Context, key parley.ConversationKey, state json.RawMessage) error {
	et.mu.Lock()
	defer et.mu.Unlock()
	if _, err := et.engine.DecodeState(state); err != nil {
		return err
	}
	et.state[key] = state
	return nil
}

// scenarioEpoch stamps handbacks; the engine only records it.
var scenarioEpoch = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func demo(t testing.TB) *shop.Engine {
	t.Helper()
	e, err := catalog.Demo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestScenarios plays every scenario of testdata/scenarios/shop, one conversation
// per file, on the demo bot.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("../testdata/scenarios/shop/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenario files")
	}
	target := newEngineTarget(t, demo(t))
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := scenario.Load(path)
			if err != nil {
				t.Fatal(err)
			}
			if f.Bot != "shop" {
				t.Fatalf("bot %q, want shop", f.Bot)
			}
			if f.Seed == "" {
				t.Errorf("the scenario quotes no seed rule (seed:)")
			}
			res := scenario.Run(context.Background(), target, f, "")
			if res.Skipped != "" {
				t.Skip(res.Skipped)
			}
			for _, msg := range res.Failures {
				t.Error(msg)
			}
		})
	}
}
