package gates

import (
	"fmt"
	"testing"
	"unicode"
	"unicode/utf8"

	"pgregory.net/rapid"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/nlu/cldr"
)

// TestRound15GoalClasses (round 15's coach classes, in phrasings of their
// own): a hedge over the level said after it; a now-word the lexicons hold
// only inside another language's phrase; the goal's activity said again
// beside another activity's number; the level declared unknown in words.
func TestRound15GoalClasses(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"swim 4 km, now 2 km, well maybe 2", "4 km", "2 km"},
		{"swim 4 km, now 2 km, well maybe 3", "4 km", "3 km"},
		{"squat 140 kg, at 110 kg now, perhaps 115", "140 kg", "115 kg"},
		{"squat 140 kg, at 110 kg now, 115 maybe", "140 kg", "115 kg"},
		{"squat 140 kg, at 110 kg now, maybe 115 or 120", "", ""},
		{"squat 140 kg, at 110 kg now, or 115", "", ""},
		{"squat 140 kg, at 110 kg now, maybe 115 tomorrow", "", ""},
		{"squat 120 kg, ita 95 kg", "120 kg", "95 kg"},
		{"run 21 km, i cycle 40 a week but only run 12 km", "21 km", "12 km"},
		{"swim 3 km, i run 10 km now", "3 km", ""},
		{"bench 100 kg, squat 120 kg now", "100 kg", ""},
		{"run 15 km, run 8 km", "", ""},
		{"swim 3 km, no idea where i'm at", "3 km", ""},
		{"deadlift 180 kg, not sure what my max is", "180 kg", ""},
		{"row 5 km, never timed it", "5 km", ""},
		{"bench 90 kg, menos 70 kg", "", ""},
	})
}

// TestLevelHedgeRightOrAbsent: "TARGET, now LEVEL, H N" with H a hedge gives
// the target and N (the last value said) or nothing, never the level N
// replaced nor the target moved.
func TestLevelHedgeRightOrAbsent(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		target := rapid.IntRange(50, 300).Draw(rt, "target")
		level := rapid.IntRange(5, 49).Draw(rt, "level")
		last := rapid.IntRange(5, 49).Draw(rt, "last")
		unit := rapid.SampledFrom([]string{"kg", "km", "mi"}).Draw(rt, "unit")
		hedge := rapid.SampledFrom([]string{"well maybe %d", "maybe %d", "%d perhaps", "probably %d", "i guess %d " + unit}).Draw(rt, "hedge")
		text := fmt.Sprintf("lift %d %s, now %d %s, "+hedge, target, unit, level, unit, last)
		got := goalOf(t, text)
		right := [2]string{fmt.Sprintf("%d %s", target, unit), fmt.Sprintf("%d %s", last, unit)}
		if got != right && got != [2]string{} {
			t.Fatalf("%q: %q", text, got)
		}
	})
}

// TestOtherActivityNeverTheLevel: a number said with another activity than
// the goal's is never stored.
func TestOtherActivityNeverTheLevel(t *testing.T) {
	acts := []string{"run", "swim", "walk", "cycle", "row"}
	rapid.Check(t, func(rt *rapid.T) {
		goal := rapid.SampledFrom(acts).Draw(rt, "goal")
		other := rapid.SampledFrom(acts).Draw(rt, "other")
		target := rapid.IntRange(20, 90).Draw(rt, "target")
		n := rapid.IntRange(5, 19).Draw(rt, "n")
		text := fmt.Sprintf("%s %d km, i %s %d km now", goal, target, other, n)
		got := goalOf(t, text)
		if goal != other && got[1] != "" {
			t.Fatalf("%q: level %q of another activity", text, got[1])
		}
	})
}

// TestCLDRNowWordsUnplaced: CLDR's relative "now" of every locale, a word of
// a language a reader may not list, is placed (never a level's unknown
// now-word) only when it has a meaning of its own here: an English word, a
// joiner, a word a reader reads alone; a word the lexicons hold only inside
// another language's phrase ("agora", "jetzt" of "not now" in other words)
// is not, as the Ilocano "ita" of Latin "ita vero" is not.
func TestCLDRNowWordsUnplaced(t *testing.T) {
	inPhrasesOnly := 0
	for _, p := range nlu.WordLists(cldr.NowWords)["now"] {
		w := p[0]
		if len(p) != 1 || utf8.RuneCountInString(w) <= 2 || !unicode.Is(unicode.Latin, []rune(w)[0]) {
			continue
		}
		if nlu.IsLexiconWord(w) && !nlu.IsLexiconWordAlone(w) {
			inPhrasesOnly++
			if placed(w) && !englishOrCompound(w) && !nlu.HoldsPhrase([]string{w}, levelWords["joiner"]) {
				t.Errorf("%q: held only inside phrases, yet placed", w)
			}
		}
	}
	if inPhrasesOnly == 0 {
		t.Fatal("no CLDR now-word inside another language's phrase: the check checks nothing")
	}
}
