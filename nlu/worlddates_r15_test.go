package nlu

import (
	"testing"
	"time"
)

// TestWorldDatesRound15: the relative days, weekdays and counts of nights of
// languages CLDR lacks or holds as English fallbacks (issue 38 round 15, in
// words of our own): Occitan, Sardinian, Guarani (every apostrophe),
// Ilocano, Chichewa, a weekday after its "day" word (Sundanese "poé",
// Lingala "mokɔlɔ ya"), and nights in eleven languages. A part alone
// (Ilocano "bigat", morning) is no date.
func TestWorldDatesRound15(t *testing.T) {
	now := time.Date(2027, 4, 14, 12, 0, 0, 0, time.UTC) // a Wednesday
	for _, tc := range []struct{ text, want string }{
		{"deman", "2027-04-15"},
		{"pustis cras", "2027-04-16"},
		{"ko'ẽrõ", "2027-04-15"},
		{"ko’ẽrõ", "2027-04-15"},
		{"koʼẽrõ", "2027-04-15"},
		{"arapokõindy", "2027-04-17"},
		{"inton bigat", "2027-04-15"},
		{"bigat", ""},
		{"Loweruka", "2027-04-17"},
		{"Lachisanu", "2027-04-16"},
		{"poé Saptu", "2027-04-17"},
		{"poe senen", "2027-04-19"},
		{"mokolo ya mposo", "2027-04-17"},
		{"mokolo ya liboso", "2027-04-19"},
		{"mokolo", ""},
	} {
		if got := readRound14(tc.text, now); got != tc.want {
			t.Errorf("%q = %q, want %q", tc.text, got, tc.want)
		}
	}
	for _, tc := range []struct{ text, want string }{
		{"үч түн", "three nights"},
		{"tres nuèches", "three nights"},
		{"duas notes", "two nights"},
		{"pō ʻe tolu", "three nights"},
		{"butu mibale", "two nights"},
		{"masiu a mararo", "three nights"},
		{"tilu peuting", "three nights"},
		{"tallo a rabii", "three nights"},
		{"mbohapy pyhare", "three nights"},
		{"peuting", "peuting"},
		{"rabii", "rabii"},
	} {
		if got := Gloss(tc.text); got != tc.want {
			t.Errorf("Gloss(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
