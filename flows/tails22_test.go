package flows

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// An answer and a tail that holds no value (a courtesy, a hedge condition,
// who it is for: nlu.CutAnswerTail) is the answer; a tail naming something
// else leaves the message to the other readers (round 20).
func TestAnswerTailNights(t *testing.T) {
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want string }{
		{"a week, if that works", "7"},
		{"just the one please and thanks", "1"},
		{"3 nigths please and thanks", "3"},
		{"fuor nights, thank you kindly", "4"},
		{"3 nights for us", "3"},
		{"two nights for the family if possible", "2"},
		{"4 nights if that suits you", "4"},
		{"3 nights, if that's ok", "3"},
		{"a week for the two of us", ""},
	} {
		if got := playNights(t, hotel, c.text); got != c.want {
			t.Errorf("nights at %q = %q, want %q", c.text, got, c.want)
		}
	}
}

// confirmHotel plays the hotel's booking to its confirmation and answers it
// with text: the conversation state after it and the last outcome.
func confirmHotel(t *testing.T, hotel *Engine, text string) (string, string) {
	key := parley.ConversationKey{Bot: "b", ID: "p"}
	var state any = hotel.NewState(key)
	today := nlu.Date{Year: 2028, Month: 5, Day: 26}
	for i, say := range []string{"I'd like to book a room in Lisbon", "Tagus View", "May 30", "3 nights", text} {
		d, err := hotel.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(i + 1), State: state,
			Message: parley.Message{ID: fmt.Sprint(i), Text: say, SentAt: today.Time(time.UTC).Add(9*time.Hour + time.Duration(i)*time.Second)}})
		if err != nil {
			t.Fatal(err)
		}
		state = d.State
	}
	s := state.(*State)
	return string(s.ConversationState), string(s.Metadata.LastOutcome)
}

// A yes or a no with a tail that holds no value answers the confirmation.
func TestAnswerTailConfirm(t *testing.T) {
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, outcome string }{
		{"book it, if that works", "completed"},
		{"yes pleas", "completed"},
		{"yes please and thanks", "completed"},
		{"yes, if that's ok for you", "completed"},
		{"yes if possible", "completed"},
		{"yes but not friday", ""},
		{"no thanks, not for us", "cancelled"},
		{"book it, if that works on friday", ""},
	} {
		if _, got := confirmHotel(t, hotel, c.text); got != c.outcome {
			t.Errorf("confirmation %q: outcome %q, want %q", c.text, got, c.outcome)
		}
	}
}
