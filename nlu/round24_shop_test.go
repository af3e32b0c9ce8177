package nlu

import (
	"slices"
	"testing"
)

// TestOrdinalTypos (issue 38 round 24): a word one edit from one English
// ordinal of five letters or more, before "one" or after "the", is that
// ordinal; an English word ("fist"), a replaced letter in a short word, a
// word elsewhere in the message, or two ordinals as near, stay as typed.
func TestOrdinalTypos(t *testing.T) {
	for _, tc := range []struct {
		in, want []string
	}{
		{[]string{"secnd", "one"}, []string{"second", "one"}},
		{[]string{"the", "thrid", "one"}, []string{"the", "third", "one"}},
		{[]string{"the", "frist"}, []string{"the", "first"}},
		{[]string{"the", "fith", "one"}, []string{"the", "fifth", "one"}},
		{[]string{"the", "fist", "one"}, []string{"the", "fist", "one"}},
		{[]string{"secnd", "hand"}, []string{"secnd", "hand"}},
		{[]string{"the", "thirds"}, []string{"the", "thirds"}},
	} {
		if got := withOrdinalTypos(slices.Clone(tc.in)); !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestRound24IntentSentences: asking after the bot's day by any span is a
// greeting; "help" with the user as its object is help, a task after it is
// none; a spelling of "more" before its noun is more; an ordinary English
// word is no colloquial spelling ("fake" is no "fakaaue").
func TestRound24IntentSentences(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"how's your morning going", IntentGreeting},
		{"hi, how is your weekend going so far", IntentGreeting},
		{"how was your shift", IntentGreeting},
		{"your tuesday", ""},
		{"help me out", IntentHelp},
		{"could you help us out a bit", IntentHelp},
		{"help me book a flight", ""},
		{"mor options", IntentMore},
		{"moar things please", IntentMore},
	} {
		if got := grammarIntentOfKey(key(tc.text)); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.text, got, tc.want)
		}
	}
	for w, want := range map[string]string{"fake": "fake", "smthing": "something"} {
		if got := withStandardSpelling(w); got != want {
			t.Errorf("withStandardSpelling(%q) = %q, want %q", w, got, want)
		}
	}
}
