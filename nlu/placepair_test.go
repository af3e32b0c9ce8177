package nlu

import (
	"testing"

	"pgregory.net/rapid"
)

// TestPlacePair checks the trip read from two cities after a preposition
// each, and that an unclear order, an English word, a third city or a choice
// reads none.
func TestPlacePair(t *testing.T) {
	for text, want := range map[string][2]string{
		"flight ti Bandung ka Jakarta isukan": {"Bandung", "Jakarta"},
		"mei Auckland ki Sydney":              {"Auckland", "Sydney"},
		"from Sarajevo do Vienna":             {"Sarajevo", "Vienna"},
		"qo Lisbon xu Madrid tomorrow":        {"Lisbon", "Madrid"},
		"ka Jakarta ti Bandung":               {}, // the lists say to, then from
		"qo Lisbon qo Madrid":                 {}, // one word before both
		"via Lisbon near Madrid":              {}, // English words
		"Lisbon or Madrid":                    {},
		"qo Lisbon xu Madrid xu Porto":        {},
		"qo Lisbon xu Lisbon":                 {},
		"qo Lisbon xu 3 Madrid":               {},
	} {
		a, b, ok := PlacePair(text)
		if ok != (want[0] != "") || a != want[0] || b != want[1] {
			t.Errorf("PlacePair(%q) = %q, %q, %v; want %q", text, a, b, ok, want)
		}
	}
}

// TestPlacePairProperty: two known cities after two different unlisted short
// words read as the trip in the order said; with the words the other way
// round from a listed pair ("ka X ti Y"), none.
func TestPlacePairProperty(t *testing.T) {
	cities := []string{"Lisbon", "Madrid", "Jakarta", "Bandung", "Sydney", "Auckland", "Nairobi", "Vienna"}
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.SampledFrom(cities).Draw(t, "from")
		b := rapid.SampledFrom(cities).Draw(t, "to")
		w1 := rapid.SampledFrom([]string{"qo", "qoj", "zuq", "jiq"}).Draw(t, "w1")
		w2 := rapid.SampledFrom([]string{"xu", "xuv", "kwx", "vzo"}).Draw(t, "w2")
		lead := rapid.SampledFrom([]string{"", "flight ", "need a flight "}).Draw(t, "lead")
		from, to, ok := PlacePair(lead + w1 + " " + a + " " + w2 + " " + b)
		if a == b && ok || a != b && (!ok || from != a || to != b) {
			t.Fatalf("%q %q: got %q %q %v", a, b, from, to, ok)
		}
		if _, _, ok := PlacePair(lead + "ka " + a + " ti " + b); ok {
			t.Fatalf("ka %s ti %s read", a, b)
		}
	})
}
