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
		{"right, no thanks", "no thanks", true},
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
