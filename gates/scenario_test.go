package gates

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/parleyhq/parley"
)

// scenarioFile is the part of the scenario format (docs/spec/contracts.md section 5) the coach
// scenarios use. The lead's runner plays them through the whole runtime; this test
// plays the same files against the engine alone, so they are checked with the engine.
type scenarioFile struct {
	Name  string    `yaml:"name"`
	Seed  string    `yaml:"seed"`
	Bot   string    `yaml:"bot"`
	Start time.Time `yaml:"start"`
	Turns []struct {
		User     string         `yaml:"user"`
		Control  string         `yaml:"control"`
		Reason   string         `yaml:"reason"`
		SetState map[string]any `yaml:"set_state"`
		Expect   struct {
			State       map[string]any `yaml:"state"`
			Transitions []string       `yaml:"transitions"`
			Events      []string       `yaml:"events"`
			Reply       string         `yaml:"reply"`
			NoReply     bool           `yaml:"no_reply"`
		} `yaml:"expect"`
	} `yaml:"turns"`
}

func TestCoachScenarios(t *testing.T) {
	paths, err := filepath.Glob("../testdata/scenarios/coach/*.yaml")
	if err != nil || len(paths) < 3 {
		t.Fatalf("scenarios: %v %v", paths, err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var f scenarioFile
			if err := yaml.UnmarshalWithOptions(data, &f, yaml.Strict()); err != nil {
				t.Fatal(yaml.FormatError(err, false, true))
			}
			if f.Bot != "coach" || f.Seed == "" {
				t.Fatalf("bot %q seed %q", f.Bot, f.Seed)
			}
			c := newConversation(t, demoEngine(t, nil))
			c.now = f.Start
			for i, turn := range f.Turns {
				if turn.SetState != nil {
					raw, _ := json.Marshal(turn.SetState)
					if c.state, err = c.engine.DecodeState(raw); err != nil {
						t.Fatalf("turn %d set_state: %v", i+1, err)
					}
				}
				var d parley.Decision
				switch turn.Control {
				case "":
					d = c.say(turn.User)
				case "handback":
					if d, err = c.engine.Handback(c.state, turn.Reason, c.now); err != nil {
						t.Fatalf("turn %d handback: %v", i+1, err)
					}
					c.state = d.State
				default:
					t.Fatalf("turn %d: control %q is not played by this test", i+1, turn.Control)
				}
				e := turn.Expect
				if e.State != nil {
					var actual any
					raw, _ := json.Marshal(c.state)
					_ = json.Unmarshal(raw, &actual)
					if where, ok := subsetOf(jsonValue(e.State), actual, "state"); !ok {
						t.Errorf("turn %d (%q): state mismatch at %s\n  actual: %s", i+1, turn.User, where, raw)
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
		})
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
