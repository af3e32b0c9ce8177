package flows

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"pgregory.net/rapid"
)

// tails23Now is a Wednesday in Holy Week (Easter Sunday 2029-04-01).
var tails23Now = time.Date(2029, 3, 28, 14, 20, 0, 0, time.UTC)

// playTails23 plays the preamble that brings bot to the question at, then
// text, and returns the slots the message changed and the flow after it.
func playTails23(t interface{ Fatal(args ...any) }, bot, at, text string) (map[string]string, string) {
	e, err := DemoFor(bot)
	if err != nil {
		t.Fatal(err)
	}
	pre := map[string][]string{
		"origin": {"I want to book a flight"}, "departure_date": {"I want to book a flight", "New York", "Los Angeles"},
		"hotel_name": {"I'd like to book a room", "Lisbon"}, "check_in": {"I'd like to book a room", "Lisbon", "Alfama Garden"},
		"nights": {"I'd like to book a room", "Lisbon", "Alfama Garden", "Apr 2"}, "start": nil, "city": {"I need a hotel"},
	}[at]
	key := parley.ConversationKey{Bot: bot, ID: "t23"}
	var state any = e.NewState(key)
	before := map[string]string{}
	var s *State
	for k, say := range append(pre, text) {
		if k == len(pre) && s != nil {
			for n, v := range s.Slots {
				before[n] = format(v)
			}
		}
		d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(k + 1), State: state,
			Message: parley.Message{ID: fmt.Sprint("m", k), Text: say, SentAt: tails23Now.Add(time.Duration(k) * time.Second)}})
		if err != nil {
			t.Fatal(err)
		}
		state = d.State
		s = d.State.(*State)
	}
	changed := map[string]string{}
	for n, v := range s.Slots {
		if v != nil && format(v) != before[n] {
			changed[n] = format(v)
		}
	}
	return changed, s.CurrentFlow
}

// An answer before a comma and a reason clause the aside grammar has no
// opening word for is the answer when the clause names no value of the
// kind asked; one that names such a value is asked again; the reason
// never fills another slot (round 21).
func TestReasonHeadTable(t *testing.T) {
	for _, c := range []struct{ bot, at, text, want string }{
		{"booking", "origin", "yellowknife, the ice road just closed", "origin=Yellowknife"},
		{"booking", "departure_date", "tuesday, after the easter services", "departure_date=2029-04-03"},
		{"booking", "departure_date", "monday week, after the easter crowds", "departure_date=2029-04-09"},
		{"booking", "departure_date", "april 1st, and no, it's not a prank", "departure_date=2029-04-01"},
		{"hotel", "nights", "two, the kids go back to school", "nights=2"},
		{"hotel", "nights", "till thursday, i'm on air friday", "nights=3"},
		{"hotel", "hotel_name", "bairro loft, a treat after a month of tuning", "hotel_name=Bairro Loft"},
		// A second value of the kind asked in the clause: asked again.
		{"booking", "departure_date", "friday, the 3rd works too", ""},
		{"hotel", "nights", "till thursday, we check out friday", ""},
		{"hotel", "nights", "two, the kids go back friday", ""},
	} {
		got, _ := playTails23(t, c.bot, c.at, c.text)
		if s := sortedPairs(got); s != c.want {
			t.Errorf("%s at %s %q: stored %q, want %q", c.bot, c.at, c.text, s, c.want)
		}
	}
}

// A correction inside a first message keeps the place said last; a first
// message that names a known place by its cue and a day starts the flow
// that has both; a short number word with a neighbouring key struck is the
// number before its unit; a town matched only without its apostrophe while
// a major city is a letter away is asked (round 21).
func TestTails23FirstMessagesAndTypos(t *testing.T) {
	for _, c := range []struct{ bot, at, text, want, flow string }{
		{"booking", "start", "flight to miami, no, tampa, on friday", "departure_date=2029-03-30 destination=Tampa", "book_flight"},
		{"booking", "start", "flight to miami, sorry, tampa", "destination=Tampa", "book_flight"},
		{"booking", "start", "flight from boston to miami, no, tampa", "destination=Tampa origin=Boston", "book_flight"},
		{"booking", "start", "flight to miami, no, tampa or orlando", "", "book_flight"},
		{"booking", "start", "to honolulu in ten days", "departure_date=2029-04-07 destination=Honolulu", "book_flight"},
		{"booking", "start", "tix to nashvile on good firday", "departure_date=2029-03-30 destination=Nashville", "book_flight"},
		{"booking", "start", "to honolulu", "", FlowNone},
		{"booking", "start", "back to work tomorrow", "", FlowNone},
		{"booking", "start", "going to paris tomorrow, what's the weather?", "", FlowNone},
		{"hotel", "nights", "twp nights", "nights=2", "book_hotel"},
		{"hotel", "nights", "sox nights", "", "book_hotel"},
		{"booking", "origin", "sant antonio", "", "book_flight"},
		{"booking", "origin", "sant'antonio", "origin=Sant'Antonio", "book_flight"},
		{"booking", "origin", "wilkes barre", "origin=Wilkes-Barre", "book_flight"},
	} {
		got, flow := playTails23(t, c.bot, c.at, c.text)
		if s := sortedPairs(got); s != c.want || flow != c.flow {
			t.Errorf("%s at %s %q: stored %q in %s, want %q in %s", c.bot, c.at, c.text, s, flow, c.want, c.flow)
		}
	}
}

