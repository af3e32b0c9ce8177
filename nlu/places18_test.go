package nlu

import (
	"testing"

	"pgregory.net/rapid"
)

// TestTownInRegion: a town then its state, province or territory
// (region_names.txt) is the town the towns list names, never a typo of one
// nor a lexicon city unchecked against its state.
func TestTownInRegion(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"madison wi", "Madison"},
		{"gary indiana, the yard's there", "Gary"},
		{"Gary, Indiana", "Gary"},
		{"kelowna bc", "Kelowna"},
		{"wagga wagga nsw", "Wagga Wagga"},
		{"bozeman montana", "Bozeman"},
		{"paris texas", ""}, // a lexicon city: not checked against the state
		{"madisn wi", ""},   // no typo read before a state
		{"madison", ""},     // no state
		{"portland or", ""}, // "or" is English: no state
		{"new york", ""},    // a state's name alone
		{"xqzt nsw", ""},    // no town
	} {
		got, ok := TownInRegion(c.in)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("TownInRegion(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
}

// TestTownInRegionProperty: a generated "<town> <state>" reads the town or
// nothing, never another place.
func TestTownInRegionProperty(t *testing.T) {
	towns := []string{"madison", "gary", "bozeman", "kelowna", "springfield", "moab", "sintra", "paris", "boston", "toowoomba", "wagga wagga"}
	states := []string{"wi", "indiana", "Montana", "BC", "nsw", "New South Wales", "texas", "Québec", "il", "Rio Grande do Sul"}
	rapid.Check(t, func(rt *rapid.T) {
		town := rapid.SampledFrom(towns).Draw(rt, "town")
		state := rapid.SampledFrom(states).Draw(rt, "state")
		sep := rapid.SampledFrom([]string{" ", ", "}).Draw(rt, "sep")
		got, ok := TownInRegion(town + sep + state)
		if ok && CityKey(got) != CityKey(town) {
			rt.Fatalf("%q: read %q, want %q or nothing", town+sep+state, got, town)
		}
	})
}

// TestDeclinedOwnSpelling: a city's own name (geo/own_names.txt) declined
// keeps its diacritics; typed in plain letters it is the lexicon's name.
func TestDeclinedOwnSpelling(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Gdańska", "Gdańsk"},
		{"gdańsku", "Gdańsk"},
		{"Gdanska", "Gdansk"},
	} {
		if got, _ := MatchCity(c.in); got != c.want {
			t.Errorf("MatchCity(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if !ownStem("Gdańska", "Gdańsk") || ownStem("Gdańskowskiego", "Gdańsk") || ownStem("Gdansk", "Gdańsk") {
		t.Error("ownStem: a case ending of up to four letters after the own name only")
	}
}
