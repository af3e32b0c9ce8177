package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A town typed plainly in lower case is the town GeoNames lists, by its
// spelling; an abbreviation typed stays, dotted; a word, a phrase of words,
// a date word or a name no list holds is no town (issue 38 round 13).
func TestPlainPlace(t *testing.T) {
	for text, want := range map[string]string{
		"laramie":       "Laramie",
		"missoula":      "Missoula",
		"cascais":       "Cascais",
		"port townsend": "Port Townsend",
		"ft collins":    "Ft. Collins",
		"pt angeles":    "Pt. Angeles",
		"mt vernon":     "Mt. Vernon",
		"fianarantsoa":  "Fianarantsoa",
		"home":          "",
		"work":          "",
		"the capital":   "",
		"doma":          "", // Czech: at home
		"monday":        "",
		"wakha":         "",
		"Laramie":       "", // capitalized: read as typed elsewhere
		"laramie to denver on friday and back on sunday": "",
	} {
		got, ok := PlainPlace(text)
		if got != want || ok != (want != "") {
			t.Errorf("PlainPlace(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
}

// Property: any town of the list, typed in lower case, reads as a name of
// the same key (the town, or the gazetteer's city of that name), or as
// nothing when it is also a word; never another place.
func TestPlainPlaceProperty(t *testing.T) {
	var towns []string
	for line := range strings.Lines(geoTownsText) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			towns = append(towns, line)
		}
	}
	rapid.Check(t, func(rt *rapid.T) {
		town := rapid.SampledFrom(towns).Draw(rt, "town")
		got, ok := PlainPlace(strings.ToLower(town))
		if !ok {
			return
		}
		if CityKey(got) != CityKey(town) && geoIndex().city[CityKey(town)] != got {
			rt.Fatalf("%q read as %q", strings.ToLower(town), got)
		}
	})
}

// A renamed city keeps the name typed, old or new; a name of another
// language still maps to the lexicon's.
func TestRenamedCityKeepsTypedName(t *testing.T) {
	for text, want := range map[string]string{
		"Mangaluru": "Mangaluru", "Mangalore": "Mangalore", "Polokwane": "Polokwane",
		"Lisboa": "Lisbon", "Kiev": "Kyiv",
	} {
		got, known := MatchCityExact(text)
		if !known {
			got, _ = PlaceOrAsk(text, PlaceAny)
		}
		if got != want {
			t.Errorf("%q stored as %q; want %q", text, got, want)
		}
	}
	for name, other := range cityRenames {
		if cityRenames[other] != name {
			t.Errorf("city_renames.txt: %q and %q are not a pair", name, other)
		}
	}
}

// A preposition read only before a known place is read away there, and
// before a name no list holds asks again (issue 38 round 13).
func TestPrepositionsBeforeKnownPlaces(t *testing.T) {
	for text, want := range map[string]struct {
		core string
		ask  bool
	}{
		"dende Ourense":        {"Ourense", false}, // Galician: from
		"avy any Mahajanga":    {"Mahajanga", false},
		"mankany Fianarantsoa": {"Fianarantsoa", false},
		"ji Dihok":             {"Dihok", false}, // Kurmanji: from
		"ji Dihokê":            {"", true},       // inflected: asked
		"eus Kemperle":         {"", true},       // Breton, a name no list holds
		"go to Boston":         {"", false},      // English: left to the cue
		"Ao Nang":              {"", false},      // a name that begins with one
	} {
		core, ok, ask := PlaceCoreOrAsk(text)
		if want.core != "" && (!ok || core != want.core) || ask != want.ask {
			t.Errorf("PlaceCoreOrAsk(%q) = %q, %v, %v; want %q, ask %v", text, core, ok, ask, want.core, want.ask)
		}
	}
}

// A polite question asking leave to travel from one known city is an
// answer; two cities, or a question back, stay questions.
func TestPolitePlaceRequest(t *testing.T) {
	for text, want := range map[string]bool{
		"Can we leave from Denver, please?":   false,
		"Can we leave from Denver?":           true, // what is possible (PoliteRequest)
		"May I please fly out of Boston?":     false,
		"could i depart from chicago please?": false,
		"Could I fly to Rome or Paris?":       true,
		"Could I fly to Rome? Paris":          true,
		"Can you fly from Denver?":            true, // asks the bot
		"which city can I fly from?":          true,
	} {
		if got := AsksQuestion(text); got != want {
			t.Errorf("AsksQuestion(%q) = %v; want %v", text, got, want)
		}
	}
}

// BenchmarkTownIndexLoad is the towns list's one-time load, on the first
// lower-case place answer that no other list reads.
func BenchmarkTownIndexLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = buildTownIndex()
	}
}

// BenchmarkGazetteerLoad is the gazetteer's one-time load, on the first
// place name the lexicon does not know.
func BenchmarkGazetteerLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = buildGazetteer()
	}
}
