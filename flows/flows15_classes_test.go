package flows

import (
	"testing"
	"time"
)

// r14Set is the sending time of the round-14 classes' conversations: a
// Sunday evening, the check-in a Friday twelve days later.
var r14Set = func(bot string) heldOutSet {
	return heldOutSet{Bot: bot, SentAt: time.Date(2027, 10, 31, 21, 50, 0, 0, time.UTC), CheckIn: "November 12"}
}

func playClasses(t *testing.T, cases map[string][]heldOutCase) {
	t.Helper()
	for bot, cs := range cases {
		e, err := DemoFor(bot)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cs {
			if got, detail := playHeldOut(t, e, r14Set(bot), i, c); got != heldOutRight {
				t.Errorf("%s at %s %q: %s", bot, c.At, c.Text, detail)
			}
		}
	}
}

func TestScratch15(t *testing.T) {
	playClasses(t, map[string][]heldOutCase{
		"booking": {
			r6("origin", "from the mainland once the ferry runs", map[string]string{"origin": ""}),
			r6("origin", "from boise, site's done friday", map[string]string{"origin": "Boise"}),
			r6("destination", "richmond, job interview monday", map[string]string{"destination": "Richmond"}),
			r6("destination", "Khujand, ташаккур", map[string]string{"destination": "Khujand"}),
			r6("departure_date", "once the thanksgiving orders are done", map[string]string{"departure_date": ""}),
			r6("booking_ref", "bk 8330 2", map[string]string{"booking_ref": ""}),
		},
		"hotel": {
			r6("book.city", "lisbon, we're flying in on friday", map[string]string{"city": "Lisbon"}),
			r6("hotel_name", "one of the cheaper two", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "the four or five star one", map[string]string{"hotel_name": ""}),
			r6("check_in", "around thanksgiving", map[string]string{"check_in": ""}),
		},
	})
}
