package flows

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestFirstMessageClasses plays phrasings of our own of round 14's classes
// of a message giving several slots typed fast: a lower-case town followed
// by another slot's cue or a purpose clause (its words end where the cue
// starts), a weekday's abbreviation after a known city, and a change of mind
// in a polite full sentence naming "this booking".
func TestFirstMessageClasses(t *testing.T) {
	end := func(at, text string) heldOutCase { return heldOutCase{At: at, Text: text, Ends: true} }
	playClasses(t, map[string][]heldOutCase{
		"booking": {
			r6("start", "need flite omaha to chicago tues", map[string]string{"origin": "Omaha", "destination": "Chicago", "departure_date": "2027-11-02"}),
			r6("start", "flight from boston to chicago wed pls", map[string]string{"origin": "Boston", "destination": "Chicago", "departure_date": "2027-11-03"}),
			r6("start", "flight from bozeman to salt lake city, friday", map[string]string{"origin": "Bozeman", "destination": "Salt Lake City", "departure_date": "2027-11-05"}),
			r6("start", "flight from moab to denver", map[string]string{"origin": "Moab", "destination": "Denver"}),
			r6("destination", "to bozeman for the marathon", map[string]string{"destination": "Bozeman"}),
			r6("destination", "kalispell for a wedding", map[string]string{"destination": "Kalispell"}),
			// A city of the gazetteer typed in lower case after a cue.
			r6("destination", "to savannah for the marathon", map[string]string{"destination": "Savannah"}),
			r6("destination", "to savannah", map[string]string{"destination": "Savannah"}),
			r6("start", "flight from omaha to savannah on friday", map[string]string{"origin": "Omaha", "destination": "Savannah", "departure_date": "2027-11-05"}),
			r6("start", "flight from savannah to omaha", map[string]string{"origin": "Savannah", "destination": "Omaha"}),
			r6("destination", "to work for the week", map[string]string{"destination": ""}),
			r6("destination", "surprise me haha", map[string]string{"destination": ""}), // uncued: the word
			r6("destination", "to see family for the holidays", map[string]string{"destination": ""}),
			// A weekday abbreviation after a word no city: asked, never read.
			r6("start", "flight to somewhere nice sun", map[string]string{"departure_date": ""}),
		},
		"hotel": {
			r6("start", "any hotels near the stadium?", map[string]string{"city": ""}),
			end("check_in", "Please disregard this booking; I no longer need a room."),
			end("check_in", "I no longer need a room."),
			end("city", "never mind the room"),
			end("nights", "please drop this reservation, I no longer want it"),
		},
	})
}

// TestPlainTownBeforeCueProperty: a town typed in lower case, then a word
// that may end a place's name and anything, reads as the town and takes its
// words only.
func TestPlainTownBeforeCueProperty(t *testing.T) {
	towns := []string{"bozeman", "moab", "kalispell", "sintra"}
	nexts := []string{"to", "for", "on", "from", "via"}
	rapid.Check(t, func(t *rapid.T) {
		town := rapid.SampledFrom(towns).Draw(t, "town")
		rest := rapid.SampledFrom(nexts).Draw(t, "next") + " " + rapid.SampledFrom([]string{"chicago", "the marathon", "friday"}).Draw(t, "tail")
		got, n, ok := plainPlace(town + " " + rest)
		if !ok || n != 1 || !strings.EqualFold(got, town) {
			t.Fatalf("%q: got %q %d %v", town+" "+rest, got, n, ok)
		}
		if _, _, ok := plainPlace(town + " harbour " + rest); ok {
			t.Fatalf("%q read though its words are no town's", town+" harbour "+rest)
		}
	})
}
