package actor

import (
	"context"
	"testing"
	"time"
)

type callerKey struct{}

// TestCommandContextHasTheCallersValuesAndTheRuntimesCancellation: a command sees
// its caller's values but not its cancellation, and what derives from the command's
// context (a store call's deadline) ends with the runtime's.
func TestCommandContextHasTheCallersValuesAndTheRuntimesCancellation(t *testing.T) {
	rt, stop := context.WithCancel(context.Background())
	defer stop()
	caller, leave := context.WithCancel(context.WithValue(context.Background(), callerKey{}, "span"))
	leave() // the caller stopped waiting: the command runs on
	ctx := commandContext{Context: rt, values: caller}
	if got := ctx.Value(callerKey{}); got != "span" {
		t.Fatalf("the caller's value: %v", got)
	}
	if ctx.Err() != nil {
		t.Fatalf("the caller's cancellation reached the command: %v", ctx.Err())
	}
	call, cancel := context.WithTimeout(ctx, time.Hour)
	defer cancel()
	if call.Err() != nil {
		t.Fatalf("a call's deadline derived from the command ended with the caller: %v", call.Err())
	}
	stop()
	select {
	case <-call.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("a call's deadline derived from the command outlived the runtime's cancellation")
	}
	if got := (commandContext{Context: rt}).Value(callerKey{}); got != nil {
		t.Fatalf("a command without a caller has the value %v", got)
	}
}
