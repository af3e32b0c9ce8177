package nlu

import (
	"testing"
	"time"
)

// The reason after an answer (round 21): split at the first comma when the
// clause may be a reason, and read for values of each kind.
func TestReasonAfterAnswer(t *testing.T) {
	for _, c := range []struct {
		text, head, clause string
		ok                 bool
	}{
		{"yellowknife, the ice road just closed", "yellowknife", "the ice road just closed", true},
		{"april 1st, and no, it's not a prank", "april 1st", "and no, it's not a prank", true},
		{"tuesday, after the easter services", "tuesday", "after the easter services", true},
		{"friday, no, saturday", "", "", false},                       // a correction
		{"friday, wait, make it monday", "", "", false},               // a change of mind
		{"friday, is that ok?", "", "", false},                        // a question
		{"friday, thanks", "", "", false},                             // one word
		{"a flight out of the big city, the ice road", "", "", false}, // a long head
		{"yellowknife", "", "", false},
	} {
		h, cl, ok := ReasonAfterAnswer(c.text)
		if h != c.head || cl != c.clause || ok != c.ok {
			t.Errorf("ReasonAfterAnswer(%q) = %q, %q, %v; want %q, %q, %v", c.text, h, cl, ok, c.head, c.clause, c.ok)
		}
	}
}

func TestReasonNamesKinds(t *testing.T) {
	for _, c := range []struct {
		clause            string
		day, count, place bool
	}{
		{"the ice road just closed", false, false, false},
		{"after the easter services", false, false, false}, // a holiday's name before its noun
		{"the easter crowds", false, false, false},
		{"after easter", true, false, false},
		{"the kids go back friday", true, false, false},
		{"my cousin's wedding on the 3rd", true, true, false},
		{"a treat after a month of tuning", true, true, false},
		{"the kids have three days off", true, true, false},
		{"the flights from chicago are cheaper", false, false, true},
	} {
		if got := ReasonNamesDay(c.clause); got != c.day {
			t.Errorf("ReasonNamesDay(%q) = %v", c.clause, got)
		}
		if got := ReasonNamesCount(c.clause); got != c.count {
			t.Errorf("ReasonNamesCount(%q) = %v", c.clause, got)
		}
		if got := ReasonNamesPlace(c.clause); got != c.place {
			t.Errorf("ReasonNamesPlace(%q) = %v", c.clause, got)
		}
	}
}

// A count of units before "of" and a word measures what follows: a
// duration, no day counted from today ("after a month of tuning").
func TestSpanOfSomethingIsNoDate(t *testing.T) {
	now := time.Date(2029, 3, 28, 14, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"after a month of tuning", false},
		{"in two weeks of rain", false},
		{"in a month", true},
		{"after a month", true},
		{"in 3 days", true},
	} {
		if _, ok := FindDate(c.text, now); ok != c.ok {
			t.Errorf("FindDate(%q) ok = %v, want %v", c.text, ok, c.ok)
		}
	}
}

// A three-letter number word with one letter struck on a key beside its
// own, before the unit it counts, is the number; an English word or a
// letter far from the key is not.
func TestShortNumberSlip(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"twp nights", "two nights"},
		{"twi nights", "two nights"},
		{"sox nights", "sox nights"}, // an English word
		{"twp", "twp"},               // no unit after it
		{"twz nights", "twz nights"}, // z is no key beside o
		{"ome night", "one night"},
	} {
		if got := CorrectNumberTypos(c.in); got != c.want {
			t.Errorf("CorrectNumberTypos(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A town of the towns list read only with its apostrophe or hyphen left
// out, while a major city is a letter away, is no reading ("sant antonio":
// San Antonio or Sant'Antonio? asked); typed with its mark, or with no
// major city near, it is the town.
func TestMarkedTownNearMajorCity(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"sant antonio", ""},
		{"sant'antonio", "Sant'Antonio"},
		{"wilkes barre", "Wilkes-Barre"},
	} {
		got, _ := PlainPlace(c.in)
		if got != c.want {
			t.Errorf("PlainPlace(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
