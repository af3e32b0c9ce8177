// Package sgd replays Google's Schema-Guided Dialogue (SGD) dataset through the
// flows engine: it decodes SGD schema and dialogue files, writes the flow file of
// an SGD service (Flows), and replays annotated dialogues through the production
// runtime (parley.Conversations, the actor runtime over a store) in oracle mode (Replay), checking
// the engine against conversations nobody on the team wrote.
//
// # Generated flows
//
// One flow per intent, named after it and started by it, all sharing the
// service's slots (settings.shared_slots: SGD's state belongs to the service);
// a collect step per required slot; a confirm step for a transactional intent;
// then the service call, an action named after the intent (the built-in set of
// CallSlot, or a webhook with FlowsOptions.Webhook). Slot types come from the
// schema: a categorical slot is an enum of its possible values plus dontcare
// (SGD's "no preference" value of any slot); a free slot is a date, a time, a
// city or an integer when its description says so ("Date of ...", "Time of
// ...", "City where ...", "Location of ...", "Number of ..."), else text. An
// optional slot with a default other than dontcare has it as its flow default
// (proposed at the confirmation, set when the user accepts); a dontcare default
// is no value. A search intent offers its results: the result slots a choice
// settles, those a transactional intent takes as parameters (required, or
// optional with a default other than dontcare: the hotel's name, the bus's
// fare type; or, in an intent that requires nothing, optional with a dontcare
// default when the search finds the slot rather than filters by it: the song a
// play-anything intent plays), or in
// a service without transactions those its other searches take (the airline);
// a flow started on an offer takes the offered slots it declares. A free slot
// whose description speaks of a length of time ("duration", "waiting time") is
// text, not a time of day.
//
// # Samples
//
// Sample takes the dialogues the figures of docs/guides/sgd.md are measured on
// from a split's dialogues files: a service's single-service dialogues that
// reach its transactional call, at even intervals, optionally those making two
// or more such calls first (`parley-tools sgd sample`).
//
// # Oracle mode and what is compared (choices pinned by tests)
//
//   - Each user turn carries its annotated parse as the message's nlu (see
//     oracleParse): the values of the user's INFORM acts (and of a SELECT that
//     names its choice), the active intent when the user expresses it, affirm,
//     deny, select and request_alts for AFFIRM, NEGATE, SELECT and REQUEST_ALTS.
//     It is built from the turn's acts only: values the state gains without the
//     user saying them (an accepted offer or default, values carried to the
//     next intent) are the engine's to supply.
//   - The replay supplies what a deployment supplies: the conversation's date
//     (sent_at from 2019-03-01, SGD's "today"), and as the answer to a service
//     call the dialogue's service_results of the system turn that answers it,
//     starting from the result that turn offers (its OFFER act), each result as
//     the system presents one (the slots its OFFER act names), and a failure when
//     that turn is a NOTIFY_FAILURE.
//   - After every user turn the engine's active flow must be the active intent
//     (an idle engine whose last flow is that intent still counts as on it,
//     however the flow ended, as SGD keeps an intent active until the user
//     names another; any idle engine matches NONE), and every
//     slot of the service must hold one of the values listed for it, or none.
//     A value matches a listed surface form when it is the same text, or the
//     value the engine reads that form as (Engine.Normalize: "next Tuesday" is
//     2019-03-05, "half past 3 in the afternoon" 15:30, "SD" San Diego). An
//     optional slot at its schema default matches an unlisted one.
//   - The service calls are recorded in process when the action runs (the
//     replay bots' webhook actions run through an in-process ActionRunner). At
//     every system turn the call the dialogue makes must be the one the engine
//     made in the user turn before, with the same parameters: equal ignoring
//     case, the same number ("$1,470" and "1470"), or another surface form the
//     state lists for the same value; dontcare and absent are the same.
//   - A dialogue of several services is skipped (a replay bot runs one service).
//   - Report.Write prints a line per dialogue, the totals per service, then the
//     totals.
//
// Seed 001 cited here is docs/spec/001-state-machine-design.txt; the dataset and its
// licence are described in testdata/sgd/LICENSE.md.
package sgd
