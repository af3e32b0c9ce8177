package sgd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley/flows"
)

// vocabService has a categorical slot (a doctor's kind) and a free slot whose
// schema lists values (a cuisine).
var vocabService = Service{Name: "Svc_1", Slots: []Slot{
	{Name: "kind", IsCategorical: true, PossibleValues: []string{"Ophthalmologist", "Dermatologist"}},
	{Name: "cuisine", PossibleValues: []string{"Indian", "Italian"}},
	{Name: "seats", IsCategorical: true, PossibleValues: []string{"1", "2"}},
}}

// userTurn is a user turn of Svc_1 whose state holds values, each informed.
func userTurn(text string, values map[string][]string) map[string]any {
	var acts []map[string]any
	for slot, vs := range values {
		acts = append(acts, map[string]any{"act": "INFORM", "slot": slot, "values": vs})
	}
	return map[string]any{"speaker": "USER", "utterance": text, "frames": []map[string]any{{
		"service": "Svc_1", "actions": acts, "state": map[string]any{"active_intent": "Find", "slot_values": values},
	}}}
}

func callTurn(params map[string]string) map[string]any {
	return map[string]any{"speaker": "SYSTEM", "utterance": "-", "frames": []map[string]any{{
		"service": "Svc_1", "actions": []any{}, "service_call": map[string]any{"method": "Find", "parameters": params},
	}}}
}

