package flows

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
)

// TestAddressAfterAnswer (issue 38, round 25's class, helper world26): an
// answer followed by a term of address or a pragmatic particle of the
// regional Englishes and creoles ("tomorrow b'y", "friday self", "ouais,
// cher") is the answer, at a date, a place and a confirmation; a particle
// named like a particle is read as written.
func TestAddressAfterAnswer(t *testing.T) {
	booking := demo(t)
	today := nlu.Date{Year: 2031, Month: 9, Day: 10} // a Wednesday
	for _, tc := range []struct{ answer, want string }{
		{"tomorrow b'y", "2031-09-11"}, // Newfoundland
		{"friday self", "2031-09-12"},  // Trinidad's emphatic "self"
		{"the 20th my son", "2031-09-20"},
		{"tomorrow lah", "2031-09-11"}, // Singapore
		{"next monday, cheers bro", "2031-09-15"},
		{"tomorrow, tanks eh", "2031-09-11"},
		{"sogot, mauliate", "2031-09-11"}, // Batak Toba, with its thanks
		{"mariye, denki", "2031-09-11"},   // Pennsylvania Dutch
		{"morgen fröh", "2031-09-11"},     // Low German, tomorrow early
	} {
		slots := playTexts(t, booking, today, "I need a flight from Denver to Chicago", tc.answer)
		if got := slots["departure_date"]; (got == nil) != (tc.want == "") || got != nil && format(got) != tc.want {
			t.Errorf("departure_date at %q = %v, want %q (slots %v)", tc.answer, got, tc.want, slots)
		}
	}
	for _, tc := range []struct{ answer, want string }{
		{"Boston, cheers bro", "Boston"},
		{"denver my love", "Denver"},
		{"boston, thanks b'y", "Boston"},
	} {
		slots := playTexts(t, booking, today, "I need a flight", tc.answer)
		if got := slots["origin"]; got == nil || format(got) != tc.want {
			t.Errorf("origin at %q = %v, want %s (slots %v)", tc.answer, got, tc.want, slots)
		}
	}
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, outcome string }{
		{"yes boy", "completed"},
		{"ouais, cher", "completed"},
		{"sure hun", "completed"},
		{"yes b'y", "completed"},
		{"no b'y", "cancelled"},
	} {
		if _, got := confirmHotel(t, hotel, c.text); got != c.outcome {
			t.Errorf("confirmation %q: outcome %q, want %q", c.text, got, c.outcome)
		}
	}
}
