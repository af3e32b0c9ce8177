package nlu

import "testing"

func TestPlaceOrAsk(t *testing.T) {
	for _, tc := range []struct {
		name string
		dir  PlaceDirection
		city string
		ask  bool
	}{
		{"Corcaigh", PlaceTo, "Cork", false},
		{"Bhaile Átha Cliath", PlaceFrom, "Dublin", false},
		{"Baile Átha Cliath", PlaceFrom, "Dublin", false},
		{"Bilbotik", PlaceFrom, "Bilbao", false},
		{"Bilbora", PlaceTo, "Bilbao", false},
		{"Bilbotik", PlaceTo, "", true},
		{"Limamanta", PlaceFrom, "Lima", false},
		{"Nagpurla", PlaceTo, "Nagpur", false},
		{"Lisboapi", PlaceAt, "Lisbon", false},
		{"kuHarare", PlaceFrom, "Harare", false},
		{"Sathairn", PlaceFrom, "", true},
		{"Bergen", PlaceTo, "Bergen", false},
		{"Ashby", PlaceTo, "", false},
		{"Bergenfield", PlaceTo, "", false},
		{"Londonxq", PlaceTo, "", true},
	} {
		city, ask := PlaceOrAsk(tc.name, tc.dir)
		if city != tc.city || ask != tc.ask {
			t.Errorf("PlaceOrAsk(%q, %d) = %q, %v; want %q, %v", tc.name, tc.dir, city, ask, tc.city, tc.ask)
		}
	}
}

func TestExchangedTypo(t *testing.T) {
	for typed, want := range map[string]string{"chigaco": "Chicago", "Brisnabe": "Brisbane", "Melbuorne": "Melbourne"} {
		if got, ok := MatchCity(typed); !ok || got != want {
			t.Errorf("MatchCity(%q) = %q, %v; want %q", typed, got, ok, want)
		}
	}
	if !exchanged("lodnon", "london") || exchanged("mlian", "milan") {
		t.Error("exchanged: a six-letter name's letters changed places, not a five-letter one's")
	}
}

func TestPlaceOrAskSmallTowns(t *testing.T) {
	// A gazetteer city's name inside a town's own is no declined city, and
	// a one-letter ending is read only after a city of the lexicon.
	for _, name := range []string{"Akureyri", "Girona"} {
		if city, _ := PlaceOrAsk(name, PlaceTo); city != "" {
			t.Errorf("PlaceOrAsk(%q) = %q", name, city)
		}
	}
	if city, ask := PlaceOrAsk("Охрид", PlaceTo); city != "" || !ask {
		t.Errorf("PlaceOrAsk(Охрид) = %q, %v; want asked again", city, ask)
	}
}

func TestPlaceOrAskOrdinaryWords(t *testing.T) {
	// An English word is no Irish mutation of a city ("home" is no "Ōme"),
	// and a key held down is no case ending.
	for _, name := range []string{"home", "Home", "there", "Portlandjjjjjj"} {
		if city, ask := PlaceOrAsk(name, PlaceFrom); city != "" || ask {
			t.Errorf("PlaceOrAsk(%q) = %q, %v", name, city, ask)
		}
	}
	if city, _ := PlaceOrAsk("Улаанбаатараас", PlaceFrom); city != "Ulaanbaatar" {
		t.Errorf("PlaceOrAsk(Улаанбаатараас) = %q", city)
	}
}
