package nlu

import (
	"strings"
	"testing"
)

// TestWithoutOthersClauses: a clause about someone else's value goes, one of
// the user's own stays, and a message speaking for someone else stays whole.
func TestWithoutOthersClauses(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"my boss flies from Oslo, I'll ask where I leave from", "I'll ask where I leave from"},
		{"my coach's phone is 555 0101", ""},
		{"my physio's email is phys.io@clinic.org", ""},
		{"mon patron part de Nantes, moi je ne sais pas", "moi je ne sais pas"},
		{"mi jefe sale el lunes; yo el martes", "yo el martes"},
		{"they leave Friday. I leave Monday", "I leave Monday"},
		{"my wife and I fly from Denver", "my wife and I fly from Denver"},
		{"my husband wants to deadlift 180 kg, he's at 150 kg", "my husband wants to deadlift 180 kg, he's at 150 kg"},
		{"Friday at 5", "Friday at 5"},
		{"the theme is green", "the theme is green"},
	} {
		if got := strings.TrimSpace(WithoutOthersClauses(c.in)); got != c.want {
			t.Errorf("WithoutOthersClauses(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestWithoutOthersClausesAllocs: a message naming nobody else costs nothing.
func TestWithoutOthersClausesAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("allocations differ under -race")
	}
	if n := testing.AllocsPerRun(100, func() { WithoutOthersClauses("from Lisbon to Paris on Friday, thanks") }); n != 0 {
		t.Errorf("allocs = %v, want 0", n)
	}
}

// TestCityExonyms: every exonym names a city of the gazetteer, and reads as it.
func TestCityExonyms(t *testing.T) {
	for city, names := range cityExonyms {
		if _, ok := cities[city]; !ok {
			t.Errorf("city_exonyms.txt: %q is no city of the gazetteer", city)
		}
		for _, n := range names {
			if got, ok := MatchCityExact(n); !ok || got != city && got != ownNames()[city] { // "Zürich": its own name
				t.Errorf("MatchCityExact(%q) = %q, %v; want %q", n, got, ok, city)
			}
		}
	}
}

// TestOthersValueDirectedIsKept: a message that tells the bot to use someone
// else's value gives it ("send it to my boss, her email is ..."); one that
// says not to use it gives none.
func TestOthersValueDirectedIsKept(t *testing.T) {
	for _, text := range []string{
		"send it to my boss, her email is ana@example.org",
		"you can reach him at +44 20 7946 0000",
		"please forward it to my coach, his address is c@example.org",
		"envoyez-le à mon chef, son email est c@example.org",
	} {
		if got := WithoutOthersClauses(text); got != text {
			t.Errorf("WithoutOthersClauses(%q) = %q, want it whole", text, got)
		}
	}
	for _, text := range []string{
		"my wife's number is 07700 900111 but don't use it",
		"my trainer's email is t@example.org",
	} {
		if got := WithoutOthersClauses(text); got == text {
			t.Errorf("WithoutOthersClauses(%q) kept someone else's value", text)
		}
	}
}
