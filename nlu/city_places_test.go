package nlu

import "testing"

func TestPhoneticCity(t *testing.T) {
	for _, tc := range []struct{ typed, want string }{
		{"Sinsinati", "Cincinnati"}, {"Albukerky", "Albuquerque"}, {"sinsinatti", "Cincinnati"},
		{"Filadelfia", "Philadelphia"}, {"Jaksonvil", "Jacksonville"}, {"Minneapolis", "Minneapolis"},
		{"Sakramento", "Sacramento"}, {"Hyuston", "Houston"}, {"Filladelfya", "Philadelphia"},
		{"Edinborough", "Edinburgh"}, {"Jakarta", "Jakarta"}, {"Tusson", "Tucson"},
		{"Sinsinati", "Cincinnati"}, {"Indianapolus", "Indianapolis"},
	} {
		if got, ok := MatchCity(tc.typed); !ok || got != tc.want {
			t.Errorf("MatchCity(%q) = %q, %v; want %q", tc.typed, got, ok, tc.want)
		}
	}
}

func TestCityNicknames(t *testing.T) {
	for _, tc := range []struct{ typed, want string }{
		{"the Windy City", "Chicago"}, {"Windy City", "Chicago"}, {"the Mile High City", "Denver"},
		{"the big easy", "New Orleans"}, {"Beantown", "Boston"}, {"Motor City", "Detroit"},
		{"the Eternal City", "Rome"}, {"the City of Light", "Paris"}, {"the Big Smoke", "London"},
		{"Joburg", "Johannesburg"}, {"Brissie", "Brisbane"}, {"the Big Apple", "New York"},
		{"Sin City", "Las Vegas"}, {"the Lion City", "Singapore"}, {"Auld Reekie", "Edinburgh"},
	} {
		if got, ok := MatchCity(tc.typed); !ok || got != tc.want {
			t.Errorf("MatchCity(%q) = %q, %v; want %q", tc.typed, got, ok, tc.want)
		}
	}
	for nick, city := range cityNicknames {
		if _, ok := cities[city]; !ok {
			if _, ok := worldCities[city]; !ok {
				t.Errorf("city_nicknames.txt: %q names %q, no known city", nick, city)
			}
		}
	}
	// Ordinary words are no city: a nickname is read whole.
	for _, s := range []string{"the six of us", "by the pool", "city", "the city", "a big city"} {
		if c, ok := FindCity(s); ok {
			t.Errorf("FindCity(%q) = %q", s, c)
		}
	}
}

func TestPhoneticNearMiss(t *testing.T) {
	for _, s := range []string{"Denvir", "Bostan", "Sinsinatty"} {
		if !LooksMisspelt(s, nil) {
			t.Errorf("LooksMisspelt(%q) = false", s)
		}
	}
	for _, s := range []string{"Tagas Vue"} {
		if !SoundsLike(s, "Tagus View") {
			t.Errorf("SoundsLike(%q, Tagus View) = false", s)
		}
	}
}

// TestPlaceCoreProperty: a place phrase generated from a frame, a known city
// and a case ending or particle reads the city, or nothing, never another.
func TestPlaceCoreProperty(t *testing.T) {
	befores := []string{"", "sa ", "nach ", "naar ", "à ", "ke ", "I choose ", "my destination is ", "I'll take ", "papunta sa "}
	afters := []string{"", " po", " se", " please", " is my destination", " is where I'm headed", " lah", " ji"}
	suffixes := []string{"", "'dan", "'den", "'a", "'ya", "'ssa", "'sta", "’de"}
	citiesList := []string{"Ankara", "Cebu", "Berlin", "Paris", "New York", "Rio de Janeiro", "Helsinki", "Cincinnati", "Los Angeles", "Busan"}
	for _, city := range citiesList {
		for _, b := range befores {
			for _, a := range afters {
				for _, s := range suffixes {
					text := b + city + s + a
					core, ok := PlaceCore(text)
					if !ok {
						core = text
					}
					got, read := MatchCity(core)
					if read && got != city {
						t.Errorf("%q read %q, want %q or nothing", text, got, city)
					}
					if !read && b == "" && a == "" && s == "" {
						t.Errorf("%q not read", text)
					}
				}
			}
		}
	}
	// A name that begins with a marker keeps it; a capitalized marker before
	// an unknown name is not read away.
	for _, s := range []string{"A Coruña", "La Paz", "Da Nang", "O'Hare", "De Aar"} {
		if core, ok := PlaceCore(s); ok {
			t.Errorf("PlaceCore(%q) = %q", s, core)
		}
	}
}
