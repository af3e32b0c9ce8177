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
	}{{"Paro", true}, {"Asheville", true}, {"Hagåtña", true}, {"Panaji", true}, {"Wakha", false}, {"Faro", false}} {
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
