package gates

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestCoachKeepsEveryFactAndRunsANodeOncePerTurn (issue 38 item 6, BROADEN's
// residuals): messages to the coach drawn from fragments that each give a fact
// (a goal with its baseline, in digits or number words; an email; a day; a
// session kind), one, two or three per message, mixed with non-answers. Every
// fact a message gives is kept, whichever node is asked ("a second fact
// volunteered is dropped" must not happen), and no node executes twice in one
// turn. A message that says it is unsure ("not sure") keeps no fact said
// before it: which value it is unsure of, it does not say (gates.ownWords);
// the sentences after it decide.
func TestCoachKeepsEveryFactAndRunsANodeOncePerTurn(t *testing.T) {
	type fragment struct{ text, fact string }
	fragments := []fragment{
		{"squat 150 kg, currently at 120 kg", "goal_target"},
		{"I want to bench one hundred kilos, currently at eighty kilos", "goal_target"},
		{"my email is sam@example.com", "contact_email"},
		{"reach me at 0612345678", "contact_phone"},
		{"next tuesday works", "booking_date"},
		{"an intro call", "booking_type"},
		{"not sure", ""}, {"hmm", ""}, {"what do you mean?", ""},
	}
	rapid.Check(t, func(rt *rapid.T) {
		c := newConversation(t, demoEngine(t, nil))
		c.say("hi")
		c.say("been ok")
		for turn := range rapid.IntRange(1, 4).Draw(rt, "turns") {
			parts := rapid.SliceOfNDistinct(rapid.SampledFrom(fragments), 1, 3, func(f fragment) string { return f.text }).Draw(rt, "message")
			texts := make([]string, len(parts))
			for i, p := range parts {
				texts[i] = p.text
			}
			asked := c.runtime().LastPromptedNode
			before := maps.Clone(c.runtime().FactValues)
			c.say(strings.Join(texts, ". "))
			st := c.runtime()
			if st.Status != StatusActive && st.Status != StatusComplete {
				return // a handoff (the loop guard) ends what this checks
			}
			unsureAt := slices.Index(texts, "not sure")
			decided := map[string]bool{} // the facts the parts after the unsure one give
			for _, p := range parts[unsureAt+1:] {
				decided[p.fact] = true
			}
			for i, p := range parts {
				_, kept := st.FactValues[p.fact]
				switch {
				case i < unsureAt && p.fact != "" && !decided[p.fact] && kept && before[p.fact] != st.FactValues[p.fact]:
					rt.Fatalf("turn %d %q: fact %s stored though said unsure; facts %v", turn, texts, p.fact, st.FactValues)
				case i > unsureAt && p.fact != "" && !kept && readable(p.fact, asked, texts[unsureAt+1:]):
					rt.Fatalf("turn %d %q: fact %s dropped; facts %v", turn, texts, p.fact, st.FactValues)
				}
			}
			seen := map[string]bool{}
			for _, e := range st.TurnLog {
				if e.TurnIndex != st.UserTurns || e.Mode != "EXECUTE" {
					continue
				}
				if seen[e.NodeID] {
					rt.Fatalf("turn %d %q: %s executed twice in one turn: %+v", turn, texts, e.NodeID, st.TurnLog)
				}
				seen[e.NodeID] = true
			}
		}
	})
}

// readable reports whether the coach reads fact from a message at the question
// of node asked, texts being the parts said after any unsure one: a session kind
// said alone is read only at the booking question, a keyword alone being no
// evidence of which node it answers (the package doc); with the day beside it,
// anywhere. A day said before "not sure" is withdrawn, so it is not beside it.
func readable(fact, asked string, texts []string) bool {
	if fact != "booking_type" || asked == "booking-1" {
		return true
	}
	return slices.Contains(texts, "next tuesday works")
}
