package flows

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/scenariotest"
	"github.com/parleyhq/parley/scenario"
)

// TestBookingScenarios plays testdata/scenarios/booking/*.yaml against the demo
// engine directly.
func TestBookingScenarios(t *testing.T) {
	e := demo(t)
	scenariotest.Play(t, "../testdata/scenarios/booking/*.yaml", 1, func(t *testing.T, sc *scenario.File) {
		playScenario(t, e, sc)
	})
}

// TestHotelScenarios plays testdata/scenarios/hotel/*.yaml against the hotel
// demo engine directly.
func TestHotelScenarios(t *testing.T) {
	e, err := HotelDemo()
	if err != nil {
		t.Fatal(err)
	}
	scenariotest.Play(t, "../testdata/scenarios/hotel/*.yaml", 1, func(t *testing.T, sc *scenario.File) {
		playScenario(t, e, sc)
	})
}

// playScenario plays the part of a scenario this package's engine alone can play
// (no store, no lifecycle; control handback only, the engine's own control): the
// runner in package scenario plays the same files through the runtime. Of the
// expectations it checks state, reply, options, transitions and events.
func playScenario(t *testing.T, e *Engine, sc *scenario.File) {
	key := parley.ConversationKey{Bot: sc.Bot, ID: "scenario"}
	var state any = e.NewState(key)
	now := sc.Start
	for i, turn := range sc.Turns {
		if i > 0 {
			now = now.Add(time.Second)
		}
		if turn.After != "" {
			d, err := time.ParseDuration(turn.After)
			if err != nil {
				t.Fatal(err)
			}
			now = now.Add(d)
		}
		if turn.Control != "" {
			if turn.Control != "handback" {
				t.Fatalf("turn %d: control %s needs the runtime", i+1, turn.Control)
			}
			d, err := e.Handback(state, turn.Reason, now)
			if err != nil {
				t.Fatalf("turn %d: %v", i+1, err)
			}
			state = d.State
			continue
		}
		msg := parley.Message{ID: fmt.Sprintf("t%d", i+1), NLU: turn.NLU, SentAt: now}
		if turn.User != nil {
			msg.Text = *turn.User
		}
		if turn.Click != "" {
			msg.Meaning, msg.Text = turn.Click, turn.Text
		}
		d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(i + 1), State: state, Message: msg})
		if err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
		data, _ := json.Marshal(d.State)
		if state, err = e.DecodeState(data); err != nil {
			t.Fatal(err)
		}
		x := turn.Expect
		var got map[string]any
		_ = json.Unmarshal(data, &got)
		where := fmt.Sprintf("turn %d (%s)", i+1, msg.Text)
		if x.State != nil {
			if problem := subset(x.State, got, "state"); problem != "" {
				t.Errorf("%s: %s\nstate: %s", where, problem, data)
			}
		}
		var texts, options, trs, events []string
		for _, r := range d.Replies {
			texts = append(texts, r.Text)
			for _, o := range r.Options {
				options = append(options, o.Meaning)
			}
		}
		for _, tr := range d.Transitions {
			trs = append(trs, tr.From+"->"+tr.To)
		}
		for _, ev := range d.Events {
			events = append(events, string(ev.Type))
		}
		reply := strings.Join(texts, "\n")
		if x.Reply != "" && !replyMatches(x.Reply, reply) {
			t.Errorf("%s: reply %q does not match %q", where, reply, x.Reply)
		}
		if x.Transitions != nil && strings.Join(x.Transitions, ",") != strings.Join(trs, ",") {
			t.Errorf("%s: transitions %v, want %v", where, trs, x.Transitions)
		}
		if x.Options != nil && strings.Join(x.Options, ",") != strings.Join(options, ",") {
			t.Errorf("%s: options %v, want %v", where, options, x.Options)
		}
		if x.Events != nil && strings.Join(x.Events, ",") != strings.Join(events, ",") {
			t.Errorf("%s: events %v, want %v", where, events, x.Events)
		}
	}
}

func replyMatches(want, got string) bool {
	if len(want) > 1 && strings.HasPrefix(want, "/") {
		end := strings.LastIndex(want, "/")
		pattern := want[1:end]
		if strings.Contains(want[end:], "i") {
			pattern = "(?i)" + pattern
		}
		return regexp.MustCompile(pattern).MatchString(got)
	}
	return strings.Contains(got, want)
}

// subset checks want against got as docs/spec/contracts.md section 5 says: maps are
// subsets, arrays have the same length and subset-matched elements.
func subset(want, got any, path string) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: got %v, want an object", path, got)
		}
		for k, v := range w {
			gv, present := g[k]
			if !present && v != nil {
				return fmt.Sprintf("%s.%s: missing", path, k)
			}
			if p := subset(v, gv, path+"."+k); p != "" {
				return p
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: got %v, want %v", path, got, w)
		}
		for i := range w {
			if p := subset(w[i], g[i], fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
		return ""
	}
	if fmt.Sprint(normalizeScalar(want)) != fmt.Sprint(normalizeScalar(got)) {
		return fmt.Sprintf("%s: got %v, want %v", path, got, want)
	}
	return ""
}

func normalizeScalar(v any) any {
	switch x := v.(type) {
	case uint64:
		return float64(x)
	case int64:
		return float64(x)
	case int:
		return float64(x)
	}
	return v
}
