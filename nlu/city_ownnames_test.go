package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestOwnSpellingKept: a city typed with the diacritics of its GeoNames own
// name is stored so; plain letters, another language's marks and an exonym
// store the lexicon's name.
func TestOwnSpellingKept(t *testing.T) {
	for typed, want := range map[string]string{
		"Asunción":      "Asunción",
		"asunción":      "Asunción", // the marks are typed: the own name
		"Asuncion":      "Asuncion",
		"Zürich":        "Zürich", // GeoNames's own name; English "Zurich"
		"Zurich":        "Zurich",
		"Montréal, QC":  "Montréal",
		"Kraków!":       "Kraków",
		"Indiánápọ́lis": "Indianapolis", // another language's marks
		"Berlín":        "Berlin",       // Czech/Spanish: no own name
		"München":       "Munich",       // an exonym keeps English
		"Bogóta":        "Bogota",       // marks on other letters: not the own name
	} {
		if got, ok := MatchCity(typed); !ok || got != want {
			t.Errorf("MatchCity(%q) = %q, %v; want %q", typed, got, ok, want)
		}
	}
	if got, ask := PlaceOrAsk("São Paulo", PlaceFrom); ask || got != "São Paulo" {
		t.Errorf("PlaceOrAsk(São Paulo) = %q, %v", got, ask)
	}
}

// TestOwnSpellingProperty: for every own name listed, the name typed reads
// as itself, the plain name as the lexicon's name, and a name of fewer than
// five letters with one of its marked letters changed to another never reads
// as the own name (no typo is read in a short name).
func TestOwnSpellingProperty(t *testing.T) {
	var cities []string
	for c := range ownNames() {
		cities = append(cities, c)
	}
	if len(cities) == 0 {
		t.Fatal("geo/own_names.txt lists no city")
	}
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(cities).Draw(t, "city")
		own := ownNames()[c]
		if got, _ := MatchCity(own); got != own {
			t.Fatalf("MatchCity(%q) = %q, want the own name", own, got)
		}
		if got, _ := MatchCity(c); got != c {
			t.Fatalf("MatchCity(%q) = %q, want the plain name", c, got)
		}
		rs := []rune(own)
		i := rapid.IntRange(0, len(rs)-1).Draw(t, "i")
		if rs[i] < 0x80 {
			return
		}
		other := rapid.SampledFrom([]rune("áàâäãåéèêëíìîïóòôöõúùûüñç")).Draw(t, "mark")
		if other == rs[i] {
			return
		}
		rs[i] = other
		// A slip in a mark of a long name ("Koáice") may be read as a typo of
		// the city's own name, as any one-letter slip is; a short one never
		// ("Lomá" is no Lomé; it may be another language's name of another
		// city: Hawaiian "Loma" is Rome).
		if got, ok := MatchCity(string(rs)); ok && got == own && len(rs) < 5 {
			t.Fatalf("MatchCity(%q) = the own name %q of a short name", string(rs), own)
		}
	})
}

// TestWordTypoCity: a multi-word city with a slip in several words is read
// when one city is nearest; an English word, a short word changed other
// than by a swap, and two words too far are none.
func TestWordTypoCity(t *testing.T) {
	for typed, want := range map[string]string{
		"sna fransisco":  "San Francisco",
		"nwe yrok":       "New York",
		"sna antonio":    "San Antonio",
		"rio de janiero": "Rio de Janeiro",
		"buenos iares":   "Buenos Aires",
		"salt lak ctiy":  "", // "lak" is a word of three letters, no swap
		"sam fransisco":  "", // a short word changed, not swapped
		"sna frxnxixco":  "", // too far
		"bus francisco":  "", // an English word
	} {
		if got, _ := wordTypoCity(typed); got != want {
			t.Errorf("wordTypoCity(%q) = %q, want %q", typed, got, want)
		}
	}
}

