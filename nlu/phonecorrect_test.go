package nlu

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestPhoneTailCorrection: a correction after a phone number that gives its
// last digit groups again replaces them; digits that fit no group give no
// number; a correction with no digit keeps the number (none of these is
// round 12's phrasing).
func TestPhoneTailCorrection(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"415 555 2671, sorry, 2672", "4155552672"},
		{"07700 900123 - no wait, 900124", "07700900124"},
		{"+44 20 7946 0958, actually 0959", "+442079460959"},
		{"617-555-0142, no, 555-0199", "6175550199"},
		{"6175550142, i mean 0143", "6175550143"},
		{"my cell is 312 555 0100, oops, 312 555 0177", "3125550177"},
		{"312 555 0100, sorry, it's my work line", "3125550100"},
		{"312 555 0100", "3125550100"},
	} {
		if got, ok := ExtractPhone(c.text); !ok || got != c.want {
			t.Errorf("ExtractPhone(%q) = %q, %v; want %q", c.text, got, ok, c.want)
		}
	}
	for _, text := range []string{"415 555 2671, sorry, 26", "415 555 2671, no wait, 12345"} {
		if got, ok := ExtractPhone(text); ok {
			t.Errorf("ExtractPhone(%q) = %q: a correction that fits no group must give no number", text, got)
		}
	}
}

// TestPhoneTailSaidAtTheEnd (issue 38 round 14): a correction that says its
// digits are the last ones ("at the end", "the last four", "al final") reads
// as the digits alone; other words keep the correction unread.
func TestPhoneTailSaidAtTheEnd(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"212 555 0190, sorry, 0191 at the end", "2125550191"},
		{"212 555 0190, no wait, the last four 0199", "2125550199"},
		{"212-555-0190, perdón, 0193 al final", "2125550193"},
		{"212 555 0190, oops, 0194 on the end", "2125550194"},
	} {
		if got, ok := ExtractPhone(c.text); !ok || got != c.want {
			t.Errorf("ExtractPhone(%q) = %q, %v; want %q", c.text, got, ok, c.want)
		}
	}
	if got, ok := ExtractPhone("212 555 0190, sorry, 0191 is my office"); ok && got == "2125550191" {
		t.Errorf("a tail with other words must not be read as the last digits: %q", got)
	}
}

// TestPhoneEndWordsKeepOrLeave: "DIGITS, sorry, TAIL at the end" gives the
// number with its last group replaced, or no number: never another.
func TestPhoneEndWordsKeepOrLeave(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		a := rapid.IntRange(200, 989).Draw(rt, "a")
		b := rapid.IntRange(0, 9999).Draw(rt, "b")
		c := rapid.IntRange(0, 9999).Draw(rt, "c")
		frame := rapid.SampledFrom(phoneEndFrames()).Draw(rt, "frame")
		text := fmt.Sprintf("%d 555 %04d, sorry, %04d %s", a, b, c, strings.Join(frame, " "))
		got, ok := ExtractPhone(text)
		if want := fmt.Sprintf("%d555%04d", a, c); ok && got != want {
			t.Fatalf("%q: %q, want %q or nothing", text, got, want)
		}
	})
}
