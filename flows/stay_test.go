package flows

import "testing"

// stayFlows books a stay: a free-text hotel, a check-in date and a count of
// nights, to test what a stay's answers give (issue 38: parse or ask).
const stayFlows = `bot: stay
flows:
  - name: book
    trigger: {keywords: [book a room]}
    slots:
      - {name: hotel_name, label: hotel, prompt: Which hotel?}
      - {name: check_in, type: date, label: check-in date, prompt: When do you check in?}
      - {name: nights, type: integer, label: nights, prompt: How many nights?}
    steps:
      - {id: ask_hotel, collect: hotel_name}
      - {id: ask_check_in, collect: check_in}
      - {id: ask_nights, collect: nights}
      - id: done
        action: {set: {done: "yes"}, reply: ok}
`

// TestStayAnswers: a non-answer names no hotel, a weekday with a part of the
// day is a check-in date, and a day said as the stay's end counts the nights
// from the check-in, never replaces it.
func TestStayAnswers(t *testing.T) {
	def, err := Parse([]byte(stayFlows), "stay.yaml")
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(def, Options{})
	if err != nil {
		t.Fatal(err)
	}
	noHotel := map[string]any{"hotel_name": nil}
	for _, tc := range []struct {
		name  string
		turns []walkTurn
	}{
		{"a choice by quality names no hotel", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "whichever is cheapest", waiting: "hotel_name", slots: noHotel},
			{user: "the five star one", waiting: "hotel_name", slots: noHotel},
			{user: "Five Star Inn", waiting: "check_in", slots: map[string]any{"hotel_name": "Five Star Inn"}},
		}},
		{"a deferral names no hotel", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "any is fine", waiting: "hotel_name", slots: noHotel},
			{user: "I don't mind", waiting: "hotel_name", slots: noHotel},
			{user: "The Lisbon Star", waiting: "check_in", slots: map[string]any{"hotel_name": "The Lisbon Star"}},
		}},
		{"a question back names no hotel", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "which one has a pool?", waiting: "hotel_name", slots: noHotel},
			{user: "doesn't matter to me", waiting: "hotel_name", slots: noHotel},
		}},
		{"a weekday's abbreviation with a part of the day is the date, not a count of nights", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "SUN NIGHT", waiting: "nights", slots: map[string]any{"check_in": "2025-12-07", "nights": nil}},
			{user: "checking out on the 12th", state: "idle", slots: map[string]any{"check_in": "2025-12-07", "nights": float64(5)}},
		}},
		{"the end said as a weekday counts from the check-in", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "sat morning", waiting: "nights", slots: map[string]any{"check_in": "2025-12-06"}},
			{user: "I'm leaving Monday morning", state: "idle", slots: map[string]any{"check_in": "2025-12-06", "nights": float64(2)}},
		}},
		{"an end said at the date question is no check-in", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "checking out on the 24th", waiting: "check_in", slots: map[string]any{"check_in": nil}},
			{user: "the 20th", waiting: "nights", slots: map[string]any{"check_in": "2025-12-20"}},
			{user: "until the 18th", waiting: "nights", slots: map[string]any{"check_in": "2025-12-20", "nights": nil}},
			{user: "until the 24th", state: "idle", slots: map[string]any{"nights": float64(4)}},
		}},
		{"an end weekday before the start from today is the one after the start", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "next thursday", waiting: "nights", slots: map[string]any{"check_in": "2025-12-11"}},
			{user: "till sunday", state: "idle", slots: map[string]any{"nights": float64(3)}},
		}},
		{"day and month both 12 or less is asked again", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "4/5", waiting: "check_in", slots: map[string]any{"check_in": nil}},
			{user: "4/25", waiting: "nights", slots: map[string]any{"check_in": "2026-04-25"}},
		}},
		{"a reason's day at the nights question keeps the check-in", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "sat morning", waiting: "nights", slots: map[string]any{"check_in": "2025-12-06"}},
			{user: "two nights, because we're back at work on Monday", state: "idle", slots: map[string]any{"check_in": "2025-12-06", "nights": float64(2)}},
		}},
		{"a day said without its cue at the nights question moves no check-in", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "sat morning", waiting: "nights", slots: map[string]any{"check_in": "2025-12-06"}},
			// "my meeting is on Tuesday" is a clause about another event
			// (side_clauses.txt event_*): the answer is the two nights, and
			// the day is never a new check-in.
			{user: "2 nights, my meeting is on Tuesday", state: "idle", slots: map[string]any{"check_in": "2025-12-06", "nights": float64(2)}},
		}},
		{"nights named by their weekdays count from the check-in's day", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "sat morning", waiting: "nights", slots: map[string]any{"check_in": "2025-12-06"}},
			{user: "Friday and Saturday nights", waiting: "nights", slots: map[string]any{"check_in": "2025-12-06", "nights": nil}},
			{user: "sat, sun and mon nights", state: "idle", slots: map[string]any{"check_in": "2025-12-06", "nights": float64(3)}},
		}},
		{"nights written short, and a checkout said as the departure", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "sat morning", waiting: "nights", slots: map[string]any{"check_in": "2025-12-06"}},
			{user: "departure 2025-12-10", state: "idle", slots: map[string]any{"check_in": "2025-12-06", "nights": float64(4)}},
		}},
		{"nights written short", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "sat morning", waiting: "nights", slots: map[string]any{"check_in": "2025-12-06"}},
			{user: "3 nts thx", state: "idle", slots: map[string]any{"check_in": "2025-12-06", "nights": float64(3)}},
		}},
		{"a count with a checkout that disagrees is asked again; agreeing, it is the count", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "sat morning", waiting: "nights", slots: map[string]any{"check_in": "2025-12-06"}},
			{user: "3 nights, until Monday", waiting: "nights", slots: map[string]any{"check_in": "2025-12-06", "nights": nil}},
			{user: "until Monday, 2 nights", state: "idle", slots: map[string]any{"check_in": "2025-12-06", "nights": float64(2)}},
		}},
		{"a count glued to a sign, restated in digits, or after a label", []walkTurn{
			{user: "book a room", waiting: "hotel_name"},
			{user: "Bairro Loft", waiting: "check_in"},
			{user: "sat morning", waiting: "nights", slots: map[string]any{"check_in": "2025-12-06"}},
			{user: "four (5) nights", waiting: "nights", slots: map[string]any{"nights": nil}},
			{user: "qty: four (4) nights", state: "idle", slots: map[string]any{"nights": float64(4)}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) { playWalk(t, e, "s", tc.turns) })
	}
}
