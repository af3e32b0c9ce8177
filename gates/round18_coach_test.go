package gates

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestRound18GoalClasses (round 18's coach classes, in phrasings of their
// own): the level said as what got or keeps the user there; a reason said
// around a level frame; the goal's activity set against another by a
// contrast; now-words of more languages; a reach phrase not accounted for
// is asked again, never read with its roles swapped.
func TestRound18GoalClasses(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"squat 130 kg, lifting kegs got me to 105 kg", "130 kg", "105 kg"},
		{"run 5 km, chasing toddlers gets me to 2 km", "5 km", "2 km"},
		{"bench 110 kg, farm work has got me to 90 kg", "110 kg", "90 kg"},
		{"run 12 km, the dog walks keep me at 6 km", "", ""}, // the walks: another activity
		{"run 12 km, the school run keeps me at 6 km", "12 km", "6 km"},
		{"deadlift 140 kg, clay bags keep me at 110 kg", "140 kg", "110 kg"},
		{"squat 100 kg, knee is better so at 80 kg", "100 kg", "80 kg"},
		{"deadlift 200 kg, hauling speaker stacks at 160 kg", "200 kg", "160 kg"},
		{"run 10 km, at 5 km walking the moor", "10 km", "5 km"},
		{"swim 2 km, at 1 km training with the club", "2 km", "1 km"},
		{"run 20 km, i walk sites but run 10 km", "20 km", "10 km"},
		{"swim 3 km, i cycle to work but swim 1 km", "3 km", "1 km"},
		{"bench 100 kg, мүнөө 75 kg", "100 kg", "75 kg"},
		// CLDR's "now" (nlu/cldr/now_words.txt): Venetian, Kazakh, Kyrgyz, Tajik
		{"deadlift 150 kg, deso 120 kg", "150 kg", "120 kg"},
		{"squat 120 kg, қазір 90 kg", "120 kg", "90 kg"},
		{"run 8 km, азыр 3 km", "8 km", "3 km"},
		{"bench 90 kg, ҳозир 70 kg", "90 kg", "70 kg"},
		{"deadlift 150 kg, noe 120 kg", "150 kg", "120 kg"}, // Limburgish, sourced in levels.txt
		// roles not accounted for: asked again, never swapped
		{"squat 130 kg, lifting kegs never got me to 105 kg", "", ""},
		{"squat 130 kg, kegs got me to 105 kg last year", "", ""},
		{"squat 130 kg, i was at 105 kg before my injury", "", ""},
		{"swim 3 km, i run 10 km now", "3 km", ""},
		{"lift 50 kg, used to be on 6 kg", "", ""},
		{"squat 120 kg, want to be at 100 kg", "", ""},
	})
}

// TestReachPhraseNeverSwapped: "ACT T U, R V me P L U" with a reach phrase
// (V me P) and a reason R is the target T and the level L, or nothing;
// never L as the target.
func TestReachPhraseNeverSwapped(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		lift := rapid.SampledFrom([]string{"squat", "bench", "deadlift", "run", "swim"}).Draw(rt, "lift")
		unit := rapid.SampledFrom([]string{"kg", "km", "lb", "mi"}).Draw(rt, "unit")
		target := rapid.IntRange(50, 300).Draw(rt, "target")
		level := rapid.IntRange(5, 49).Draw(rt, "level")
		reason := rapid.SampledFrom([]string{"", "lifting kegs ", "work ", "chasing the kids ", "my job ", "this plan will ", "i hope it ", "not ", "my old coach "}).Draw(rt, "reason")
		verb := rapid.SampledFrom([]string{"got", "gets", "keeps", "kept", "has got", "brought", "took"}).Draw(rt, "verb")
		prep := rapid.SampledFrom([]string{"to", "at", "up to", "around"}).Draw(rt, "prep")
		tail := rapid.SampledFrom([]string{"", " now", " lately", " walking the dog", " last year", " by june"}).Draw(rt, "tail")
		text := fmt.Sprintf("%s %d %s, %s%s me %s %d %s%s", lift, target, unit, reason, verb, prep, level, unit, tail)
		got := goalOf(t, text)
		right := [2]string{fmt.Sprintf("%d %s", target, unit), fmt.Sprintf("%d %s", level, unit)}
		if got[0] == right[1] || got[1] == right[0] {
			t.Fatalf("%q: roles swapped: %q", text, got)
		}
		if got[1] != "" && got != right {
			t.Fatalf("%q: %q", text, got)
		}
	})
}

// TestReasonAroundLevelRightOrAsked: a level frame with a reason before it
// or a participle phrase after it, in either clause order of the reason,
// gives the right roles or none.
func TestReasonAroundLevelRightOrAsked(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		unit := rapid.SampledFrom([]string{"kg", "km"}).Draw(rt, "unit")
		target := rapid.IntRange(50, 300).Draw(rt, "target")
		level := rapid.IntRange(5, 49).Draw(rt, "level")
		reason := rapid.SampledFrom([]string{"hauling crates", "knee is better so", "work keeps it", "was", "want to be", "my wife is", "used to be"}).Draw(rt, "reason")
		frame := rapid.SampledFrom([]string{"at", "on", "stuck at"}).Draw(rt, "frame")
		after := rapid.SampledFrom([]string{"", " walking the moor", " carrying boxes", " before", " next year"}).Draw(rt, "after")
		text := fmt.Sprintf("lift %d %s, %s %s %d %s%s", target, unit, reason, frame, level, unit, after)
		got := goalOf(t, text)
		right := [2]string{fmt.Sprintf("%d %s", target, unit), fmt.Sprintf("%d %s", level, unit)}
		if got[1] != "" && got != right {
			t.Fatalf("%q: %q", text, got)
		}
		if strings.Contains(reason, "was") || strings.Contains(reason, "used") || strings.Contains(reason, "wife") || strings.Contains(reason, "want") {
			if got[1] == right[1] {
				t.Fatalf("%q: a level not the user's present one read: %q", text, got)
			}
		}
	})
}

// TestRound18ContactLocalPartWhole: a word of an address's local part
// ("old", "no", "ex") is no remark of the user's: the address is stored
// whole; a quoted or garbled local part is asked again.
func TestRound18ContactLocalPartWhole(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"old.spines@bindery.org", "old.spines@bindery.org"},
		{"no.reply+coach@mail.co.uk", "no.reply+coach@mail.co.uk"},
		{"ex.wife@x.org is my work one", "ex.wife@x.org"},
		{"my old email was old@x.org, the new one is new.one@x.org", "new.one@x.org"},
		{`"jo doe"@x.org`, ""},
		{"a..b@x.org", ""},
	} {
		c := newConversation(t, demoEngine(t, nil))
		c.say("hi")
		c.say("ok")
		c.say("bench 100 kg, currently 80 kg")
		c.say(tt.text)
		if got := c.runtime().FactValues["contact_email"]; got != tt.want {
			t.Errorf("%q: %q, want %q", tt.text, got, tt.want)
		}
	}
}
