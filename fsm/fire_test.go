package fsm

import (
	"context"
	"errors"
	"testing"

	"github.com/parleyhq/parley"
)

// TestFire pins Fire, kept only for the actor's lifecycle (fire.go): it agrees with
// Next, and outside the table returns the unchanged state and a *TransitionError.
func TestFire(t *testing.T) {
	m := MustBuild(lights())
	tests := []struct {
		name    string
		from    lightState
		trigger lightTrigger
		want    lightState
		reason  string // "" when the transition exists
	}{
		{"transition", red, tick, green, ""},
		{"self transition", red, stay, red, ""},
		{"no transition", green, stay, green, "no such transition"},
		{"undeclared from", "blue", tick, "blue", "undeclared state"},
		{"terminal from", broken, smash, broken, "terminal state"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			to, err := m.Fire(context.Background(), tc.from, tc.trigger, "ignored")
			if to != tc.want {
				t.Errorf("Fire = %q, want %q", to, tc.want)
			}
			if tc.reason == "" {
				if err != nil {
					t.Errorf("Fire error %v", err)
				}
				return
			}
			var te *TransitionError[lightState, lightTrigger]
			if !errors.As(err, &te) || te.From != tc.from || te.Trigger != tc.trigger || te.Reason != tc.reason {
				t.Errorf("Fire error %v, want a TransitionError saying %q", err, tc.reason)
			}
			if code := parley.ErrorCode(err); code != parley.ETRANSITION {
				t.Errorf("ErrorCode = %q, want %q", code, parley.ETRANSITION)
			}
		})
	}
}
