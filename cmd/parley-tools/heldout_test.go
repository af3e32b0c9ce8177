package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"
)

// TestHeldoutCountsEachOutcome: a case meeting its expectation is correct, one
// meeting the set's not-understood expectation is not understood, any other is
// wrong; -v names the cases that were not correct.
func TestHeldoutCountsEachOutcome(t *testing.T) {
	var stdout bytes.Buffer
	if err := run(context.Background(), []string{"heldout", "-v", "testdata/heldout"}, &stdout, io.Discard); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	out := stdout.String()
	for _, want := range []string{
		"1/  3 correct (33.3%), 1 not understood, 1 wrong",
		`case 2 "hmm"`, "not understood", `case 3 "I want to book a flight"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestHeldoutSetsOfOneNameKeepTheirOwnConversations: two rounds hold sets of the same
// folder and file name; played in one run, each case still starts on a
// conversation of its own, so the second set's figure is its own (here the first
// case of the second set says something else under the same situation).
func TestHeldoutSetsOfOneNameKeepTheirOwnConversations(t *testing.T) {
	fixture, err := os.ReadFile("testdata/heldout/three.yaml")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	other := strings.Replace(string(fixture), "say: cancel", "say: forget it", 1)
	for dir, text := range map[string]string{"a": string(fixture), "b": other} {
		if err := os.MkdirAll(root+"/"+dir+"/heldout", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(root+"/"+dir+"/heldout/three.yaml", []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout bytes.Buffer
	args := []string{"heldout", root + "/a/heldout/three.yaml", root + "/b/heldout/three.yaml"}
	if err := run(context.Background(), args, &stdout, io.Discard); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if got := strings.Count(stdout.String(), "1/  3 correct"); got != 2 {
		t.Errorf("want each set 1/3 correct, got:\n%s", stdout.String())
	}
}

// TestHeldoutRefusesBadFiles: a case in a situation the file does not define is
// refused with the file and case.
func TestHeldoutRefusesBadFiles(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/bad.yaml"
	if err := os.WriteFile(path, []byte("bot: shop\ncases:\n  - {about: x, in: nowhere, say: hi, expect: {}}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := run(context.Background(), []string{"heldout", path}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), `case 1: no situation "nowhere"`) {
		t.Fatalf("err = %v", err)
	}
}

// TestHeldoutPartlyReadIsNotWrong: a gates bot that stores one of two expected
// fact values and asks for the other stored nothing the user did not say: not
// understood; one that stores a different value is wrong.
func TestHeldoutPartlyReadIsNotWrong(t *testing.T) {
	var stdout bytes.Buffer
	if err := run(context.Background(), []string{"heldout", "-v", "testdata/heldout-partial"}, &stdout, io.Discard); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	out := stdout.String()
	for _, want := range []string{
		"1/  3 correct (33.3%), 1 not understood, 1 wrong",
		`case 2 "training session" (the session type read, the date (a word the reader does not know) asked): not understood`,
		`case 3 "intro call tomorrow" (a different session type stored): wrong`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
