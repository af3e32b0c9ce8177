package nlu

import (
	"testing"

	"github.com/parleyhq/parley/shop/lexicon"
)

// TestPlaces28EnglishWordsNoGazetteerAlias runs every ordinary English word
// of the lexicon's list (Debian's wamerican, as /usr/share/dict/american-
// english) through the gazetteer reader: a word is a city there only as the
// city's own main name ("mobile", "reading", "split"), never by another
// language's name with its marks folded away ("rest": Azerbaijani "Rəşt",
// Rasht), an ending glued on ("pertain": Perth) or an Irish lenition
// ("shining": Xining). Before this rule 78 words read as a gazetteer city,
// 28 of them by no name of their own; after it 50, each its city's name.
func TestPlaces28EnglishWordsNoGazetteerAlias(t *testing.T) {
	var b cityKeyBuf
	n := 0
	for w := range lexicon.EnglishWords() {
		if lexicon.IsNameOnly(w) || !lowerASCIILetters(w) {
			continue
		}
		if _, known := cityIndex[w]; known {
			continue
		}
		c, ask := PlaceOrAsk(w, PlaceTo)
		if c == "" || ask {
			continue
		}
		n++
		if b.key(c) != w {
			t.Errorf("English word %q read as %s by a name not its own", w, c)
		}
	}
	if n > 60 {
		t.Errorf("%d English words read as gazetteer cities; want at most 60 (50 at issue 38 round 27)", n)
	}
}

// TestPlaces28CityAfterTerritory: a country or territory before a comma and
// a listed place after it gives the text without the country; an unknown
// word after it ("Guam, kalahngan": a thanks) gives none.
func TestPlaces28CityAfterTerritory(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"out of Bermuda, Hamilton", "out of Hamilton", true},
		{"morning, from Jamaica, Kingston", "morning, from Kingston", true},
		{"the Bahamas, Nassau", "Nassau", true},
		{"to Guam, kalahngan", "to Guam, kalahngan", false},
		{"Lisbon, Portugal", "Lisbon, Portugal", false},
		{"Portugal, somewhere on the coast", "Portugal, somewhere on the coast", false},
	} {
		got, ok := CityAfterTerritory(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("CityAfterTerritory(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestPlaces28SettlingClause: a repair's tail whose last clause opens with
// a settling phrase settles on the words after it.
func TestPlaces28SettlingClause(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"tacoma, same airport, say seattle", "seattle", true},
		{"boulder, let's say denver", "denver", true},
		{"providence, make it boston", "boston", true},
		{"bairro loft; go with tagus view", "tagus view", true},
		{"bairro loft, say", "bairro loft, say", false},
		{"boulder, they say it snows", "boulder, they say it snows", false},
		{"denver", "denver", false},
	} {
		got, ok := SettlingClause(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("SettlingClause(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
