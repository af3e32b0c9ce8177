package nlu

import (
	"testing"
	"time"
)

func TestIsVagueAnswer(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"whichever is cheapest", true},
		{"any is fine", true},
		{"I don't mind", true},
		{"the five star one", true},
		{"doesn't matter to me", true},
		{"you pick", true},
		{"that one please", true},
		{"Bairro Loft", false},
		{"Five Star Inn", false},
		{"the cheapest one in Alfama", false},
		{"", false},
	} {
		if got := IsVagueAnswer(tc.text); got != tc.want {
			t.Errorf("IsVagueAnswer(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestReadStayEnd(t *testing.T) {
	now := time.Date(2026, 3, 3, 10, 0, 0, 0, time.UTC) // a Tuesday
	checkStayEnds(t, now, []stayEnd{
		{"checking out on the 24th", "2026-03-24"},
		{"until Sunday", "2026-03-08"},
		{"leaving Monday morning", "2026-03-09"},
		{"I'm leaving on the 10th", "2026-03-10"},
		{"we'll stay till friday", "2026-03-06"},
		{"until", ""},
		{"the 24th", ""},
		{"until sometime next week", ""},
		{"my friend is leaving Monday", ""},
	})
	if !SaysStayEnd("we check in Friday and are checking out on the 24th", now) || SaysStayEnd("the 24th", now) {
		t.Error("SaysStayEnd: an end cue before a date says the stay's end, a date alone does not")
	}
}

// stayEnd is an answer at the nights question and the day it ends the stay
// ("": none).
type stayEnd struct{ text, want string }

// checkStayEnds checks the day ReadStayEnd reads from each answer, at now.
func checkStayEnds(t *testing.T, now time.Time, cases []stayEnd) {
	t.Helper()
	for _, tc := range cases {
		got, ok := ReadStayEnd(tc.text, now)
		gotS := ""
		if ok {
			gotS = got.String()
		}
		if gotS != tc.want {
			t.Errorf("ReadStayEnd(%q) = %q, want %q", tc.text, gotS, tc.want)
		}
	}
}

func TestIsCountry(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Portugal", true},
		{"the UK", true},
		{"iceland", true},
		{"United States", true},
		{"España", true},
		{"Lisbon", false},
		{"Singapore", false}, // a city-state is a city
		{"Porto", false},
		{"", false},
	} {
		if got := IsCountry(tc.text); got != tc.want {
			t.Errorf("IsCountry(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
