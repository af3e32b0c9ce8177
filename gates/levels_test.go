package gates

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// Issue 38 item 6: a goal said with where the user stands today, the present
// level marked by a present-time word or a level frame in a clause of its own
// (levels.txt), in the forms people type; a second number without a marker
// stays unread.
func TestPresentLevelClauses(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		// Present-time markers after or before the number.
		{"bench 120kg, at 100 now", "120 kg", "100 kg"},
		{"squat 150 kg, 120 kg these days", "150 kg", "120 kg"},
		{"deadlift 200 kg. 160 kg at the moment", "200 kg", "160 kg"},
		{"bench 70 kg po, 55 kg ngayon", "70 kg", "55 kg"},
		{"squat 100 kg, ahora 80 kg", "100 kg", "80 kg"},
		{"bench 90 kg, maintenant 70 kg", "90 kg", "70 kg"},
		{"deadlift 180 kg, jetzt 150", "180 kg", "150 kg"},
		{"squat 120 kg, sekarang 90 kg", "120 kg", "90 kg"},
		{"bench 100 kg, сейчас 80 kg", "100 kg", "80 kg"},
		{"wantin tae deadlift 180 kg, on 150 the noo", "180 kg", "150 kg"},
		{"reckon 140 kilos on squat, doing 110 at the mo", "140 kg", "110 kg"},
		{"swim 45 min without stopping, now about 20 min", "45 min", "20 min"},
		{"run 10 km, 6 km so far", "10 km", "6 km"},
		{"bench 300 lbs; lately 250", "300 lb", "250 lb"},
		// A mistyped marker, one edit off.
		{"bentch 250 pounds, curently 205", "250 lb", "205 lb"},
		{"squat 140 kg, presntly 120", "140 kg", "120 kg"},
		// Level frames that start a clause.
		{"bench 225 lbs, at 185", "225 lb", "185 lb"},
		{"PR deadlift 500 lbs, sitting at 455", "500 lb", "455 lb"},
		{"ride 100 km in one go, longest so far is 60 km", "100 km", "60 km"},
		{"squat 180 kg, stuck at 150", "180 kg", "150 kg"},
		{"bench 100 kg, my best is 85 kg", "100 kg", "85 kg"},
		{"deadlift 250 kg, pb is 210", "250 kg", "210 kg"},
		{"squat 160 kg, hovering around 130", "160 kg", "130 kg"},
		{"run 21 km, I'm managing 12 km", "21 km", "12 km"},
		// A second number without a marker, or two marked clauses, or a
		// marker in the target's own clause: nothing is guessed.
		{"bench 120 kg, 100 kg", "", ""},
		{"bench 120 kg, 100 kg now, 90 kg today", "", ""},
		{"bench 100 kg", "100 kg", ""},
	})
}

// TestPresentLevelRightOrAbsent: goal answers generated from a target clause
// and a present-level clause (a marker before or after the number, or a level
// frame; the level's unit said or left to the target's), in either order. The
// stored baseline and target are the ones said, or absent; never different.
func TestPresentLevelRightOrAbsent(t *testing.T) {
	units := []string{"kg", "lbs", "km", "min"}
	targets := []string{"bench %s", "I want to squat %s", "goal %s", "deadlift %s", "run %s", "hoping to hit %s"}
	levels := []string{"at %s now", "%s currently", "currently %s", "%s right now", "doing %s at the moment",
		"sitting at %s", "my best is %s", "%s so far", "%s these days", "at %s", "%s ngayon", "on %s the noo", "%s",
		"curently %s", "%s today", "stuck at %s", "I'm at %s"}
	rapid.Check(t, func(rt *rapid.T) {
		unit := rapid.SampledFrom(units).Draw(rt, "unit")
		target := rapid.IntRange(50, 300).Draw(rt, "target")
		level := rapid.IntRange(10, 300).Filter(func(n int) bool { return n != target }).Draw(rt, "level")
		levelUnit := ""
		if rapid.Bool().Draw(rt, "levelUnit") {
			levelUnit = " " + unit
		}
		tt := fmt.Sprintf(rapid.SampledFrom(targets).Draw(rt, "targetFrame"), fmt.Sprintf("%d %s", target, unit))
		lt := fmt.Sprintf(rapid.SampledFrom(levels).Draw(rt, "levelFrame"), fmt.Sprintf("%d%s", level, levelUnit))
		text := tt + ", " + lt
		if rapid.Bool().Draw(rt, "levelFirst") {
			text = lt + ", " + tt
		}
		norm := map[string]string{"kg": "kg", "lbs": "lb", "km": "km", "min": "min"}[unit]
		c := newConversation(t, demoEngine(t, nil))
		c.say("hi")
		c.say("ok")
		c.say(text)
		v := c.runtime().FactValues
		if got, ok := v["goal_target"]; ok && got != fmt.Sprintf("%d %s", target, norm) {
			rt.Fatalf("%q: target %q", text, got)
		}
		if got, ok := v["goal_baseline"]; ok && got != fmt.Sprintf("%d %s", level, norm) {
			rt.Fatalf("%q: baseline %q", text, got)
		}
	})
}
