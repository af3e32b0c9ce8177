package shop_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/llm/llmtest"
	"github.com/parleyhq/parley/shop"
)

// TestGeneratedTexts: the texts a bot opts in (Config.Generate) are written by its
// model from the engine's draft, streamed as deltas of that reply and recorded as
// reply_generated; cards and the rest are the engine's. Without the opt-in, without
// a model, with a failing one or in a replay the draft is said, and the state is
// the same in every case.
func TestGeneratedTexts(t *testing.T) {
	const intro = "Here's what I found for \"hoodie\":"
	tests := []struct {
		name      string
		generate  []string
		writer    *llmtest.Writer
		recorded  map[string]string
		text      string // the message
		want      string // the first reply's text
		generated []string
	}{
		{"not opted in: the engine's text, no model call", nil, &llmtest.Writer{}, nil, "show me hoodie", intro, nil},
		{"opted in, no model: the engine's text", []string{shop.GenerateIntro}, nil, nil, "show me hoodie", intro, nil},
		{"intro written", []string{shop.GenerateIntro}, &llmtest.Writer{}, nil, "show me hoodie", "<" + intro + ", rewritten>", []string{shop.GenerateIntro}},
		{"model failing: the engine's text", []string{shop.GenerateIntro}, &llmtest.Writer{Fail: true}, nil, "show me hoodie", intro, nil},
		{"replay: the recorded text", []string{shop.GenerateIntro}, &llmtest.Writer{}, map[string]string{shop.GenerateIntro: "Hoodies!"}, "show me hoodie", "Hoodies!", nil},
		{"small talk written", []string{shop.GenerateSmallTalk}, &llmtest.Writer{}, nil, "hello", "<Hello! What are you looking for today?", []string{shop.GenerateSmallTalk}},
		{"a clarifying question written", []string{shop.GenerateClarify, shop.GenerateIntro}, &llmtest.Writer{}, nil, "kayak", "<Sorry, I couldn't find anything for", []string{shop.GenerateClarify}},
	}
	states := map[string][]byte{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := shop.Config{Generate: tt.generate}
			if tt.writer != nil {
				cfg.Writer = tt.writer
			}
			e := newEngine(t, cfg, newFakeCatalog(7))
			stream, deltas := llmtest.FirstReplyStream(t)
			key := parley.ConversationKey{Bot: "shop", ID: "c"}
			d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: 1, State: e.NewState(key),
				Message: parley.Message{ID: "m1", Text: tt.text, SentAt: t0}, Stream: stream, RecordedReplies: tt.recorded})
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Replies) == 0 || !strings.HasPrefix(d.Replies[0].Text, tt.want) || d.Replies[0].ID != "a-1-1" {
				t.Fatalf("replies %+v, want the first to start %q", d.Replies, tt.want)
			}
			wantDeltas := ""
			if tt.generated != nil {
				wantDeltas = d.Replies[0].Text // the deltas add up to the reply
			}
			if deltas.String() != wantDeltas {
				t.Errorf("streamed %q, want %q", deltas.String(), wantDeltas)
			}
			var keys []string
			for _, ev := range d.Events {
				if ev.Type == parley.EventReplyGenerated {
					keys = append(keys, ev.Data.(parley.ReplyGeneratedEvent).Key)
				}
			}
			if diff := cmp.Diff(tt.generated, keys); diff != "" {
				t.Errorf("reply_generated events (-want +got):\n%s", diff)
			}
			if tt.writer != nil && (tt.generate == nil || tt.recorded != nil) && len(tt.writer.Calls()) > 0 {
				t.Error("the model was asked for a text not opted in, or in a replay")
			}
			if tt.generated != nil {
				if req := tt.writer.Calls()[0]; !strings.HasPrefix(d.Replies[0].Text, "<"+req.Draft) || req.Brief == "" ||
					!cmp.Equal(req.Transcript, []string{"user: " + tt.text}) {
					t.Errorf("request %+v", req)
				}
			}
			// The decision never depends on the text.
			b, _ := json.Marshal(d.State)
			if prev, ok := states[tt.text]; ok && string(prev) != string(b) {
				t.Errorf("state %s\nwant %s", b, prev)
			}
			states[tt.text] = b
		})
	}
}

// TestGeneratedCardsAreTheEngines: with the intro written, the cards and the offer
// of more are exactly the engine's.
func TestGeneratedCardsAreTheEngines(t *testing.T) {
	plain := newConversation(t, newEngine(t, shop.Config{}, newFakeCatalog(7))).send("show me hoodie", "")
	written := newConversation(t, newEngine(t, shop.Config{Generate: []string{shop.GenerateIntro}, Writer: &llmtest.Writer{}}, newFakeCatalog(7))).send("show me hoodie", "")
	if len(plain.Replies) != 3 || !cmp.Equal(plain.Replies[1:], written.Replies[1:]) || plain.Replies[0].Text == written.Replies[0].Text {
		t.Fatalf("plain %+v\nwritten %+v", plain.Replies, written.Replies)
	}
}

func TestNewRefusesAnUnknownGeneratedText(t *testing.T) {
	_, err := shop.New(shop.Config{BaseURL: "https://s.example", Generate: []string{"cards"}}, newFakeCatalog(1))
	if parley.ErrorCode(err) != parley.EINVALID || !strings.Contains(parley.ErrorMessage(err), `"cards"`) {
		t.Fatalf("err = %v", err)
	}
}
