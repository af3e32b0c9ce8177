package nlu

import "testing"

// TestConclusionSplit: the answer after a conclusion word, the reason before
// it; a consequence opened by a subject is none.
func TestConclusionSplit(t *testing.T) {
	for _, c := range []struct{ text, reason, answer string }{
		{"it's cheaper to park there so Hartford", "it's cheaper to park there", " Hartford"},
		{"the coast is closer, hence Eugene", "the coast is closer", " Eugene"},
		{"plus proche, donc Nantes", "plus proche", " Nantes"},
		{"más barato, así que Sevilla", "más barato", " Sevilla"},
	} {
		r, a, ok := ConclusionSplit(c.text)
		if !ok || r != c.reason || a != c.answer {
			t.Errorf("ConclusionSplit(%q) = %q, %q, %v", c.text, r, a, ok)
		}
	}
	for _, text := range []string{"I leave Tuesday so I'll arrive Wednesday", "so Boston", "Boston so", "BK-1 and also BK-2", "sooo Boston"} {
		if r, a, ok := ConclusionSplit(text); ok {
			t.Errorf("ConclusionSplit(%q) = %q, %q: want none", text, r, a)
		}
	}
}
