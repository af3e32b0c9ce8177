package parley_test

import (
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

func TestWriteHealth(t *testing.T) {
	var h parley.WriteHealth
	t0 := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	if h.Err(t0) != nil {
		t.Fatal("the zero value is not healthy")
	}
	h.Note(parley.Errorf(parley.ECONFLICT, "version"), t0)
	h.Note(parley.Errorf(parley.EINVALID, "bad commit"), t0)
	if h.Err(t0) != nil {
		t.Fatal("a caller's error made the store unhealthy")
	}
	h.Note(parley.Errorf(parley.EUNAVAILABLE, "sqlite: database or disk is full"), t0)
	if err := h.Err(t0.Add(time.Second)); parley.ErrorCode(err) != parley.EUNAVAILABLE {
		t.Fatalf("after a failed write: %v", err)
	}
	if h.Err(t0.Add(parley.WriteHealthWindow)) != nil {
		t.Fatal("the failure outlived its window")
	}
	h.Note(nil, t0.Add(2*time.Second))
	if h.Err(t0.Add(3*time.Second)) != nil {
		t.Fatal("a write that landed did not clear the failure")
	}
}
