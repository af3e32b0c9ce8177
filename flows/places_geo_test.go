package flows

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestGazetteerPlaceClasses plays phrasings of our own, in languages round 12
// did not write, of its classes of place names (issue 38, "parse or ask"): a
// city's name in another language is that city (the GeoNames gazetteer), a
// case ending of the direction asked glued to a city is read away, one of
// another direction or none any list holds is asked again, an Irish initial
// mutation or a Bantu locative prefix is read away, a weekday word is never
// a city, and two letters of a long name changed places are a typo.
func TestGazetteerPlaceClasses(t *testing.T) {
	cases := map[string][]heldOutCase{
		"booking": {
			r6("origin", "Arequipasta", map[string]string{"origin": "Arequipa"}),           // Finnish elative
			r6("origin", "Bulawayóból", map[string]string{"origin": "Bulawayo"}),           // Hungarian elative
			r6("origin", "Maduraiden", map[string]string{"origin": "Madurai"}),             // Turkish ablative
			r6("destination", "Arequipasse", map[string]string{"destination": "Arequipa"}), // Estonian illative
			r6("destination", "Arequipatik", map[string]string{"destination": ""}),         // from, at where to
			r6("destination", "Denverqo", map[string]string{"destination": ""}),            // no ending any list holds
			r6("origin", "kwaBulawayo", map[string]string{"origin": "Bulawayo"}),           // Zulu locative prefix
			r6("origin", "Chorcaigh", map[string]string{"origin": "Cork"}),                 // Irish lenition
			r6("destination", "Битола", map[string]string{"destination": ""}),              // a script the gazetteer lacks it in
			r6("departure_date", "Dé Luain", map[string]string{"origin": "", "destination": "", "departure_date": "2026-06-29"}),
			r6("destination", "Cincinnita", map[string]string{"destination": "Cincinnati"}),
			r6("origin", "Bergen", map[string]string{"origin": "Bergen"}), // a town of its own, as typed
			r6("origin", "Akureyri", map[string]string{"origin": "Akureyri"}),
		},
		"hotel": {
			r6("city", "gCorcaigh", map[string]string{"city": "Cork"}), // Irish eclipsis
			r6("city", "Arequipapi", map[string]string{"city": "Arequipa"}),
		},
	}
	playClassCases(t, cases)
}

// TestGazetteerEndingsProperty: for a gazetteer city with a case ending of
// one of eight languages glued on, asked where from or where to, the value
// stored is that city or nothing, never the word as typed or another city;
// with an ending of the other direction, nothing.
func TestGazetteerEndingsProperty(t *testing.T) {
	e, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	cities := []string{"Arequipa", "Bulawayo", "Madurai", "Nagpur", "Kumasi", "Tampere", "Debrecen"}
	endings := map[string][]string{
		"origin":      {"sta", "ból", "dan", "den", "tik", "manta", "st", "tól", "hun"},
		"destination": {"sse", "ba", "ra", "man", "la", "ya", "hoz", "lle"},
	}
	rapid.Check(t, func(rt *rapid.T) {
		city := rapid.SampledFrom(cities).Draw(rt, "city")
		slot := rapid.SampledFrom([]string{"origin", "destination"}).Draw(rt, "slot")
		own := rapid.Bool().Draw(rt, "own direction")
		from := slot
		if !own {
			from = map[string]string{"origin": "destination", "destination": "origin"}[slot]
		}
		text := city + rapid.SampledFrom(endings[from]).Draw(rt, "ending")
		if rapid.Bool().Draw(rt, "lower") {
			text = strings.ToLower(text)
		}
		want := map[string]string{slot: ""}
		if own {
			want[slot] = city
		}
		if got, detail := playHeldOut(t, e, round6Set("booking"), 0, r6(slot, text, want)); got == heldOutWrong {
			rt.Fatalf("%q at %s: %s", text, slot, detail)
		}
	})
}
