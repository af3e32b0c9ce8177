package flows

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestPlainPlaceClasses plays phrasings of our own of round 13's classes of
// place answers (issue 38): a town typed plainly in lower case is the town
// GeoNames lists (an abbreviation kept, dotted), a word or phrase of words
// is none; a preposition of another language before a known place is read
// away, before a name no list holds asked again; a polite question asking
// leave to fly from one city is the answer; a renamed city keeps the name
// typed.
func TestPlainPlaceClasses(t *testing.T) {
	playClassCases(t, map[string][]heldOutCase{
		"booking": {
			r6("origin", "laramie", map[string]string{"origin": "Laramie"}),
			r6("origin", "missoula, tiny airport", map[string]string{"origin": "Missoula"}),
			r6("origin", "ft collins", map[string]string{"origin": "Ft. Collins"}),
			r6("origin", "home", map[string]string{"origin": ""}),
			r6("origin", "the capital", map[string]string{"origin": ""}),
			r6("origin", "dende Ourense", map[string]string{"origin": "Ourense"}),
			r6("origin", "avy any Mahajanga", map[string]string{"origin": "Mahajanga"}),
			r6("destination", "mankany Fianarantsoa", map[string]string{"destination": "Fianarantsoa"}),
			r6("origin", "ji Dihokê", map[string]string{"origin": ""}),
			r6("origin", "Can we leave from Denver, please?", map[string]string{"origin": "Denver"}),
			r6("destination", "Could I fly to Rome or Paris?", map[string]string{"destination": ""}),
			r6("origin", "Mangaluru", map[string]string{"origin": "Mangaluru"}),
			r6("destination", "to Polokwane", map[string]string{"destination": "Polokwane"}),
		},
		"hotel": {
			r6("city", "tavira", map[string]string{"city": "Tavira"}),
			r6("city", "cascais", map[string]string{"city": "Cascais"}),
		},
	})
}

// TestPlainTownProperty: a town of GeoNames's list typed in lower case, alone
// or after "from", at the origin question is stored as that town or not at
// all, never as another place or as the words typed.
func TestPlainTownProperty(t *testing.T) {
	e, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	towns := []string{"Laramie", "Missoula", "Sedona", "Ketchikan", "Taos", "Cascais", "Tavira", "Port Townsend"}
	rapid.Check(t, func(rt *rapid.T) {
		town := rapid.SampledFrom(towns).Draw(rt, "town")
		text := rapid.SampledFrom([]string{"", "from ", "leaving from "}).Draw(rt, "cue") + strings.ToLower(town)
		c := r6("origin", text, map[string]string{"origin": town})
		if got, detail := playHeldOut(t, e, round6Set("booking"), 0, c); got == heldOutWrong {
			rt.Fatalf("%q: %s", text, detail)
		}
	})
}
