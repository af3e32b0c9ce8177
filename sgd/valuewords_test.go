package sgd

import (
	"slices"
	"strings"
	"testing"
)

// A free text slot that lists no values, of a service whose words nobody
// learned, hears the ordinary words of its kind, chosen by its description;
// a name, a slot of another kind, and a service with learned words do not.
func TestGeneralWordsBySlotDescription(t *testing.T) {
	for _, c := range []struct {
		desc, said, want string // want "" when no lookup applies
	}{
		{"Genre of the movie", "comic", "Comedy"},
		{"Main genre of the movie", "romantic", "Romance"},
		{"Genre of the film", "documentaries", "Documentary"},
		{"Genre of the show", "scary", "Horror"},
		{"Cuisine of food served in the restaurant", "pad thai", "Thai"},
		{"The category of food offered by the restaurant", "pizza and pasta", "Italian"},
		{"Genre of the song", "comic", ""},        // a song's genres are not a film's
		{"Name of the movie", "comic", ""},        // a name is the user's to give
		{"Subcategory of event", "romantic", ""},  // no kind fits
		{"Cuisine of food served", "sushi", ""},   // a kind of restaurant of its own
		{"Cuisine of food served", "noodles", ""}, // noodles of many cuisines: no guess
	} {
		sl := &Slot{Name: "x", Description: c.desc}
		got := ""
		for value, exprs := range generalWords(sl) {
			if slices.Contains(exprs, c.said) {
				got = value
			}
		}
		if got != c.want {
			t.Errorf("%q in %q = %q, want %q", c.said, c.desc, got, c.want)
		}
	}
	slotOf := generatedSlot(t, FlowsOptions{UnseenDomain: true})
	if sl := slotOf("Media_2", "FindMovies", "genre"); sl.Normalizer == nil || !slices.Contains(sl.Normalizer.Lookup["Comedy"], "funny") {
		t.Errorf("Media_2 genre unseen: normalizer %+v, want funny for Comedy", sl.Normalizer)
	}
	if sl := slotOf("Restaurants_1", "FindRestaurants", "cuisine"); sl.Normalizer == nil || slices.Contains(sl.Normalizer.Lookup["Indian"], "punjabi") || !slices.Contains(sl.Normalizer.Lookup["Italian"], "pasta") {
		t.Errorf("Restaurants_1 cuisine unseen: normalizer %+v, want the general words only", sl.Normalizer)
	}
}

// Property of value_words.txt: every section applies to some description,
// every expression means one value of its section, and no expression is
// another value's own name (the words can mean nothing else).
func TestValueWordsAreUnambiguous(t *testing.T) {
	if len(valueSections) == 0 {
		t.Fatal("value_words.txt has no section")
	}
	for i, s := range valueSections {
		if len(s.need) == 0 || len(s.lookup) == 0 {
			t.Errorf("section %d is empty: %+v", i, s)
		}
		meaning := map[string]string{}
		for value := range s.lookup {
			meaning[strings.ToLower(value)] = value
		}
		for value, exprs := range s.lookup {
			for _, e := range exprs {
				key := strings.Join(vocabWords(e), " ")
				if m, ok := meaning[key]; ok && m != value {
					t.Errorf("section %d: %q means both %s and %s", i, e, m, value)
				}
				meaning[key] = value
				if e != strings.ToLower(e) {
					t.Errorf("section %d: %q is not lower case", i, e)
				}
			}
		}
	}
}
