package gates

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// Issue 38 round 17: the coach's present level marked by "now",
// "currently", "at the moment" or "these days" of more languages
// (levels.txt now), in scripts whose words hold combining marks or split at
// a tsheg, and a present level corrected inside the goal answer ("well 5.5
// km": levels.txt correct), the last value said standing.
func TestWorldNowWords(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"squat 120 kg, ད་ལྟ་ 100 kg", "120 kg", "100 kg"},
		{"run 5 mi, yana 3 mi", "5 mi", "3 mi"},
		{"run 10 km, hozir 6 km", "10 km", "6 km"},
		{"run 10 km, अभी 6 km", "10 km", "6 km"},
		{"bench 100 kg, अहिले 80 kg", "100 kg", "80 kg"},
		{"run 10 km, bây giờ 6 km", "10 km", "6 km"},
		{"run 10 km, sisan 6 km", "10 km", "6 km"},
		{"deadlift 180 kg, tura 150 kg", "180 kg", "150 kg"},
		{"run 10 km, 지금 6 km", "10 km", "6 km"},
		{"run 10 km, asteure 6 km", "10 km", "6 km"},
		{"bench 90 kg, saiki 70 kg", "90 kg", "70 kg"},
		{"squat 140 kg, ayeuna 110 kg", "140 kg", "110 kg"},
		{"bench 100 kg, хәзер 80 kg", "100 kg", "80 kg"},
		{"bench 100 kg, ახლა 80 kg", "100 kg", "80 kg"},
		{"run 21 km, hoy en día 10 km", "21 km", "10 km"},
		{"run 21 km, bu aralar 10 km", "21 km", "10 km"},
	})
}

func TestCorrectedLevel(t *testing.T) {
	checkGoalAnswers(t, []goalAnswer{
		{"run 8 km, at 5 km, well 5.5 km", "8 km", "5.5 km"},
		{"run 8 km, at 5 km, well 5.5 km, actually 6 km", "8 km", "6 km"},
		{"bench 100 kg, currently 80 kg, make that 85 kg", "100 kg", "85 kg"},
		{"bench 100 kg, at 80 kg, or rather 85", "100 kg", "85 kg"},
		{"bench 100 kg, ahora 80 kg, mejor dicho 85 kg", "100 kg", "85 kg"},
		{"squat 120 kg, maintenant 90 kg, enfin 95 kg", "120 kg", "95 kg"},
		{"squat 120 kg, jetzt 90 kg, eigentlich 95 kg", "120 kg", "95 kg"},
		// Two numbers in the correction: no reading of it.
		{"run 8 km, at 5 km, well 5 or 6 km", "", ""},
	})
}

// A now-word of any language before the present level reads that level or
// none, never another number; a correction after it moves it to the
// correction's number or reads none.
func TestWorldNowProperty(t *testing.T) {
	nows := []string{"ད་ལྟ་", "yana", "hozir", "अभी", "bây giờ", "sisan", "tura", "지금", "asteure", "saiki", "хәзер", "ახლა", "bu aralar", "terô", "ئێستا", "ตอนนี้"}
	fixes := []string{"", "well", "actually", "make that", "or rather", "i mean", "en realidad", "eigentlich", "anzi", "yani"}
	units := []string{"kg", "km", "mi"}
	rapid.Check(t, func(rt *rapid.T) {
		unit := rapid.SampledFrom(units).Draw(rt, "unit")
		target := rapid.IntRange(50, 300).Draw(rt, "target")
		level := rapid.IntRange(10, 300).Filter(func(n int) bool { return n != target }).Draw(rt, "level")
		text := fmt.Sprintf("squat %d %s, %s %d %s", target, unit, rapid.SampledFrom(nows).Draw(rt, "now"), level, unit)
		want := level
		if fix := rapid.SampledFrom(fixes).Draw(rt, "fix"); fix != "" {
			want = rapid.IntRange(10, 300).Filter(func(n int) bool { return n != target }).Draw(rt, "fixed")
			text += fmt.Sprintf(", %s %d %s", fix, want, unit)
		}
		c := newConversation(t, demoEngine(t, nil))
		c.say("hi")
		c.say("ok")
		c.say(text)
		v := c.runtime().FactValues
		if got, ok := v["goal_target"]; ok && got != fmt.Sprintf("%d %s", target, unit) {
			rt.Fatalf("%q: target %q", text, got)
		}
		if got, ok := v["goal_baseline"]; ok && got != fmt.Sprintf("%d %s", want, unit) {
			rt.Fatalf("%q: baseline %q, want %d %s or none", text, got, want, unit)
		}
	})
}
