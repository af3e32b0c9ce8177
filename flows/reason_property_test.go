package flows

import (
	"context"
	"fmt"
	"testing"
	"time"

	parley "github.com/parleyhq/parley"
	"pgregory.net/rapid"
)

// TestAReasonsDayNeverMovesTheCheckInProperty (issue 38 round 6): at the
// nights question, after a check-in is given, an answer that gives the
// nights and then a day in a reason or a remark ("two nights, we have to be
// home for work on Monday", "3 nights because my meeting is Tuesday") keeps
// the check-in as it was, and stores the nights said or none, never another.
func TestAReasonsDayNeverMovesTheCheckInProperty(t *testing.T) {
	e, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	counts := []string{"one", "two", "three", "four", "five"}
	reasons := []string{"we have to be home for work on", "because my meeting is on", "since we fly out on",
		"that's because I work", "my meeting is", "as I start a new job on", "we need to be back by", "parce que je travaille", "porque trabajo el"}
	days := []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Sunday", "lundi", "martes", "the 9th"}
	now := time.Date(2026, 3, 3, 10, 0, 0, 0, time.UTC)
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 5).Draw(rt, "nights")
		count := rapid.SampledFrom([]string{fmt.Sprint(n), counts[n-1]}).Draw(rt, "count")
		unit := "nights"
		if n == 1 {
			unit = "night"
		}
		sep := rapid.SampledFrom([]string{", ", " - ", ". ", " "}).Draw(rt, "sep")
		msg := count + " " + unit + sep + rapid.SampledFrom(reasons).Draw(rt, "reason") + " " + rapid.SampledFrom(days).Draw(rt, "day")
		key := parley.ConversationKey{Bot: "hotel", ID: "p"}
		var state any = e.NewState(key)
		var s *State
		for k, text := range []string{"I'd like to book a room", "Lisbon", "Alfama Garden", "Fri 2026-03-06", msg} {
			d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(k + 1), State: state,
				Message: parley.Message{ID: fmt.Sprint("m", k), Text: text, SentAt: now.Add(time.Duration(k) * time.Second)}})
			if err != nil {
				rt.Fatal(err)
			}
			state = d.State
			s = d.State.(*State)
		}
		if got := format(s.Slots["check_in"]); got != "2026-03-06" {
			rt.Fatalf("%q moved the check-in to %s", msg, got)
		}
		if v := s.Slots["nights"]; v != nil && format(v) != fmt.Sprint(n) {
			rt.Fatalf("%q stored %v nights, want %d or none", msg, v, n)
		}
	})
}
