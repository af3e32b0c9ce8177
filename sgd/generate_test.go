package sgd

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/sgd")

func goldenCompare(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("..", "testdata", "sgd", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./sgd -update)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", name, diff)
	}
}

func banks2(t *testing.T) *Service {
	t.Helper()
	services, _ := loadFixtures(t, dialoguesFile)
	svc, err := FindService(services, "Banks_2")
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func TestFlowsGolden(t *testing.T) {
	svc := banks2(t)
	tests := []struct {
		golden string
		opts   FlowsOptions
	}{
		{"Banks_2.flows.yaml", FlowsOptions{}},
		{"Banks_2.webhook.flows.yaml", FlowsOptions{Webhook: "https://bank.example.com/sgd/"}},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			data, err := Flows(svc, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			goldenCompare(t, tt.golden, data)
			def, err := flows.Parse(data, tt.golden)
			if err != nil {
				t.Fatal(err)
			}
			if diags := flows.Validate(def); len(diags) > 0 {
				t.Errorf("diagnostics: %v", diags)
			}
		})
	}
}

// Every service of the dev schema gives flows that validate and compile.
func TestEveryServiceGeneratesValidFlows(t *testing.T) {
	services, _ := loadFixtures(t, dialoguesFile)
	for i := range services {
		svc := &services[i]
		t.Run(svc.Name, func(t *testing.T) {
			def, err := Definition(svc, FlowsOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := flows.New(def, flows.Options{}); err != nil {
				t.Fatal(err)
			}
			if len(def.Flows) != len(svc.Intents) {
				t.Errorf("%d flows for %d intents", len(def.Flows), len(svc.Intents))
			}
		})
	}
}

// The generated flows behave as the issue asks when the engine parses typed
// text itself: required slots are asked with their prompts, the optional slot
// gets its default, the transfer is confirmed, then the call runs.
func TestGeneratedFlowsConverse(t *testing.T) {
	def, err := Definition(banks2(t), FlowsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	engine, err := flows.New(def, flows.Options{})
	if err != nil {
		t.Fatal(err)
	}
	turns := []struct {
		text, meaning string
		reply         string
	}{
		{text: "Transfer money to another user", reply: "What is the user's account type? (checking or savings)"},
		{text: "savings", reply: "What is the amount of money to transfer?"},
		{text: "$380", reply: "What is the name of the recipient to transfer the money to?"},
		{text: "Li", reply: "Please confirm: transfer money to another user, with account type savings, transfer amount $380, recipient name Li, recipient account type checking. Shall I go ahead?"},
		{meaning: "confirm", reply: "Done: transfer money to another user."},
	}
	var state any
	for i, tt := range turns {
		d, err := engine.Decide(t.Context(), parley.Turn{
			Conversation: parley.ConversationKey{Bot: "Banks_2", ID: "c"},
			Index:        int64(i + 1),
			State:        state,
			Message:      parley.Message{ID: "m", Text: tt.text, Meaning: tt.meaning, SentAt: DefaultStart},
		})
		if err != nil {
			t.Fatal(err)
		}
		state = d.State
		if len(d.Replies) != 1 || d.Replies[0].Text != tt.reply {
			t.Errorf("turn %d: replies %+v, want %q", i, d.Replies, tt.reply)
		}
	}
	s := state.(*flows.State)
	if got := s.Slots[CallSlot]; got != "TransferMoney" {
		t.Errorf("%s = %v, want TransferMoney", CallSlot, got)
	}
}

func TestFlowsRefusesACallSlotClash(t *testing.T) {
	svc := &Service{Name: "S", Slots: []Slot{{Name: CallSlot}}, Intents: []Intent{{Name: "Do", RequiredSlots: []string{CallSlot}}}}
	if _, err := Flows(svc, FlowsOptions{}); parley.ErrorCode(err) != parley.EINVALID {
		t.Fatalf("err = %v, want EINVALID", err)
	}
	if _, err := Flows(svc, FlowsOptions{Webhook: "http://x.example"}); err != nil {
		t.Fatalf("with a webhook: %v", err)
	}
}

func TestDecodeSchemaErrors(t *testing.T) {
	tests := []struct{ name, data string }{
		{"not JSON", `{`},
		{"not an array", `{"service_name": "A"}`},
		{"trailing data", `[] []`},
		{"no name", `[{"slots": []}]`},
		{"twice", `[{"service_name": "A"}, {"service_name": "A"}]`},
		{"unknown required slot", `[{"service_name": "A", "intents": [{"name": "I", "required_slots": ["x"]}]}]`},
		{"unknown optional slot", `[{"service_name": "A", "intents": [{"name": "I", "optional_slots": {"x": "y"}}]}]`},
		{"slot twice", `[{"service_name": "A", "slots": [{"name": "x"}, {"name": "x"}]}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := DecodeSchema([]byte(tt.data)); parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("err = %v, want EINVALID", err)
			}
		})
	}
}

func TestDecodeDialoguesErrors(t *testing.T) {
	tests := []struct{ name, data string }{
		{"not JSON", `[`},
		{"no id", `[{"turns": []}]`},
		{"bad speaker", `[{"dialogue_id": "d", "turns": [{"speaker": "BOT"}]}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := DecodeDialogues([]byte(tt.data)); parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("err = %v, want EINVALID", err)
			}
		})
	}
}

// FuzzDecodeSchema: any input decodes or is EINVALID, and a decoded schema's
// services generate flows without panicking.
func FuzzDecodeSchema(f *testing.F) {
	data, err := os.ReadFile(schemaFile)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`[{"service_name": "A", "slots": [{"name": "x", "is_categorical": true, "possible_values": ["a"]}], "intents": [{"name": "I", "is_transactional": true, "required_slots": ["x"], "optional_slots": {"x": "a"}}]}]`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		services, err := DecodeSchema(data)
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("error code %s: %v", parley.ErrorCode(err), err)
			}
			return
		}
		for i := range services {
			if _, err := Definition(&services[i], FlowsOptions{}); err != nil && parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("generate %s: %v", services[i].Name, err)
			}
		}
	})
}

