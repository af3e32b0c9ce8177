package flows

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
)

// hotel27Sent is a Monday afternoon in spring (Memorial Day Monday 31 May).
var hotel27Sent = nlu.Date{Year: 2032, Month: 5, Day: 10}

// playHotel27 answers the hotel's question at (check_in or nights, the
// check-in Friday 14 May) with text: the value stored there, "" for none.
func playHotel27(t *testing.T, hotel *Engine, at, text string) string {
	t.Helper()
	texts := []string{"I'd like to book a room", "Lisbon", "Alfama Garden"}
	if at == "nights" {
		texts = append(texts, "May 14")
	}
	slots := playTexts(t, hotel, hotel27Sent, append(texts, text)...)
	if slots[at] == nil {
		return ""
	}
	return format(slots[at])
}

// The nights question answered by the day the stay ends, after a sound of
// hesitation or an interjection and before a courtesy ("hmm, till monday,
// please"), counts from the check-in; a count opened by an unmarked opener
// ("so 2 nigths"), "a couple" before its unit without "of", and a number
// word of four letters with one left out ("fve") are read; what stays
// unsure is asked (round 26, helper hotel27).
func TestHotel27Nights(t *testing.T) {
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want string }{
		{"hmm, till monday, please", "3"},
		{"hmm, checking out tuesday, please", "4"},
		{"oh, until the 20th, thanks", "6"},
		{"erm, till saturday", "1"},
		{"um, leaving sunday", "2"},
		{"ah, out on the 24th, thanks", "10"},
		{"uh, till friday", ""},     // the check-in's own weekday: that day or a week on?
		{"hmm, until the 13th", ""}, // before the check-in
		{"oh, till whenever", ""},   // no day
		{"a couple nights", "2"},
		{"couple nights please", "2"},
		{"a pair nights", "2"},
		{"a couple nights maybe", ""}, // hedged
		{"so 2 nigths, thanks", "2"},
		{"so two nights", "2"},
		{"well a week", "7"},
		{"ah 3 nights", "3"},
		{"so cute", ""},
		{"fve nights", "5"},
		{"fiv nights, thanks", "5"},
		{"nne nights", "9"},
		{"fur nights", ""}, // an English word stays itself
		{"oh, a week, it's our honeymoon, thanks", "7"},
		{"ah, fve nights, thanks", "5"},
	} {
		if got := playHotel27(t, hotel, "nights", c.text); got != c.want {
			t.Errorf("nights at %q = %q, want %q", c.text, got, c.want)
		}
	}
}

// A check-in said as a day of a holiday's weekend before its name ("the
// saturday of memorial day weekend") is that day; a weekday of no such
// weekend, or without "weekend", is asked; "the week of the 24th" is a span,
// never the 24th; a date before a clause of purpose naming a holiday ("the
// 28th, to make a long weekend of memorial day") is the date, the holiday
// its reason, and "to" before a day bounds a range, asked (round 26, helper
// hotel27).
func TestHotel27CheckIn(t *testing.T) {
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want string }{
		{"the saturday of memorial day weekend", "2032-05-29"},
		{"sunday of memorial day weekend", "2032-05-30"},
		{"the friday of memorial day weekend", "2032-05-28"},
		{"the monday of memorial day weekend", "2032-05-31"},
		{"the tuesday of memorial day weekend", ""},
		{"the saturday of memorial day", ""},
		{"the saturday of thanksgiving weekend", ""}, // a Thursday: on no weekend
		{"the week of the 24th", ""},
		{"week of june 7", ""},
		{"the week of the 24th, thanks", ""},
		{"the 24th", "2032-05-24"},
		{"the 28th, to make a long weekend of memorial day", "2032-05-28"},
		{"the 28th, to catch the parade", "2032-05-28"},
		{"the 28th, to the 30th", ""}, // a range, no purpose
		{"the 28th, to june 3", ""},
		{"the 5th, that's my week off", "2032-06-05"},
	} {
		if got := playHotel27(t, hotel, "check_in", c.text); got != c.want {
			t.Errorf("check_in at %q = %q, want %q", c.text, got, c.want)
		}
	}
}

// The search's city question refuses a city its records hold no hotel in,
// as a validator refuses a value (the reply naming the cities there are),
// and the city is asked again; a city it has is searched (helper hotel27).
func TestHotel27CatalogCity(t *testing.T) {
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want string }{
		{"ah, madrid, thanks", ""},
		{"oh, barcelona spain, thanks", ""},
		{"boulder colorado", ""},
		{"lisbon", "Lisbon"},
		{"oh, porto, thanks", "Porto"},
		{"denver colorado", "Denver"},
	} {
		slots := playTexts(t, hotel, hotel27Sent, "I need a hotel", c.text)
		got := ""
		if slots["city"] != nil {
			got = format(slots["city"])
		}
		if got != c.want {
			t.Errorf("city at %q = %q, want %q", c.text, got, c.want)
		}
	}
}
