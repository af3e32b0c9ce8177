package flows

import (
	"testing"

	"github.com/parleyhq/parley"
)

// eventFlows searches events: a city, then a date, a kind of event and a
// start time the user may have no preference for; the event's name may not.
const eventFlows = `
bot: events
flows:
  - name: find_event
    trigger: {intents: [find_event], examples: ["find me an event"]}
    slots:
      - {name: city, type: city, prompt: Which city?}
      - {name: date, type: date, prompt: Which day?, no_preference: true}
      - {name: kind, label: kind of event, prompt: What kind of event?, no_preference: true}
      - {name: start, type: time, prompt: What time?, no_preference: true}
      - {name: title, prompt: Which event?}
    steps:
      - {id: collect_city, collect: city}
      - {id: collect_date, collect: date}
      - {id: collect_kind, collect: kind}
      - {id: collect_start, collect: start}
      - {id: collect_title, collect: title}
      - id: search
        action: {name: find_event, webhook: {url: "http://events.invalid/find"}}
`

func eventEngine(t *testing.T, runner ActionRunner) *Engine {
	t.Helper()
	def, err := Parse([]byte(eventFlows), "events.yaml")
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(def, Options{Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

var startEvents = walkTurn{nlu: &parley.NLU{Intent: "find_event", Entities: map[string]any{"city": "Denver"}, Confidence: 1}, user: "find me an event in Denver", waiting: "date"}

// A whole answer that says any value will do, at the question of a slot that
// allows it, is dontcare; words around it ("honestly", "works for me") and the
// slot's own nouns ("day") change nothing.
func TestNoPreferenceAnswers(t *testing.T) {
	for _, say := range []string{
		"any day", "Any day is fine", "any date works for me", "doesn't matter", "Honestly, it doesn't matter",
		"anything is fine", "no preference", "I have no preference", "whatever works", "I'm flexible",
		"whenever", "I don't mind", "dont care", "up to you", "Either is fine", "no particular preference",
	} {
		t.Run(say, func(t *testing.T) {
			playWalk(t, eventEngine(t, &scriptedRunner{}), "c", []walkTurn{
				startEvents,
				{user: say, waiting: "kind", slots: map[string]any{"date": DontCare}},
			})
		})
	}
}

// What is not such an answer is never dontcare: a value, a value with "any"
// in it, a bare acknowledgement or a refusal.
func TestNoPreferenceNotAnswers(t *testing.T) {
	for _, tt := range []struct {
		say  string
		date any // nil: none
	}{
		{"next Friday", "2025-12-12"},
		{"any day next week", nil},
		{"fine", nil},
		{"no", nil},
		{"any day but Monday", nil},
		{"not any day", nil},
	} {
		t.Run(tt.say, func(t *testing.T) {
			s := playWalk(t, eventEngine(t, &scriptedRunner{}), "c", []walkTurn{startEvents, {user: tt.say}})
			if got := s.Slots["date"]; format(got) != format(tt.date) && !(tt.date == nil && got == nil) {
				t.Errorf("%q: date = %v, want %v", tt.say, got, tt.date)
			}
		})
	}
}

// A sentence that names the slot with no preference gives it dontcare beside
// what else it says; a slot it does not name is left alone.
func TestNoPreferenceInSentence(t *testing.T) {
	for _, tt := range []struct {
		say   string
		slots map[string]any
	}{
		{"a concert in Boston any day", map[string]any{"city": "Boston", "date": DontCare}},
		{"a show in Boston, date doesn't matter", map[string]any{"city": "Boston", "date": DontCare}},
		{"events in Chicago on Saturday, any kind of event", map[string]any{"city": "Chicago", "date": "2025-12-06", "kind": DontCare}},
		{"I'm in Seattle with no preference for the time", map[string]any{"city": "Seattle", "start": DontCare, "date": nil}},
	} {
		t.Run(tt.say, func(t *testing.T) {
			playWalk(t, eventEngine(t, &scriptedRunner{}), "c", []walkTurn{
				{nlu: &parley.NLU{Intent: "find_event", Confidence: 1}, user: "find me an event", waiting: "city"},
				{user: tt.say, slots: tt.slots},
			})
		})
	}
}

// Only a slot that allows it holds dontcare: at the event's name, "any" is a
// name like another, not a preference.
func TestNoPreferenceOnlyWhereAllowed(t *testing.T) {
	s := playWalk(t, eventEngine(t, &scriptedRunner{}), "c", []walkTurn{
		startEvents,
		{user: "any day", waiting: "kind"},
		{user: "jazz", waiting: "start"},
		{user: "doesn't matter", waiting: "title"},
		{user: "doesn't matter"},
	})
	if s.Slots["title"] == DontCare {
		t.Errorf("title = dontcare, want a name or none")
	}
}

// An upstream parse's dontcare for a typed slot is taken, fills the slot, and
// is never sent to the action.
func TestNoPreferenceFromUpstream(t *testing.T) {
	runner := &scriptedRunner{}
	playWalk(t, eventEngine(t, runner), "c", []walkTurn{
		{nlu: &parley.NLU{Intent: "find_event", Entities: map[string]any{"city": "Denver", "date": "dontcare", "kind": "dontcare", "start": "dontcare", "title": "Jazz Night"}, Confidence: 1},
			slots: map[string]any{"date": DontCare, "kind": DontCare, "start": DontCare}},
	})
	if len(runner.calls) != 1 {
		t.Fatalf("%d calls, want 1", len(runner.calls))
	}
	for _, k := range []string{"date", "kind", "start"} {
		if _, sent := runner.calls[0].Slots[k]; sent {
			t.Errorf("%s was sent: %v", k, runner.calls[0].Slots)
		}
	}
}
