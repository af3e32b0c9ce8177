package nlu

import "testing"

// TestCancelTypos: a cancel word typed one edit off (no ordinary word, no
// other intent's word as near) cancels; an ordinary word one edit from it
// ("candle", "cancer", "canal") and a negated cancel do not.
func TestCancelTypos(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"cancle", true},
		{"cancell", true},
		{"cancl", true},
		{"pls cancle", true},
		{"cancle the booking", true},
		{"cancle it thx", true},
		{"candle", false},
		{"cancer", false},
		{"canal", false},
		{"don't cancle", false},
	}
	for _, tc := range cases {
		if got := IsCancel(tc.text); got != tc.want {
			t.Errorf("IsCancel(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
