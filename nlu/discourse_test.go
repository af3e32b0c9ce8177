package nlu

import "testing"

// TestCutDiscourseFrame: the answer between a message's openers and closers
// (discourse_frame.txt), or the message as written when it has no frame or
// is only frame words.
func TestCutDiscourseFrame(t *testing.T) {
	for _, c := range []struct {
		text, want string
		ok         bool
	}{
		{"right, more please", "more", true},
		{"quick one, others?", "others?", true},
		{"a person, thanks", "a person", true},
		{"help me then", "help me", true},
		{"right, no thanks", "no", true},
		{"the belt, no thanks", "the belt, no thanks", false},
		{"the belt, not for me", "the belt, not for me", false},
		{"alright then, yes", "yes", true},
		{"sorry, help, thank you kindly", "help", true},
		{"hmm more", "more", true},
		{"ok, thanks", "thanks", true},
		{"oh, thanks please", "thanks please", true},
		{"a person, merci", "a person", true},
		{"help me, thanks?", "help me?", true},
		{"ta, thanks", "ta, thanks", false},
		{"right now", "right now", false},
		{"well made hoodie", "well made hoodie", false},
		{"hmm, ok", "hmm, ok", false},
		{"uh ok", "uh ok", false},
		{"hmm 🙏", "hmm 🙏", false},
		{"hmm, no", "no", true},
		{"right, ok", "ok", true},
		{"hmm", "hmm", false},
		{"more", "more", false},
		{"tomorrow", "tomorrow", false},
		{"", "", false},
	} {
		got, ok := CutDiscourseFrame(c.text)
		if got != c.want || ok != c.ok {
			t.Errorf("CutDiscourseFrame(%q) = %q, %v; want %q, %v", c.text, got, ok, c.want, c.ok)
		}
	}
}

// TestFramedBuiltinIntents: the built-in intent of a framed answer is the
// bare answer's (round 21's classes: "a person, thanks", "help me then",
// "right, more please", "quick one, others?"), and a frame word is never
// read as a value ("ok, a person" is no yes).
func TestFramedBuiltinIntents(t *testing.T) {
	for text, want := range map[string]string{
		"a person, thanks":          IntentHuman,
		"an agent then":             IntentHuman,
		"ok, a person":              IntentHuman,
		"help me then":              IntentHelp,
		"help, thanks":              IntentHelp,
		"sorry, help, cheers":       IntentHelp,
		"right, more please":        IntentMore,
		"quick one, show me more":   IntentMore,
		"right, no":                 IntentNo,
		"alright then, yes":         IntentYes,
		"quick one, yes":            IntentYes,
		"oh, thanks please":         IntentThanks,
		"is there a fee to cancel?": IntentQuestion,
	} {
		if got := BuiltinIntent(text).Intent; got != want {
			t.Errorf("BuiltinIntent(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestAsksAboutAction: a question about an action is no request for it; a
// request frame whose verb is the action asks for it.
func TestAsksAboutAction(t *testing.T) {
	for text, want := range map[string]bool{
		"is there a fee to cancel?":            true,
		"hmm, can i cancel it tomorrow?":       true,
		"what if i say yes?":                   true,
		"will you charge me if i cancel?":      true,
		"quick one, are you flying on friday?": true,
		"do you fly on april 5?":               true,
		"can you cancel it?":                   false,
		"could you please cancel the booking?": false,
		"can we cancel, please?":               false,
		"could I fly out of Denver, please?":   false,
		"do not proceed with it thanks":        false,
		"cancel it":                            false,
	} {
		if got := AsksAboutAction(text); got != want {
			t.Errorf("AsksAboutAction(%q) = %v, want %v", text, got, want)
		}
	}
	for _, text := range []string{"is there a fee to cancel?", "what happens if i cancel?", "so, can i cancel later?"} {
		if IsCancel(text) {
			t.Errorf("IsCancel(%q) = true: a question about cancelling is no cancel", text)
		}
	}
}
