package scenario

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/parleyhq/parley"
)

func TestSubset(t *testing.T) {
	actual := map[string]any{
		"state": "idle", "n": float64(5), "ids": []any{"1", "2"}, "none": nil,
		"nested": map[string]any{"a": float64(1), "b": "x"},
	}
	tests := []struct {
		name     string
		expected string
		ok       bool
		path     string
	}{
		{"empty map", `{}`, true, ""},
		{"scalar equal", `{"state":"idle"}`, true, ""},
		{"scalar differs", `{"state":"handoff"}`, false, "state.state"},
		{"number", `{"n":5}`, true, ""},
		{"nested subset", `{"nested":{"b":"x"}}`, true, ""},
		{"nested differs", `{"nested":{"a":2}}`, false, "state.nested.a"},
		{"absent key", `{"missing":1}`, false, "state.missing (absent)"},
		{"null matches absent", `{"missing":null}`, true, ""},
		{"null matches null", `{"none":null}`, true, ""},
		{"array equal", `{"ids":["1","2"]}`, true, ""},
		{"array shorter", `{"ids":["1"]}`, false, "state.ids"},
		{"array element differs", `{"ids":["1","3"]}`, false, "state.ids[1]"},
		{"regexp", `{"state":"/^id/"}`, true, ""},
		{"regexp no match", `{"state":"/^hand/"}`, false, "state.state"},
		{"type mismatch", `{"nested":"x"}`, false, "state.nested"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var exp any
			if err := json.Unmarshal([]byte(tt.expected), &exp); err != nil {
				t.Fatal(err)
			}
			path, ok := subset(exp, actual, "state")
			if ok != tt.ok || path != tt.path {
				t.Fatalf("subset(%s) = %q, %v; want %q, %v", tt.expected, path, ok, tt.path, tt.ok)
			}
		})
	}
}

func TestParseRefusesBadFiles(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"unknown key", "bot: shop\nturns:\n  - user: hi\n    expekt: {}\n", "x.yaml:4:5"},
		{"no bot", "turns:\n  - user: hi\n", "has no bot"},
		{"no turns", "bot: shop\n", "has no turns"},
		{"two kinds", "bot: shop\nturns:\n  - user: hi\n    click: show_more\n", "x.yaml:3: turn 1 needs exactly one"},
		{"bad after", "bot: shop\nturns:\n  - user: hi\n    after: soon\n", "turn 1: after"},
		{"bad regexp", "bot: shop\nturns:\n  - user: hi\n    expect: {reply: \"/(/\"}\n", "bad regexp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.yaml), "x.yaml")
			if parley.ErrorCode(err) != parley.EINVALID || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an invalid error containing %q", err, tt.want)
			}
		})
	}
}

// TestFileEncodesMinimalAndParsesBack: a File written with go-yaml (as parley check
// writes counterexamples) leaves unset keys out, keeps a list that was set empty
// (options: [] expects none, unset checks nothing), and Parse reads it back.
func TestFileEncodesMinimalAndParsesBack(t *testing.T) {
	hi := "hi"
	in := File{
		Name: "one", Bot: "shop", Start: time.Date(2026, 1, 1, 10, 0, 1, 0, time.UTC),
		Turns: []Turn{
			{User: &hi},
			{User: &hi, Expect: Expect{Options: []string{}, NotState: map[string]any{"state": "idle"}}},
		},
	}
	data, err := yaml.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := "name: one\nseed: \"\"\nbot: shop\nstart: 2026-01-01T10:00:01Z\nturns:\n" +
		"- user: hi\n- user: hi\n  expect:\n    not_state:\n      state: idle\n    options: []\n"
	if string(data) != want {
		t.Fatalf("encoded:\n%s\nwant:\n%s", data, want)
	}
	out, err := Parse(data, "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if x := out.Turns[1].Expect; x.Options == nil || len(x.Options) != 0 || x.NotState["state"] != "idle" || out.Turns[0].Expect.NotState != nil {
		t.Fatalf("parsed back: %+v", out.Turns)
	}
}

// scripted is a Target that answers each turn with a fixed body.
type scripted struct {
	bodies []string
	sent   []parley.Message
}

func (s *scripted) Turn(_ context.Context, _ parley.ConversationKey, m parley.Message) ([]byte, error) {
	s.sent = append(s.sent, m)
	b := s.bodies[0]
	s.bodies = s.bodies[1:]
	if strings.HasPrefix(b, "error:") {
		return nil, parley.Errorf(strings.TrimPrefix(b, "error:"), "scripted")
	}
	return []byte(b), nil
}
func (s *scripted) Control(context.Context, parley.ConversationKey, string, string) ([]byte, error) {
	return []byte(`{"state":{},"lifecycle":"paused"}`), nil
}
func (s *scripted) SetState(context.Context, parley.ConversationKey, json.RawMessage) error {
	return nil
}
func (s *scripted) Remote() bool { return false }

func TestRunReportsEveryFailedExpectation(t *testing.T) {
	f, err := Parse([]byte(`name: t
bot: shop
start: 2026-01-01T10:00:00Z
turns:
  - user: show me hoodies
    expect:
      cards: 2
      reply: /found/
      options: [show_more]
      transitions: ["idle->recommending"]
  - click: show_more
    after: 6m
    expect:
      new_cards_only: true
      lifecycle: idle
      events: [guardrail]
  - user: boom
    expect: {error: invalid}
  - control: pause
    expect: {lifecycle: paused}
`), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	target := &scripted{bodies: []string{
		`{"replies":[{"type":"text","text":"I found"},{"type":"product_cards","cards":[{"product_id":"1"},{"product_id":"2"}]},{"type":"quick_replies","options":[{"title":"More","meaning":"show_more"}]}],"state":{},"lifecycle":"idle","transitions":[{"from":"idle","to":"recommending"}]}`,
		`{"replies":[{"type":"product_cards","cards":[{"product_id":"2"}]}],"state":{},"lifecycle":"running","events":[]}`,
		`error:invalid`,
	}}
	res := Run(context.Background(), target, f, "")
	if len(res.Failures) != 3 {
		t.Fatalf("want 3 failures (duplicate card, lifecycle, event), got %d:\n%s", len(res.Failures), strings.Join(res.Failures, "\n"))
	}
	for i, want := range []string{"product 2 was already shown", `expected lifecycle "idle", got "running"`, `expected event "guardrail"`} {
		if !strings.Contains(res.Failures[i], want) || !strings.Contains(res.Failures[i], "t.yaml:11: turn 2 (click: show_more)") {
			t.Errorf("failure %d = %q, want it to name the turn and contain %q", i, res.Failures[i], want)
		}
	}
	if got := target.sent[1].SentAt.Sub(target.sent[0].SentAt); got.Minutes() != 6 {
		t.Errorf("after: 6m advanced the clock by %v", got)
	}
	if target.sent[1].Meaning != "show_more" || target.sent[0].ID != "t1" {
		t.Errorf("messages sent: %+v", target.sent)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("bot: shop\nturns:\n  - user: hi\n    expect: {cards: 5, state: {a: 1}}\n"))
	f.Add([]byte("name: x\nbot: b\nturns:\n  - click: show_more\n    after: 6m\n"))
	f.Add([]byte("turns: [1, 2]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data, "fuzz.yaml")
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("error without the invalid code: %v", err)
			}
			return
		}
		if file.Bot == "" || len(file.Turns) == 0 {
			t.Fatalf("accepted a scenario without bot or turns: %+v", file)
		}
	})
}
