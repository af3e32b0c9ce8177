package nlu

import "testing"

// TestCityInState: a US town said with its state is read by the state, a
// typo only against that state's towns; a town of another state is asked.
func TestCityInState(t *testing.T) {
	cases := []struct {
		text      string
		want      string
		read, ask bool
	}{
		{"pittsburg pa", "Pittsburgh", true, false},    // one letter off, in PA
		{"baton rouge la", "Baton Rouge", true, false}, // "la" is Louisiana here
		{"eugene or", "Eugene", true, false},           // "or" is Oregon here
		{"Springfield, Illinois", "Springfield", true, false},
		{"fargo north dakota", "Fargo", true, false},
		{"st george ut", "St George", true, false},
		{"saint george utah", "St George", true, false},
		{"austin ny", "", false, true},      // Austin is in Texas
		{"tulsa kansas", "", false, true},   // Tulsa is in Oklahoma
		{"chicago ok", "", false, false},    // "ok": a reply, no state
		{"Miami, wi", "", false, false},     // "wi": yes in Haitian Creole
		{"boston or", "", false, false},     // "or" as a word: not asked here
		{"washington dc", "", false, false}, // a name of its own
		{"madison wi", "Madison", true, false},
		{"gary indiana", "", false, false}, // no airport town: TownInRegion reads it
		{"paris", "", false, false},
		{"see you in texas next week please", "", false, false},
	}
	for _, c := range cases {
		got, read, ask := CityInState(c.text)
		if got != c.want || read != c.read || ask != c.ask {
			t.Errorf("CityInState(%q) = %q, %v, %v; want %q, %v, %v", c.text, got, read, ask, c.want, c.read, c.ask)
		}
	}
}

// TestAirportTown: a town airlines fly to said alone, never one that is an
// English word.
func TestAirportTown(t *testing.T) {
	cases := []struct {
		text string
		want string
	}{
		{"palm springs", "Palm Springs"},
		{"key west", "Key West"},
		{"myrtle beach", "Myrtle Beach"},
		{"walla walla", "Walla Walla"},
		{"mobile", ""}, // a word: read only with its state
		{"phoenix", ""},
		{"beach", ""},
	}
	for _, c := range cases {
		got, ok := AirportTown(c.text)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("AirportTown(%q) = %q, %v; want %q", c.text, got, ok, c.want)
		}
	}
}

// TestRegionAlone: a state or province said alone is no city; one that is a
// city, an airport town or a US territory is.
func TestRegionAlone(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"florida", true}, {"Texas", true}, {"alberta", true}, {"new south wales", true},
		{"new york", false}, {"Washington", false}, {"guam", false}, {"puerto rico", false},
		{"denver", false}, {"tx", true},
	}
	for _, c := range cases {
		if got := RegionAlone(c.text); got != c.want {
			t.Errorf("RegionAlone(%q) = %v; want %v", c.text, got, c.want)
		}
	}
}

// TestCityNotItsRegion: a city is stored by the name said, never as its
// region or island (city_world.txt: no city is an alias of its region).
func TestCityNotItsRegion(t *testing.T) {
	for text, want := range map[string]string{"denpasar": "Denpasar", "Bali": "Bali", "penang": "Penang"} {
		if got, ok := MatchCity(text); !ok || got != want {
			t.Errorf("MatchCity(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
}

// TestPlaceFrames: a place named in a frame is the name after it.
func TestPlaceFrames(t *testing.T) {
	for text, want := range map[string]string{
		"a town named moab":          "moab",
		"somewhere called kalispell": "kalispell",
		"a place called Bend":        "Bend",
		"up to duluth":               "duluth",
		"out to Spokane":             "Spokane",
	} {
		if got, ok := PlaceCore(text); !ok || got != want {
			t.Errorf("PlaceCore(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
}
