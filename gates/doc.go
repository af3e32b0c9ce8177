// Package gates owns the gate-driven flow controller of seed 002 and its flow
// definitions: the flow format (JSON, YAML accepted), its validation before storage,
// the RuntimeState, selectNextNode, the modes (EXECUTE, RETRY, BROADEN, HANDOFF and
// SKIP) and the per-conversation metrics. The Engine runs one stored flow as a
// parley.Engine; each conversation stays on the flow version it started with.
//
// # How a user turn meets a decision
//
// Seed 002 describes a controller turn as: decide a node and a mode, say the node's
// prompt, read the user's answer, record the result. A Parley turn starts with the
// user's message instead, so each Decide does this:
//
//  1. selectNextNode on the stored state gives this turn's decision (node, mode);
//  2. the user's message is the answer to that node: the mode is applied, and the
//     node's extractors read facts from the message;
//  3. selectNextNode runs again on the new state (the look-ahead) and the reply ends
//     with that node's prompt, in the variant its mode and strategy choose.
//
// The decision of step 1 is a pure function of the state, which does not change
// between the look-ahead and the next message, so the node the next message is
// applied to is exactly the node whose prompt the user just read (kept as
// lastPromptedNode for inspection). The first message of a conversation answers no
// prompt: it is the input of the first node (the coach's welcome-1, which reads
// nothing from it). With this reading every Parley turn is one turn of the seed's
// Example Execution Trace, with the same decision, mode, facts, states, attempts and
// executions (TestExampleExecutionTrace and testdata/scenarios/coach/trace.yaml).
//
// When the look-ahead ends the flow (COMPLETE or DEADLOCK) the turn reports it at
// once: the reply carries the flow's closing message and the turn's transitions end
// in "COMPLETE" or "DEADLOCK". A look-ahead HANDOFF needs no answer, so it is applied
// at once too, as its own turn log entry.
//
// # Choices where the seed is silent or contradicts itself
//
//   - RETRY: the seed says a retry produces no facts, yet its trace (turn 5) records
//     contact_email from the answer to the rephrased prompt. The rephrase itself
//     produces nothing; the user's answer to it is read with the node's extractors.
//     A RETRY adds no states and does not count as an execution.
//   - Turn 6 of the trace satisfies BOOKING (metricsAll booking_date, booking_type)
//     from "Schedule me for next Tuesday". The coach flow's booking-1 reads
//     booking_type with a keyword category extractor: "schedule", "session", "book"
//     and the like mean "training session", "call" or "video" mean "intro call". No
//     default is set, so "next Tuesday" alone leaves BOOKING open and booking-1 asks
//     which kind of session.
//   - The objective of a node (determineMode's checkObjectiveSatisfied) is its
//     satisfies.gates; without gates, every fact and state it produces; a node that
//     declares none of these has met it once executed.
//   - CLARIFY maps to RETRY as the seed's code says: the node keeps clarifying (its
//     variants escalating) until the loop guard steps in.
//   - SKIP passes over the node and selects the next eligible one in priority order.
//     When every eligible node skips, the turn is a DEADLOCK.
//   - BROADEN counts as an attempt (not an execution), asks the node's broaden
//     prompt, reads the answer with the extractors of every node of the flow
//     ("consider adjacent nodes") and ranks the node as low importance until it next
//     executes ("reduce importance temporarily").
//   - HANDOFF adds the state HANDOFF_REQUESTED, sets status handoff, records a handoff
//     event and a "handoff" effect; it is not counted as an attempt. While handed off
//     the controller stays silent.
//   - cooldownTurns: a RETRY needs that many other turns since the node's last
//     attempt. A cooling node is passed over while another eligible node can run; if
//     none can, it retries anyway (a conversation cannot wait in silence).
//   - Loop guard: the 10th consecutive selection of one node is forced to BROADEN
//     (HANDOFF when the node's onExhaust is HANDOFF), the 11th to HANDOFF, each with a
//     warning event.
//   - Retry policies merge field by field: the node's fields, then defaults.retryPolicy,
//     then the built-in default (maxAttempts 3, HANDOFF, ROTATE, no cooldown).
//   - postGoalPolicy STOP (the default) completes as soon as the primary goal holds;
//     CONTINUE_HIGH first runs every eligible high-importance node that has not yet
//     executed.
//   - Prompt variants: the first variant is the first attempt's prompt. ROTATE cycles
//     by attempts, ESCALATE steps by attempts and stays on the last, REPHRASE picks one
//     of the later variants seeded from the conversation id and turn index.
//   - Facts produced by a turn are canonical (factAliases applied) and keep their
//     extracted value in factValues; prompts may name them as {fact}.
//   - An upstream nlu parse on the message (CONTRACTS.md section 2) replaces the
//     built-in extractors: each extractor's fact is read from the entity named by its
//     entity field, else by its raw fact name, else by its canonical name. Deltas are
//     still computed.
//   - Transitions: one per decision applied, from the previous node ("start" at first)
//     to the selected node with the mode as trigger, plus one into COMPLETE or
//     DEADLOCK on the turn that reaches it.
package gates
