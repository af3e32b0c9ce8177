package scenario

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// IntentPair is one typed turn's intent: the one its expectation names and the
// one the bot read. The shop names it conversation_state.last_intent; a flows bot
// current_flow (the flow the message started or continued); a gates bot, whose
// state keeps no intent, the handoffReason its reading led to ("the user asked
// for a person"). A turn whose expectation names none, or a pattern, has none.
type IntentPair struct {
	Want, Got string
}

// intentPaths are where a state says the intent of the message it answered.
var intentPaths = [][]string{{"conversation_state", "last_intent"}, {"current_flow"}, {"handoffReason"}}

// intentPair reads the intent e expects and the state's, if e names one.
func intentPair(e Expect, state json.RawMessage) (IntentPair, bool) {
	if len(e.State) == 0 || len(state) == 0 {
		return IntentPair{}, false
	}
	var actual map[string]any
	if json.Unmarshal(state, &actual) != nil {
		return IntentPair{}, false
	}
	for _, path := range intentPaths {
		want, ok := at(e.State, path).(string)
		if !ok || strings.HasPrefix(want, "/") {
			continue
		}
		got, _ := at(actual, path).(string)
		return IntentPair{Want: want, Got: got}, true
	}
	return IntentPair{}, false
}

// at is the value at path in m; nil when there is none.
func at(m map[string]any, path []string) any {
	var v any = m
	for _, k := range path {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[k]
	}
	return v
}

// Confusion counts intent pairs over a run's scenarios: per intent expected, how
// often each was read.
type Confusion map[string]map[string]int

// Add counts the pairs of a scenario's result.
func (c Confusion) Add(res Result) {
	for _, p := range res.Intents {
		if c[p.Want] == nil {
			c[p.Want] = map[string]int{}
		}
		c[p.Want][p.Got]++
	}
}

// Print writes one line per intent expected: how many turns read it, out of how
// many, and what the others were read as.
func (c Confusion) Print(w io.Writer) {
	if len(c) == 0 {
		return
	}
	fmt.Fprintln(w, "intents (expected: read correctly / turns, then what else was read):")
	for _, want := range slices.Sorted(maps.Keys(c)) {
		row := c[want]
		total := 0
		var others []string
		for _, got := range slices.Sorted(maps.Keys(row)) {
			total += row[got]
			if got != want {
				others = append(others, fmt.Sprintf("%s %d", cmpLabel(got), row[got]))
			}
		}
		line := fmt.Sprintf("  %-24s %d/%d", want, row[want], total)
		if len(others) > 0 {
			line += "  (" + strings.Join(others, ", ") + ")"
		}
		fmt.Fprintln(w, line)
	}
}

// cmpLabel names an intent read, "(none)" for no intent.
func cmpLabel(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
