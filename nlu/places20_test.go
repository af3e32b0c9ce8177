package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestTurkicCaseEndingAfterApostrophe: the Turkic languages beyond Turkish
// write a case ending after an apostrophe on a place's name (issue 38 round
// 19: "Simferopol'ge, sağ ol" stored "Simferopol'ge"); the ending and a
// thanks after a comma are read away, and the name is read as the place.
func TestTurkicCaseEndingAfterApostrophe(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Simferopol'ge, sağ ol", "Simferopol"},
		{"Bakı'ya", "Bakı"},
		{"Gəncə'yə", "Gəncə"},
		{"Bakı'dan", "Bakı"},
		{"Şəki'də", "Şəki"},
		{"Kazan'ğa", "Kazan"},
		{"Kazan'ga", "Kazan"},
		{"Toshkent'ga", "Toshkent"},
		{"Samarqand'ning", "Samarqand"},
		{"Ankara'dan", "Ankara"},
	} {
		got, ok := PlaceCore(c.in)
		if !ok || got != c.want {
			t.Errorf("PlaceCore(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"Zorvatan'xy", true},
		{"Simferopol'qz", true},
		{"Boston's", false},
		{"Denver'll", false},
		{"O'Hare", false},
		{"Sana'a", false},
		{"rock'n", false},
		{"Zorvatan", false},
	} {
		if got := HasUnreadCaseEnding(c.in); got != c.want {
			t.Errorf("HasUnreadCaseEnding(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestTurkicCaseEndingProperty: a known city of one word with any case
// ending of the list after an apostrophe reads as that city's name, never as
// the word typed; a made-up name with an ending no list holds is never a
// name as typed (HasUnreadCaseEnding).
func TestTurkicCaseEndingProperty(t *testing.T) {
	var names []string
	for c := range cities {
		if !strings.ContainsAny(c, " .") && len(c) >= 4 {
			names = append(names, c)
		}
	}
	var endings []string
	for e := range placeMarkers.suffix {
		endings = append(endings, e)
	}
	rapid.Check(t, func(rt *rapid.T) {
		city := rapid.SampledFrom(names).Draw(rt, "city")
		end := rapid.SampledFrom(endings).Draw(rt, "ending")
		typed := city + "'" + end
		if got, ok := PlaceCore(typed); !ok || got != city {
			rt.Fatalf("PlaceCore(%q) = %q, %v; want %q", typed, got, ok, city)
		}
		tail := rapid.StringMatching(`[a-z]{1,4}`).Draw(rt, "tail")
		made := "Zq" + rapid.StringMatching(`[a-z]{3,6}`).Draw(rt, "stem") + "'" + tail
		if !englishContractionEnds[tail] && !HasUnreadCaseEnding(made) {
			rt.Fatalf("HasUnreadCaseEnding(%q) = false: a name with an ending would be stored as typed", made)
		}
	})
}
