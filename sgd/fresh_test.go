package sgd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// replayFresh replays the files of one half of testdata/sgd/fresh5 taken from
// one split, with that split's schema.
func replayFresh(t *testing.T, half, split string) Totals {
	t.Helper()
	return replayFreshSet(t, "fresh5/"+half, split)
}

// replayFreshSet replays the files of a sample folder under testdata/sgd taken
// from one split, with that split's schema.
func replayFreshSet(t *testing.T, set, split string) Totals {
	t.Helper()
	return replayFreshSetWith(t, set, split, ReplayOptions{})
}

func replayFreshSetWith(t *testing.T, set, split string, opts ReplayOptions) Totals {
	t.Helper()
	data, err := os.ReadFile("../testdata/sgd/" + split + "_schema.json")
	if err != nil {
		t.Fatal(err)
	}
	services, err := DecodeSchema(data)
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("../testdata/sgd/" + set + "/" + split + "_*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: no %s files (%v)", set, split, err)
	}
	var dialogues []Dialogue
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		more, err := DecodeDialogues(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		dialogues = append(dialogues, more...)
	}
	return replayWith(t, services, dialogues, opts).Totals()
}

// The development half of the fresh sample (testdata/sgd/fresh5/A) replays with
// one mismatch: a free-text value the service maps to its own vocabulary with
// no evidence in the train split ("Soup & Salad" called as Salad). The others
// of that class ("Non-fiction" for Biographical, "Rom-com" for Romance) the
// learned vocabulary now holds, its free slots' values learned from the calls.
func TestReplayFreshDevelopmentHalf(t *testing.T) {
	tests := []struct {
		split string
		want  Totals
	}{
		{"dev", Totals{Dialogues: 34, Passed: 33, UserTurns: 254, Matched: 254, Calls: 66, CallsMatched: 65}},
		{"train", Totals{Dialogues: 46, Passed: 46, UserTurns: 364, Matched: 364, Calls: 97, CallsMatched: 97}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, replayFresh(t, "A", tt.split)); diff != "" {
			t.Errorf("fresh5/A %s totals (-want +got):\n%s", tt.split, diff)
		}
	}
}

// The second half (testdata/sgd/fresh5/B), held out when it was taken (69 of
// 80), is a development set since fresh6 was drawn; 71 passed since optional
// slots take dontcare and the learned vocabulary, 77 since the vocabulary
// holds free slots' values and the replay's service returns what the system
// offered, in the order it offered it, 78 since a slot named city whose
// description says no type is a city (sgd9).
// A floor: a change that
// passes more moves it up in docs/guides/sgd.md.
func TestReplayFreshHeldOutHalfFloor(t *testing.T) {
	dev, train := replayFresh(t, "B", "dev"), replayFresh(t, "B", "train")
	if n := dev.Dialogues + train.Dialogues; n != 80 {
		t.Fatalf("fresh5/B: %d dialogues, want 80", n)
	}
	if p := dev.Passed + train.Passed; p < 78 {
		t.Errorf("fresh5/B: %d/80 dialogues passed, want at least 78", p)
	}
}

// The held-out sample testdata/sgd/fresh6/C is a floor only: 149 of 160 passed
// when it was drawn and after the round that drew it, 153 once the learned
// vocabulary held free slots' values, 154 once a free slot described as the
// name of a city is a city, 155 once a free slot's whole values may hold a
// function word ("pizza and pasta"), 156 once a transaction holds the result
// slots a choice settles for another (sgd9). Its mismatches are not pinned.
func TestReplayFreshSixHeldOutFloor(t *testing.T) {
	dev, train := replayFreshSet(t, "fresh6/C", "dev"), replayFreshSet(t, "fresh6/C", "train")
	if n := dev.Dialogues + train.Dialogues; n != 160 {
		t.Fatalf("fresh6/C: %d dialogues, want 160", n)
	}
	if p := dev.Passed + train.Passed; p < 156 {
		t.Errorf("fresh6/C: %d/160 dialogues passed, want at least 156", p)
	}
}

// The held-out sample testdata/sgd/fresh7/D is a floor only: 176 of 188
// passed when it was drawn, 182 after the round that drew it, 183 once a
// transaction holds the result slots a choice settles for another. Its mismatches
// are not pinned, so that nobody develops on them.
func TestReplayFreshSevenHeldOutFloor(t *testing.T) {
	dev, train := replayFreshSet(t, "fresh7/D", "dev"), replayFreshSet(t, "fresh7/D", "train")
	if n := dev.Dialogues + train.Dialogues; n != 188 {
		t.Fatalf("fresh7/D: %d dialogues, want 188", n)
	}
	if p := dev.Passed + train.Passed; p < 183 {
		t.Errorf("fresh7/D: %d/188 dialogues passed, want at least 183", p)
	}
}

// fresh8/E replayed leave-domain-out (testdata/sgd/fresh8/README.md): the dev
// part is developed on and pinned; the held train part has a floor (84, 85
// since sgd9).
func TestReplayFreshEightUnseenDomain(t *testing.T) {
	unseen := ReplayOptions{UnseenDomain: true}
	want := Totals{Dialogues: 68, Passed: 66, UserTurns: 515, Matched: 515, Calls: 153, CallsMatched: 150}
	if diff := cmp.Diff(want, replayFreshSetWith(t, "fresh8/E", "dev", unseen)); diff != "" {
		t.Errorf("fresh8/E dev part, unseen domain (-want +got):\n%s", diff)
	}
	train := replayFreshSetWith(t, "fresh8/E", "train", unseen)
	if train.Dialogues != 92 || train.Passed < 85 {
		t.Errorf("fresh8/E train part, unseen domain: %d/%d passed, want at least 85/92", train.Passed, train.Dialogues)
	}
}

// fresh9/F, held aside (testdata/sgd/fresh9/README.md), replayed
// leave-domain-out: a floor only, 213 of 223 before and after the round that
// drew it. Its mismatches are not pinned nor read.
func TestReplayFreshNineUnseenDomainFloor(t *testing.T) {
	unseen := ReplayOptions{UnseenDomain: true}
	dev, train := replayFreshSetWith(t, "fresh9/F", "dev", unseen), replayFreshSetWith(t, "fresh9/F", "train", unseen)
	if n := dev.Dialogues + train.Dialogues; n != 223 {
		t.Fatalf("fresh9/F: %d dialogues, want 223", n)
	}
	if p := dev.Passed + train.Passed; p < 213 {
		t.Errorf("fresh9/F, unseen domain: %d/223 dialogues passed, want at least 213", p)
	}
}

// The hand-written services of testdata/sgd/synthetic_new (kinds SGD's train
// and dev splits do not have) are pinned: 27 of the first 30 passed before
// sgd2, 31 of 32 after. The one left switches from one transaction to another
// at its confirmation, and the engine resumes the abandoned one afterwards
// (flows, not sgd: see the README).
func TestReplaySyntheticNewServices(t *testing.T) {
	read := func(name string) []byte {
		data, err := os.ReadFile("../testdata/sgd/synthetic_new/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	services, err := DecodeSchema(read("schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	dialogues, err := DecodeDialogues(read("dialogues.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := Totals{Dialogues: 32, Passed: 31, UserTurns: 151, Matched: 149, Calls: 53, CallsMatched: 53}
	if diff := cmp.Diff(want, replayWith(t, services, dialogues, ReplayOptions{}).Totals()); diff != "" {
		t.Errorf("synthetic_new totals (-want +got):\n%s", diff)
	}
}
