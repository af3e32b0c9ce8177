package gates

import (
	"bytes"
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// TestRound23GoalMarkers (round 21's coach goal classes, in phrasings of
// their own): the word for "today" of every CLDR locale marks the present
// level as "now" does ("lamuhla", siSwati; "oggi"); a present marker opening
// the answer that is an activity verb with a vowel left out ("rn": "right
// now" or "run") is the verb when another marker follows; two numbers each
// said as the present are asked again, never one taken as the target.
func TestRound23GoalMarkers(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"rn 15 km now 9 km", "15 km", "9 km"},
		{"rn 15 km, at the moment 9 km", "15 km", "9 km"},
		{"rn 15 km, 9 km today", "15 km", "9 km"},
		{"rn 15 km", "", ""},
		{"now 15 km now 9 km", "", ""},
		{"rn 20 km 1 km rn", "", ""}, // a marker before one number and after the other: both are said as now
		{"run 20 km now 15 km", "20 km", "15 km"},
		{"run 20 km, 15 km now", "20 km", "15 km"},
		{"currently 15 km currently 9 km", "", ""},
		{"deadlift 140 kg, lamuhla 120 kg", "140 kg", "120 kg"},
		{"squat 100 kg, oggi 80 kg", "100 kg", "80 kg"},
		{"run 10 km, 5 km lamuhla", "10 km", "5 km"},
		// a correction between two marked numbers keeps the last
		{"bench 100 kg, currently 80 kg, sorry, currently 85 kg", "100 kg", "85 kg"},
	})
}

// TestGoalMarkersRightOrAbsent: a goal said as an activity (maybe typed
// without a vowel), a target, a present marker and the present level, in
// either order of the two clauses (a break between them when the level
// comes first) and in any marker of the lists, stores
// the target and the level said, or nothing: never one for the other.
func TestGoalMarkersRightOrAbsent(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		act := rapid.SampledFrom([]struct{ verb, unit string }{
			{"run", "km"}, {"rn", "km"}, {"swim", "km"}, {"bench", "kg"}, {"squat", "kg"}, {"deadlift", "kg"},
		}).Draw(rt, "act")
		marker := rapid.SampledFrom([]string{"now", "currently", "rn", "today", "lamuhla", "oggi", "at the moment", "right now", "hoy"}).Draw(rt, "marker")
		target := rapid.IntRange(20, 200).Draw(rt, "target")
		level := rapid.IntRange(1, target-1).Draw(rt, "level")
		goal := fmt.Sprintf("%s %d %s", act.verb, target, act.unit)
		var present string
		if rapid.Bool().Draw(rt, "markerFirst") {
			present = fmt.Sprintf("%s %d %s", marker, level, act.unit)
		} else {
			present = fmt.Sprintf("%d %s %s", level, act.unit, marker)
		}
		sep := rapid.SampledFrom([]string{", ", " ", "; "}).Draw(rt, "sep")
		text := goal + sep + present
		if rapid.Bool().Draw(rt, "levelFirst") {
			// The level first, its marker after it, and the goal run on
			// with no break ("1 km currently run 20 km") is left out: which
			// number the marker belongs to is not settled (see the report).
			text = present + rapid.SampledFrom([]string{", ", "; "}).Draw(rt, "break") + goal
		}
		got := goalOf(t, text)
		wantT, wantL := fmt.Sprintf("%d %s", target, act.unit), fmt.Sprintf("%d %s", level, act.unit)
		if got[0] != "" && got[0] != wantT || got[1] != "" && got[1] != wantL {
			rt.Fatalf("%q: target %q baseline %q, want %q %q or none", text, got[0], got[1], wantT, wantL)
		}
	})
}

// localeEngine is the demo coach with "locale" set (none when locale is "").
func localeEngine(t *testing.T, locale string) *Engine {
	t.Helper()
	flow := DemoFlow()
	if locale != "" {
		flow = bytes.Replace(flow, []byte(`"id": "coach",`), []byte(`"id": "coach", "locale": "`+locale+`",`), 1)
	}
	src := newMemSource()
	src.put(DemoFlowID, flow)
	e, err := New(Options{FlowID: DemoFlowID, Source: src})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestRound23BookingClasses: a yearless numeric date whose day and month
// could be either is read in the flow's locale as the flows engine reads
// it, and asked again without one; a relative span with a reason after it
// ("after the easter rush") is the span's day; two kinds joined by "or"
// store no kind. Thursday 1 January 2026.
func TestRound23BookingClasses(t *testing.T) {
	for _, tt := range []struct{ locale, text, date, kind string }{
		{"", "training session 4/3", "", "training session"},
		{"en-US", "training session 4/3", "2026-04-03", "training session"},
		{"en-GB", "training session 4/3", "2026-03-04", "training session"},
		{"", "training session 4/20", "2026-04-20", "training session"},
		{"", "training session in two weeks, after the easter rush", "2026-01-15", "training session"},
		{"", "a call next week, before the christmas party", "", "intro call"},
		{"", "training session after the easter rush", "", "training session"},
		{"", "training session in two weeks, or after easter", "", "training session"},
		{"", "call or session, what do you think?", "", ""},
		{"", "book a call or a session", "", ""},
		{"", "llamada o sesión?", "", ""},
		{"", "appel ou séance", "", ""},
		{"", "book an intro call", "", "intro call"},
	} {
		c := newConversation(t, localeEngine(t, tt.locale))
		for _, u := range []string{"hi", "good", "squat 150 kg, currently at 120 kg", "sam@example.com"} {
			c.say(u)
		}
		c.say(tt.text)
		v := c.runtime().FactValues
		if v["booking_date"] != tt.date || v["booking_type"] != tt.kind {
			t.Errorf("%s %q: date %q type %q, want %q %q", tt.locale, tt.text, v["booking_date"], v["booking_type"], tt.date, tt.kind)
		}
	}
}

// TestFlowLocaleValidated: a locale CLDR gives no date order for is refused
// when the flow is parsed.
func TestFlowLocaleValidated(t *testing.T) {
	flow := bytes.Replace(DemoFlow(), []byte(`"id": "coach",`), []byte(`"id": "coach", "locale": "xx-NOPE",`), 1)
	if _, err := ParseFlow(flow, "coach.json"); err == nil {
		t.Fatal("a flow with locale xx-NOPE was accepted")
	}
	flow = bytes.Replace(DemoFlow(), []byte(`"id": "coach",`), []byte(`"id": "coach", "locale": "en-US",`), 1)
	if _, err := ParseFlow(flow, "coach.json"); err != nil {
		t.Fatal(err)
	}
}
