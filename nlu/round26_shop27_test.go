package nlu

import "testing"

// TestRound26Shop27Readers (issue 38 round 26, helper shop27): a closer
// that needs a mark ("tanks"), a thanks then a yes, greetings read only
// beside another greeting, a story opened by an aspectual past or "got
// back", Pittsburgh's "n'at" as an answer's tail.
func TestRound26Shop27Readers(t *testing.T) {
	for _, c := range []struct {
		text, core string
		ok         bool
	}{
		{"a cap, tanks", "a cap", true},
		{"fish tanks", "fish tanks", false},
		{"oh, a kite", "a kite", true},
	} {
		if core, ok := CutDiscourseFrame(c.text); core != c.core || ok != c.ok {
			t.Errorf("CutDiscourseFrame(%q) = %q, %v; want %q, %v", c.text, core, ok, c.core, c.ok)
		}
	}
	for s, want := range map[string]bool{
		"thanks, yeah man": true, "tanks, yes": true, "cheers, yep": true,
		"tanks": false, "yes, thanks": false, "thanks, no": false, "fish tanks, yes": false,
	} {
		if got := IsThanksThenYes(s); got != want {
			t.Errorf("IsThanksThenYes(%q) = %v, want %v", s, got, want)
		}
	}
	for s, want := range map[string]SmallTalk{
		"yoga, hello": Greeting, "hi moyo": Greeting, "moyo webe": Greeting, "szczęść boże": Greeting,
		"wha ya sayin": Greeting, "tanks a lot": Thanks, "yoga": NoSmallTalk,
	} {
		if got := SmallTalkOf(s); got != want {
			t.Errorf("SmallTalkOf(%q) = %v, want %v", s, got, want)
		}
	}
	for s, want := range map[string]bool{
		"just finished planting the garden": true, "started packing": true, "just got back from the beach": true,
		"got home": true, "got back scratchers": false, "finished wood": false, "padded lining": false,
	} {
		if got := PastStory(s); got != want {
			t.Errorf("PastStory(%q) = %v, want %v", s, got, want)
		}
	}
	for s, want := range map[string]Answer{"yeah, add it n'at": Yes, "yes n'at": Yes, "wi, sa bon, mersi": Yes} {
		if got := YesNo(s); got != want {
			t.Errorf("YesNo(%q) = %v, want %v", s, got, want)
		}
	}
	if got := ShopQuestionTopic("how does returning work?"); got != TopicReturns {
		t.Errorf("ShopQuestionTopic(returning) = %q", got)
	}
}
