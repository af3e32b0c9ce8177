package flows

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"pgregory.net/rapid"
)

// TestQuestionIsNoCommandProperty: a question about an action (an
// interrogative opener or an inverted auxiliary, a trailing "?", a frame
// before it) wrapped around a command word (cancel, stop, book, yes, no) at
// the booking bot's confirmation performs nothing: the flow is neither
// booked nor cancelled and the confirmation is asked again; and one wrapped
// around a date at the date question stores no date (issue 38: a question
// is never a command or a value; round 21 "is there a fee to cancel?").
func TestQuestionIsNoCommandProperty(t *testing.T) {
	e, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	frames := []string{"", "hmm, ", "so, ", "sorry, ", "quick one, ", "right, ", "ok so, "}
	asks := []string{"is there a fee to %s", "what happens if i %s", "how much does it cost to %s", "do i have to %s",
		"why would i %s", "can i %s later", "should i %s", "what if i %s", "is it possible to %s", "is it free to %s",
		"does it cost extra to %s", "will you charge me if i %s", "when can i %s", "are you able to %s"}
	commands := []string{"cancel", "cancel it", "stop", "book", "book it", "say yes", "say no", "confirm", "go ahead", "cancel the booking"}
	dateAsks := []string{"are you flying on %s", "do you fly on %s", "are flights cheaper on %s", "is %s busy",
		"is there a flight on %s", "what is the weather like on %s", "are seats left on %s", "does the price go up on %s"}
	dates := []string{"friday", "good friday", "tomorrow", "april 5", "the 5th", "next monday", "easter monday"}
	sent := time.Date(2029, 3, 28, 14, 20, 0, 0, time.UTC)
	rapid.Check(t, func(rt *rapid.T) {
		frame := rapid.SampledFrom(frames).Draw(rt, "frame")
		atDate := rapid.Bool().Draw(rt, "at date")
		var text string
		if atDate {
			text = frame + fmt.Sprintf(rapid.SampledFrom(dateAsks).Draw(rt, "ask"), rapid.SampledFrom(dates).Draw(rt, "date"))
		} else {
			text = frame + fmt.Sprintf(rapid.SampledFrom(asks).Draw(rt, "ask"), rapid.SampledFrom(commands).Draw(rt, "command"))
		}
		text += "?"
		pre := []string{"I want to book a flight from Boston to Paris tomorrow"}
		if atDate {
			pre = []string{"I want to book a flight", "New York", "Los Angeles"}
		}
		key := parley.ConversationKey{Bot: "booking", ID: "q"}
		var state any = e.NewState(key)
		decide := func(k int, msg string) *State {
			d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(k + 1), State: state,
				Message: parley.Message{ID: fmt.Sprint("m", k), Text: msg, SentAt: sent.Add(time.Duration(k) * time.Second)}})
			if err != nil {
				rt.Fatalf("%q: %v", msg, err)
			}
			state = d.State
			return d.State.(*State)
		}
		var s *State
		for k, msg := range pre {
			s = decide(k, msg)
		}
		before := s.ConversationState
		if atDate && (s.WaitingForSlot == nil || *s.WaitingForSlot != "departure_date") {
			rt.Fatalf("the preamble does not reach the date question")
		}
		s = decide(len(pre), text)
		if atDate {
			if v, ok := s.Slots["departure_date"]; ok && v != nil {
				rt.Fatalf("%q at the date question stored %v", text, v)
			}
			return
		}
		// Nothing is performed: no outcome, and the flow asked about is still
		// under way (a question naming another flow's business may start it,
		// which asks its own question and performs nothing either).
		if s.Metadata.LastOutcome != "" || s.ConversationState == DialogueIdle || s.ConversationState == DialogueCompleted {
			rt.Fatalf("%q at the confirmation: %s -> %s, outcome %q", text, before, s.ConversationState, s.Metadata.LastOutcome)
		}
	})
}
