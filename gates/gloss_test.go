package gates

import (
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// coachToBooking plays the coach up to booking-1's question.
var coachToBooking = []string{"hi", "good", "I'd like to reach 80 kg, currently at 92 kg", "dana@gym.example"}

// TestBookingDayFromTheGloss: a day said in French, Spanish, Arabic, Darija
// (Latin and Arabic script) or chat spellings is read at booking-1 by its own
// words or, where they leave it unread, by the message's gloss (nlu.Gloss:
// "2moro a video call", whose own words give only the kind); what the gloss
// does not account for is still no date (the question comes again). The
// conversation starts on Thursday 2026-01-01.
func TestBookingDayFromTheGloss(t *testing.T) {
	for _, tt := range []struct{ text, date, kind string }{
		{"demain matin", "2026-01-02", ""},
		{"demain soir", "2026-01-02", ""},
		{"mañana por la mañana", "2026-01-02", ""},
		{"ghda f sbah", "2026-01-02", ""},
		{"nhar ssebt", "2026-01-03", ""},
		{"nhar jem3a", "2026-01-02", ""},
		{"غدا صباحا", "2026-01-02", ""},
		{"غدا فالصباح", "2026-01-02", ""},
		{"نهار السبت", "2026-01-03", ""},
		{"بعد غد", "2026-01-03", ""},
		{"tmrw pls", "2026-01-02", ""},
		{"2moro", "2026-01-02", ""},
		{"tomoz morning pls", "2026-01-02", ""},
		// The own words give the kind, the gloss the day.
		{"2moro a video call", "2026-01-02", "intro call"},
		{"nhar ssebt, a training session", "2026-01-03", "training session"},
		// Not wholly a date in the gloss either: asked again.
		{"ghda wla ba3d ghda", "", ""},
	} {
		if nlu.Gloss(tt.text) == tt.text {
			t.Fatalf("%q: nothing glossed, the case tests no gloss", tt.text)
		}
		c := newConversation(t, demoEngine(t, nil))
		for _, u := range coachToBooking {
			c.say(u)
		}
		c.say(tt.text)
		v := c.runtime().FactValues
		if v["booking_date"] != tt.date || v["booking_type"] != tt.kind {
			t.Errorf("%q (gloss %q): date %q kind %q, want %q %q", tt.text, nlu.Gloss(tt.text), v["booking_date"], v["booking_type"], tt.date, tt.kind)
		}
	}
}

// TestGlossReadOnlyForWhatIsLeft: a message whose own words give the fact is
// read as written when its gloss reads it alike, and asked again when the
// gloss shows words the own reading could not place; the gloss of a message
// is computed once a turn.
func TestGlossReadOnlyForWhatIsLeft(t *testing.T) {
	s := saying(parleyMessage("tmrw pls"))
	g, ok := s.glossed()
	if !ok || g.Text != "tomorrow please" {
		t.Fatalf("gloss %q %v", g.Text, ok)
	}
	s.gloss = "sentinel"
	if g, _ := s.glossed(); g.Text != "sentinel" {
		t.Errorf("the gloss was computed again: %q", g.Text)
	}
	if _, ok := g.glossed(); ok {
		t.Error("a gloss is glossed again")
	}
	if _, ok := saying(parleyMessage("tomorrow please")).glossed(); ok {
		t.Error("a message with nothing to gloss has a gloss")
	}
	c := newConversation(t, demoEngine(t, nil))
	for _, u := range coachToBooking {
		c.say(u)
	}
	c.say("Saturday pls") // own words: Saturday, read alike in the gloss
	if got := c.runtime().FactValues["booking_date"]; got != "2026-01-03" {
		t.Errorf("own words' date not kept: %q", got)
	}
	c = newConversation(t, demoEngine(t, nil))
	for _, u := range coachToBooking {
		c.say(u)
	}
	c.say("nhar ssebt wla 2moro") // own words: Saturday; gloss: a choice of two days
	if got := c.runtime().FactValues["booking_date"]; got != "" {
		t.Errorf("a choice of two days stored %q", got)
	}
}

// TestPersonAtEveryNodeInEveryLanguage: a request for a person hands off at
// whichever node is asking (issue 38 item 6), in the languages the seeds name
// and in chat spellings.
func TestPersonAtEveryNodeInEveryLanguage(t *testing.T) {
	for _, text := range []string{
		"je veux parler à quelqu'un", "un conseiller svp", "quiero hablar con una persona", "un agente por favor",
		"bghit nhder m3a chi wa7ed", "بغيت نهضر مع شي واحد", "أريد التحدث مع شخص", "can i talk 2 a human pls", "pls get me a human",
	} {
		for at := range len(coachToBooking) + 1 {
			c := newConversation(t, demoEngine(t, nil))
			for _, u := range coachToBooking[:at] {
				c.say(u)
			}
			c.say(text)
			if st := c.runtime(); st.Status != StatusHandoff {
				t.Errorf("%q after %d messages: status %s, want handoff", text, at, st.Status)
			}
		}
	}
}

// TestPartlyGivenGoalAsksTheRest: seed 002's BROADEN residual as a class. An
// answer that gives part of a node's facts leaves the fact the node has an
// Ask question for: the node is not executed on the part alone (it would never
// ask again), the part is kept, and the next question asks the missing fact.
// A message that says nothing of the goal gives no goal.
func TestPartlyGivenGoalAsksTheRest(t *testing.T) {
	for _, tt := range []struct{ text, baseline, then, target string }{
		{"I weigh 80 kg", "80 kg", "70 kg", "70 kg"},
		{"currently at 225 lbs", "225 lb", "I want to bench 300 lbs", "300 lb"},
		{"right now 120 kg on squat", "120 kg", "target is 150 kg", "150 kg"},
		{"my weight is 95 kg", "95 kg", "hello", ""},
	} {
		c := newConversation(t, demoEngine(t, nil))
		c.say("hi")
		c.say("ok")
		d := c.say(tt.text)
		st := c.runtime()
		if st.FactValues["goal_baseline"] != tt.baseline || st.FactValues["goal_target"] != "" || has(st.States, "GOAL_GAP_CAPTURED") {
			t.Errorf("%q: facts %v states %v", tt.text, st.FactValues, st.States)
		}
		if got := replyText(d); got != "And what are you aiming for? For example: bench press 300 lbs." {
			t.Errorf("%q: reply %q, want the goal_target Ask question", tt.text, got)
		}
		c.say(tt.then)
		st = c.runtime()
		if st.FactValues["goal_target"] != tt.target || st.FactValues["goal_baseline"] != tt.baseline {
			t.Errorf("%q then %q: facts %v", tt.text, tt.then, st.FactValues)
		}
		if has(st.States, "GOAL_GAP_CAPTURED") != (tt.target != "") {
			t.Errorf("%q then %q: states %v", tt.text, tt.then, st.States)
		}
	}
}

func parleyMessage(text string) parley.Message { return parley.Message{Text: text} }
