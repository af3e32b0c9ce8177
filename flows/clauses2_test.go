package flows

import (
	"testing"
	"time"
)

// TestReasonContrastConclusionClasses: answers with a reason that names
// another day, a contrast that names another place, or a conclusion after
// its reason ("X so Y"): the value stored is the answer's, or none, never
// the reason's (phrasings written for each class, none of round 12's).
func TestReasonContrastConclusionClasses(t *testing.T) {
	s := func(v string) *string { return &v }
	cases := []struct {
		bot, at, text string
		want          map[string]*string
	}{
		{"booking", "origin", "portland, maine please", map[string]*string{"origin": s("Portland"), "departure_date": nil}},
		{"booking", "destination", "augusta maine", map[string]*string{"departure_date": nil}},
		{"booking", "origin", "my car is at the airport in Oakland so Oakland", map[string]*string{"origin": s("Oakland")}},
		{"booking", "origin", "the train is slow, hence Boston", map[string]*string{"origin": s("Boston")}},
		{"booking", "destination", "my sister lives near Denver so denver", map[string]*string{"destination": s("Denver")}},
		{"booking", "destination", "Lyon is pricey, so Geneva", map[string]*string{"destination": s("Geneva")}},
		{"booking", "departure_date", "the 4th, once the contractors leave", map[string]*string{"departure_date": s("2027-01-04")}},
		{"booking", "departure_date", "wednesday the 6th, the recital is the 5th", map[string]*string{"departure_date": s("2027-01-06")}},
		{"booking", "departure_date", "tuesday, my daughter starts daycare monday", map[string]*string{"departure_date": s("2026-12-29")}},
		{"booking", "departure_date", "the 9th, after the epiphany service", map[string]*string{"departure_date": s("2027-01-09")}},
		{"booking", "departure_date", "friday, after the conference on the 10th", map[string]*string{"departure_date": nil}},
		{"booking", "start", "book me from Boston to Miami on the 5th, visiting grandma", map[string]*string{"origin": s("Boston"), "destination": s("Miami"), "departure_date": s("2027-01-05")}},
	}
	for i, c := range cases {
		e, err := DemoFor(c.bot)
		if err != nil {
			t.Fatal(err)
		}
		set := heldOutSet{Bot: c.bot, SentAt: time.Date(2026, 12, 28, 7, 50, 0, 0, time.UTC)}
		got, detail := playHeldOut(t, e, set, i, heldOutCase{At: c.at, Text: c.text, Expect: c.want})
		if got != heldOutRight {
			t.Errorf("%s at %s %q: %s", c.bot, c.at, c.text, detail)
		}
	}
}
