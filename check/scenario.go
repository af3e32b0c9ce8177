package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/parleyhq/parley/scenario"
)

// Scenario renders a finding as a scenario file: the counterexample's inputs as
// user turns, the last expecting the state not to be the defect's. It fails
// while the bot can still be driven into that state this way, so `parley test`
// keeps failing until the bot is fixed. Findings with no state (an unused unit)
// have no scenario.
func (r *Report) Scenario(f Finding) ([]byte, bool) {
	if f.State < 0 {
		return nil, false
	}
	inputs := append(append([]Input{}, f.Path...), f.Repeat...)
	if len(inputs) == 0 {
		return nil, false
	}
	sf := scenario.File{
		Name:  fmt.Sprintf("%s: %s", f.Property, f.Message),
		Seed:  "parley check counterexample",
		Bot:   r.Graph.Bot,
		Start: time.Date(2026, 1, 1, 10, 0, 1, 0, time.UTC),
	}
	for _, in := range inputs {
		sf.Turns = append(sf.Turns, scenario.Turn{User: &in.Message.Text, NLU: in.Message.NLU})
	}
	sf.Turns[len(sf.Turns)-1].Expect.NotState = r.Graph.States[f.State].Signature
	b, err := yaml.Marshal(sf)
	return b, err == nil
}

// WriteScenarios writes one scenario file per finding that has one into dir and
// returns their paths.
func (r *Report) WriteScenarios(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for i, f := range r.Findings {
		b, ok := r.Scenario(f)
		if !ok {
			continue
		}
		name := fmt.Sprintf("%s-%02d-%s.yaml", r.Graph.Bot, i+1, strings.ReplaceAll(f.Property, " ", "-"))
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}
