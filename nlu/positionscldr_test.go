package nlu

import (
	"strconv"
	"testing"

	"pgregory.net/rapid"
)

// TestCardPositionsOfEveryLanguage picks a card by an ordinal of any CLDR
// locale or of the hand list's languages CLDR lacks ("la unua", "de
// earste"), and by a position cue with a cardinal ("sing nomer loro",
// "номер два"); a cardinal alone, a cue alone and an ordinal that is
// another language's cardinal pick none.
func TestCardPositionsOfEveryLanguage(t *testing.T) {
	p := NewShopParser(DefaultShopCategories())
	for _, c := range []struct {
		text string
		want int
	}{
		{"la unua", 1}, {"la trian", 3}, {"de earste", 1}, {"de lêste", -1}, {"pertama", 1},
		{"yang ketiga", 3}, {"nomer loro", 2}, {"sing nomer loro", 2}, {"номер два", 2},
		{"numer trzy", 3}, {"nomor empat", 4}, {"kapindho", 2}, {"la kvina", 5},
		{"dua", 0}, {"loro", 0}, {"nomer", 0}, {"tri", 0}, {"nomer sepuluh", 0},
	} {
		if r := p.Parse(c.text, ""); r.Ordinal != c.want || c.want != 0 && r.Intent != ShopSelect {
			t.Errorf("Parse(%q) = %s ordinal %d, want %d", c.text, r.Intent, r.Ordinal, c.want)
		}
	}
}

// TestCardPositionProperty: a drawn ordinal of any locale picks its own
// position or none, never another, and after "the" its own; a drawn cardinal picks the same position after a position cue,
// and alone none.
func TestCardPositionProperty(t *testing.T) {
	p := NewShopParser(DefaultShopCategories())
	wp := worldPositions()
	ords, cards := sortedKeys(wp.ordinals), sortedKeys(wp.cardinals)
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom(ords).Draw(t, "ordinal")
		want, _ := shopOrdinal(w)
		// its own position or none (another reader may read the word
		// first: Lithuanian "pirma" is Tagalog's "sign", a yes), never another
		if r := p.Parse(w, ""); r.Ordinal != want && r.Ordinal != 0 {
			t.Fatalf("Parse(%q) ordinal %d, want %d", w, r.Ordinal, want)
		}
		if r := p.Parse("the "+w, ""); r.Ordinal != want {
			t.Fatalf("Parse(%q) ordinal %d, want %d", "the "+w, r.Ordinal, want)
		}
		c := rapid.SampledFrom(cards).Draw(t, "cardinal")
		cue := rapid.SampledFrom([]string{"number", "nomer", "номер", "numero", "nomor"}).Draw(t, "cue")
		ord, _ := positionNumber(c)
		n, _ := strconv.Atoi(ord[:1])
		if r := p.Parse(cue+" "+c, ""); r.Ordinal != n {
			t.Fatalf("Parse(%q) ordinal %d, want %d", cue+" "+c, r.Ordinal, n)
		}
		if _, eng := shopPositionNumbers[c]; !eng {
			if r := p.Parse(c, ""); r.Ordinal != 0 {
				t.Fatalf("Parse(%q) ordinal %d: a cardinal alone", c, r.Ordinal)
			}
		}
	})
}

// TestCardinalOfHandListIsNoOrdinal: a CLDR ordinal that is a number word of
// night_counts.txt (Esperanto "oka", eighth, is Telugu one in Latin
// letters: "oka cap kavali") names no card.
func TestCardinalOfHandListIsNoOrdinal(t *testing.T) {
	if n, ok := shopOrdinal("oka"); ok {
		t.Errorf("shopOrdinal(oka) = %d, want none", n)
	}
	p := NewShopParser(DefaultShopCategories())
	if r := p.Parse("oka cap kavali", ""); r.Ordinal != 0 {
		t.Errorf("Parse(oka cap kavali) ordinal %d, want none", r.Ordinal)
	}
}
