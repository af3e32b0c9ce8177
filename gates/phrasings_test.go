package gates

import (
	"strings"
	"testing"
)

// Issue 26 item 8, many phrasings per class on the coach demo flow (seed 002's
// example): the scenarios under testdata/scenarios/coach/i26-8-* play one of each.

// TestUnitWrittenOnce: a baseline written without its unit takes the goal's
// ("squat 150 kg, right now 120"); a count of another size keeps none.
func TestUnitWrittenOnce(t *testing.T) {
	for _, tt := range []struct{ text, target, baseline, delta string }{
		{"squat 150 kg, right now 120", "150 kg", "120 kg", "30 kg"},
		{"I want to bench 100kg, currently at 80", "100 kg", "80 kg", "20 kg"},
		{"goal is a 200 lbs deadlift, now at 170", "200 lb", "170 lb", "30 lb"},
		{"want to reach 90 kg on bench, at the moment 75, training 3 times a week", "90 kg", "75 kg", "15 kg"},
		{"target 140 kg squat, currently 115", "140 kg", "115 kg", "25 kg"},
		{"hit 60 kg overhead press, now at 50", "60 kg", "50 kg", "10 kg"},
		{"want to deadlift 250 lbs, currently 205", "250 lb", "205 lb", "45 lb"},
		{"aiming for 180 lb bench, right now 155", "180 lb", "155 lb", "25 lb"},
		{"my goal: 120 kilos, currently at 100", "120 kg", "100 kg", "20 kg"},
		{"reach 300 lbs, currently at 240", "300 lb", "240 lb", "60 lb"},
		{"I want to bench press 300 lbs, currently at 225 lbs", "300 lb", "225 lb", "75 lb"},
		{"squat 150 kg, train 3 times a week", "150 kg", "", ""},
		// Kept aside while the rule was written (5/5 passed).
		{"I'd love to squat 160 kg; right now I'm at 135", "160 kg", "135 kg", "25 kg"},
		{"want to bench 225 lbs, currently 185", "225 lb", "185 lb", "40 lb"},
		{"target is 70 kg press, at the moment 58", "70 kg", "58 kg", "12 kg"},
		{"goal 500 lbs deadlift, currently at 410 though", "500 lb", "410 lb", "90 lb"},
		{"aiming for 100 kg, now 85", "100 kg", "85 kg", "15 kg"},
	} {
		c := newConversation(t, demoEngine(t, nil))
		c.say("hi")
		c.say("ok")
		c.say(tt.text)
		v := c.runtime().FactValues
		if v["goal_target"] != tt.target || v["goal_baseline"] != tt.baseline || v["goal_delta"] != tt.delta {
			t.Errorf("%q: target %q baseline %q delta %q, want %q %q %q", tt.text, v["goal_target"], v["goal_baseline"], v["goal_delta"], tt.target, tt.baseline, tt.delta)
		}
	}
}

// completeCoach plays the coach to completion, then the first message after it.
func completeCoach(t *testing.T) *conversation {
	t.Helper()
	c := newConversation(t, demoEngine(t, nil))
	for _, u := range []string{"hi", "good", "I'd like to reach 80 kg, currently at 92 kg", "dana@gym.example", "tomorrow, a video call"} {
		c.say(u)
	}
	if c.runtime().Status != StatusComplete {
		t.Fatalf("not complete: %+v", c.runtime())
	}
	c.say("cheers, see you then!")
	return c
}

// TestClosingWordsAfterTheGoal: thanks, goodbyes and acknowledgements after the
// goal get the closing answer, never a handoff, however many; the metrics keep
// saying complete.
func TestClosingWordsAfterTheGoal(t *testing.T) {
	c := completeCoach(t)
	for _, text := range []string{
		"thanks a lot!", "bye", "ok great, thank you", "cheers!", "thank you so much", "perfect, thanks",
		"see you", "goodbye!", "great thanks", "awesome, cheers mate", "Thanks again", "ok",
		// Kept aside while the rule was written (3/6 passed: "ok thanks bye",
		// "see ya" and "nice one, cheers" then handed off).
		"thx!", "ok thanks bye", "brilliant, thank you", "many thanks", "see ya", "nice one, cheers",
	} {
		d := c.say(text)
		st := c.runtime()
		if st.Status != StatusComplete || len(d.Effects) > 0 || !strings.Contains(replyText(d), "welcome") {
			t.Errorf("%q: status %s effects %v reply %q", text, st.Status, d.Effects, replyText(d))
		}
		if m := st.Metrics; m.Status != StatusComplete || !m.Completed || m.HandedOff != 0 {
			t.Errorf("%q: metrics %+v", text, m)
		}
	}
	c.say("and what should I eat before?")
	if m := c.runtime().Metrics; m.Status != StatusHandoff || !m.Completed || m.HandedOff != 1 {
		t.Errorf("a question after the goal: metrics %+v, want handoff, completed, handedOff 1", m)
	}
}

// TestBookingKindInTheFirstMessage: the kind of session named in the opening
// message is kept, and booking-1 asks only for the day.
func TestBookingKindInTheFirstMessage(t *testing.T) {
	for _, tt := range []struct{ text, kind string }{
		{"Hi! I'd like to book a training session. me@example.com", "training session"},
		{"hey, can I schedule a workout? me@example.com", "training session"},
		{"hello, I want a video call with a coach, me@example.com", "intro call"},
		{"hi there, sign me up for a session please - me@example.com", "training session"},
		{"Good morning, could we do a zoom consultation? me@example.com", "intro call"},
		// Kept aside while the rule was written (3/3 passed).
		{"hey, I'd like to set up an intro call. my email is jo@example.org", "intro call"},
		{"Hello - keen to book a workout with a coach, jo@example.org", "training session"},
		{"hi, could we have a quick phone call? jo@example.org", "intro call"},
	} {
		c := newConversation(t, demoEngine(t, nil))
		d := c.say(tt.text)
		st := c.runtime()
		if st.FactValues["booking_type"] != tt.kind || !strings.Contains(replyText(d), "Which day suits you for the "+tt.kind) {
			t.Errorf("%q: booking_type %q reply %q", tt.text, st.FactValues["booking_type"], replyText(d))
		}
	}
}
