// Command embed runs a Parley bot inside a Go program, without `parley serve`: the
// flows engine of bakery.yaml, whose action and validator are Go functions of this
// program registered beside any webhooks, an in-memory store (sqlite.Open keeps
// the conversations in a file instead), and the runtime that runs each
// conversation's turns one at a time and commits them, as parley.Conversations.
//
//	go run ./examples/embed "I'd like some bread" 40 3 yes
//
// Guide: docs/guides/embedding.md.
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/memstore"
)

//go:embed bakery.yaml
var bakery []byte

func main() {
	messages := os.Args[1:]
	if len(messages) == 0 {
		messages = []string{"I'd like some bread", "40", "3", "yes"}
	}
	if err := run(context.Background(), os.Stdout, messages); err != nil {
		fmt.Fprintln(os.Stderr, "embed:", parley.ErrorDetail(err))
		os.Exit(1)
	}
}

// run holds one conversation with the bakery bot, printing each turn.
func run(ctx context.Context, w io.Writer, messages []string) error {
	def, err := flows.Parse(bakery, "bakery.yaml")
	if err != nil {
		return err
	}
	engine, err := flows.New(def, flows.Options{Funcs: map[string]flows.ActionFunc{
		"in_stock":    inStock,
		"place_order": placeOrder,
	}})
	if err != nil {
		return err
	}
	store := memstore.New()
	defer store.Close()
	runtime := actor.New(store, []*parley.Bot{{Name: "bakery", Engine: engine}}, actor.Options{})
	defer runtime.Close()
	var conversations parley.Conversations = runtime

	key := parley.ConversationKey{Bot: "bakery", ID: "customer-1"}
	for i, text := range messages {
		res, err := conversations.Turn(ctx, parley.TurnRequest{Key: key, Message: parley.Message{ID: fmt.Sprint("m", i+1), Text: text}})
		if err != nil {
			return err
		}
		var answer parley.TurnResponse
		if err := json.Unmarshal(res.Body, &answer); err != nil {
			return err
		}
		fmt.Fprintf(w, "you: %s\n", text)
		for _, r := range answer.Replies {
			if r.Text != "" {
				fmt.Fprintf(w, "bot: %s\n", r.Text)
			}
		}
	}
	return nil
}

// loavesLeft is the stock the validator checks.
const loavesLeft = 12

// inStock is the loaves slot's custom validator: it gets the value the user gave
// (a JSON number) and accepts it or says why not.
func inStock(_ context.Context, req flows.ActionRequest) (flows.ActionResult, error) {
	n, _ := req.Slots["loaves"].(float64)
	ok := n >= 1 && n <= loavesLeft
	return flows.ActionResult{Valid: &ok, Message: fmt.Sprintf("We have %d loaves left today.", loavesLeft)}, nil
}

// placeOrder is the order's action: it gets the flow's slots and the call's
// idempotency key (the same if the call is ever made again), and answers the slots
// it sets.
func placeOrder(_ context.Context, req flows.ActionRequest) (flows.ActionResult, error) {
	n, _ := req.Slots["loaves"].(float64)
	return flows.ActionResult{Slots: map[string]any{"order_id": fmt.Sprintf("BREAD-%d-%s", int(n), req.Conversation)}}, nil
}
