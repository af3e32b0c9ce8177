package nlu

import "testing"

func TestShorthandCity(t *testing.T) {
	for in, want := range map[string]string{"dnvr": "Denver", "bstn": "Boston", "chcg": "Chicago", "mdrd": "Madrid", "lsbn": "Lisbon"} {
		if got, ok := shorthandCity(in); !ok || got != want {
			t.Errorf("shorthandCity(%q) = %q, %v; want %s", in, got, ok, want)
		}
		if got, ok := FindCity(in + " pls"); !ok || got != want {
			t.Errorf("FindCity(%q pls) = %q", in, got)
		}
	}
	if got, _ := FindCity("frm ldn thx"); got != "London" {
		t.Errorf("FindCity(frm ldn thx) = %q, want London (an alias)", got)
	}
	// Chat words, a word with a vowel, two letters, two cities it could be.
	for _, in := range []string{"pls", "thx", "frm", "tmrw", "hmm", "idk", "tbh", "lol", "sf", "brln", "nts", "plz", "smth"} {
		if got, ok := shorthandCity(in); ok {
			t.Errorf("shorthandCity(%q) = %q; want none", in, got)
		}
	}
}

// TestShorthandKeepsItsConsonants: a shorthand read is the city's consonants
// in order, from its first letter to its last consonant, one at most left out.
func TestShorthandKeepsItsConsonants(t *testing.T) {
	for first, skels := range citySkeletons() {
		for _, s := range skels {
			for drop := -1; drop < len(s.consonants)-1; drop++ {
				if drop == 0 {
					continue
				}
				w := s.consonants
				if drop >= 0 {
					w = w[:drop] + w[drop+1:]
				}
				got, ok := shorthandCity(w)
				if ok && (w[0] != first || consonantsOf(key(got))[0] != first && !keepsAnyAlias(w, got)) {
					t.Errorf("shorthandCity(%q) = %q, whose consonants are not %q's", w, got, w)
				}
			}
		}
	}
}

// keepsAnyAlias reports whether w keeps the consonants of one of city's names.
func keepsAnyAlias(w, city string) bool {
	for name, c := range cityIndex {
		if c == city && keepsConsonants(w, consonantsOf(name)) {
			return true
		}
	}
	return false
}
