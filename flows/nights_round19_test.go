package flows

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/parleyhq/parley/nlu"
)

// playNights answers the hotel's nights question (check-in 30 May 2028,
// sent 26 May) with text: the nights stored, "" for none.
func playNights(t interface{ Fatal(args ...any) }, hotel *Engine, text string) string {
	slots := playTexts(t, hotel, nlu.Date{Year: 2028, Month: 5, Day: 26}, "I'd like to book a room in Lisbon", "Tagus View", "May 30", text)
	if slots["nights"] == nil {
		return ""
	}
	return format(slots["nights"])
}

// A count glued to the slot's own word, and "tonight" alone as the stay,
// are read (round 19); a word glued to another word is not.
func TestNightsRound19(t *testing.T) {
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want string }{
		{"sixnights", "6"},
		{"6nights", "6"},
		{"Threenights please", "3"},
		{"onenight", "1"},
		{"just tonight", "1"},
		{"tonight only", "1"},
		{"sixdays", ""},
		{"sixnightly", ""},
		{"until 6/2", ""}, // 2 June or 6 February: the demo bot names no locale
	} {
		if got := playNights(t, hotel, c.text); got != c.want {
			t.Errorf("nights at %q = %q, want %q", c.text, got, c.want)
		}
	}
}

// A number word or digits glued to "nights" is that count or none, never
// another.
func TestGluedNightsProperty(t *testing.T) {
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 10).Draw(rt, "n")
		count := words[n-1]
		if rapid.Bool().Draw(rt, "digits") {
			count = format(n)
		}
		text := count + rapid.SampledFrom([]string{"nights", "night", "nigths"}).Draw(rt, "unit")
		if got := playNights(rt, hotel, text); got != "" && got != format(n) {
			rt.Fatalf("%q: nights %s", text, got)
		}
	})
}
