package turnlog

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

// echoFolder is a toy parley.StateFolder: a state {"said":[...]} holds the texts
// of its conversation's turns, and folds to {"folded":true}, which the turn
// records rebuild.
type echoFolder struct{}

func (echoFolder) Kind() string                        { return "echo" }
func (echoFolder) NewState(parley.ConversationKey) any { return nil }
func (echoFolder) DecodeState([]byte) (any, error)     { return nil, nil }
func (echoFolder) Decide(context.Context, parley.Turn) (parley.Decision, error) {
	return parley.Decision{}, nil
}
func (echoFolder) FoldWindow() int                                          { return 8 }
func (echoFolder) Fold(state []byte) []byte                                 { return []byte(`{"folded":true}`) }
func (echoFolder) Folded(state []byte) bool                                 { return string(state) == `{"folded":true}` }
func (echoFolder) TurnMark(*parley.TurnRecord) byte                         { return 0 }
func (echoFolder) FoldsAfter(_, _ any, _ *parley.TurnRecord, _ []byte) bool { return true }
func (echoFolder) Unfold(folded []byte, recent []parley.TurnRecord) ([]byte, error) {
	if string(folded) != `{"folded":true}` {
		return folded, nil
	}
	said := make([]string, len(recent))
	for i, r := range recent {
		said[i] = r.Message.Text
	}
	return json.Marshal(map[string][]string{"said": said})
}

// foldedLog is a store holding one conversation, its state folded, two turns and
// a processed record of each kind.
type foldedLog struct{}

var foldedKey = parley.ConversationKey{Bot: "echo", ID: "c"}

func (l foldedLog) Conversation(_ context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	return &parley.Conversation{Key: key, Version: 2, State: []byte(`{"folded":true}`)}, nil
}

func (l foldedLog) Processed(_ context.Context, key parley.ConversationKey, id string) (parley.Processed, bool, error) {
	switch id {
	case "m2":
		rec := parley.TurnRecord{Message: parley.Message{ID: "m2", Text: "b"}, Replies: []byte(`[]`), Transitions: []byte(`[]`)}
		return parley.Processed{Message: &rec.Message, Version: 2, Response: Response(&rec, key, 2, []byte(`{"folded":true}`), nil)}, true, nil
	case "ctl":
		return parley.Processed{Version: 2, State: []byte(`{"folded":true}`), Response: []byte(`{}`)}, true, nil
	}
	return parley.Processed{}, false, nil
}

func (l foldedLog) ListConversations(ctx context.Context, q parley.ConversationQuery) ([]parley.Conversation, error) {
	c, _ := l.Conversation(ctx, parley.ConversationKey{ID: "c"})
	c.Key.Bot = "" // as a store that lists one bot leaves it to the query
	return []parley.Conversation{*c}, nil
}

func (l foldedLog) TurnRecords(_ context.Context, _ parley.ConversationKey, version int64, n int) ([]parley.TurnRecord, error) {
	all := []parley.TurnRecord{{Message: parley.Message{ID: "m1", Text: "a"}}, {Message: parley.Message{ID: "m2", Text: "b"}}}
	return all[:min(version, int64(len(all)))], nil
}

// TestReaderGivesStatesWhole: every read of a Reader (the head, the list, a turn's
// processed response, a record's state) gives a folded state whole, from the turn
// records up to its version; a store that cannot read records refuses a folded
// state rather than hand it out.
func TestReaderGivesStatesWhole(t *testing.T) {
	ctx := context.Background()
	bots := []*parley.Bot{{Name: "echo", Engine: echoFolder{}}}
	r := NewReader(foldedLog{}, bots)
	const whole = `{"said":["a","b"]}`
	c, err := r.Conversation(ctx, foldedKey)
	if err != nil || string(c.State) != whole {
		t.Fatalf("Conversation: %s, %v", c.State, err)
	}
	list, err := r.ListConversations(ctx, parley.ConversationQuery{Bot: "echo"})
	if err != nil || len(list) != 1 || string(list[0].State) != whole {
		t.Fatalf("ListConversations: %+v, %v", list, err)
	}
	p, ok, err := r.Processed(ctx, foldedKey, "m2")
	if err != nil || !ok || !bytes.Contains(p.Response, []byte(`"state":`+whole+`,"lifecycle"`)) {
		t.Fatalf("Processed(turn): %s, %v, %v", p.Response, ok, err)
	}
	p, ok, err = r.Processed(ctx, foldedKey, "ctl")
	if err != nil || !ok || string(p.State) != whole {
		t.Fatalf("Processed(record): %s, %v, %v", p.State, ok, err)
	}
	if r.Folder("echo") == nil || r.Folder("other") != nil {
		t.Error("Folder: the folding bot's engine, nil for another")
	}

	blind := NewReader(struct{ Log }{foldedLog{}}, bots)
	if blind.Folder("echo") != nil {
		t.Error("a store that cannot read turn records folds nothing")
	}
	if _, err := blind.Conversation(ctx, foldedKey); parley.ErrorCode(err) != parley.EINTERNAL || !strings.Contains(err.Error(), "folded") {
		t.Errorf("a folded state without records: %v, want EINTERNAL", err)
	}
}
