package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
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
		// Two neighbouring letters swapped are one typo.
		{"Dnever", "Denver"},
		{"lodnon", "London"},
		{"Lsibon", "Lisbon"},
		{"Brelin", "Berlin"},
		{"Dnevre", ""}, // two swaps: two typos in six letters
		// A country after the city confirms it, with or without a linking word.
		{"nice france", "Nice"},
		{"Lyon en France", "Lyon"},
		{"porto portugal", "Porto"},
		{"Paris France", "Paris"},
		{"milano in italy", "Milan"},
		{"france", ""},
		{"wakha morocco", ""},
		// A word voice typing writes for a city, before that city's country only.
		{"roam italy", "Rome"},
		{"niece, France", "Nice"},
		{"lion france", "Lyon"},
		{"roam", ""},
		{"roam spain", ""},
		{"soul", ""},
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

// FuzzMatchCity: never a panic, and a match is a city of the lists: the
// gazetteer's, city_world.txt's ("SnCn" spelled by ear is Asuncion, a
// world city) or city_native.txt's ("Elat" is Eilat).
func FuzzMatchCity(f *testing.F) {
	for _, s := range []string{"Seattle, WA", "sna diego", ",", "a,b,c", "LA", "SnCn", "elat"} {
		f.Add(s)
	}
	known := map[string]bool{}
	for _, c := range cityIndex {
		known[c] = true
	}
	f.Fuzz(func(t *testing.T, s string) {
		if c, ok := MatchCity(s); ok && !known[c] {
			t.Fatalf("MatchCity(%q) = %q, not a listed city", s, c)
		}
	})
}

// A typo changes a letter of a name: a space, a symbol or an undecodable byte
// where a letter was, or a lone letter, is no typo of a city (the fuzzer's
// "e\x9f\x9fat" was read as Eilat, whose Hebrew-English name is "Elat").
func TestNoCityFromNonLetters(t *testing.T) {
	for _, s := range []string{"e at", "e\x9fat", "e\ufffdat", "e\x9f\x9f\x9f\x9f\x9f\x9fat", "l ndon", "par1s", "b rlin", "d nver"} {
		if c, ok := MatchCity(s); ok {
			t.Errorf("MatchCity(%q) = %q, want no city", s, c)
		}
	}
	for s, want := range map[string]string{"elat": "Eilat", "lodnon": "London", "st. louis": "St. Louis", "dnvr": "Denver"} {
		if c, _ := MatchCity(s); c != want {
			t.Errorf("MatchCity(%q) = %q, want %q", s, c, want)
		}
	}
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
				// A city's own name typed with its diacritics ("Montréal")
				// is stored so (geo/own_names.txt).
				if got, ok := MatchCity(form); !ok || got != city && got != ownNames()[city] {
					t.Errorf("MatchCity(%q) = %q, %v; want %q", form, got, ok, city)
				}
			}
		}
	}
}

func TestNamesAlternativesNear(t *testing.T) {
	tests := []struct {
		text, city string
		want       bool
	}{
		{"anywhere but Boston", "Boston", true},
		{"Boston or somewhere warmer", "Boston", true},
		{"Nice... or Cannes?", "Nice", true},
		{"Denver o Boston", "Denver", true},
		{"it's a long story, but my daughter just started university and I promised I'd visit her in Edinburgh", "Edinburgh", false},
		{"either way we'll be staying with friends in Lisbon", "Lisbon", false},
		{"I'd like Porto", "Porto", false},
		{"Lisbon or not", "Porto", true}, // the city is not named: the whole text
	}
	for _, tt := range tests {
		if got := NamesAlternativesNear(tt.text, tt.city); got != tt.want {
			t.Errorf("NamesAlternativesNear(%q, %q) = %v, want %v", tt.text, tt.city, got, tt.want)
		}
	}
}

func TestNearNameAndLooksMisspelt(t *testing.T) {
	places := []string{"Lisbon", "Porto", "Denver"}
	near := []struct {
		typed, name string
		want        bool
	}{
		{"Dnever", "Denver", true},
		{"denver", "Denver", true},
		{"Lisbob", "Lisbon", true},
		{"Dnevre", "Denver", false},
		{"Prot", "Porto", false}, // under five letters: no typo taken
		{"Boston", "Denver", false},
	}
	for _, tt := range near {
		if got := NearName(tt.typed, tt.name); got != tt.want {
			t.Errorf("NearName(%q, %q) = %v, want %v", tt.typed, tt.name, got, tt.want)
		}
	}
	misspelt := []struct {
		typed string
		want  bool
	}{
		{"Dnevre", true},
		{"Prot", true},
		{"Lsiobn", true},
		{"Timbuktu", false},
		{"Ouarzazate", false},
		{"Ely", false},
	}
	for _, tt := range misspelt {
		if got := LooksMisspelt(tt.typed, places); got != tt.want {
			t.Errorf("LooksMisspelt(%q) = %v, want %v", tt.typed, got, tt.want)
		}
	}
}

func TestOSADistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"denver", "denver", 0},
		{"dnever", "denver", 1},
		{"dnevre", "denver", 2},
		{"prot", "porto", 2},
		{"", "abc", 3},
		{"lisbon", "boston", 3},
	}
	for _, tt := range tests {
		if got := osaDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("osaDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestNamesAlternativesGlossesOnlyWhenItMayMatter: choiceScan lets the
// choice readers skip the gloss of a text whose gloss can hold no choice word
// its own words do not; their answers are those of glossing every text.
func TestNamesAlternativesGlossesOnlyWhenItMayMatter(t *testing.T) {
	words := []string{"Denver", "Boston", "Lisbon", "Porto", "or", "o", "ou", "wla", "ola", "u", "أو", "ولا",
		"orrr", "wlaaa", "but", "maybe", "to", "from", "3", "nights", "ugh", "I think", "please", "mn", "l", "في",
		"and can I bring my dog?", ",", "tomorrow", "demain", "mañana"}
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom(words), 1, 8).Draw(t, "words")
		text := strings.Join(parts, " ")
		g := Gloss(text)
		want := holdsChoiceWord(text) || g != text && holdsChoiceWord(g)
		if got := NamesAlternatives(text); got != want {
			t.Fatalf("NamesAlternatives(%q) = %v, glossing it gives %v (gloss %q)", text, got, want, g)
		}
		for _, city := range []string{"Denver", "Lisbon"} {
			wantNear := nearChoice(text, city) || g != text && nearChoice(g, city)
			if got := NamesAlternativesNear(text, city); got != wantNear {
				t.Fatalf("NamesAlternativesNear(%q, %s) = %v, glossing it gives %v (gloss %q)", text, city, got, wantNear, g)
			}
		}
	})
}
