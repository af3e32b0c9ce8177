package nlu

import (
	"strings"
	"testing"
)

func TestMatchCity(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for none
	}{
		{"Seattle", "Seattle"},
		{"seattle", "Seattle"},
		{"Seattle, WA", "Seattle"},
		{"London, UK", "London"},
		{"LA", "Los Angeles"},
		{"NYC", "New York"},
		{"Philly", "Philadelphia"},
		{"philadelfia", "Philadelphia"},
		{"san fransisco", "San Francisco"},
		{"District of Columbia", "Washington D.C."},
		{"Chi-town", "Chicago"},
		{"KL", "Kuala Lumpur"},
		{"Washington", ""}, // a state too: not guessed
		{"wakha", ""},
		{"Vacaville", "Vacaville"},
		// The name in the city's own language, with or without its accents.
		{"Ciudad de Mexico", "Mexico City"},
		{"ciudad de méxico", "Mexico City"},
		{"Muenchen", "Munich"},
		{"Lisboa, Portugal", "Lisbon"},
		{"", ""},
		{"I want to go to Paris tomorrow please", ""}, // a sentence is no city name
	}
	for _, tt := range tests {
		got, ok := MatchCity(tt.in)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("MatchCity(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

func TestFindCity(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"I'm flying out of chicago", "Chicago"},
		{"anything near san diego?", "San Diego"},
		{"la la land", ""}, // a two-letter alias only as a whole answer
		{"no idea", ""},
	}
	for _, tt := range tests {
		got, ok := FindCity(tt.in)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("FindCity(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

// FuzzMatchCity: never a panic, and a match is a city of the list.
func FuzzMatchCity(f *testing.F) {
	for _, s := range []string{"Seattle, WA", "sna diego", ",", "a,b,c", "LA"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if c, ok := MatchCity(s); ok {
			if _, known := cities[c]; !known {
				t.Fatalf("MatchCity(%q) = %q, not a listed city", s, c)
			}
		}
	})
}

// Every listed city and alias is read back in any case, with surrounding
// punctuation, with a state or country after a comma, and (names of eight
// letters or more) with one letter dropped.
func TestMatchCityEveryName(t *testing.T) {
	for city, aliases := range cities {
		for _, name := range append([]string{city}, aliases...) {
			forms := []string{name, strings.ToLower(name), strings.ToUpper(name), name + "!", " " + name + "?", name + ", XY"}
			if len(name) >= 8 && !strings.ContainsAny(name, " .-") {
				forms = append(forms, name[:3]+name[4:])
			}
			for _, form := range forms {
				if got, ok := MatchCity(form); !ok || got != city {
					t.Errorf("MatchCity(%q) = %q, %v; want %q", form, got, ok, city)
				}
			}
		}
	}
}