func vocabDialogues(t *testing.T, dialogues ...[]map[string]any) []byte {
	t.Helper()
	var out []map[string]any
	for i, turns := range dialogues {
		out = append(out, map[string]any{"dialogue_id": "d" + string(rune('a'+i)), "services": []string{"Svc_1"}, "turns": turns})
	}
	data, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The learner keeps a word that means one value often and in most of its
// occurrences, and nothing else: a word common to every value, a value's own
// words, a number, a word that means two values, a value the schema does not
// list, a value the user did not inform (an accepted offer).
func TestLearnVocabulary(t *testing.T) {
	var ds [][]map[string]any
	for i := 0; i < 4; i++ {
		ds = append(ds,
			[]map[string]any{userTurn("I need an eye doctor", map[string][]string{"kind": {"Ophthalmologist"}})},
			[]map[string]any{userTurn("a skin doctor please", map[string][]string{"kind": {"Dermatologist"}})},
			[]map[string]any{userTurn("an Ophthalmologist", map[string][]string{"kind": {"Ophthalmologist"}})},
			[]map[string]any{userTurn("some Punjabi food", map[string][]string{"cuisine": {"Punjabi"}}), callTurn(map[string]string{"cuisine": "Indian"})},
			[]map[string]any{userTurn("pasta or curry", map[string][]string{"cuisine": {"pasta"}}), callTurn(map[string]string{"cuisine": "Italian"})},
			[]map[string]any{userTurn("Sushi", map[string][]string{"cuisine": {"Sushi"}}), callTurn(map[string]string{"cuisine": "Japanese"})},
			[]map[string]any{userTurn("for two", map[string][]string{"seats": {"2"}})},
		)
	}
	// "curry" once for Indian is not enough; "pasta" once for Indian makes
	// it mean Italian in 4 of 5: kept at 80%.
	ds = append(ds, []map[string]any{userTurn("pasta", map[string][]string{"cuisine": {"pasta"}}), callTurn(map[string]string{"cuisine": "Indian"})})
	// An accepted offer is no word of the user's.
	offer := userTurn("sounds good to me", map[string][]string{"kind": {"Dermatologist"}})
	offer["frames"].([]map[string]any)[0]["actions"] = []any{map[string]any{"act": "AFFIRM", "slot": "", "values": []string{}}}
	for i := 0; i < 5; i++ {
		ds = append(ds, []map[string]any{offer})
	}
	v, err := LearnVocabulary([]Service{vocabService}, [][]byte{vocabDialogues(t, ds...)}, DefaultVocabularyOptions)
	if err != nil {
		t.Fatal(err)
	}
	want := Vocabulary{"Svc_1": {
		"kind":    {"Ophthalmologist": {"eye", "eye doctor"}, "Dermatologist": {"skin", "skin doctor"}},
		"cuisine": {"Indian": {"punjabi"}, "Italian": {"pasta"}},
	}}
	// Pairs with a word kept alone are dropped: only the single words stay.
	want["Svc_1"]["kind"] = map[string][]string{"Ophthalmologist": {"eye"}, "Dermatologist": {"skin"}}
	if diff := cmp.Diff(want, v); diff != "" {
		t.Errorf("vocabulary (-want +got):\n%s", diff)
	}
	// Excluded dialogues teach nothing.
	all := map[string]bool{}
	for i := range ds {
		all["d"+string(rune('a'+i))] = true
	}
	v, _ = LearnVocabulary([]Service{vocabService}, [][]byte{vocabDialogues(t, ds...)}, VocabularyOptions{MinCount: 4, MinPrecision: 0.8, Exclude: all})
	if len(v) != 0 {
		t.Errorf("excluded dialogues learned %v", v)
	}
}

// The committed vocabulary holds only what the train and dev schemas allow:
// each value of a categorical slot one of its possible values, each
// expression meaning one value of its slot and none a possible value itself,
// in the learner's own order.
func TestVocabularyFileIsWellFormed(t *testing.T) {
	var services []Service
	for _, split := range []string{"train", "dev"} {
		data, err := os.ReadFile("../testdata/sgd/" + split + "_schema.json")
		if err != nil {
			t.Fatal(err)
		}
		more, err := DecodeSchema(data)
		if err != nil {
			t.Fatal(err)
		}
		services = append(services, more...)
	}
	if len(learnedVocabulary) == 0 {
		t.Fatal("vocabulary.json is empty")
	}
	for service, slots := range learnedVocabulary {
		svc, err := FindService(services, service)
		if err != nil {
			t.Fatalf("%s: %v", service, err)
		}
		for slot, values := range slots {
			sl, ok := svc.Slot(slot)
			if !ok {
				t.Fatalf("%s has no slot %s", service, slot)
			}
			owner := map[string]string{}
			for value, exprs := range values {
				if sl.IsCategorical && !slices.Contains(sl.PossibleValues, value) {
					t.Errorf("%s.%s: %q is not a possible value", service, slot, value)
				}
				if !sort.StringsAreSorted(exprs) {
					t.Errorf("%s.%s.%s: expressions not sorted", service, slot, value)
				}
				for _, e := range exprs {
					if o, dup := owner[e]; dup {
						t.Errorf("%s.%s: %q means %s and %s", service, slot, e, o, value)
					}
					owner[e] = value
					if slices.ContainsFunc(sl.PossibleValues, func(p string) bool { return strings.EqualFold(p, e) }) {
						t.Errorf("%s.%s: %q is a possible value", service, slot, e)
					}
				}
			}
		}
	}
	again, err := MarshalVocabulary(learnedVocabulary)
	if err != nil || !bytes.Equal(again, learnedVocabularyJSON) {
		t.Errorf("vocabulary.json is not as MarshalVocabulary writes it (%v)", err)
	}
}

// Regenerating the vocabulary from the train split reproduces the committed
// file. The split is not in the repository: PARLEY_SGD_DIR names a checkout of
// the dataset (commit e852981); without it, or under -short, the test skips.
func TestVocabularyRegenerates(t *testing.T) {
	dir := os.Getenv("PARLEY_SGD_DIR")
	if dir == "" || testing.Short() {
		t.Skip("PARLEY_SGD_DIR not set (a checkout of the SGD dataset), or -short")
	}
	schema, err := os.ReadFile(filepath.Join(dir, "train", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	services, err := DecodeSchema(schema)
	if err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob(filepath.Join(dir, "train", "dialogues_*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no train dialogues under %s (%v)", dir, err)
	}
	sort.Strings(names)
	var files [][]byte
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, data)
	}
	opts := DefaultVocabularyOptions
	opts.Exclude = map[string]bool{}
	held, _ := filepath.Glob("../testdata/sgd/fresh6/C/*.json")
	heldD, _ := filepath.Glob("../testdata/sgd/fresh7/D/*.json")
	held = append(held, heldD...)
	for _, f := range held {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := DecodeDialogues(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ds {
			opts.Exclude[d.ID] = true
		}
	}
	v, err := LearnVocabulary(services, files, opts)
	if err != nil {
		t.Fatal(err)
	}
	devSchema, err := os.ReadFile("../testdata/sgd/dev_schema.json")
	if err != nil {
		t.Fatal(err)
	}
	dev, err := DecodeSchema(devSchema)
	if err != nil {
		t.Fatal(err)
	}
	got, err := MarshalVocabulary(TransferVocabulary(v, services, dev))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(learnedVocabularyJSON), string(got)); diff != "" {
		t.Errorf("vocabulary.json is stale (-committed +regenerated):\n%s", diff)
	}
}

// generatedSlot returns the slot of a service's intent flow as Definition
// generates it with opts, from the train and dev schemas.
func generatedSlot(t *testing.T, opts FlowsOptions) func(service, intent, slot string) *flows.Slot {
	t.Helper()
	var services []Service
	for _, split := range []string{"train", "dev"} {
		data, err := os.ReadFile("../testdata/sgd/" + split + "_schema.json")
		if err != nil {
			t.Fatal(err)
		}
		more, err := DecodeSchema(data)
		if err != nil {
			t.Fatal(err)
		}
		services = append(services, more...)
	}
	return func(service, intent, slot string) *flows.Slot {
		svc, err := FindService(services, service)
		if err != nil {
			t.Fatal(err)
		}
		def, err := Definition(svc, opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range def.Flows {
			if f.Name != intent {
				continue
			}
			for _, s := range f.Slots {
				if s.Name == slot {
					return s
				}
			}
		}
		t.Fatalf("%s %s has no slot %s", service, intent, slot)
		return nil
	}
}

// The generated flows use the vocabulary: a free slot with listed values
// normalizes the user's word to the service's ("punjabi" is Indian), a
// categorical one hears it as a synonym; an optional free slot allows no
// preference, a required one does not.
func TestFlowsUseVocabulary(t *testing.T) {
	slotOf := generatedSlot(t, FlowsOptions{})
	if c := slotOf("Restaurants_1", "FindRestaurants", "cuisine"); c.Normalizer == nil || !slices.Contains(c.Normalizer.Lookup["Indian"], "punjabi") {
		t.Errorf("Restaurants_1 cuisine normalizer = %+v, want punjabi for Indian", c.Normalizer)
	}
	// A free slot that lists no values normalizes to the service's own word,
	// a dev service's by its domain's (Media_1's genre for Media_2's).
	if c := slotOf("Media_2", "FindMovies", "genre"); c.Normalizer == nil || !slices.Contains(c.Normalizer.Lookup["Comedy"], "comic") {
		t.Errorf("Media_2 genre normalizer = %+v, want comic for Comedy", c.Normalizer)
	}
	if c := slotOf("Restaurants_2", "FindRestaurants", "category"); c.Normalizer == nil || !slices.Contains(c.Normalizer.Lookup["Italian"], "pizza and pasta") {
		t.Errorf("Restaurants_2 category normalizer = %+v, want pizza and pasta for Italian", c.Normalizer)
	}
	if c := slotOf("Travel_1", "FindAttractions", "category"); !slices.Contains(c.Synonyms["Shopping Area"], "mall") {
		t.Errorf("Travel_1 category synonyms = %v, want mall for Shopping Area", c.Synonyms)
	}
	if d := slotOf("Events_1", "FindEvents", "date"); !d.NoPreference {
		t.Errorf("Events_1 FindEvents date (optional) does not allow no preference")
	}
	if d := slotOf("Events_1", "BuyEventTickets", "date"); d.NoPreference {
		t.Errorf("Events_1 BuyEventTickets date (required) allows no preference")
	}
}

// movieService has free slots that list no values: a genre (plain text, its
// values learned from the calls) and a director (a name, never learned).
var movieService = Service{Name: "Films_1", Slots: []Slot{
	{Name: "genre", Description: "Genre of the film"},
	{Name: "director", Description: "Name of the director"},
}}

// filmDialogue is a user turn of Films_1 holding the values the user said and
// the call the service got with its own.
func filmDialogue(said, called map[string]string) []map[string]any {
	values := map[string][]string{}
	var acts []map[string]any
	for slot, v := range said {
		values[slot] = []string{v}
		acts = append(acts, map[string]any{"act": "INFORM", "slot": slot, "values": []string{v}})
	}
	user := map[string]any{"speaker": "USER", "utterance": "-", "frames": []map[string]any{{
		"service": "Films_1", "actions": acts, "state": map[string]any{"active_intent": "Find", "slot_values": values},
	}}}
	call := map[string]any{"speaker": "SYSTEM", "utterance": "-", "frames": []map[string]any{{
		"service": "Films_1", "actions": []any{}, "service_call": map[string]any{"method": "Find", "parameters": called},
	}}}
	return []map[string]any{user, call}
}

func filmDialogues(t *testing.T, ds [][]map[string]any) []byte {
	t.Helper()
	var out []map[string]any
	for i, turns := range ds {
		out = append(out, map[string]any{"dialogue_id": "f" + strings.Repeat("x", i), "services": []string{"Films_1"}, "turns": turns})
	}
	data, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A free slot that lists no values learns the user's word for a value the
// service was called with as users said it at least MinCount times, with the
// user's spelling kept beside its words, a whole value holding a function word
// too ("full of laughs"); a value never called as said (the
// service's word is unknown), a word seen too rarely, and a name slot teach
// nothing.
func TestLearnVocabularyFreeSlotValues(t *testing.T) {
	var ds [][]map[string]any
	add := func(n int, said, called map[string]string) {
		for i := 0; i < n; i++ {
			ds = append(ds, filmDialogue(said, called))
		}
	}
	add(4, map[string]string{"genre": "Comedy"}, map[string]string{"genre": "Comedy"})
	add(4, map[string]string{"genre": "Non-fiction"}, map[string]string{"genre": "Comedy"})
	add(3, map[string]string{"genre": "funny"}, map[string]string{"genre": "Comedy"})
	add(4, map[string]string{"genre": "full of laughs"}, map[string]string{"genre": "Comedy"})
	add(5, map[string]string{"genre": "Spooky"}, map[string]string{"genre": "Horror"})
	add(5, map[string]string{"director": "Tom"}, map[string]string{"director": "Tom McCarthy"})
	add(4, map[string]string{"director": "Tom McCarthy"}, map[string]string{"director": "Tom McCarthy"})
	v, err := LearnVocabulary([]Service{movieService}, [][]byte{filmDialogues(t, ds)}, DefaultVocabularyOptions)
	if err != nil {
		t.Fatal(err)
	}
	want := Vocabulary{"Films_1": {"genre": {"Comedy": {"full of laughs", "non fiction", "non-fiction"}}}}
	if diff := cmp.Diff(want, v); diff != "" {
		t.Errorf("vocabulary (-want +got):\n%s", diff)
	}
}

// A service the learning split lacks takes the words of its domain's same
// slot: by name, or by a description word that singles both slots out
// ("food"); a categorical slot keeps only its listed values, an expression two
// siblings learned for different values is dropped, and another domain's
// services give nothing.
func TestTransferVocabulary(t *testing.T) {
	from := []Service{
		{Name: "Eat_1", Slots: []Slot{
			{Name: "cuisine", Description: "Cuisine of food served in the restaurant"},
			{Name: "city", Description: "City of the restaurant"},
			{Name: "price", IsCategorical: true, PossibleValues: []string{"cheap", "pricey", "moderate"}},
		}},
		{Name: "Eat_2", Slots: []Slot{{Name: "cuisine", Description: "Food served"}}},
		{Name: "Films_1", Slots: []Slot{{Name: "genre", Description: "Genre"}}},
	}
	v := Vocabulary{
		"Eat_1":   {"cuisine": {"Italian": {"pizza", "pasta"}}, "price": {"cheap": {"budget"}, "moderate": {"mid"}}},
		"Eat_2":   {"cuisine": {"Italian": {"pizza"}, "Japanese": {"pasta", "sushi"}}},
		"Films_1": {"genre": {"Comedy": {"funny"}}},
	}
	to := []Service{
		{Name: "Eat_1", Slots: []Slot{{Name: "cuisine", Description: "Cuisine"}}},
		{Name: "Eat_3", Slots: []Slot{
			{Name: "category", Description: "The category of food offered by the restaurant"},
			{Name: "name", Description: "Name of the restaurant"},
			{Name: "price", IsCategorical: true, PossibleValues: []string{"cheap", "pricey"}},
			{Name: "genre", Description: "Genre"},
		}},
	}
	got := TransferVocabulary(v, from, to)
	want := Vocabulary{
		"Eat_1":   v["Eat_1"],
		"Eat_2":   v["Eat_2"],
		"Films_1": v["Films_1"],
		"Eat_3": {
			"category": {"Italian": {"pizza"}, "Japanese": {"sushi"}},
			"price":    {"cheap": {"budget"}},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("transferred (-want +got):\n%s", diff)
	}
}

// Leave-domain-out (FlowsOptions.UnseenDomain): a service's flows use no word
// learned from its domain's dialogues (Restaurants_1's own, nor Restaurants_2's
// transferred from it), while another domain's are untouched.
func TestFlowsUnseenDomainDropsTheDomainsWords(t *testing.T) {
	slotOf := generatedSlot(t, FlowsOptions{UnseenDomain: true})
	for _, c := range []struct{ service, intent, slot, value, word string }{
		{"Restaurants_1", "FindRestaurants", "cuisine", "Indian", "punjabi"},
		{"Restaurants_2", "FindRestaurants", "category", "Chinese", "cantonese"},
	} {
		if sl := slotOf(c.service, c.intent, c.slot); sl.Normalizer != nil && slices.Contains(sl.Normalizer.Lookup[c.value], c.word) {
			t.Errorf("%s %s unseen: %q still means %s", c.service, c.slot, c.word, c.value)
		}
	}
	v := learnedVocabulary.withoutDomain("Restaurants")
	if v["Restaurants_1"] != nil || v["Media_1"] == nil {
		t.Errorf("withoutDomain(Restaurants) kept %v, dropped Media_1: %v", v["Restaurants_1"] != nil, v["Media_1"] == nil)
	}
}
