package flows

import (
	"testing"
	"time"
)

// r27Set is the sending time of round 26's development set: Monday 10 May
// 2032, in the afternoon, the stay starting Friday 14 May.
var r27Set = func(bot string) heldOutSet {
	return heldOutSet{Bot: bot, SentAt: time.Date(2032, 5, 10, 15, 50, 0, 0, time.UTC), CheckIn: "May 14"}
}

// TestHedge27RepairInOneAnswer: a correction or a hedge inside one answer,
// its editing term a hesitation set off by pauses ("hmm", "um", "er") or a
// correction word ("wait", "or no"), keeps the value said last when it
// reads wholly as the slot's value, after a rejecting reason ("too
// pricey, ..."), restated with a yes, closed by a contrast ("... but
// denver") or said to be enough ("4 is enough"), at any slot of either bot
// (issue 38 item 4); a tail that is no one value is asked again.
func TestHedge27RepairInOneAnswer(t *testing.T) {
	playClassCasesSent(t, r27Set, map[string][]heldOutCase{
		"booking": {
			r6("destination", "phoenix, hmm, tucson", map[string]string{"destination": "Tucson"}),
			r6("destination", "to phoenix, um, to tucson", map[string]string{"destination": "Tucson"}),
			r6("origin", "boston, er, providence", map[string]string{"origin": "Providence"}),
			r6("origin", "miami, erm, too far, orlando", map[string]string{"origin": "Orlando"}),
			r6("origin", "from chicago, hmm, milwaukee is cheaper but chicago", map[string]string{"origin": "Chicago"}),
			r6("destination", "rome, hmm, milan, yes milan", map[string]string{"destination": "Milan"}),
			r6("departure_date", "friday, hmm, saturday", map[string]string{"departure_date": "2032-05-15"}),
			r6("departure_date", "the 20th, or no, the day after", map[string]string{"departure_date": "2032-05-21"}),
			r6("departure_date", "friday or rather saturday", map[string]string{"departure_date": "2032-05-15"}),
			// No one value after the hesitation: asked again.
			r6("destination", "phoenix, hmm, tucson or el paso", map[string]string{"destination": ""}),
			// A preference after the hesitation names the value preferred
			// ("monday, hmm, tuesday is better": hedgedChange).
			r6("destination", "phoenix, hmm, tucson is nicer", map[string]string{"destination": "Tucson"}),
			r6("departure_date", "friday or saturday", map[string]string{"departure_date": ""}),
		},
		"hotel": {
			r6("hotel_name", "alfama garden, hmm, too far out, tagus view", map[string]string{"hotel_name": "Tagus View"}),
			r6("hotel_name", "tagus view, um, bairro loft", map[string]string{"hotel_name": "Bairro Loft"}),
			r6("city", "madrid, hmm, porto, yes porto", map[string]string{"city": "Porto"}),
			r6("nights", "6 nights, wait, 3 will do", map[string]string{"nights": "3"}),
			r6("nights", "2 nights, hmm, 3 is plenty", map[string]string{"nights": "3"}),
			r6("nights", "3 is enough", map[string]string{"nights": "3"}),
		},
	})
}

// TestHedge27TypoInFrame: a city typed with a typo, or a town and its
// state with the town mistyped, inside a discourse frame ("well, ...", "so
// ...", "ah, ..., please") is read as it is alone; a name a typo from no
// known place stays asked.
func TestHedge27TypoInFrame(t *testing.T) {
	playClassCasesSent(t, r27Set, map[string][]heldOutCase{
		"booking": {
			r6("destination", "well, chicgo", map[string]string{"destination": "Chicago"}),
			r6("destination", "so phoenx, thanks", map[string]string{"destination": "Phoenix"}),
			r6("origin", "ah, memphs tn, please", map[string]string{"origin": "Memphis"}),
			r6("origin", "well, sacramento ca", map[string]string{"origin": "Sacramento"}),
			r6("destination", "well, qwzrtx", map[string]string{"destination": ""}),
		},
		"hotel": {
			r6("city", "so madird, thanks", map[string]string{"city": "Madrid"}),
			r6("book.city", "well, lisbonn, please", map[string]string{"city": "Lisbon"}),
		},
	})
}

// TestHedge27SpacedOrdinal: a day's ordinal suffix typed apart from its
// digits ("27 th") is the day's, when it is that day's own suffix.
func TestHedge27SpacedOrdinal(t *testing.T) {
	playClassCasesSent(t, r27Set, map[string][]heldOutCase{
		"booking": {
			r6("departure_date", "june 2 nd", map[string]string{"departure_date": "2032-06-02"}),
			r6("departure_date", "the 23 rd", map[string]string{"departure_date": "2032-05-23"}),
			r6("departure_date", "may 31 st", map[string]string{"departure_date": "2032-05-31"}),
			r6("departure_date", "june 2 th", map[string]string{"departure_date": ""}),
		},
	})
}