func sortedPairs(m map[string]string) string {
	parts := make([]string, 0, len(m))
	for n, v := range m {
		parts = append(parts, n+"="+v)
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

// TestReasonClauseNeverStoresAnotherValueProperty (issue 38, round 21): an
// answer, a comma and a reason clause generated from parts (a subject and a
// predicate, or a phrase of time with no day: "the ice road just closed",
// "after the big meeting"), perhaps with a value of the kind asked inside
// it ("near denver", "on friday", "3 days"), stores the answer or nothing at
// the question asked, never another value, and never fills another slot.
func TestReasonClauseNeverStoresAnotherValueProperty(t *testing.T) {
	type answer struct{ text, want string }
	questions := []struct {
		bot, at string
		answers []answer
		values  []string
	}{
		{"booking", "origin", []answer{{"yellowknife", "Yellowknife"}, {"boise", "Boise"}, {"spokane", "Spokane"},
			{"tulsa", "Tulsa"}, {"fargo", "Fargo"}, {"savannah", "Savannah"}}, []string{"near denver", "like in boston", "unlike chicago"}},
		{"booking", "departure_date", []answer{{"thursday", "2029-03-29"}, {"friday", "2029-03-30"}, {"saturday", "2029-03-31"},
			{"monday", "2029-04-02"}, {"tuesday", "2029-04-03"}, {"tomorrow", "2029-03-29"}, {"april 4th", "2029-04-04"}},
			[]string{"on friday", "by sunday", "till the 6th", "next week"}},
		{"hotel", "nights", []answer{{"two", "2"}, {"three", "3"}, {"2 nights", "2"}, {"four nights", "4"}, {"a week", "7"}},
			[]string{"for 3 days", "five of us", "in two weeks"}},
	}
	subjects := []string{"the ice road", "the kids", "the shop", "my boss", "the crowds", "the weather", "the office",
		"the ferry", "our dog", "the wind farm"}
	predicates := []string{"just closed", "go back to school", "is busy", "gets quiet", "finally closes", "was awful",
		"needs me", "is shut", "starts up", "wraps up"}
	phrases := []string{"after the easter services", "after the big meeting", "a treat after a month of tuning",
		"before the harvest", "between contracts", "end of the season for us"}
	tails := []string{"", " again", " for good", " at last"}
	rapid.Check(t, func(rt *rapid.T) {
		q := questions[rapid.IntRange(0, len(questions)-1).Draw(rt, "question")]
		a := rapid.SampledFrom(q.answers).Draw(rt, "answer")
		var clause string
		if rapid.Bool().Draw(rt, "phrase") {
			clause = rapid.SampledFrom(phrases).Draw(rt, "clause")
		} else {
			clause = rapid.SampledFrom(subjects).Draw(rt, "subject") + " " + rapid.SampledFrom(predicates).Draw(rt, "predicate")
		}
		clause += rapid.SampledFrom(tails).Draw(rt, "tail")
		if rapid.Bool().Draw(rt, "value") {
			clause += " " + rapid.SampledFrom(q.values).Draw(rt, "value")
		}
		msg := a.text + ", " + clause
		got, _ := playTails23(rt, q.bot, q.at, msg)
		for n, v := range got {
			if n != q.at {
				rt.Fatalf("%q at %s filled %s=%s", msg, q.at, n, v)
			}
			if v != a.want {
				rt.Fatalf("%q at %s stored %s, want %s or none", msg, q.at, v, a.want)
			}
		}
	})
}
