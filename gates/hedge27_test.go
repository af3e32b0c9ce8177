package gates

import (
	"testing"

	"github.com/parleyhq/parley"
)

// TestHedge27NumberEditedAfterHesitation: a number said, a hesitation set
// off by pauses, and another number ("run 8 km, hmm, 10 km, at 5 km") is a
// correction: the number said last replaces the one before it, and the
// other facts keep theirs (issue 38 item 4, round 26's classes). A
// hesitation before no number corrects nothing.
func TestHedge27NumberEditedAfterHesitation(t *testing.T) {
	for _, tt := range []struct {
		text string
		want map[string]string
	}{
		{"run 8 km, hmm, 10 km, at 5 km", map[string]string{"goal_target": "10 km", "goal_baseline": "5 km"}},
		{"target 200 lb, um, 220 lb", map[string]string{"goal_target": "220 lb"}},
		{"squat 150 kg, er, 160 kg, currently 120 kg", map[string]string{"goal_target": "160 kg", "goal_baseline": "120 kg"}},
		{"target 200 lb, hmm, by june", map[string]string{"goal_target": "200 lb"}},
	} {
		x := demoFlowForTest(t)
		nodes := make([]*Node, 0, len(x.Nodes))
		for i := range x.Nodes {
			nodes = append(nodes, &x.Nodes[i])
		}
		got := map[string]string{}
		for _, f := range x.extractFacts(nodes, saying(parley.Message{Text: tt.text, SentAt: newConversation(t, demoEngine(t, nil)).now}), nil) {
			got[f.raw] = f.value
		}
		for fact, want := range tt.want {
			if got[fact] != want {
				t.Errorf("%q: %s %q, want %q (all: %v)", tt.text, fact, got[fact], want, got)
			}
		}
	}
}
