package sgd

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley/flows"
)

// answerReplayer is a replayer of a small car service, enough for answerAfter.
func answerReplayer(t *testing.T) *replayer {
	t.Helper()
	svc := &Service{Name: "Cars_9", Slots: []Slot{
		{Name: "city", Description: "City to rent in"},
		{Name: "car", Description: "Model of the car"},
	}, Intents: []Intent{{Name: "FindCars", RequiredSlots: []string{"city"}, ResultSlots: []string{"city", "car"}}}}
	def, err := Definition(svc, FlowsOptions{Webhook: replayWebhook})
	if err != nil {
		t.Fatal(err)
	}
	engine, err := flows.New(def, flows.Options{Runner: &recorder{}})
	if err != nil {
		t.Fatal(err)
	}
	return &replayer{svc: svc, engine: engine}
}

func systemTurn(call bool, results []map[string]string, offered ...string) Turn {
	f := Frame{Service: "Cars_9"}
	for _, car := range offered {
		f.Actions = append(f.Actions, Act{Act: ActOffer, Slot: "car", Values: []string{car}})
	}
	if call {
		f.ServiceCall = &ServiceCall{Method: "FindCars", Parameters: map[string]string{"city": "Reno"}}
		f.ServiceResults = results
	}
	return Turn{Speaker: SpeakerSystem, Frames: []Frame{f}}
}

// The replay's service answers with what the system offered: the offered
// result first, the later offers (the user asked for another) next in the
// order the system makes them, and an offer no result holds in the place it
// takes; the rest follow.
func TestAnswerFollowsTheOffers(t *testing.T) {
	results := []map[string]string{{"car": "Bolt"}, {"car": "Civic"}, {"car": "Golf"}, {"car": "Mini"}}
	user := Turn{Speaker: SpeakerUser, Frames: []Frame{{Service: "Cars_9"}}}
	tests := []struct {
		name  string
		turns []Turn
		want  []string
	}{
		{"the offered one first", []Turn{user, systemTurn(true, results, "Golf")}, []string{"Golf", "Mini", "Bolt", "Civic"}},
		{"a later offer next", []Turn{user, systemTurn(true, results, "Bolt"), user, systemTurn(false, nil, "Mini")}, []string{"Bolt", "Mini", "Golf", "Civic"}},
		{"an offer no result holds", []Turn{user, systemTurn(true, results, "Tesla")}, []string{"Tesla", "Civic", "Golf", "Mini"}},
		{"later offers stop at the next call", []Turn{user, systemTurn(true, results, "Bolt"), user, systemTurn(true, results, "Mini")}, []string{"Bolt", "Civic", "Golf", "Mini"}},
	}
	r := answerReplayer(t)
	for _, tt := range tests {
		a := r.answerAfter(&Dialogue{Turns: tt.turns}, 0)
		var got []string
		for _, res := range a.results {
			got = append(got, res["car"].(string))
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: results (-want +got):\n%s", tt.name, diff)
		}
	}
}
