package gates

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestRound19GoalClasses (round 19's coach classes, in phrasings of their
// own): a decimal number is read whole or not at all, never cut at its mark;
// a question about a value after an acknowledgement is no answer; a running
// distance written with a bare "k" is read in km only when a sibling value
// or the activity says so; a present level in words no reader places keeps
// its reading when a thanks follows it.
func TestRound19GoalClasses(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		// decimals whole: a clause, a token, a number run never split at the mark
		{"My goal is to row 5 km, and I currently row 2.5 km.", "5 km", "2.5 km"},
		{"swim 4 km, and i currently swim 1,5 km", "4 km", "1.5 km"},
		{"run 12 km, and at the moment I run 7.25 km", "12 km", "7.25 km"},
		{"bench 100 kg, i currently lift 82.5 kg.", "100 kg", "82.5 kg"},
		{"swim 2 km, currently .5 km", "2 km", "0.5 km"},
		{"swim 2 km, currently done.5 km", "2 km", ""}, // a point glued to a word: asked
		// a question about a value after an acknowledgement: asked again
		{"ok but is 120 kg realistic?", "", ""},
		{"okay but is 10 km too far?", "", ""},
		{"fine but is 200 lb doable?", "", ""},
		// "Nk" as km: a sibling in km, or a run
		{"5k, doing 3 km now", "5 km", "3 km"},
		{"run a 5k", "5 km", ""},
		{"run 10K, currently 6k", "10 km", "6 km"},
		{"10k steps, doing 7 km now", "", "7 km"}, // "10k steps": what the thousand counts
		{"bench 10k", "", ""},
		{"run a 10k race", "", ""},
		{"10k, doing 70 kg now", "", "70 kg"},
		// a thanks after a level in unplaced words
		{"run 21 km, xuvo 9 km, erokamano", "21 km", "9 km"},
		{"squat 120 kg, awor 90 kg, thank you", "120 kg", "90 kg"},
	})
}

// TestDecimalLevelWholeOrAbsent: "ACT T U, and I currently ACT L U" with L a
// decimal written with a point or a comma is the level L or nothing, never
// its whole part nor its decimals alone.
func TestDecimalLevelWholeOrAbsent(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		act := rapid.SampledFrom([]string{"run", "swim", "row", "walk"}).Draw(rt, "act")
		unit := rapid.SampledFrom([]string{"km", "mi"}).Draw(rt, "unit")
		target := rapid.IntRange(10, 60).Draw(rt, "target")
		whole := rapid.IntRange(0, 9).Draw(rt, "whole")
		frac := rapid.IntRange(1, 9).Draw(rt, "frac")
		mark := rapid.SampledFrom([]string{".", ","}).Draw(rt, "mark")
		lead := rapid.SampledFrom([]string{"", "My aim is to ", "i want to "}).Draw(rt, "lead")
		frame := rapid.SampledFrom([]string{"and I currently", "and I can currently", "but right now I", "i"}).Draw(rt, "frame")
		end := rapid.SampledFrom([]string{"", ".", "!"}).Draw(rt, "end")
		text := fmt.Sprintf("%s%s %d %s, %s %s %d%s%d %s%s", lead, act, target, unit, frame, act, whole, mark, frac, unit, end)
		got := goalOf(t, text)
		level := fmt.Sprintf("%d.%d %s", whole, frac, unit)
		if got[1] != "" && got[1] != level {
			t.Fatalf("%q: level %q, want %q or none", text, got[1], level)
		}
		if got[0] != "" && got[0] != fmt.Sprintf("%d %s", target, unit) {
			t.Fatalf("%q: target %q", text, got[0])
		}
	})
}

// TestBareKDistanceRightOrAbsent: a number with a bare "k" is read as km
// or not at all; beside a quantity in another unit it is never km.
func TestBareKDistanceRightOrAbsent(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(3, 50).Draw(rt, "n")
		level := rapid.IntRange(1, 2).Draw(rt, "level")
		lead := rapid.SampledFrom([]string{"", "run ", "run a ", "bench ", "squat "}).Draw(rt, "lead")
		unit := rapid.SampledFrom([]string{"km", "kg", "mi", "lb"}).Draw(rt, "unit")
		after := rapid.SampledFrom([]string{"", " steps", " race", " now"}).Draw(rt, "after")
		text := fmt.Sprintf("%s%dk%s, doing %d %s now", lead, n, after, level, unit)
		got := goalOf(t, text)
		if got[0] == "" {
			return
		}
		if got[0] != fmt.Sprintf("%d km", n) || unit != "km" && strings.HasSuffix(got[0], "km") {
			t.Fatalf("%q: target %q", text, got[0])
		}
		if strings.Contains(after, "steps") || strings.Contains(after, "race") || unit != "km" {
			t.Fatalf("%q: read %q though the k may count something else", text, got[0])
		}
	})
}
