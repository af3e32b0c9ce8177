package actor

import (
	"context"
	"errors"
	"testing"
	"time"
)

type ctxKey struct{}

// TestCallContext holds a store call's context to what context.WithTimeout's
// gives: its deadline, its values, Done closing at the deadline (asked for before
// or after it), Err saying why, a context derived from it cancelled with it, and
// everything released once the call has ended.
func TestCallContext(t *testing.T) {
	parent := context.WithValue(context.Background(), ctxKey{}, "v")
	tests := []struct {
		name string
		run  func(t *testing.T, c *callContext)
	}{
		{"deadline and values", func(t *testing.T, c *callContext) {
			if d, ok := c.Deadline(); !ok || time.Until(d) <= 0 {
				t.Errorf("Deadline = %v, %v", d, ok)
			}
			if c.Value(ctxKey{}) != "v" || c.Err() != nil {
				t.Errorf("Value = %v, Err = %v", c.Value(ctxKey{}), c.Err())
			}
		}},
		{"err from the clock without done", func(t *testing.T, c *callContext) {
			time.Sleep(20 * time.Millisecond)
			if !errors.Is(c.Err(), context.DeadlineExceeded) {
				t.Errorf("Err = %v", c.Err())
			}
		}},
		{"done closes at the deadline", func(t *testing.T, c *callContext) {
			select {
			case <-c.Done():
			case <-time.After(time.Second):
				t.Fatal("Done never closed")
			}
			if !errors.Is(c.Err(), context.DeadlineExceeded) || c.Value(ctxKey{}) != "v" {
				t.Errorf("Err = %v, Value = %v", c.Err(), c.Value(ctxKey{}))
			}
		}},
		{"done asked after the deadline", func(t *testing.T, c *callContext) {
			time.Sleep(20 * time.Millisecond)
			<-c.Done()
		}},
		{"derived context", func(t *testing.T, c *callContext) {
			d, cancel := context.WithCancel(c)
			defer cancel()
			<-d.Done()
			if !errors.Is(context.Cause(d), context.DeadlineExceeded) {
				t.Errorf("Cause = %v", context.Cause(d))
			}
		}},
		{"ended", func(t *testing.T, c *callContext) {
			c.end()
			<-c.Done()
			if !errors.Is(c.Err(), context.Canceled) {
				t.Errorf("Err = %v", c.Err())
			}
		}},
		{"ended before done", func(t *testing.T, c *callContext) {
			c.end()
			if !errors.Is(c.Err(), context.Canceled) {
				t.Errorf("Err = %v", c.Err())
			}
			<-c.Done()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCallContext(parent, 10*time.Millisecond)
			defer c.end()
			tt.run(t, c)
		})
	}
}

// TestCallContextParent: a parent cancelled or with an earlier deadline wins.
func TestCallContextParent(t *testing.T) {
	early, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	c := newCallContext(early, time.Hour)
	defer c.end()
	if d, _ := c.Deadline(); time.Until(d) > time.Second {
		t.Errorf("Deadline = %v, want the parent's", d)
	}
	<-c.Done()
	if !errors.Is(c.Err(), context.DeadlineExceeded) {
		t.Errorf("Err = %v", c.Err())
	}
	gone, stop := context.WithCancel(context.Background())
	stop()
	c = newCallContext(gone, time.Hour)
	defer c.end()
	if !errors.Is(c.Err(), context.Canceled) {
		t.Errorf("Err = %v", c.Err())
	}
}
