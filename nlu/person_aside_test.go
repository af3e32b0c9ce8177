package nlu

import "testing"

// Issue 38: a request for a person with a reason, urgency or a contrast with
// the bot said beside it still asks for the person; a stammer typed with
// hyphens is the word; and the mentions stay mentions.
func TestPersonAskedWithReasonOrContrast(t *testing.T) {
	for s, want := range map[string]bool{
		"real human pls, got no time":            true,
		"human pls im in a rush":                 true,
		"agent please it's urgent":               true,
		"operator asap":                          true,
		"I want my actual coach, not the robot":  true,
		"I need my trainer, not you":             true,
		"someone please, not a chatbot":          true,
		"h-h-human please":                       true,
		"live chat pls":                          true,
		"human agent, thanks":                    true,
		"nahitaji kuzungumza na mtu":             true,
		"representative pls busy":                true,
		"my coach said to rest":                  false,
		"my trainer told me to deload, busy now": false,
		"no need for a human, I'm busy":          false,
		"are you a bot or a human?":              false,
		"I'm not a bot":                          false,
		"not now, thanks":                        false,
		"a video call with a coach, quick":       false,
	} {
		if got := IsHumanRequest(s); got != want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", s, got, want)
		}
	}
}
