// Package sgd replays Google's Schema-Guided Dialogue (SGD) dataset through the
// flows engine: it decodes SGD schema and dialogue files, writes the flow file of
// an SGD service (Flows), and replays annotated dialogues through the production
// runtime (actor.Runtime over a parley.Store) in oracle mode (Replay), checking
// the engine against conversations nobody on the team wrote.
//
// # Generated flows
//
// One flow per intent, named after it and started by it; a collect step per
// required slot; per optional slot a branch that sets its schema default when
// the user gave none (before the confirmation, so the summary shows it); a
// confirm step for a transactional intent; then the service call, an action
// named after the intent (the built-in set of CallSlot, or a webhook with
// FlowsOptions.Webhook). Categorical slots are enum slots of their possible
// values plus "dontcare", SGD's "no preference" value of any slot.
//
// # Oracle mode and what is compared (choices pinned by tests)
//
//   - Each user turn carries its annotated parse as the message's nlu (see
//     oracleParse): the values new or changed since the previous user turn, the
//     active intent when the user expresses it, affirm and deny for AFFIRM and
//     NEGATE. It is built from the annotation only, never from the engine.
//   - SGD's state belongs to the service: values given for CheckBalance hold for
//     TransferMoney. The flows engine clears a flow's slots when it starts, so
//     the parse of a turn that turns to another intent carries every annotated
//     value, as an SGD state tracker in front of the engine would.
//   - After every user turn the engine's active flow must be the active intent
//     (an idle engine whose last flow completed still counts as on it, as SGD
//     keeps a finished intent active; any idle engine matches NONE), and every
//     slot of the service must hold one of the values listed for it, or none.
//     An optional slot at its schema default matches an unlisted one.
//   - The service calls are recorded in process when the action runs (the
//     replay bots' webhook actions run through an in-process ActionRunner). At
//     every system turn the call the dialogue makes must be the one the engine
//     made in the user turn before, with the same parameters: equal ignoring
//     case, the same number ("$1,470" and "1470"), or another surface form the
//     state lists for the same value; dontcare and absent are the same.
//   - A dialogue of several services is skipped (a replay bot runs one service).
package sgd
