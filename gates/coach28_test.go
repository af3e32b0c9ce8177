package gates

import "testing"

// TestAContactSaidForSureIsRead (issue 38, coach28): an address whose local
// part holds a word the gloss knows ("oh", "tmrw"), with a courtesy after
// it, is read whole.
func TestAContactSaidForSureIsRead(t *testing.T) {
	for _, tt := range []struct{ text, email string }{
		{"kevin.oh@outlook.com please", "kevin.oh@outlook.com"},
		{"mia.oh@proton.me, thanks", "mia.oh@proton.me"},
		{"oh@fastmail.com thank you", "oh@fastmail.com"},
		{"I guess you could use my email, it's dana.r@yahoo.co.uk", "dana.r@yahoo.co.uk"},
	} {
		c := coachAt(t, "contact")
		c.say(tt.text)
		if got := c.runtime().FactValues["contact_email"]; got != tt.email {
			t.Errorf("%q: contact_email %q, want %q", tt.text, got, tt.email)
		}
	}
}

// TestAHedgedContactIsAsked (coach28): an email or a phone said with a
// hedge of memory right beside it ("i think", "probably", "if i remember
// right") is unsure; an address must be exact, so nothing is stored and the
// question comes again. A softened choice of day still books.
func TestAHedgedContactIsAsked(t *testing.T) {
	for _, text := range []string{
		"jen at gmail dot com i think",
		"rob.k@hotmail.com i guess",
		"07700 900321, probably",
		"i think it's mo.ali@gmail.com",
		"maybe 07700 900321",
		"sam dot lee at yahoo dot com if i remember right",
		"it's probably tina@gmail.com",
	} {
		c := coachAt(t, "contact")
		c.say(text)
		st := c.runtime()
		if st.FactValues["contact_email"] != "" || st.FactValues["contact_phone"] != "" || st.LastPromptedNode != "contact-1" {
			t.Errorf("%q: stored %v, prompted %q; want asked again", text, st.FactValues, st.LastPromptedNode)
		}
	}
	c := coachAt(t, "booking")
	c.say("training session friday i think")
	if c.runtime().FactValues["booking_date"] == "" {
		t.Errorf("a softened day should still book")
	}
}

// TestALevelFramedAfterTheTargetIsTheBaseline (coach28): "<verb> X, at Y"
// and the other level frames after a target ("i'm at", "up to", "now at",
// "right now") are where the user stands; "rn" opening such an answer is
// the verb run typed without its vowel; two present levels and no target
// are asked, never read as a target by elimination.
func TestALevelFramedAfterTheTargetIsTheBaseline(t *testing.T) {
	for _, tt := range []struct{ text, target, baseline string }{
		{"rn 10 km, at 4 km", "10 km", "4 km"},
		{"rn 21 km, i'm at 12 km", "21 km", "12 km"},
		{"run 10 km, up to 4 km", "10 km", "4 km"},
		{"paddle 8 km, i'm up to 3 km", "8 km", "3 km"},
		{"hike 20 km, now at 9 km", "20 km", "9 km"},
		{"row 5 km, right now 2 km", "5 km", "2 km"},
		{"get up to 10 km, at 4 km", "10 km", "4 km"},
		// Two present levels: asked.
		{"currently 10 km, at 4 km", "", ""},
		{"right now 80 kg, i'm at 70 kg", "", ""},
		// "rn" alone before a number is still "right now".
		{"rn 185", "", ""},
	} {
		c := coachAtGoal(t)
		c.say(tt.text)
		v := c.runtime().FactValues
		if v["goal_target"] != tt.target || v["goal_baseline"] != tt.baseline {
			t.Errorf("%q: target %q baseline %q, want %q %q", tt.text, v["goal_target"], v["goal_baseline"], tt.target, tt.baseline)
		}
	}
}

// TestAnAscentIsNoDistance (coach28): metres said as a height climbed
// ("skin up 1000 m", "1200 m of vert", "climb 800 m") measure no weight,
// distance or time of the goal: nothing is stored and the goal is asked
// again. A distance beside a climb is still read.
func TestAnAscentIsNoDistance(t *testing.T) {
	for _, tt := range []struct{ text, target, baseline string }{
		{"skin up 1000 m without stopping", "", ""},
		{"climb 800 m, at 500 m", "", ""},
		{"1200 m of vert in a day", "", ""},
		{"hike up 900 m, currently 600 m", "", ""},
		{"hike 20 km with 1000 m of climbing, at 12 km", "20 km", "12 km"},
		{"swim 1500 m, at 800 m", "1500 m", "800 m"},
	} {
		c := coachAtGoal(t)
		c.say(tt.text)
		v := c.runtime().FactValues
		if v["goal_target"] != tt.target || v["goal_baseline"] != tt.baseline {
			t.Errorf("%q: target %q baseline %q, want %q %q", tt.text, v["goal_target"], v["goal_baseline"], tt.target, tt.baseline)
		}
	}
}

// TestAPersonWithAPurposeHandsOff (coach28): a person asked for with a
// purpose clause hands off at any of the coach's questions.
func TestAPersonWithAPurposeHandsOff(t *testing.T) {
	for _, tt := range []struct{ stage, text string }{
		{"booking", "i want a person to set this up"},
		{"goal", "i need someone to talk to"},
		{"contact", "can i get a human to set it up for me"},
	} {
		c := coachAt(t, tt.stage)
		d := c.say(tt.text)
		handed := false
		for _, e := range d.Events {
			handed = handed || e.Type == "handoff"
		}
		if !handed {
			t.Errorf("%s %q: no handoff, events %v", tt.stage, tt.text, d.Events)
		}
	}
}
