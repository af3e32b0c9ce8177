package fsm

import "context"

// Fire returns the state trigger leads to from from; outside the table it returns
// from and a *TransitionError. ctx and arg are ignored: Fire remains only for the
// actor's lifecycle until the actor owns that table, and goes with it. Engines use
// Next and Check.
func (m *Machine[S, T]) Fire(_ context.Context, from S, trigger T, _ any) (S, error) {
	to, reason := m.target(from, trigger)
	if reason != "" {
		return from, &TransitionError[S, T]{Machine: m.name, From: from, Trigger: trigger, Reason: reason}
	}
	return to, nil
}