// FuzzDecodeDialogues: any input decodes or is EINVALID, and the oracle parse of
// every decoded user turn is built without panicking.
func FuzzDecodeDialogues(f *testing.F) {
	data, err := os.ReadFile(dialoguesFile)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add(bytes.Clone(data[:len(data)/2]))
	f.Add([]byte(`[{"dialogue_id": "d", "services": ["S"], "turns": [{"speaker": "USER", "frames": [{"service": "S", "actions": [{"act": "AFFIRM"}], "state": {"active_intent": "NONE", "slot_values": {"x": []}}}]}]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dialogues, err := DecodeDialogues(data)
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("error code %s: %v", parley.ErrorCode(err), err)
			}
			return
		}
		for _, d := range dialogues {
			for _, turn := range d.Turns {
				for i := range turn.Frames {
					if fr := &turn.Frames[i]; fr.State != nil {
						oracleParse(fr)
					}
				}
			}
		}
	})
}

// A free slot's type is read from its description's words: a name of a city
// is a city, a street address or another name is text.
func TestSlotTypeFromDescription(t *testing.T) {
	tests := []struct {
		desc, want string
	}{
		{"Name of the city", flows.TypeCity},
		{"City the user flies to", flows.TypeCity},
		{"Street address and city of the venue", flows.TypeText},
		{"Name of the hairdresser", flows.TypeText},
		{"Date of the visit", flows.TypeDate},
		{"Number of tickets", flows.TypeInteger},
		{"Kind of music", flows.TypeText},
		{"Time of the appointment", flows.TypeTime},
		// How long, not when: no time of day.
		{"Time duration of the booking in hours", flows.TypeText},
		{"Expected waiting time for the pickup", flows.TypeText},
		{"How long the class lasts", flows.TypeText},
		{"Length of the stay in days", flows.TypeText},
	}
	for _, tt := range tests {
		if got := slotType(&Slot{Description: tt.desc}); got != tt.want {
			t.Errorf("slotType(%q) = %q, want %q", tt.desc, got, tt.want)
		}
	}
}

// A search's result that the search does not filter by is what a choice
// settles, even for a transactional intent taking it as an optional slot with
// a dontcare default (play any song, or the one chosen); a result the search
// filters by stays a filter (the artist).
func TestOfferSettlesWhatTheSearchFinds(t *testing.T) {
	svc := &Service{Name: "Speaker_9", Intents: []Intent{
		{Name: "Lookup", OptionalSlots: map[string]string{"artist": DontCare}, ResultSlots: []string{"song", "artist", "album"}},
		{Name: "Play", IsTransactional: true, OptionalSlots: map[string]string{"song": DontCare, "artist": DontCare, "device": "Kitchen"}},
	}}
	if got := offerSlots(svc, &svc.Intents[0]); !slices.Equal(got, []string{"song"}) {
		t.Errorf("offerSlots = %v, want [song]", got)
	}
}
