package nlu

import "testing"

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
