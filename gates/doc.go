// Package gates owns the gate-driven flow controller of seed 002
// (docs/spec/002-flow-controller.txt) and its flow definitions: the flow format (JSON,
// YAML accepted), its validation before storage, the RuntimeState, selectNextNode, the
// modes (EXECUTE, RETRY, BROADEN, HANDOFF and SKIP) and the per-conversation metrics.
// The Engine runs one stored flow as a parley.Engine; each conversation stays on the
// flow version it started with.
//
// # How a user turn meets a decision
//
// Seed 002 describes a controller turn as: decide a node and a mode, say the node's
// prompt, read the user's answer, record the result. A Parley turn starts with the
// user's message instead, so each Decide does this:
//
//  1. If the last reply ended with a node's prompt, the message is that node's
//     answer: selectNextNode on the stored state gives the same decision (node,
//     mode) as when the prompt was chosen, since the state has not changed; the mode
//     is applied and the node's extractors read facts from the message.
//  2. Otherwise (the first message of a conversation, or the first after a wait or
//     a handback) the message answers no prompt: no node EXECUTEs against it and no
//     attempt is spent, but the facts it volunteers are kept (see below).
//  3. The controller then advances: selectNextNode runs on the new state; a node
//     that needs no answer (nothing to ask, or everything it asks for already known)
//     and a HANDOFF are applied at once; the first node that needs an answer is
//     prompted, in the variant its mode and strategy choose, and the turn ends.
//
// With this reading every Parley turn is one turn of the seed's Example Execution
// Trace, with the same decision, mode, facts, states, attempts and executions
// (TestExampleExecutionTrace and testdata/scenarios/coach/trace.yaml): the coach's
// welcome-1 asks nothing, so it runs at once on the first message.
//
// When the controller reaches an outcome (COMPLETE or DEADLOCK) the turn reports it
// at once: the reply carries the flow's closing message and the turn's transitions
// end in "COMPLETE" or "DEADLOCK".
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
//   - BROADEN counts as an attempt (not an execution) and asks the node's broaden
//     prompt. Until the node next executes: the nodes adjacent to it, those that
//     require a gate it satisfies or a state it produces, have that requirement
//     waived ("relax node constraints"), so they may run before it; the answer to
//     the broaden prompt is read for every other node's facts with a keyword enough
//     ("consider adjacent nodes"); and the node ranks as low importance ("reduce
//     importance temporarily"). A node broadened once whose attempts are exhausted
//     again hands off: asking the same broaden prompt again would only repeat it
//     until the loop guard.
//   - HANDOFF adds the state HANDOFF_REQUESTED, sets status handoff, records a handoff
//     event and a "handoff" effect (the Chatwoot channel turns it into a private
//     note with the reason and the status open); it is not counted as an attempt.
//     While handed off the controller stays silent.
//   - DEADLOCK ("recommend manual intervention") is a handoff as well: status
//     deadlock, HANDOFF_REQUESTED, a deadlock event with the blockers, and a handoff
//     event and effect whose reason names every node and what blocks it. The reply
//     is the flow's deadlock message, which may promise a human because one is
//     brought in; the controller then stays silent.
//   - Handback (POST .../handback, or a conversation resolved in Chatwoot) returns a
//     handoff or deadlock to the controller: HANDOFF_REQUESTED gives way to
//     HANDOFF_COMPLETE (the seed's gate example), the loop guard starts over, and
//     maxAttempts counts the attempts made since the handback (attemptsByNode keeps
//     counting, as the seed says it never resets), so the exhausted node is asked
//     again instead of going straight back to a human. A deadlock that nothing
//     unblocked hands off again on the next message.
//   - cooldownTurns: a RETRY needs that many other user turns since the node's last
//     attempt. A cooling node is passed over while another eligible node can run; if
//     none can, the turn waits (selectNextNode's status WAIT): the reply is the
//     flow's cooldown message, a "cooldown" event names the node, and no question is
//     asked, so the next message spends no attempt. The cooled node's question is
//     still open, so that message is read for its facts (a keyword is enough).
//     When the message that led to the wait answered part of the node's question
//     (a day without the kind of session), the wait's reply is the Ask question
//     of what is missing ("I have 2026-02-14 down. Would you like a training
//     session or an intro call?"), so the answer is acknowledged in its own turn;
//     it is still no retry and spends no attempt.
//   - Loop guard: the 10th consecutive selection of one node is forced to BROADEN
//     (HANDOFF when the node's onExhaust is HANDOFF), the 11th to HANDOFF, each with a
//     warning event. The forced BROADEN relaxes like any other, so a node with
//     adjacent nodes usually gives way to them before an 11th selection.
//   - Retry policies merge field by field: the node's fields, then defaults.retryPolicy,
//     then the built-in default (maxAttempts 3, HANDOFF, ROTATE, no cooldown).
//   - postGoalPolicy STOP (the default) completes as soon as the primary goal holds;
//     CONTINUE_HIGH first runs every eligible high-importance node that has not yet
//     executed, and takes the flow up again when a fact given after completion makes
//     such a node eligible.
//   - A message after completion is not answered with the closing line again: its
//     volunteered facts are kept, the first such message gets the flow's afterGoal
//     message (what was settled, how to reach a person), and a request for a person
//     or any further message hands off to a human, since the flow has nothing more to
//     ask. Thanks, goodbyes and acknowledgements ("thanks a lot!", "ok thanks
//     bye") ask a person for nothing: they get the flow's closing message
//     (messages.closing) every time, never a handoff. A handback then returns the
//     conversation to complete.
//   - Metrics: per conversation (ConversationMetrics, in GET .../conversations/{id}
//     through actor.MetricsReporter and kept in the state) the seed's list, with
//     turns counted in user messages; per flow (Recorder) outcomes with the number of
//     turns (average conversation length) and the node they happened at (handoff
//     points), retries by node, and each gate with the order it opened in. The
//     per-conversation metrics agree with the status: completed stays true through
//     a handoff after the goal, and handedOff counts that handoff too.
//   - Prompt variants: the first variant is the first attempt's prompt. ROTATE cycles
//     by attempts, ESCALATE steps by attempts and stays on the last, REPHRASE picks one
//     of the later variants seeded from the conversation id and turn index.
//   - REPHRASE with a model (Options.Writer, the bot's llm block): seed 002's
//     "Rephrase/clarify prompt" of a RETRY is written by the model from the variant
//     REPHRASE picked (the draft, rendered) and the conversation (the turn log's
//     answers and replies, then the message), streamed to the conversation's
//     subscribers as reply_delta events of that reply and recorded as a
//     reply_generated event (key "prompt:" and the node id), which a replay
//     (parley.Turn.RecordedReplies) says again without the model. The first prompt
//     (EXECUTE), BROADEN and the other strategies are said as written. The variant
//     is the fallback when the model is off, slower than the llm block's timeout or
//     failing, so a turn never fails for lack of a model; the decision (node, mode,
//     facts, attempts) is taken before and never depends on the text.
//   - Fact Extraction reads dates with nlu's date grammar (nlu.FindDate, the
//     reader of the flows engine): a sentence that says no date, two, or an
//     impossible one stores none, and a date extractor with validate
//     future_date_only (a booking) refuses a day before the message's. A
//     sentence that corrects itself (nlu.SplitCorrection) is read as it stands
//     after the correction: a number replaces the last number before it.
//   - Volunteered facts: a message is also read for the facts of nodes it does not
//     answer, but only where the message identifies them by itself (an email, a
//     phone number, a date, a regex match, a number after one of the extractor's
//     cue words, an upstream entity); only then are that node's category facts read
//     (never their default) and its deltas computed. A message that answers no
//     question (the first one, the first after a handback) says what the user
//     came for, so its category facts are read by keyword too ("I'd like to book
//     a training session"). Volunteered facts never
//     overwrite a known value. They are listed in the turn log entry's
//     factsVolunteered (the entry of the first decision applied in that turn; a
//     turn that applies none keeps them in facts and the gate timeline only).
//   - A node whose satisfies.gates already hold (or, without gates, whose produced
//     facts are all known) EXECUTEs at once when selected, without a prompt, and
//     says its done text. A node with some of its facts known asks the Ask question
//     (prompts.ask) of its first missing fact instead of a variant, so nothing the
//     user said is asked again; a BROADEN of such a node too (its broaden prompt
//     asks for the node as a whole), and the answer to it is read as the node's.
//   - A number extractor with units reads a number written without one as the
//     unit of the quantity before it, when the two are of a size (within a factor
//     of 4): "squat 150 kg, right now 120" is 120 kg; "3 times a week" stays a
//     count. One quantity is one fact: a number extractor whose cue the message
//     does not say takes the one quantity no said cue of its node took ("60 kg
//     now and want to get to 80": baseline 60 kg), none when none or several
//     are left, and two quantities or more with no cue said store none. A
//     clause asking about something ("how long is a session?") gives no
//     category, not even the default. A primary goal met by volunteered facts completes
//     the flow before the nodes that would have asked for them run, as
//     selectNextNode checks the goal first.
//   - A node applied without an answer (at once) reads no extractors: an empty
//     message would only yield category defaults over what the user said.
//   - Facts produced by a turn are canonical (factAliases applied) and keep their
//     extracted value in factValues; prompts may name them as {fact}.
//   - An upstream nlu parse on the message (docs/spec/contracts.md section 2) replaces
//     the built-in extractors: each extractor's fact is read from the entity named by
//     its entity field, else by its raw fact name, else by its canonical name. Deltas
//     are still computed.
//   - Transitions: one per decision applied, from the previous node ("start" at first)
//     to the selected node with the mode as trigger, plus one into COMPLETE or
//     DEADLOCK on the turn that reaches it; a handback is one from the position to
//     itself with trigger HANDBACK. A turn that only prompts, waits or answers after
//     completion applies no decision and has none.
package gates