// TestWordTypoCityProperty: one neighbouring swap in each word of a
// multi-word city reads as that city or nothing, unless another city's name
// is strictly nearer: never a city farther than the one typed, nor one of two
// alike.
func TestWordTypoCityProperty(t *testing.T) {
	var keys [][]string
	for _, ks := range multiWordCityKeys() {
		keys = append(keys, ks...)
	}
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(keys).Draw(t, "name")
		city := cityIndex[strings.Join(name, " ")]
		ws := slicesCloneWords(name)
		for i, w := range ws {
			if len(w) < 3 || !rapid.Bool().Draw(t, "swap") {
				continue
			}
			j := rapid.IntRange(0, len(w)-2).Draw(t, "at")
			b := []byte(w)
			b[j], b[j+1] = b[j+1], b[j]
			ws[i] = string(b)
		}
		typed := strings.Join(ws, " ")
		got, ok := wordTypoCity(typed)
		if !ok || got == city {
			return
		}
		dGot, _ := bestWordDistanceTo(typed, got)
		if dOwn, near := bestWordDistanceTo(typed, city); near && dOwn <= dGot {
			t.Fatalf("wordTypoCity(%q) = %q, but %q is as near (%d <= %d)", typed, got, city, dOwn, dGot)
		}
	})
}

// slicesCloneWords copies ws.
func slicesCloneWords(ws []string) []string { return append([]string(nil), ws...) }

// bestWordDistanceTo is the least word-by-word distance of typed from a
// name of city c, and whether one is near.
func bestWordDistanceTo(typed, c string) (int, bool) {
	tw := strings.Fields(typed)
	best, found := 1<<30, false
	for _, ws := range multiWordCityKeys()[len(tw)] {
		if cityIndex[strings.Join(ws, " ")] != c {
			continue
		}
		if d, ok := wordsTypoDistance(tw, ws); ok && d < best {
			best, found = d, true
		}
	}
	return best, found
}

// TestRestatedCity: a city named first and again last after a confirming
// or contrasting word is read; a choice, a trip, a denial and another city
// last are not.
func TestRestatedCity(t *testing.T) {
	for text, want := range map[string]string{
		"vancouver, or... yes vancouver":                           "Vancouver",
		"newark, well, technically jersey city but newark airport": "Newark",
		"Lisboa, hmm, oder Porto... aber Lisboa":                   "Lisbon",
		"vancouver or seattle":                                     "",
		"vancouver or seattle? yes seattle":                        "",
		"boston to chicago and back to boston":                     "",
		"newark but not newark":                                    "",
		"yes vancouver":                                            "",
		"vancouver":                                                "",
	} {
		if got, _ := RestatedCity(text); got != want {
			t.Errorf("RestatedCity(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestRestatedCityProperty: whatever is said between, a city said first and
// after "but" or "yes" last is that city; one said last that differs from
// the first is never read.
func TestRestatedCityProperty(t *testing.T) {
	names := []string{"Lisbon", "Denver", "Chicago", "Porto", "New York", "Tokyo"}
	fillers := []string{"well", "or", "hmm", "technically", "...", "maybe", "I think", "no", "Seattle", "perhaps"}
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.SampledFrom(names).Draw(t, "first")
		b := rapid.SampledFrom(names).Draw(t, "last")
		mid := rapid.SliceOfN(rapid.SampledFrom(fillers), 0, 4).Draw(t, "mid")
		link := rapid.SampledFrom([]string{"but", "yes", "yeah"}).Draw(t, "link")
		text := a + ", " + strings.Join(mid, " ") + " " + link + " " + b
		got, ok := RestatedCity(text)
		ca, _ := MatchCity(a)
		switch {
		case a == b && (!ok || got != ca):
			t.Fatalf("RestatedCity(%q) = %q, %v; want %q", text, got, ok, ca)
		case a != b && ok:
			t.Fatalf("RestatedCity(%q) = %q; the last city differs from the first", text, got)
		}
	})
}

// TestTypoCityWordsFit: wordTypoCity keeps a message's words on the stack,
// up to maxTypoCityWords; no multi-word name of the lexicon is longer.
func TestTypoCityWordsFit(t *testing.T) {
	for n := range multiWordCityKeys() {
		if n > maxTypoCityWords {
			t.Errorf("a city name of %d words; wordTypoCity reads %d at most", n, maxTypoCityWords)
		}
	}
}
