package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestSaidSpelling: a city only the gazetteer holds keeps the spelling the
// user named it by when GeoNames lists it near the main name; another
// language's name, a lexicon city's other name and a name in another
// script are stored by the bot's name (issue 38 item 7, round 24).
func TestSaidSpelling(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"Legazpi", "Legazpi"},
		{"legazpi", "Legazpi"}, // as GeoNames writes it
		{"Legaspi", "Legaspi"},
		{"Uzhhorod", "Uzhhorod"},
		{"Uzhgorod", "Uzhgorod"},
		{"Grozny", "Grozny"},
		{"Corcaigh", "Cork"},    // Irish: another language's name
		{"Lîdje", "Liège"},      // Walloon: another language's name
		{"Adama", "Nazrēt"},     // another name, far from the main one
		{"Ужгород", "Uzhgorod"}, // another script
		{"Kiev", "Kyiv"},        // the lexicon's name
		{"Khujand", "Khujand"},  // the main name without its marks
	} {
		if got, ask := PlaceOrAsk(c.typed, PlaceFrom); got != c.want || ask {
			t.Errorf("PlaceOrAsk(%q) = %q, %v; want %q", c.typed, got, ask, c.want)
		}
	}
}

// TestSamePlace: two spellings of one city are one place; two cities, or
// a name no list holds, are not.
func TestSamePlace(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"Uzhgorod", "Uzhhorod", true},
		{"Legaspi", "Legazpi", true},
		{"Kiev", "Kyiv", true},
		{"Denver", "denver", true},
		{"Denver", "Boston", false},
		{"Bergenx", "Bergeny", false},
		{"", "", false},
	} {
		if got := SamePlace(c.a, c.b); got != c.want {
			t.Errorf("SamePlace(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestRequestVerbForms: a request verb and its -ing form are verbs of doing
// the trip; other words ending in -ing are not.
func TestRequestVerbForms(t *testing.T) {
	for w, want := range map[string]bool{
		"leaving": true, "flying": true, "heading": true, "departing": true, "book": true,
		"morning": false, "evening": false, "thing": false, "sing": false, "nothing": false,
	} {
		if got := IsRequestVerbForm(w); got != want {
			t.Errorf("IsRequestVerbForm(%q) = %v, want %v", w, got, want)
		}
	}
	if !IsPlaceCue("into") || IsPlaceCue("me") || !IsRequestObject("us") || IsRequestObject("them") {
		t.Error("IsPlaceCue/IsRequestObject: into is a cue, us the speaker")
	}
}

// gazetteerOnlyLines are geo/cities.txt's cities the lexicon lacks, each
// with its names in Latin letters.
func gazetteerOnlyLines() [][]string {
	var out [][]string
	var b cityKeyBuf
	for line := range strings.Lines(geoCitiesText) {
		city, names, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok || strings.HasPrefix(line, "#") || city == "?" || strings.HasPrefix(city, "~") {
			continue
		}
		if _, lexicon := cityIndex[b.key(city)]; lexicon {
			continue
		}
		row := []string{city}
		for n := range strings.SplitSeq(names, "|") {
			if n = strings.TrimSpace(n); n != "" && isASCII(n) {
				row = append(row, n)
			}
		}
		if len(row) > 1 {
			out = append(out, row)
		}
	}
	return out
}

// TestSaidSpellingProperty: a name in plain letters that the gazetteer
// lists for a city the lexicon lacks is read as that city, stored either
// as written by GeoNames or by the main name, never as another city: the
// name stored and the main name are one place.
func TestSaidSpellingProperty(t *testing.T) {
	lines := gazetteerOnlyLines()
	rapid.Check(t, func(rt *rapid.T) {
		row := rapid.SampledFrom(lines).Draw(rt, "city")
		name := rapid.SampledFrom(row[1:]).Draw(rt, "name")
		got, ask := PlaceOrAsk(name, PlaceAny)
		if ask || got == "" {
			return // a name two cities share, or a date word: asked
		}
		if got != name && got != row[0] && !strings.EqualFold(plainLetters(got), plainLetters(row[0])) && !SamePlace(got, row[0]) {
			rt.Fatalf("PlaceOrAsk(%q) = %q: neither the name said nor %q", name, got, row[0])
		}
	})
}
