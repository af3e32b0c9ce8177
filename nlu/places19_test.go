package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestRealPlaceNeverCorrected: a place GeoNames lists (geo/towns.txt,
// geo/cities.txt) is read as itself or asked, never corrected as a typo
// into another city (issue 38 round 18: "Paro, ཀ་དྲིན་ཆེ་" stored Faro,
// "asheville" Nashville); a name GeoNames keeps for a known city ("denvr",
// "Filadelfia") is that city.
func TestRealPlaceNeverCorrected(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"paro", ""},
		{"Paro", ""},
		{"asheville", ""},
		{"Asheville", ""},
		{"Panaji", ""},
		{"Faro", "Faro"},
		{"nashville", "Nashville"},
		{"denvr", "Denver"},
		{"san fransisco", "San Francisco"},
		{"Filadelfia", "Philadelphia"},
		{"sacremento", "Sacramento"},
	} {
		got, ok := MatchCity(c.in)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("MatchCity(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	for _, c := range []struct {
		in   string
		want bool
	}{{"Paro", true}, {"Hagatna", true}, {"Asheville", true}, {"Hagåtña", true}, {"Panaji", true}, {"Wakha", false}, {"Faro", false}} {
		if got := IsGeoNamesTown(c.in); got != c.want {
			t.Errorf("IsGeoNamesTown(%q) = %v, want %v", c.in, got, c.want)
		}
	}
	if c, ok := DeclinedCity("paro"); ok {
		t.Errorf("DeclinedCity(%q) = %q: a place GeoNames lists is no city declined", "paro", c)
	}
}

// TestRealPlaceNeverCorrectedProperty: every town of the towns list that is
// no name GeoNames keeps for a known city reads, typed in lower case or
// capitalized, as no other city.
func TestRealPlaceNeverCorrectedProperty(t *testing.T) {
	var towns []string
	for line := range strings.Lines(geoTownsText) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			towns = append(towns, line)
		}
	}
	g := geoIndex()
	rapid.Check(t, func(rt *rapid.T) {
		town := rapid.SampledFrom(towns).Draw(rt, "town")
		k := CityKey(town)
		if c := g.city[k]; c != "" {
			if _, known := cityIndex[key(c)]; known {
				rt.Skip("a known city's name in GeoNames")
			}
		}
		typed := rapid.SampledFrom([]string{strings.ToLower(town), town}).Draw(rt, "typed")
		if got, ok := MatchCity(typed); ok && CityKey(got) != k {
			rt.Fatalf("MatchCity(%q) = %q: a real place read as another city", typed, got)
		}
	})
}

// TestPlaceWithItsWords: a place answer is the place and words the reader
// accounts for, a preposition of another language (place_markers.txt) and a
// thanks of any language after a comma (courtesy_words.txt).
func TestPlaceWithItsWords(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"dari Padang, tarimo kasih", "Padang"},
		{"oet Maastricht, dank uch", "Maastricht"},
		{"nao Maastricht", "Maastricht"},
		{"pa Bacolod, salamat", "Bacolod"},
		{"seg Tizi Ouzou, tanemmirt", "Tizi Ouzou"},
		{"long Port Vila, tankyu tumas", "Port Vila"},
		{"Panaji, देव बरें करूं", "Panaji"},
		{"Paro, ཀ་དྲིན་ཆེ་", "Paro"},
		{"ginen Hagåtña", "Hagåtña"},
	} {
		if got, ok := PlaceCore(c.in); !ok || got != c.want {
			t.Errorf("PlaceCore(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	// A preposition read only before a known place, before a name no list
	// holds: asked again.
	if _, _, ask := PlaceCoreOrAsk("nao Xqzbrt"); !ask {
		t.Errorf("PlaceCoreOrAsk(%q): want asked again", "nao Xqzbrt")
	}
}

// TestPlaceWithItsWordsProperty: a generated "<preposition> <real place>[,
// <thanks>]" reads as that place.
func TestPlaceWithItsWordsProperty(t *testing.T) {
	places := []string{"Maastricht", "Padang", "Bacolod", "Tizi Ouzou", "Port Vila", "Panaji", "Paro", "Lisbon", "Denver", "Huesca"}
	preps := []string{"oet", "nao", "dari", "ka", "pa", "seg", "long", "ginen", "gi", "halin sa", "tikang ha", "husi", "ta", "uli", ""}
	thanks := []string{"", "tarimo kasih", "dank uch", "salamat", "tanemmirt", "देव बरें करूं", "ཀ་དྲིན་ཆེ་", "thanks", "sakalangkong", "saa ol"}
	rapid.Check(t, func(rt *rapid.T) {
		p := rapid.SampledFrom(places).Draw(rt, "place")
		text := strings.TrimSpace(rapid.SampledFrom(preps).Draw(rt, "prep") + " " + p)
		if th := rapid.SampledFrom(thanks).Draw(rt, "thanks"); th != "" {
			text += ", " + th
		}
		got, ok := PlaceCore(text)
		if ok && got != p {
			rt.Fatalf("PlaceCore(%q) = %q, want %q or nothing", text, got, p)
		}
		if !ok && text != p {
			rt.Fatalf("PlaceCore(%q): not read", text)
		}
	})
}

// TestTownIsNoGluedEnding: a town GeoNames lists is no city with a case
// ending glued on ("Hagatna" is not asked as "Hagat" + "-na").
func TestTownIsNoGluedEnding(t *testing.T) {
	if c, ask := PlaceOrAsk("Hagatna", PlaceFrom); c != "" || ask {
		t.Errorf("PlaceOrAsk(Hagatna) = %q, %v; want a name of its own", c, ask)
	}
}
