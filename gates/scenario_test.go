package gates

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/scenariotest"
	"github.com/parleyhq/parley/scenario"
)

// TestCoachScenarios plays testdata/scenarios/coach/*.yaml against the engine alone,
// so the files are checked with the engine; the runner in package scenario plays the
// same files through the whole runtime.
func TestCoachScenarios(t *testing.T) {
	scenariotest.Play(t, "../testdata/scenarios/coach/*.yaml", 3, playCoachScenario)
}

// playCoachScenario plays a coach scenario: messages, set_state and control
// handback. Of the expectations it checks state, transitions, events (each
// expected one present; events: [] wants none), reply and no_reply.
func playCoachScenario(t *testing.T, f *scenario.File) {
	if f.Bot != "coach" || f.Seed == "" {
		t.Fatalf("bot %q seed %q", f.Bot, f.Seed)
	}
	c := newConversation(t, demoEngine(t, nil))
	c.now = f.Start
	for i, turn := range f.Turns {
		var err error
		if turn.SetState != nil {
			raw, _ := json.Marshal(turn.SetState)
			if c.state, err = c.engine.DecodeState(raw); err != nil {
				t.Fatalf("turn %d set_state: %v", i+1, err)
			}
		}
		var user string
		if turn.User != nil {
			user = *turn.User
		}
		var d parley.Decision
		switch turn.Control {
		case "":
			d = c.say(user)
		case "handback":
			if d, err = c.engine.Handback(c.state, turn.Reason, c.now); err != nil {
				t.Fatalf("turn %d handback: %v", i+1, err)
			}
			c.state = d.State
		default:
			t.Fatalf("turn %d: control %q is not played by this test", i+1, turn.Control)
		}
		checkCoachTurn(t, i, user, c, d, turn.Expect)
	}
}

// checkCoachTurn checks turn i's expectations against its decision and the
// conversation's state after it.
func checkCoachTurn(t *testing.T, i int, user string, c *conversation, d parley.Decision, e scenario.Expect) {
	if e.State != nil {
		var actual any
		raw, _ := json.Marshal(c.state)
		_ = json.Unmarshal(raw, &actual)
		if where, ok := subsetOf(jsonValue(e.State), actual, "state"); !ok {
			t.Errorf("turn %d (%q): state mismatch at %s\n  actual: %s", i+1, user, where, raw)
		}
	}
	if e.Transitions != nil {
		var got []string
		for _, tr := range d.Transitions {
			got = append(got, tr.From+"->"+tr.To)
		}
		if !slices.Equal(got, e.Transitions) {
			t.Errorf("turn %d: transitions %v, want %v", i+1, got, e.Transitions)
		}
	}
	if e.Events != nil {
		got := eventTypes(d)
		for _, want := range e.Events {
			if !slices.Contains(got, want) {
				t.Errorf("turn %d: events %v, want %s", i+1, got, want)
			}
		}
		if len(e.Events) == 0 && len(got) != 0 {
			t.Errorf("turn %d: events %v, want none", i+1, got)
		}
	}
	if e.Reply != "" {
		pattern := regexp.QuoteMeta(e.Reply)
		if strings.HasPrefix(e.Reply, "/") && strings.HasSuffix(e.Reply, "/") {
			pattern = e.Reply[1 : len(e.Reply)-1]
		}
		if !regexp.MustCompile(pattern).MatchString(replyText(d)) {
			t.Errorf("turn %d: reply %q does not match %s", i+1, replyText(d), e.Reply)
		}
	}
	if e.NoReply && len(d.Replies) > 0 {
		t.Errorf("turn %d: replied %q", i+1, replyText(d))
	}
}

func jsonValue(v any) any {
	raw, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(raw, &out)
	return out
}

// subsetOf: maps are subsets, arrays have the same length with elements subsets,
// scalars are equal.
func subsetOf(want, got any, path string) (string, bool) {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return path, false
		}
		for k, v := range w {
			if where, ok := subsetOf(v, g[k], path+"."+k); !ok {
				return where, false
			}
		}
		return "", true
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s (length)", path), false
		}
		for i := range w {
			if where, ok := subsetOf(w[i], g[i], fmt.Sprintf("%s[%d]", path, i)); !ok {
				return where, false
			}
		}
		return "", true
	}
	return path, fmt.Sprint(want) == fmt.Sprint(got)
}
