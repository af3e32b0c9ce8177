package check

import (
	"maps"

	"github.com/parleyhq/parley/flows"
)

// liveness is the reduction that lets a flows bot's proof grow with its slots
// rather than with their product: Abstract leaves out of the abstract state what
// no later turn can read, so states that differ only there are one. Each rule
// holds by what the engine reads (flows/steps.go, fill.go, slots.go):
//
//   - A slot holding null is an empty slot: every reader tests "present and not
//     null" (collect steps, conditions' filled, corrections, defaults).
//   - Without settings.shared_slots, a slot that no flow in play (the active one
//     and those suspended beneath it) declares or fills, that no branch tests and
//     that no flow fills without declaring it is dead: a flow that starts
//     empties the slots it declares (not those only its actions set, which a
//     later run may read before setting them again), templates and conditions
//     may only name their own flow's, and a resumed flow gets its own back from
//     its frame.
//   - The retry count of a filled slot is dead: a slot is asked again only after
//     it is emptied, and everything that empties one (a new flow, asking it
//     again after "what would you like to change?", an action's missing data,
//     on_exhaust skip) starts its count afresh. The count of the awaited slot and
//     of a confirmation step stay exact.
//   - Which flow ended last and how is read only with shared_slots (whether a
//     transaction is done), so it is kept only there.
//
// Everything else, the slots' filled-or-empty pattern and the stack included,
// stays. The order slots were filled in was never part of the state. Walk
// cross-checks the reduction: a merged state that behaves differently shows as
// a state the random walks reach and the exploration never found.
type liveness struct {
	shared bool
	// own are, per flow, the slots a turn of it can read: those it declares,
	// collects or fills (set, reference, outputs, offer).
	own map[string]map[string]bool
	// lingering are the slots a flow fills without declaring them: starting
	// it does not empty them.
	lingering map[string]bool
	// tested are the slots a branch condition reads: kept whichever flow runs.
	tested map[string][]string
}

func newLiveness(def *flows.Definition, tested map[string][]string) liveness {
	l := liveness{shared: def.Settings.SharedSlots, own: map[string]map[string]bool{}, lingering: map[string]bool{}, tested: tested}
	for _, f := range def.Flows {
		declared := map[string]bool{}
		for _, sl := range f.Slots {
			declared[sl.Name] = true
		}
		own := maps.Clone(declared)
		for _, st := range f.Steps {
			for _, name := range fills(st) {
				own[name] = true
				l.lingering[name] = l.lingering[name] || !declared[name]
			}
		}
		l.own[f.Name] = own
	}
	return l
}

// fills are the slots a step sets.
func fills(st *flows.Step) []string {
	out := []string{st.Collect}
	if a := st.Action; a != nil {
		for k := range a.Set {
			out = append(out, k)
		}
		if a.Reference != nil {
			out = append(out, a.Reference.Slot)
		}
		out = append(append(out, a.Outputs...), a.Offer...)
	}
	return out
}

// reduce clears from s, a copy of a state whose maps it replaces rather than
// writes, what no later turn reads.
func (l liveness) reduce(s *flows.State) {
	s.Metadata.Retries = liveRetries(s.Metadata.Retries, s.Slots)
	s.Slots = l.liveSlots(s)
	if !l.shared {
		s.Metadata.LastFlow, s.Metadata.LastOutcome = "", ""
	}
}

// liveSlots are the filled slots of s a later turn can read.
func (l liveness) liveSlots(s *flows.State) map[string]any {
	inPlay := []string{s.CurrentFlow}
	for _, fr := range s.FlowStack {
		inPlay = append(inPlay, fr.Flow)
	}
	out := make(map[string]any, len(s.Slots))
	for k, v := range s.Slots {
		if v != nil && l.live(k, inPlay) {
			out[k] = v
		}
	}
	return out
}

func (l liveness) live(slot string, inPlay []string) bool {
	if _, ok := l.tested[slot]; ok || l.shared || l.lingering[slot] {
		return true
	}
	for _, f := range inPlay {
		if l.own[f][slot] {
			return true
		}
	}
	return false
}

// liveRetries are the retry counts of the slots still empty and of steps.
func liveRetries(retries map[string]int, slots map[string]any) map[string]int {
	if len(retries) == 0 {
		return nil
	}
	out := maps.Clone(retries)
	for k := range retries {
		if v, ok := slots[k]; ok && v != nil {
			delete(out, k)
		}
	}
	return out
}
