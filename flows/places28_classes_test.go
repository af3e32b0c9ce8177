package flows

import "testing"

// TestPlaces28SettlingPhrase: after a hesitation or a correction, a last
// clause opened by a settling phrase ("say X", "let's say X", "make it X",
// "go with X", "put X", "call it X") decides the value, when X reads wholly
// as the slot's; a settling clause that reads no value is asked again,
// never the value weighed before it (issue 38, round 27's classes).
func TestPlaces28SettlingPhrase(t *testing.T) {
	playClassCasesSent(t, r27Set, map[string][]heldOutCase{
		"booking": {
			r6("origin", "portland, or well salem, closer drive, say portland", map[string]string{"origin": "Portland"}),
			r6("origin", "boston, hmm, providence, cheaper, go with boston", map[string]string{"origin": "Boston"}),
			r6("destination", "denver, um, boulder, let's say denver", map[string]string{"destination": "Denver"}),
			r6("destination", "miami, wait, orlando, put miami", map[string]string{"destination": "Miami"}),
			r6("destination", "austin, hmm, dallas, same drive, call it austin", map[string]string{"destination": "Austin"}),
			// The settling clause names no value: asked, not the one before.
			r6("origin", "dallas, hmm, houston, say whatever", map[string]string{"origin": ""}),
		},
		"hotel": {
			r6("hotel_name", "tagus view, hmm, bairro loft, go with tagus view", map[string]string{"hotel_name": "Tagus View"}),
			r6("city", "porto, hmm, madrid, say lisbon", map[string]string{"city": "Lisbon"}),
		},
	})
}

// TestPlaces28VolunteeredPlaceExact: a place volunteered for a city slot
// that is not the one asked is taken only when named exactly (no typo, no
// other language's name with its marks folded away, no ending glued on):
// "a rest" after a date is no Rasht ("a" is Spanish "to"); an English word
// is never a gazetteer city by a folded alias.
func TestPlaces28VolunteeredPlaceExact(t *testing.T) {
	playClassCasesSent(t, r27Set, map[string][]heldOutCase{
		"booking": {
			r6("departure_date", "friday, my feet need a rest", map[string]string{"departure_date": "2032-05-14", "destination": ""}),
			r6("departure_date", "thursday, to Chicago", map[string]string{"departure_date": "2032-05-13", "destination": "Chicago"}),
			r6("departure_date", "friday, to chicgo", map[string]string{"destination": ""}),
			r6("destination", "rest", map[string]string{"destination": ""}),
		},
	})
}

// TestPlaces28TownInTerritory: a country or territory named before a comma
// and then a town in it is the town ("<territory>, <town>", as "<town>,
// <country>" was); a country named alone where a city is asked is asked
// again (a UN member state: countries.txt), while a territory the airlines
// fly to as one place stays that place ("to Guam").
func TestPlaces28TownInTerritory(t *testing.T) {
	playClassCasesSent(t, r27Set, map[string][]heldOutCase{
		"booking": {
			r6("origin", "out of Jamaica, Kingston", map[string]string{"origin": "Kingston"}),
			r6("origin", "hi, from the Bahamas, Nassau", map[string]string{"origin": "Nassau"}),
			r6("destination", "to the Faroe Islands, Tórshavn", map[string]string{"destination": "Tórshavn"}),
			r6("destination", "to portugal, lisbon", map[string]string{"destination": "Lisbon"}),
			r6("origin", "from Tuvalu", map[string]string{"origin": ""}),
			r6("destination", "to Vanuatu, thanks", map[string]string{"destination": ""}),
			r6("destination", "to Guam", map[string]string{"destination": "Guam"}),
			r6("origin", "from Portugal, somewhere near the coast", map[string]string{"origin": ""}),
		},
		"hotel": {
			r6("city", "spain, madrid", map[string]string{"city": "Madrid"}),
		},
	})
}

// TestPlaces28DialectAndDispleasure: a city's name as its people say it,
// from a sourced nickname list ("bawlmer", Baltimorese), is that city; an
// interjection of displeasure set off by pauses ("ugh", "argh") edits like
// a hesitation.
func TestPlaces28DialectAndDispleasure(t *testing.T) {
	playClassCasesSent(t, r27Set, map[string][]heldOutCase{
		"booking": {
			r6("destination", "to bawlmer", map[string]string{"destination": "Baltimore"}),
			r6("destination", "denver, ugh, too cold, phoenix", map[string]string{"destination": "Phoenix"}),
		},
		"hotel": {
			r6("hotel_name", "tagus view, argh, too far, alfama garden", map[string]string{"hotel_name": "Alfama Garden"}),
		},
	})
}
