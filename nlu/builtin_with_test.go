package nlu

import "testing"

// TestBuiltinIntentWith: given the model's reading of the same text, the
// built-in intent is BuiltinIntent's, rules, quoted replies and held-down
// letters included.
func TestBuiltinIntentWith(t *testing.T) {
	for _, text := range []string{
		"I want to book a flight", "New York", "2026-12-12", "yes", "never mind",
		"cancel that", "nvmmm", "can I talk to a human", "an agnet please",
		"> Book Boston -> Paris?\nyes", "thanks!", "what time is it?", "ne", "",
		"on second thought forget it", "hlep",
	} {
		want := BuiltinIntent(text)
		if got := BuiltinIntentWith(text, BuiltinModelIntent(text)); got != want {
			t.Errorf("BuiltinIntentWith(%q) = %+v, want %+v", text, got, want)
		}
	}
}
