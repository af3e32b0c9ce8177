package nlu

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"
	"pgregory.net/rapid"
)

// TestAccentedSpellingKept checks that a city the lists store in plain
// letters, typed with its own diacritics, is stored as typed (each letter in
// the list's case), and that a plain or other spelling is the list's name.
func TestAccentedSpellingKept(t *testing.T) {
	cases := []struct{ typed, want string }{
		{"Asunción, aguyje", "Asunción"},
		{"Bogotá", "Bogotá"},
		{"Zürich", "Zürich"},
		{"Kraków", "Kraków"},
		{"Reykjavík", "Reykjavík"},
		{"São Paulo", "São Paulo"},
		{"são paulo", "São Paulo"}, // lower case: the list's capitals
		{"SÃO PAULO", "São Paulo"},
		{"Sao Paulo", "Sao Paulo"}, // plain: the list's name
		{"Cracovia", "Krakow"},     // another name: the list's name
	}
	for _, c := range cases {
		if got, ok := MatchCity(c.typed); !ok || got != c.want {
			t.Errorf("MatchCity(%q) = %q, %v; want %q", c.typed, got, ok, c.want)
		}
	}
}

// TestAccentedSpellingProperty: over the lists' cities stored in plain
// letters, the name typed with marks on some of its letters is stored
// exactly as typed when the readers fold its marks, else it is at most a
// typo of the plain name; never another city.
func TestAccentedSpellingProperty(t *testing.T) {
	var names []string
	for _, c := range cityIndex {
		if isASCII(c) && cityIndex[key(c)] == c && strings.IndexFunc(c, unicode.IsLetter) >= 0 {
			names = append(names, c)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	marks := []rune{'\u0301', '\u0300', '\u0308', '\u0303', '\u0302'}
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(names).Draw(t, "city")
		var b strings.Builder
		marked := false
		for i, r := range c {
			b.WriteRune(r)
			if strings.ContainsRune("aeiouAEIOU", r) && rapid.Bool().Draw(t, "mark"+string(rune('0'+i%10))) {
				b.WriteRune(rapid.SampledFrom(marks).Draw(t, "which"))
				marked = true
			}
		}
		if !marked {
			return
		}
		typed := norm.NFC.String(b.String())
		got, ok := MatchCity(typed)
		// Marks the readers fold ("ó", "ü") name the city as typed; a mark
		// they keep ("ẽ") is a typo of the name at most, read as the list's.
		if key(typed) == key(c) && (!ok || got != typed) || ok && got != typed && got != c {
			t.Fatalf("MatchCity(%q) = %q, %v; want %q", typed, got, ok, typed)
		}
	})
}
