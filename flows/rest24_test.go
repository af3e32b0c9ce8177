package flows

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
)

// playNightsFrom answers the hotel's nights question after the check-in
// "Nov 27" (Monday 2028-11-27), sent on Wednesday 22 November: the nights
// stored, nil for none.
func playNightsFrom(t *testing.T, hotel *Engine, text string) any {
	return playTexts(t, hotel, nlu.Date{Year: 2028, Month: 11, Day: 22}, "I'd like to book a room in Lisbon", "Tagus View", "Nov 27", text)["nights"]
}

// Nights by the day of leaving (rest24 class 1): the day after a stay_end
// cue, before a focus word or a courtesy tail, or moved a day from a date,
// gives the nights from the check-in; the check-in's own weekday (the day
// itself, or a week on?) and a day before the check-in ask (round 25).
func TestRest24NightsByLeavingDay(t *testing.T) {
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		text string
		want any
	}{
		{"till wednesday for us", 2},
		{"until thursday morning only", 3},
		{"till friday only", 4},
		{"till saturday, thanks", 5},
		{"through to friday", 4},
		{"thru to saturday", 5},
		{"checking out thursday", 3},
		{"till monday", nil},               // the check-in's own weekday: asked (round 25)
		{"until monday morning only", nil}, // the same
		{"through to the day after the 29th", 3},
		{"until the day before the 30th", 2},
		{"till the 26th", nil},                // before the check-in
		{"till sunday the 26th", nil},         // before the check-in
		{"until the day after the 25th", nil}, // before the check-in
		{"till tuesday only maybe", nil},      // unsure
	} {
		if got := playNightsFrom(t, hotel, c.text); got != c.want && !(got != nil && c.want != nil && format(got) == format(c.want)) {
			t.Errorf("nights at %q = %v, want %v", c.text, got, c.want)
		}
	}
}

// A word with digits that names a form, a model or a flight is no day
// (rest24 class 2): the date before its clause is stored; a place frame
// before a town only the airport list holds is read away (class 3).
func TestRest24FormsAndFrames(t *testing.T) {
	booking, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	today := nlu.Date{Year: 2028, Month: 11, Day: 22}
	for _, c := range []struct{ slot, text, want string }{
		{"departure_date", "the 5th, before the w-2s arrive", "2028-12-05"},
		{"departure_date", "the 7th, after my i-9 appointment", "2028-12-07"},
		{"departure_date", "the 9th, before the 1099s go out", "2028-12-09"},
		{"destination", "somewhere called palm springs", "Palm Springs"},
		{"destination", "a town named walla walla", "Walla Walla"},
		{"destination", "a town called mobile", ""}, // an English word: with its state only
	} {
		texts := []string{"I want to book a flight", "New York", c.text}
		if c.slot == "departure_date" {
			texts = []string{"I want to book a flight", "New York", "Los Angeles", c.text}
		}
		got := ""
		if v := playTexts(t, booking, today, texts...)[c.slot]; v != nil {
			got = format(v)
		}
		if got != c.want {
			t.Errorf("%s at %q = %q, want %q", c.slot, c.text, got, c.want)
		}
	}
}
