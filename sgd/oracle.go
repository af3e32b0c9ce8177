package sgd

import (
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
)

// oracleParse is the upstream parse a user turn carries in oracle mode, built
// from the turn's annotated dialogue acts only (never from the engine's state,
// nor from the annotated state's values the user did not say):
//
//   - Entities are the values of the user's INFORM acts, as annotated, and of a
//     SELECT that names its choice ("How about Hackers?"). Values
//     the state gains without the user saying them (an offered result the user
//     selects, a default the user accepts at a confirmation, values carried to
//     the next intent of the service) are the engine's to supply.
//   - Intent: AFFIRM is "affirm"; NEGATE without a value is "deny" (with one it
//     is a correction and carries the active intent); SELECT is "select" and
//     REQUEST_ALTS "request_alts" unless the user also names an intent
//     (or, for REQUEST_ALTS, gives new criteria: the search runs again);
//     otherwise the active intent when the user expresses it (a new intent, an
//     INFORM_INTENT or AFFIRM_INTENT act, or values for it); a turn that only
//     thanks or says goodbye carries its first act ("thank_you"), which starts
//     no flow.
func oracleParse(f *Frame) *parley.NLU {
	o := &oracleTurn{f: f, entities: informedValues(f), namesIntent: f.has(ActInformIntent) || f.has(ActAffirmIntent)}
	p := &parley.NLU{Intent: o.intent(), Confidence: 1}
	if len(o.entities) > 0 {
		p.Entities = o.entities
	}
	return p
}

// oracleTurn is what the intent rules read of a user turn's frame.
type oracleTurn struct {
	f           *Frame
	entities    map[string]any
	namesIntent bool
}

// oracleIntentRules give a user turn's intent, the first rule that holds
// winning (see oracleParse).
var oracleIntentRules = []struct {
	holds  func(o *oracleTurn) bool
	intent func(o *oracleTurn) string
}{
	{func(o *oracleTurn) bool { return o.f.has(ActAffirm) }, constIntent("affirm")},
	{func(o *oracleTurn) bool { return o.f.has(ActNegate) && len(o.entities) == 0 }, constIntent("deny")},
	{func(o *oracleTurn) bool { return o.f.has(ActSelect) && !o.namesIntent }, constIntent(flows.IntentSelect)},
	{func(o *oracleTurn) bool { return o.f.has(ActRequestAlts) && !o.namesIntent && len(o.entities) == 0 }, constIntent(flows.IntentAlternative)},
	{func(o *oracleTurn) bool { return o.f.State.ActiveIntent == IntentNone }, (*oracleTurn).firstAct},
	{func(o *oracleTurn) bool { return o.namesIntent || len(o.entities) > 0 }, (*oracleTurn).activeIntent},
	{func(*oracleTurn) bool { return true }, (*oracleTurn).firstAct},
}

func (o *oracleTurn) intent() string {
	for _, r := range oracleIntentRules {
		if r.holds(o) {
			return r.intent(o)
		}
	}
	return ""
}

func constIntent(name string) func(*oracleTurn) string {
	return func(*oracleTurn) string { return name }
}

func (o *oracleTurn) activeIntent() string { return o.f.State.ActiveIntent }

func (o *oracleTurn) firstAct() string { return firstAct(o.f) }

// informedValues are the slot values the user's INFORM and SELECT acts give,
// the first value of each act, a later act's winning over an earlier one's.
func informedValues(f *Frame) map[string]any {
	entities := map[string]any{}
	for _, a := range f.Actions {
		if (a.Act == ActInform || a.Act == ActSelect) && a.Slot != "" && len(a.Values) > 0 {
			entities[a.Slot] = a.Values[0]
		}
	}
	return entities
}

func firstAct(f *Frame) string {
	if len(f.Actions) == 0 {
		return ""
	}
	return strings.ToLower(f.Actions[0].Act)
}
