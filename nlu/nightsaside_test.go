package nlu

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

// nightsAsideNow is round 15's sending time: Wednesday 14 April 2027.
var nightsAsideNow = time.Date(2027, 4, 14, 6, 20, 0, 0, time.UTC)

// TestStayEndCueTypos: a stay_end cue mistyped by a letter added, dropped
// or swapped is the cue where a cue stands before a date; a word changed,
// or no date after it, reads nothing.
func TestStayEndCueTypos(t *testing.T) {
	for text, want := range map[string]string{
		"untill monday":      "2027-04-19",
		"unitl sunday":       "2027-04-18",
		"leavng on the 25th": "2027-04-25",
		"I shall be leaving on Sunday, 25 April.": "2027-04-25",
		"we should be leaving sunday":             "2027-04-18",
		"untill":                                  "",
		"untie monday":                            "",
		"fridge monday":                           "",
		"unit monday":                             "",
		"tll sunday":                              "2027-04-18",
		"thr sunday":                              "2027-04-18",
		"ill sunday":                              "", // the first letter kept: never "till"
		"tl sunday":                               "",
		"tull sunday":                             "", // a letter changed
		"tll":                                     "",
	} {
		d, ok := ReadStayEnd(text, nightsAsideNow)
		if got := map[bool]string{true: d.String()}[ok]; got != want {
			t.Errorf("ReadStayEnd(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestNamesWeekend: a stay said as the weekend, only with its leads.
func TestNamesWeekend(t *testing.T) {
	for text, want := range map[string]bool{
		"just the weekend": true, "only for the weekend": true, "the weekend": true, "le week-end": true,
		"el fin de semana": true, "the weekend after": false, "weekend of the 9th": false, "two nights": false,
	} {
		if got := NamesWeekend(text); got != want {
			t.Errorf("NamesWeekend(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestDateInRelativeClause: a day inside a clause that picks out something
// else anchors it; a clause picking out the trip itself dates the trip.
func TestDateInRelativeClause(t *testing.T) {
	for text, want := range map[string]bool{
		"whichever port we tie up at friday":    true,
		"the port we dock at on friday":         true,
		"wherever the ship is on the 9th":       true,
		"from the harbour where we dock monday": true,
		"a flight we can take friday":           false,
		"whichever flight leaves friday":        false,
		"from boston friday":                    false,
		"i think that we leave friday":          false,
		"the earliest we can go is friday":      false,
		"whichever port we tie up at":           false,
	} {
		if got := DateInRelativeClause(text); got != want {
			t.Errorf("DateInRelativeClause(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestOwnClauseAfterDate: after the answer, a clause with its own noun
// subject and verb is an aside, its day the other thing's; a clause about
// the answer, a question or a pronoun's clause is none.
func TestOwnClauseAfterDate(t *testing.T) {
	for text, want := range map[string]string{
		"friday, the judge adjourned till the 26th": "2027-04-16",
		"the 27th, the furnace is off for repairs":  "2027-04-27",
		"monday, court's not sitting":               "2027-04-19",
		"the 27th, furnace is off":                  "2027-04-27",
		"tuesday, the gym was closed on the 20th":   "2027-04-20",
		"friday, we fly thursday":                   "",
		"the 19th, and is there wifi on the plane?": "",
		"friday, the 16th is fine":                  "2027-04-16",
	} {
		d, ok := ReadDate(text, nightsAsideNow)
		if got := map[bool]string{true: d.String()}[ok]; got != want {
			t.Errorf("ReadDate(%q) = %q, want %q", text, got, want)
		}
	}
	for _, text := range []string{"my journey begins in Oslo, destination is Bergen", "boston, the team is in Austin", "the 19th, and is there wifi"} {
		if at := SideClause(text); at > 0 && ownClauseAtText(text, at) {
			t.Errorf("SideClause(%q) cut a clause about the answer at %d", text, at)
		}
	}
}

// ownClauseAtText reports whether the side clause at byte at of text is an
// own clause.
func ownClauseAtText(text string, at int) bool {
	var buf [48]sideWord
	words := sideWords(text, buf[:0])
	for i, w := range words {
		if w.start == at {
			return ownClauseAt(text, words[i:])
		}
	}
	return false
}

// TestJourneyAside: at a stay's date, a clause of the journey naming its
// own day is the journey's; one naming no day may give the arrival's time.
func TestJourneyAside(t *testing.T) {
	for text, want := range map[string]bool{
		"friday, flying in thursday night":                    true,
		"the 23rd, we land on the 22nd":                       true,
		"Saturday, we land at half past eight in the evening": false,
		"friday, arriving thursday":                           false,
		"friday":                                              false,
	} {
		if got := JourneyAside(text) > 0; got != want {
			t.Errorf("JourneyAside(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestOwnClauseProperty: a date answer then a clause of another thing's
// with its own day reads as the answer or nothing, never the other day.
func TestOwnClauseProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		answer := rapid.SampledFrom([]string{"friday", "monday", "the 27th", "tuesday the 20th", "april 30"}).Draw(t, "answer")
		subject := rapid.SampledFrom([]string{"the judge", "the furnace", "court", "my boss", "the school", "our gym", "the shop"}).Draw(t, "subject")
		verb := rapid.SampledFrom([]string{"is off", "adjourned till", "was closed on", "s not open", "will be shut", "reopened"}).Draw(t, "verb")
		other := rapid.SampledFrom([]string{"", " the 26th", " thursday", " tomorrow", " may 2"}).Draw(t, "other")
		want, ok := ReadDate(answer, nightsAsideNow)
		if !ok {
			t.Fatalf("answer %q unread", answer)
		}
		text := answer + ", " + subject + " " + verb + other
		if got, ok := ReadDate(text, nightsAsideNow); ok && got != want {
			t.Fatalf("ReadDate(%q) = %v, want %v or nothing", text, got, want)
		}
		rel := "whichever " + rapid.SampledFrom([]string{"port", "dock", "depot", "harbour"}).Draw(t, "thing") +
			rapid.SampledFrom([]string{" we tie up at ", " they send us to ", " the ship is at on "}).Draw(t, "clause") + answer
		if !DateInRelativeClause(rel) {
			t.Fatalf("DateInRelativeClause(%q) = false", rel)
		}
	})
}
