package flows

import (
	"testing"
)

// readersFlows asks a time with and without opening hours, and a count of
// nights, to test the typed readers through the engine.
const readersFlows = `bot: readers
flows:
  - name: visit
    trigger: {keywords: [book a visit]}
    slots:
      - name: opening
        type: time
        label: visit time
        prompt: What time?
        validators:
          - {type: regex, pattern: '^(0[89]|1[0-7]):', message: "We are open 8 to 6."}
      - name: arrival
        type: time
        label: arrival time
        prompt: When do you arrive?
      - name: nights
        type: integer
        label: nights
        prompt: How many nights?
    steps:
      - {id: ask_opening, collect: opening}
      - {id: ask_arrival, collect: arrival}
      - {id: ask_nights, collect: nights}
      - id: done
        action: {set: {done: "yes"}, reply: ok}
`

// TestTypedReaders: an answer is read wholly or not at all (issue 38).
func TestTypedReaders(t *testing.T) {
	def, err := Parse([]byte(readersFlows), "readers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(def, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		turns []walkTurn
	}{
		{"a bare hour is the one reading the opening hours allow", []walkTurn{
			{user: "book a visit", waiting: "opening"},
			{user: "5", waiting: "arrival", slots: map[string]any{"opening": "17:00"}},
		}},
		{"a bare hour past noon is that hour", []walkTurn{
			{user: "book a visit", waiting: "opening"},
			{user: "at 9", waiting: "arrival", slots: map[string]any{"opening": "09:00"}},
			{user: "21", waiting: "nights", slots: map[string]any{"arrival": "21:00"}},
		}},
		{"a bare hour open before and after noon is asked again", []walkTurn{
			{user: "book a visit", waiting: "opening"},
			{user: "10 am", waiting: "arrival"},
			{user: "around 11", waiting: "arrival", slots: map[string]any{"arrival": nil}},
			{user: "11 at night", waiting: "nights", slots: map[string]any{"arrival": "23:00"}},
		}},
		{"an open hour is asked about by name, and am or pm alone answers it", []walkTurn{
			{user: "book a visit", waiting: "opening"},
			{user: "10 am", waiting: "arrival"},
			{user: "7", waiting: "arrival", slots: map[string]any{"arrival": nil}, reply: "Is that 7 am or 7 pm? When do you arrive?"},
			{user: "in the evening", waiting: "nights", slots: map[string]any{"arrival": "19:00"}},
		}},
		{"am or pm alone with no hour asked about is no time; a count is no hour", []walkTurn{
			{user: "book a visit", waiting: "opening"},
			{user: "10 am", waiting: "arrival"},
			{user: "pm", waiting: "arrival", slots: map[string]any{"arrival": nil}},
			{user: "3 night", waiting: "arrival", slots: map[string]any{"arrival": nil}},
			{user: "12 at night", waiting: "nights", slots: map[string]any{"arrival": "00:00"}},
		}},
		{"a count of nights: spans, typos, and counts of something else", []walkTurn{
			{user: "book a visit", waiting: "opening"},
			{user: "3pm", waiting: "arrival"},
			{user: "4pm", waiting: "nights"},
			{user: "4 guests", waiting: "nights", slots: map[string]any{"nights": nil}},
			{user: "svene", waiting: "nights", slots: map[string]any{"nights": nil}},
			{user: "two weeks", state: "idle", slots: map[string]any{"nights": float64(14)}},
		}},
		{"a mistyped number word", []walkTurn{
			{user: "book a visit", waiting: "opening"},
			{user: "3pm", waiting: "arrival"},
			{user: "4pm", waiting: "nights"},
			{user: "thre nights", state: "idle", slots: map[string]any{"nights": float64(3)}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) { playWalk(t, e, "r", tc.turns) })
	}
}
