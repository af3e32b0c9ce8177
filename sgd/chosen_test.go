package sgd

import (
	"os"
	"slices"
	"testing"

	"github.com/parleyhq/parley/flows"
	"pgregory.net/rapid"
)

// A free slot whose description says no type is typed by the last word of its
// name when that word names nothing but a type (Services_4's city, "Area where
// user wants to search for a therapist"); a description that types the slot,
// as text too, wins, and a name word that names other things types nothing.
func TestSlotTypeFromName(t *testing.T) {
	tests := []struct {
		name, desc, want string
	}{
		{"city", "Area where user wants to search for a therapist", flows.TypeCity},
		{"pickup_city", "Where the car is collected", flows.TypeCity},
		{"visit_date", "When the user wants to come", flows.TypeDate},
		// The description says text: a name, an address, a length of time.
		{"city", "Name of the hairdresser", flows.TypeText},
		{"wait_time", "Expected waiting time for pick-up by cab", flows.TypeText},
		{"event_location", "Name of event location", flows.TypeText},
		// Words that name more than a type.
		{"phone_number", "Contact number of the therapist", flows.TypeText},
		{"destination_airport", "Airport where the flight is arriving to", flows.TypeText},
		{"start_time", "When the class begins", flows.TypeText},
		{"area", "Area of the city to search", flows.TypeCity},
	}
	for _, tt := range tests {
		if got := slotType(&Slot{Name: tt.name, Description: tt.desc}); got != tt.want {
			t.Errorf("slotType(%s, %q) = %q, want %q", tt.name, tt.desc, got, tt.want)
		}
	}
}

// flightsLike is a service of two transactions of which only one takes a
// result slot that choosing a result settles (Flights_1: the one-way booking
// does not take the outbound departure time, the round trip's does).
func flightsLike() *Service {
	return &Service{Name: "Flights_9", Intents: []Intent{
		{Name: "SearchOneway", RequiredSlots: []string{"origin", "destination"}, OptionalSlots: map[string]string{"airlines": DontCare},
			ResultSlots: []string{"origin", "destination", "airlines", "departure_time", "price", "stops"}},
		{Name: "ReserveOneway", IsTransactional: true, RequiredSlots: []string{"origin", "destination", "airlines"}, OptionalSlots: map[string]string{"seats": "1"}},
		{Name: "ReserveRoundtrip", IsTransactional: true, RequiredSlots: []string{"origin", "destination", "airlines", "departure_time"}},
	}}
}

// A transaction holds, without taking them, the result slots a choice settles
// for another transaction of the service: SGD's state belongs to the service.
// A search holds nothing more, and a result no transaction takes (a price) is
// only told.
func TestChosenSlots(t *testing.T) {
	svc := flightsLike()
	tests := []struct {
		intent string
		want   []string
	}{
		{"ReserveOneway", []string{"departure_time"}},
		{"ReserveRoundtrip", nil},
		{"SearchOneway", nil},
	}
	for _, tt := range tests {
		in, _ := svc.Intent(tt.intent)
		if got := chosenSlots(svc, in); !slices.Equal(got, tt.want) {
			t.Errorf("chosenSlots(%s) = %v, want %v", tt.intent, got, tt.want)
		}
	}
}

// For any service of searches and transactions: a transaction's chosen slots
// are slots it does not take, each settled by some search's choice, so that a
// transaction declares (takes or holds) every slot any choice settles; and
// the service's flows still validate.
func TestChosenSlotsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		names := []string{"a", "b", "c", "d", "e", "f"}
		pick := func(label string) []string {
			return rapid.SliceOfNDistinct(rapid.SampledFrom(names), 0, 4, rapid.ID[string]).Draw(t, label)
		}
		svc := &Service{Name: "Gen_1"}
		for _, n := range names {
			svc.Slots = append(svc.Slots, Slot{Name: n, Description: "Kind of " + n})
		}
		nIntents := rapid.IntRange(2, 4).Draw(t, "intents")
		for i := range nIntents {
			in := Intent{Name: "Intent" + string(rune('A'+i)), IsTransactional: i > 0 && rapid.Bool().Draw(t, "tx"),
				RequiredSlots: pick("required"), OptionalSlots: map[string]string{}}
			for _, o := range pick("optional") {
				if !slices.Contains(in.RequiredSlots, o) {
					in.OptionalSlots[o] = rapid.SampledFrom([]string{DontCare, "x"}).Draw(t, "default")
				}
			}
			in.ResultSlots = pick("results")
			svc.Intents = append(svc.Intents, in)
		}
		for i := range svc.Intents {
			in := &svc.Intents[i]
			chosen := chosenSlots(svc, in)
			if !in.IsTransactional && len(chosen) > 0 {
				t.Fatalf("search %s holds %v", in.Name, chosen)
			}
			for _, c := range chosen {
				if in.takes(c) {
					t.Fatalf("%s holds %s, which it takes", in.Name, c)
				}
			}
			if !in.IsTransactional {
				continue
			}
			for j := range svc.Intents {
				if s := &svc.Intents[j]; !s.IsTransactional {
					for _, o := range offerSlots(svc, s) {
						if !in.takes(o) && !slices.Contains(chosen, o) {
							t.Fatalf("%s neither takes nor holds %s, settled by choosing a result of %s", in.Name, o, s.Name)
						}
					}
				}
			}
		}
		if _, err := Definition(svc, FlowsOptions{}); err != nil {
			t.Fatalf("flows: %v", err)
		}
	})
}

// The two classes replayed on development dialogues, leave-domain-out: a
// one-way flight chosen by its departure time keeps the time in the state at
// the booking (fresh7/D Flights_1, and fresh6/C's 17_00075 of the same
// class), and Services_4's city, described as an "area", reads "San Fran" as
// San Francisco (fresh5/B).
func TestReplayChosenSlotsAndNamedCity(t *testing.T) {
	tests := []struct {
		split, file, id string
	}{
		{"train", "fresh7/D/train_Flights_1.json", "17_00049"},
		{"train", "fresh6/C/train_Flights_1.json", "17_00075"},
		{"dev", "fresh5/B/dev_Services_4.json", "3_00065"},
	}
	for _, tt := range tests {
		services, err := DecodeSchema(readTestdata(t, tt.split+"_schema.json"))
		if err != nil {
			t.Fatal(err)
		}
		all, err := DecodeDialogues(readTestdata(t, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(all, func(d Dialogue) bool { return d.ID == tt.id })
		if i < 0 {
			t.Fatalf("%s: no dialogue %s", tt.file, tt.id)
		}
		r := replayWith(t, services, all[i:i+1], ReplayOptions{UnseenDomain: true})
		if got := r.Totals(); got.Passed != 1 {
			t.Errorf("%s %s: %+v, mismatches %+v", tt.file, tt.id, got, r.Dialogues[0].Mismatches)
		}
	}
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("../testdata/sgd/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
