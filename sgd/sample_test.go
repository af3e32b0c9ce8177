package sgd

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

// sampleService has one search and one transactional intent.
var sampleService = &Service{Name: "Shop_1", Intents: []Intent{
	{Name: "Find"},
	{Name: "Buy", IsTransactional: true},
}}

// sampleDialogue is a dialogue of services making calls to the given methods.
func sampleDialogue(id string, services []string, methods ...string) string {
	var turns []string
	for _, m := range methods {
		turns = append(turns, fmt.Sprintf(`{"speaker":"SYSTEM","utterance":"ok","frames":[{"service":%q,"actions":[],"service_call":{"method":%q,"parameters":{}}}]}`, services[0], m))
	}
	svc, _ := json.Marshal(services)
	return fmt.Sprintf(`{"dialogue_id":%q,"services":%s,"turns":[%s]}`, id, svc, strings.Join(turns, ","))
}

func sampledIDs(t *testing.T, data []byte) []string {
	t.Helper()
	ds, err := DecodeDialogues(data)
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{}
	for _, d := range ds {
		ids = append(ids, d.ID)
	}
	return ids
}

func TestSample(t *testing.T) {
	one := []string{"Shop_1"}
	var file1, file2 []string
	// file 1: b0..b5 buy once, r0..r2 buy twice, plus dialogues that do not count.
	for i := range 6 {
		file1 = append(file1, sampleDialogue(fmt.Sprintf("b%d", i), one, "Find", "Buy"))
	}
	file1 = append(file1,
		sampleDialogue("search-only", one, "Find"),
		sampleDialogue("two-services", []string{"Shop_1", "Bank_1"}, "Buy"),
		sampleDialogue("other-service", []string{"Bank_1"}, "Buy"),
	)
	for i := range 3 {
		file2 = append(file2, sampleDialogue(fmt.Sprintf("r%d", i), one, "Buy", "Find", "Buy"))
	}
	files := []SampleInput{
		SampleInput("[" + strings.Join(file1, ",") + "]"),
		SampleInput("[" + strings.Join(file2, ",") + "]"),
	}
	tests := []struct {
		name string
		opts SampleOptions
		want []string
	}{
		// 9 dialogues reach Buy: positions i*9/4 = 0, 2, 4, 6.
		{"even intervals", SampleOptions{Size: 4}, []string{"b0", "b2", "b4", "r0"}},
		{"all when fewer", SampleOptions{Size: 20}, []string{"b0", "b1", "b2", "b3", "b4", "b5", "r0", "r1", "r2"}},
		// 2 of the 3 repeated ones (0, 1), then 2 of the 6 single ones (0, 3).
		{"repeated first", SampleOptions{Size: 4, Repeated: 2}, []string{"r0", "r1", "b0", "b3"}},
		// fewer repeated ones than asked for: the rest are single ones.
		{"repeated short", SampleOptions{Size: 5, Repeated: 5}, []string{"r0", "r1", "r2", "b0", "b3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := Sample(sampleService, files, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := sampledIDs(t, data); !slices.Equal(got, tt.want) {
				t.Errorf("sampled %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSampleSearchOnlyService(t *testing.T) {
	svc := &Service{Name: "Shop_1", Intents: []Intent{{Name: "Find"}}}
	file := SampleInput("[" + sampleDialogue("s", []string{"Shop_1"}, "Find") + "," + sampleDialogue("n", []string{"Shop_1"}) + "]")
	data, err := Sample(svc, []SampleInput{file}, SampleOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := sampledIDs(t, data); !slices.Equal(got, []string{"s"}) {
		t.Errorf("sampled %v, want [s]: a search-only service's sample reaches any of its calls", got)
	}
	empty, err := Sample(sampleService, nil, SampleOptions{})
	if err != nil || strings.TrimSpace(string(empty)) != "[]" {
		t.Errorf("no dialogues: %q, %v; want [] (a JSON array the replay reads)", empty, err)
	}
}

func TestSampleRefusesMalformedFiles(t *testing.T) {
	for _, data := range []string{`{`, `[{"dialogue_id": 3}]`, `[] []`} {
		_, err := Sample(sampleService, []SampleInput{SampleInput(data)}, SampleOptions{})
		if parley.ErrorCode(err) != parley.EINVALID {
			t.Errorf("Sample(%s) = %v, want EINVALID", data, err)
		}
	}
}

func TestOfferSlots(t *testing.T) {
	search := Intent{Name: "Find", ResultSlots: []string{"name", "fare", "artist", "rating", "price"}, OptionalSlots: map[string]string{"rating": DontCare}}
	tests := []struct {
		name  string
		other Intent
		want  []string
	}{
		{"required and real defaults of a transaction", Intent{Name: "Buy", IsTransactional: true, RequiredSlots: []string{"name"},
			OptionalSlots: map[string]string{"fare": "Economy", "artist": DontCare}}, []string{"name", "fare"}},
		{"a search-only service's other search", Intent{Name: "FindRound", OptionalSlots: map[string]string{"artist": DontCare}}, []string{"artist"}},
		{"nothing another intent takes", Intent{Name: "Buy", IsTransactional: true, RequiredSlots: []string{"date"}}, nil},
		// A transaction requiring nothing acts on what was chosen: the found
		// slots it takes, not the search's filters (rating).
		{"what a transaction requiring nothing takes", Intent{Name: "Play", IsTransactional: true,
			OptionalSlots: map[string]string{"name": DontCare, "rating": DontCare, "device": "TV"}}, []string{"name"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := &Service{Name: "Shop_1", Intents: []Intent{search, tt.other}}
			if got := offerSlots(svc, &svc.Intents[0]); !slices.Equal(got, tt.want) {
				t.Errorf("offerSlots = %v, want %v", got, tt.want)
			}
		})
	}
}
