package main

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// fullFilesystem mounts a small tmpfs for the test (root only) and returns its
// folder; the test is skipped where mounting is not allowed.
func fullFilesystem(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs to fill (needs root): %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	return dir
}

// fill writes to path until the filesystem has no space left.
func fill(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := bytes.Repeat([]byte{'x'}, 64<<10)
	for {
		if _, err := f.Write(chunk); err != nil {
			if errors.Is(err, syscall.ENOSPC) {
				return
			}
			t.Fatal(err)
		}
	}
}

// TestReadyzReportsAStoreThatCannotCommit: a real SQLite database on a filesystem
// that fills up. Reads still work, so a ping alone says ready; once a commit fails
// for want of space, /readyz answers 503 until a write lands again, which it does
// once space is freed (the failed turn, retried with its id, goes through).
func TestReadyzReportsAStoreThatCannotCommit(t *testing.T) {
	dir := fullFilesystem(t, "4M")
	base, _ := testServer(t, "-db", filepath.Join(dir, "parley.db"))
	msgs := base + "/v1/bots/booking/conversations/full/messages"
	if code, b, _ := post(t, msgs, `{"id":"m0","text":"hello"}`); code != http.StatusOK {
		t.Fatalf("a turn before the disk fills: %d %s", code, b)
	}
	if code, b := get(t, base+"/readyz"); code != http.StatusOK {
		t.Fatalf("readyz before the disk fills: %d %s", code, b)
	}
	filler := filepath.Join(dir, "filler")
	fill(t, filler)
	failed := ""
	for i := 1; i <= 50 && failed == ""; i++ {
		id := fmt.Sprintf("m%d", i)
		code, b, _ := post(t, msgs, fmt.Sprintf(`{"id":%q,"text":"I want to book a flight from New York to Los Angeles next friday, turn %d"}`, id, i))
		switch code {
		case http.StatusOK:
		case http.StatusServiceUnavailable:
			failed = id
			wantErrorBody(t, "a turn on a full disk", code, b, http.StatusServiceUnavailable, "retry it later")
		default:
			t.Fatalf("turn %s on a full disk: %d %s", id, code, b)
		}
	}
	if failed == "" {
		t.Fatal("50 turns committed on a full filesystem")
	}
	if code, b := get(t, base+"/conversations-do-not-exist"); code != http.StatusNotFound {
		t.Fatalf("the server stopped answering: %d %s", code, b)
	}
	if code, b := get(t, base+"/readyz"); code != http.StatusServiceUnavailable {
		t.Fatalf("readyz while commits fail on a full disk: %d %s", code, b)
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	code, b, _ := post(t, msgs, `{"id":"`+failed+`","text":"I want to book a flight from New York to Los Angeles next friday"}`)
	if code != http.StatusOK {
		t.Fatalf("the failed turn retried once space is free: %d %s", code, b)
	}
	if code, b := get(t, base+"/readyz"); code != http.StatusOK {
		t.Fatalf("readyz once writes land again: %d %s", code, b)
	}
}
