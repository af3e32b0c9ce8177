package gates

import (
	"strings"
	"testing"
)

// Issue 38 item 6: the goal's two quantities in the forms people type (from
// and to with an arrow, a slash in the question's order, numbers said as
// weights are said aloud, a baseline said with "I'm at" or "rn", a unit
// mistyped next to its number), taken whole or not at all.
func TestGoalPairsTakenWholeOrNotAtAll(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		// From and to with an arrow.
		{"bench 100 kg -> 120 kg", "120 kg", "100 kg"},
		{"squat 140kg → 160kg", "160 kg", "140 kg"},
		{"200 lb => 250 lb deadlift", "250 lb", "200 lb"},
		{"5k: 28 min --> 24 min", "24 min", "28 min"},
		{"deadlift 100 -> 140 kg", "140 kg", "100 kg"},
		// A slash answers in the question's order (target, then where the
		// user is now); other numbers or no units leave it unread.
		{"100kg/80kg", "100 kg", "80 kg"},
		{"bench 120 kg / 95 kg", "120 kg", "95 kg"},
		{"squat 180/150 lbs", "180 lb", "150 lb"},
		{"10 km / 4 km", "10 km", "4 km"},
		{"100/80", "", ""},
		{"100 kg/80 lb", "", ""},
		// Numbers said aloud as weights are: the hundreds, then the rest.
		{"i want to squat two hundred pounds and right now im at one fifty", "200 lb", "150 lb"},
		{"bench two twenty five pounds currently one eighty five", "225 lb", "185 lb"},
		{"deadlift three fifteen pounds, right now two seventy", "315 lb", "270 lb"},
		{"goal is one forty kilos currently one twenty", "140 kg", "120 kg"},
		// Where the user stands said with "I'm at", "I'm around", "rn", "atm".
		{"I told you. 300 lbs bench. I'm at 245.", "300 lb", "245 lb"},
		{"150 kg deadlift eventually, I'm around 120 kg now", "150 kg", "120 kg"},
		{"wanna bench 225 lbs rn 185", "225 lb", "185 lb"},
		{"squat 140 kg, atm 110", "140 kg", "110 kg"},
		{"I'm stuck at 60 kg on bench, 80 kg would be great", "80 kg", "60 kg"},
		// A unit mistyped next to its number, mended only to the unit the
		// message says at the other number.
		{"deadlift 140 kf, currently 120 kg", "140 kg", "120 kg"},
		{"bench 100 kgs, currently 80 kh", "100 kg", "80 kg"},
		{"squat 300 lbz, currently 250 lbs", "300 lb", "250 lb"},
		{"deadlift 140 kf", "", ""},
		// A cue said after its quantity, at the end of its clause.
		{"squat: 90 kg now, 110 kg goal", "110 kg", "90 kg"},
		{"100 kg is my goal, currently 85 kg", "100 kg", "85 kg"},
		{"120 kg target, 100 kg currently", "120 kg", "100 kg"},
		{"90 kg is where I am, 110 kg the goal", "110 kg", "90 kg"},
		{"200 lbs would be my goal; 170 lbs right now", "200 lb", "170 lb"},
		// Whole or nothing: a number left unplaced leaves both unread.
		{"deadlift 140 xyz, currently 120 kg", "", ""},
		{"I weigh 80 kg", "", "80 kg"},
		{"squat 150 kg, train 3 times a week", "150 kg", ""},
	})
}

// TestAskedOrderFromThePrompt: the order a slash pair answers in is the order
// the node's prompt names its facts' cues, and none when a prompt names one
// by none of its cues.
func TestAskedOrderFromThePrompt(t *testing.T) {
	n := &Node{Extract: []Extractor{
		{Kind: ExtractNumber, Fact: "target", Cues: []string{"aiming for", "goal"}},
		{Kind: ExtractNumber, Fact: "baseline", Cues: []string{"currently", "now at"}},
	}}
	for _, tt := range []struct {
		prompts []string
		want    string
	}{
		{[]string{"What are you aiming for, and where are you now? e.g. 300 lbs, currently 225"}, "target baseline"},
		{[]string{"Where are you currently, and what's your goal?"}, "baseline target"},
		{[]string{"What are you aiming for?"}, ""},
		{[]string{"Goal and where you're now at?", "Where are you currently, and your goal?"}, ""},
	} {
		n.Prompts.Variants = tt.prompts
		var got []string
		for _, x := range askedOrder(n) {
			got = append(got, x.Fact)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%q: order %q, want %q", tt.prompts, got, tt.want)
		}
	}
}

// TestOneEdit: the unit mender's edit distance.
func TestOneEdit(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"kf", "kg", true}, {"gk", "kg", true}, {"kgg", "kg", true}, {"k", "kg", true},
		{"kg", "kg", false}, {"lbs", "kg", false}, {"ab", "kg", false}, {"lsb", "lbs", true},
	} {
		if got := oneEdit(tt.a, tt.b); got != tt.want {
			t.Errorf("oneEdit(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestHedgedBookingAndDarijaWeekdays: a hedged proposal ("maybe a zoom on
// Thursday?") chooses its kind as a plain one does, and Darija's weekdays in
// Arabic script after "نهار" are read as the Latin-script ones are.
func TestHedgedBookingAndDarijaWeekdays(t *testing.T) {
	for _, tt := range []struct{ text, date, kind string }{
		{"maybe a zoom on Thursday next week?", "2026-01-08", "intro call"},
		{"perhaps a training session on Monday?", "2026-01-05", "training session"},
		{"possibly a quick call tomorrow?", "2026-01-02", "intro call"},
		{"quizás una llamada el martes?", "2026-01-06", "intro call"},
		{"حصة نهار الثلاث", "2026-01-06", "training session"},
		{"حصة نهار التلات", "2026-01-06", "training session"},
		{"تمرين نهار لاربع", "2026-01-07", "training session"},
		{"how long is a zoom call?", "", ""},
	} {
		c := newConversation(t, demoEngine(t, nil))
		for _, u := range []string{"hi", "good", "bench 100 kg, currently 80 kg", "sam@example.com", tt.text} {
			c.say(u)
		}
		v := c.runtime().FactValues
		if v["booking_date"] != tt.date || v["booking_type"] != tt.kind {
			t.Errorf("%q: date %q kind %q, want %q %q", tt.text, v["booking_date"], v["booking_type"], tt.date, tt.kind)
		}
	}
}

// goalAnswer is an answer at the coach's goal question and the target and
// baseline it stores ("": none).
type goalAnswer struct{ text, target, baseline string }

// checkGoalAnswers says each answer at the coach's goal question, in a
// conversation of its own, and checks the target and baseline it stores.
func checkGoalAnswers(t *testing.T, answers []goalAnswer) {
	t.Helper()
	for _, tt := range answers {
		c := newConversation(t, demoEngine(t, nil))
		c.say("hi")
		c.say("ok")
		c.say(tt.text)
		v := c.runtime().FactValues
		if v["goal_target"] != tt.target || v["goal_baseline"] != tt.baseline {
			t.Errorf("%q: target %q baseline %q, want %q %q", tt.text, v["goal_target"], v["goal_baseline"], tt.target, tt.baseline)
		}
	}
}
