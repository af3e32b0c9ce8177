package gates

import (
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

// Issue 38, the coach's booking question read with nlu's date grammar (the
// reader the flows engine uses) and the booking kind in ordinary words; the
// scenarios under testdata/scenarios/coach/i38-c* play one of each class.

// atBooking plays the coach up to its booking question.
func atBooking(t *testing.T) *conversation {
	t.Helper()
	c := newConversation(t, demoEngine(t, nil)) // Thursday 1 January 2026
	for _, u := range []string{"hi", "good", "squat 150 kg, currently at 120 kg", "sam@example.com"} {
		c.say(u)
	}
	return c
}

// TestBookingDate: the booking's day is nlu's reading of the sentence, or none
// (the question comes again): never another day, never a past one.
func TestBookingDate(t *testing.T) {
	for _, tt := range []struct{ text, date string }{
		{"a session on the first Monday of February", "2026-02-02"},
		{"the 2nd Tuesday in March for a chat", "2026-03-10"},
		{"the last Friday of the month, a session", "2026-01-30"},
		{"on the 30th", "2026-01-30"},
		{"a call on the 9th of January", "2026-01-09"},
		{"June 9th, training", "2026-06-09"},
		{"in a fortnight", "2026-01-15"},
		{"a week from Monday", "2026-01-12"},
		{"tomorrow morning, a session", "2026-01-02"},
		{"today", "2026-01-01"},
		{"a session on Tuesday - no, Wednesday", "2026-01-07"},
		{"Friday, sorry, Saturday", "2026-01-03"},
		// Not understood or not a booking: nothing is stored.
		{"February 30th", ""},
		{"a session on the 31st of April", ""},
		{"last Friday", ""},
		{"yesterday", ""},
		{"December 12th 2025", ""},
		{"Tuesday or Wednesday", ""},
		{"sometime after the 20th", ""},
		{"the third Monday", ""},
		// A date inside a question asked back for information is no answer; a
		// yes-no question proposing a day, or a clause that answers beside a
		// question, still is.
		{"what day is it today?", ""},
		{"which day is tomorrow?", ""},
		{"quand est-ce qu'on est demain ?", ""},
		{"is Tuesday ok?", "2026-01-06"},
		{"could we do the 30th?", "2026-01-30"},
		{"next Tuesday works, what do you mean by session?", "2026-01-06"},
		{"Friday. Is that too soon?", "2026-01-02"},
	} {
		c := atBooking(t)
		c.say(tt.text)
		if got := c.runtime().FactValues["booking_date"]; got != tt.date {
			t.Errorf("%q: booking_date %q, want %q", tt.text, got, tt.date)
		}
		if tt.date == "" && c.runtime().Status == StatusComplete {
			t.Errorf("%q: completed without a day", tt.text)
		}
	}
}

// TestBookingType: the kind of booking in ordinary words, in the seeds'
// languages: the coach's category keywords are data in coach.json.
func TestBookingType(t *testing.T) {
	for _, tt := range []struct{ text, kind string }{
		{"a quick phone call", "intro call"},
		{"a chat", "intro call"},
		{"just a quick call", "intro call"},
		{"un appel", "intro call"},
		{"un petit coup de fil", "intro call"},
		{"una llamada", "intro call"},
		{"una videollamada", "intro call"},
		{"a workout", "training session"},
		{"une séance", "training session"},
		{"une seance d'entraînement", "training session"},
		{"una sesión", "training session"},
		{"una clase de entrenamiento", "training session"},
		{"a session, no, a call", "intro call"},
		{"a call - no, a session", "training session"},
	} {
		c := atBooking(t)
		c.say(tt.text)
		if got := c.runtime().FactValues["booking_type"]; got != tt.kind {
			t.Errorf("%q: booking_type %q, want %q", tt.text, got, tt.kind)
		}
	}
}

// TestCorrectionKeepsTheLastValue: a fact corrected inside one sentence keeps
// the value after the correction; the facts the correction does not touch keep
// theirs.
func TestCorrectionKeepsTheLastValue(t *testing.T) {
	for _, tt := range []struct {
		text string
		want map[string]string
	}{
		{"lee@mail.com, sorry, lee@post.com", map[string]string{"email": "lee@post.com"}},
		{"lee@mail.com - no wait, lee@post.com", map[string]string{"email": "lee@post.com"}},
		{"target 200 lb, sorry, 220 lb", map[string]string{"goal_target": "220 lb"}},
		{"target 200 lb, sorry, 220 lb, currently 180 lb", map[string]string{"goal_target": "220 lb", "goal_baseline": "180 lb", "goal_delta": "40 lb"}},
		{"bench 300 lbs, currently at 225, sorry, 230", map[string]string{"goal_target": "300 lb", "goal_baseline": "230 lb"}},
		{"target 200 lb, currently 180 lb, sorry, target 220 lb", map[string]string{"goal_target": "220 lb", "goal_baseline": "180 lb"}},
		{"target 200 lb, currently 180 lb, sorry, currently 185 lb", map[string]string{"goal_target": "200 lb", "goal_baseline": "185 lb"}},
		{"target 200 lb, sorry, 220", map[string]string{"goal_target": "220 lb"}},
		{"target 200 lb, sorry, 220, currently 180", map[string]string{"goal_target": "220 lb", "goal_baseline": "180 lb"}},
		// The corrected baseline says no unit and follows its cue: not read, asked again.
		{"target 200 lb, currently 180 lb, sorry, currently 185", map[string]string{"goal_target": "200 lb", "goal_baseline": ""}},
		{"I want to squat 150 kilos - no, one hundred and sixty", map[string]string{"goal_target": "160 kg"}},
		{"a call on Friday, sorry, Saturday", map[string]string{"booking_type": "intro call", "booking_date": "2026-01-03"}},
		{"Friday, I mean a session on Saturday", map[string]string{"booking_type": "training session", "booking_date": "2026-01-03"}},
		// A hesitation set off by pauses between two numbers is a correction
		// too (issue 38 item 4, round 26's classes); before no number it
		// corrects nothing.
		{"run 8 km, hmm, 10 km, at 5 km", map[string]string{"goal_target": "10 km", "goal_baseline": "5 km"}},
		{"target 200 lb, um, 220 lb", map[string]string{"goal_target": "220 lb"}},
		{"squat 150 kg, er, 160 kg, currently 120 kg", map[string]string{"goal_target": "160 kg", "goal_baseline": "120 kg"}},
		{"target 200 lb, hmm, by june", map[string]string{"goal_target": "200 lb"}},
	} {
		x := demoFlowForTest(t)
		nodes := make([]*Node, 0, len(x.Nodes))
		for i := range x.Nodes {
			nodes = append(nodes, &x.Nodes[i])
		}
		got := map[string]string{}
		for _, f := range x.extractFacts(nodes, saying(parley.Message{Text: tt.text, SentAt: newConversation(t, demoEngine(t, nil)).now}), nil) {
			got[f.raw] = f.value
		}
		for fact, want := range tt.want {
			if got[fact] != want {
				t.Errorf("%q: %s %q, want %q (all: %v)", tt.text, fact, got[fact], want, got)
			}
		}
	}
}

// TestFutureDateOnlyIsValidated: validate is a date extractor's, and says
// future_date_only.
func TestFutureDateOnlyIsValidated(t *testing.T) {
	for _, tt := range []struct{ from, to, err string }{
		{`{"kind": "date", "fact": "booking_date", "validate": "future_date_only"}`, `{"kind": "date", "fact": "booking_date", "validate": "future"}`, "not one of future_date_only"},
		{`{"kind": "email", "fact": "email"}`, `{"kind": "email", "fact": "email", "validate": "future_date_only"}`, "only a date extractor takes validate"},
	} {
		def := strings.Replace(string(DemoFlow()), tt.from, tt.to, 1)
		if def == string(DemoFlow()) {
			t.Fatalf("%s not in the demo flow", tt.from)
		}
		_, err := ParseFlow([]byte(def), "coach.json")
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: error %v, want %q", tt.to, err, tt.err)
		}
	}
}

func demoFlowForTest(t *testing.T) *Flow {
	t.Helper()
	f, err := ParseFlow(DemoFlow(), "coach.json")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestModelDateInThePastIsNoBooking: a model's date is read as typed words
// are, so future_date_only refuses a past one too.
func TestModelDateInThePastIsNoBooking(t *testing.T) {
	for _, tt := range []struct{ value, want string }{
		{"2025-12-31", ""},
		{"2026-01-01", "2026-01-01"},
		{"2026-02-02", "2026-02-02"},
	} {
		c := atBooking(t)
		c.send(parley.Message{Text: "see above", NLU: &parley.NLU{Intent: "answer", Entities: map[string]any{"booking_date": tt.value}}})
		if got := c.runtime().FactValues["booking_date"]; got != tt.want {
			t.Errorf("entity %q: booking_date %q, want %q", tt.value, got, tt.want)
		}
	}
}
