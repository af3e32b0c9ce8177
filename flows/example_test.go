package flows_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
)

// An engine decides one turn at a time from the conversation's state and the user's
// message; the caller keeps the state between turns (the runtime commits it to a
// store). Here the embedded booking demo (flows/demo/booking.yaml) takes two turns.
func ExampleEngine_Decide() {
	engine, err := flows.Demo()
	if err != nil {
		log.Fatal(err)
	}
	key := parley.ConversationKey{Bot: "booking", ID: "c1"}
	state := engine.NewState(key)
	sentAt := time.Date(2025, 12, 5, 9, 30, 0, 0, time.UTC)
	for i, text := range []string{"I want to book a flight", "from Casablanca"} {
		d, err := engine.Decide(context.Background(), parley.Turn{
			Conversation: key,
			Index:        int64(i + 1),
			State:        state,
			Message:      parley.Message{ID: fmt.Sprint("m", i+1), Text: text, SentAt: sentAt},
		})
		if err != nil {
			log.Fatal(err)
		}
		for _, r := range d.Replies {
			fmt.Println("bot:", r.Text)
		}
		for _, tr := range d.Transitions {
			fmt.Printf("  %s -%s-> %s\n", tr.From, tr.Trigger, tr.To)
		}
		state = d.State
	}
	// The state is plain JSON, what a store keeps.
	data, _ := json.Marshal(state)
	restored, err := engine.DecodeState(data)
	fmt.Println(restored != nil, err)
	// Output:
	// bot: Where would you like to fly from?
	//   idle -user_message-> understanding
	//   understanding -slot_needed-> waiting_for_slot
	// bot: Where would you like to fly to?
	//   waiting_for_slot -user_responds-> validating_slot
	//   validating_slot -next_step_collect-> waiting_for_slot
	// true <nil>
}
