// Package flows owns Parley's slot-filling dialogue engine (seeds 001 and 003):
// declarative flow files (YAML, strictly decoded, with a JSON Schema and a
// validator that reports file:line:col), their compilation into an Engine, and
// the engine's state, seed 001's DialogueState plus flow_stack. Every change of
// conversation_state goes through the Dialogue table (machine.go, a table of the
// fsm kernel); a turn reports each transition it took, momentary ones included.
//
// Seed 001 is docs/spec/001-state-machine-design.txt, seed 003
// docs/spec/003-conversation-states.txt.
//
// # A turn
//
// The message is routed on the state the last turn rested in (seed 001, "message
// routing"):
//
//   - idle or completed: -> understanding (user_message). The NLU (package nlu:
//     the flows' trigger keywords and examples, then a slot extractor per slot
//     type, or the message's upstream nlu parse) may start a flow and fills every
//     slot of the active flow it finds, even those not asked for yet.
//   - waiting_for_slot: the message is the awaited slot's value (-> validating_slot,
//     no NLU call, last_nlu_call unchanged) unless it is a cancel, carries an
//     intent marker (nlu.Markers: actually, change, instead, wait...), asks for a
//     human, or matches a flow's trigger (the active one's too: "I want to book a
//     flight" is no origin); then -> understanding (intent_change). A short
//     answer that is a value of the slot and only resembles a trigger's example
//     (not a keyword) is the answer ("Union Station Hotel" when asked which
//     hotel). An upstream parse replaces those checks: it goes to understanding
//     when it names a known intent or cancel, carries entities, or is a dialogue
//     act (select, request_alts, affirm, deny, thank_you...), else the text is
//     mapped directly. An upstream intent with a confidence below
//     settings.min_confidence is no intent (001: "NLU confidence too low").
//   - confirming: the step offers quick replies Yes (meaning "confirm") and No
//     (meaning "no"). Yes (typed: the shared yes/no rule, turn.yesNo; upstream
//     intent confirm/affirm) goes on with the next step; a plain no ends the flow
//     (confirming -> completed, user_cancels: seed 001 "CONFIRMING -> COMPLETED:
//     User cancels"), or with on_no: ask_change asks what to change (confirming
//     -> waiting_for_slot with waiting_for_slot null, user_corrects); a no that
//     carries a new value of a slot ("no, make it 4 nights"; upstream: deny with
//     entities) and anything else go through understanding (a correction,
//     another flow) and confirm again; a new city that could be any of several
//     city slots ("no, make it Boston" with an origin and a destination) asks
//     what to change instead of guessing.
//   - error: seed 001's State Recovery. A cancel goes error -> idle and drops the
//     flows; any other message goes error -> understanding (user_retries), says
//     "I encountered an error. Let's try again." and resumes the active flow at the
//     step that failed, so a failed action runs again (its recovery_state).
//
// The active flow then runs from its current step until it needs the user. Each
// step entered goes through seed 003's step_type_to_state: collect ->
// waiting_for_slot (from understanding with seed 001's slot_needed), confirm ->
// ready_for_confirmation -> confirming, action -> ready_for_action ->
// executing_action, branch -> understanding, say -> generating_response. The turn
// rests in waiting_for_slot, confirming, idle or error; the other states are
// momentary and appear only in the turn's transitions and trace.
//
// # Choices where the seeds leave room (pinned by tests and scenarios)
//
//   - The Dialogue table: seed 003's intermediate states get explicit edges
//     derived from its step_type_to_state mapping, from every state in which a
//     step finishes (each edge and its source are listed on Dialogue).
//   - Completion: seed 001 example 1 shows "State AFTER action: completed" and the
//     benchmark "state back to idle"; seed 003 calls completed momentary and its
//     walk ends "15. [idle]". A finished flow goes executing_action -> completed ->
//     idle (flow_done) within the turn: the turn's transitions show completed, the
//     stored state is idle with current_flow "none", the slots kept for reference
//     (seed 001 "Keep slots for reference") and metadata.last_flow/last_outcome
//     saying which flow ended and how (completed, cancelled, handoff).
//   - Seed 001 maps a slot answer directly (waiting_for_slot -> validating_slot);
//     seed 003's walk shows understanding at its steps 4 and 7 because Soni
//     classified "Madrid" with its NLU. The issue follows seed 001, so the walk's
//     understanding steps are skipped; the rest of seed 003's 15 states appear.
//   - A yes goes confirming -> ready_for_action -> executing_action (seed 003 steps
//     12-13; its step 11 is its NLU call, which the shared yes/no lexicon makes
//     unnecessary) rather than seed 001's direct row: both end in executing_action.
//   - The booking demo's book_flight confirms before booking (the issue asks for a
//     confirm step and the benchmark's fifth turn is the yes), so seed 001 example
//     1's fourth turn rests in confirming and the action runs on the fifth; every
//     other state of the example is reproduced (testdata/scenarios/booking).
//   - A cancelled flow goes through completed too (understanding -> completed ->
//     idle), as seed 001's "CONFIRMING -> COMPLETED: User cancels" does.
//   - An interrupting flow (another flow's trigger mid-flow) pushes the active flow
//     on flow_stack; when it ends, completed -> generating_response says the resume
//     prompt and the suspended flow resumes at the step it was on. A call step
//     pushes too and resumes after itself without a prompt (cancelling a called
//     flow cancels its caller: it is part of it); a link step replaces the flow.
//   - Slots live in one map (seed 001's slots dict), named by the flows. Starting
//     a flow clears its own slots: values from an earlier run are never silently
//     reused, unless settings.shared_slots makes a slot name one value for the
//     whole bot (a service's state: the city searched is the city booked; a new
//     value replaces it, and a value for another flow's slot is kept whichever
//     flow is active). A flow suspended by another keeps a copy of its own slots in its
//     flow_stack frame and gets them back when it resumes, so the other flow's
//     values under the same name (book_flight's booking_ref and cancel_booking's)
//     never leak into it; a called flow shares its caller's slots. Naming a
//     suspended flow's trigger resumes it where it was instead of restarting it.
//   - A request for a human (nlu.IsHumanRequest), a slot's on_exhaust: handoff,
//     or an action with handoff: true hands over from any state: the flows end,
//     with a "handoff" effect and event (the shop's, which Chatwoot acts on), and
//     metadata.handoff holds the reason. Until Handback clears it (POST
//     .../handback, or Chatwoot resolving the conversation), a message gets no
//     reply and changes nothing but the history: the human has the conversation.
//   - Triggers by meaning (#26): the classifier compares keywords and examples
//     with the message by meaning, a Snowball stem or a near-synonym group
//     (nlu.Meaning: "booking a flight", "two pizzas", "fly" for "flight"); a
//     message that starts no flow by its words but fills two slots or more of
//     one flow by that flow's own patterns, more than any other flow, starts
//     it ("heading from Lisbon to Madrid next week": flowOfValues). Values
//     every flow's extractor finds (a date) are no evidence.
//   - Other languages and other words for the cues (#38): what a message's own
//     words leave unread is read from its gloss (nlu.Gloss: "de Lyon à Nice
//     demain matin", "cinq nuits", "start city is Athens"), by the same readers
//     and rules; a slot the words filled keeps its value (findInGloss,
//     glossedAnswer). A count given twice or offered as a choice in a sentence
//     ("two or three nights") is no value.
//   - Slot roles come from the cues, in any order: a pattern's capture stops
//     where another slot's cue took the text ("to Austin from Chicago"), and a
//     cue is looked for after every earlier cue ("fly out to Denver"). A short
//     answer that gives another slot's value by its cue and none by the awaited
//     slot's ("to Phoenix" asked where from) fills that slot and the question
//     is asked again. A correction that points back ("change that to
//     Phoenix", "I meant Seattle", "Phoenix, not Denver", correct.go) changes
//     the slot holding the replaced value, else the slot answered last, else
//     the one filled slot the value fits; one that names its slot uses the
//     labelled pattern (seed 001 example 2).
//   - Slot values are values, not sentences. Seed 001's direct mapping applies to
//     a short answer (at most three words with letters); a longer one is read as
//     understanding reads a message, so "from new york to los angeles next
//     friday" fills three slots and "I'm leaving from phoenix" the origin; a
//     sentence naming no value, or a short answer that is no value of the slot
//     (a city slot given "hmm dunno"), is an invalid answer: asked again and
//     counted against max_retries. Values are normalized when stored (seed 001
//     "values are normalized slot values"): dates YYYY-MM-DD relative to sent_at,
//     times HH:MM, integers and counts ("a couple") as numbers, cities by their
//     usual name (nlu.MatchCity; an unknown one only when written as a name).
//   - Offers (action offer): the action's results are offered one at a time in
//     metadata.offer. A request for another (upstream request_alts; "something
//     else?") offers the next; a selection (upstream select, or affirm; "that
//     one", "I'll take it", a typed yes) puts the offered values into the slots;
//     a plain no declines it; a flow that starts while an offer is pending and
//     collects an offered slot takes it ("book that one"). Values the bot itself
//     offered are taken in the result's form.
//   - Optional slots: a slot with a default is proposed at the confirmation
//     ({slot} renders the default) and set only when the user confirms; a slot
//     the user never mentioned is neither in the state nor sent; dontcare (an
//     enum value the user can give: "any", "no preference") stays in the state
//     but is never sent to an action.
//   - A failed action (webhook "failed", search fail_when_empty) says why and goes
//     executing_action -> confirming (001 "Action needs confirmation") at the
//     confirm step before it, slots kept: the user changes a value and confirms
//     again, or says no. Without such a step the flow ends with outcome failed.
//     A failed webhook that returns results proposes its first one instead
//     ("not at 6:15, 6 pm is free": metadata.offer), and a yes at the
//     confirmation takes its values.
//   - With shared_slots, a transaction done (a flow with a confirm step that
//     completed, or that the user withdrew from in their own words, a cancel
//     or change of mind: metadata.withdrawn, nothing suspended) ends what the
//     slots carry: the same flow again starts from empty slots (a second
//     payment does not inherit the first one's amount; a booking cancelled at
//     a Lisbon hotel leaves no hotel to "book me into porto"), another keeps
//     only its own slots' values. A plain no to the confirmation is no
//     withdrawal: its values stay for the change that may follow.
//   - A value that names an offered result, but for case, punctuation or (for
//     a text slot) a typo, takes the result's spelling ("Mcdonalds" for the
//     offered "Mcdonald's"), and the same value spelt otherwise is no change.
//     An upstream parse's city is never typo-corrected ("Pittsburg").
//   - A no, thanks or goodbye with no flow to serve ends the conversation (a no
//     to "anything else?"): a short goodbye, idle, no active flow.
//   - Slot values found by understanding are normalized and validated like direct
//     answers; invalid ones are dropped. A changed value is confirmed to the user
//     ("Got it, I've updated your origin to Boston.").
//   - A validation failure sets the slot to null (seed 001 Rule 4) and repeats the
//     prompt after the validator's message; after max_retries failures on_exhaust
//     applies: handoff (the default: end the flow, record a handoff event and a
//     "handoff" effect with reason retries_exhausted, as the shop engine does),
//     cancel (end the flow), skip (leave it empty, go on) or reask (start counting
//     again, which holds a user who never answers forever: parley check reports
//     it). A message that moves nothing at a question (understood as no value, no
//     flow, no answer) counts against the same budget: the awaited slot's, or
//     the confirmation's own (max 3, then a handoff). Seed 001 sets no budget;
//     without one a bot can be pushed into a loop.
//   - future_date_only accepts today (sent_at's date) and later.
//   - A say or collect step with generate: true has its text (the say text, the
//     prompt) written by Options.Writer, the bot's model, as its brief asks, and
//     streamed chunk by chunk to parley.Turn.Stream; the rendered text is
//     the fallback when the model is off (no llm block, breaker open), slower than
//     the llm block's timeout (10 s by default) or failing, and the decision never
//     depends on the text. A written text is recorded as a reply_generated event
//     (key: the step id); a replay (parley.Turn.RecordedReplies) says the recorded
//     text and never asks the model. The booking demo's four questions opt in.
//   - Timestamps (messages, trace, last_nlu_call, metadata.error) are sent_at in
//     unix seconds. The history keeps the last settings.max_messages messages
//     (default 20) and the trace the last settings.max_trace transitions (default
//     12); every transition is also in the turn events the runtime records.
//   - Webhook actions and custom validators run inside the turn through
//     ActionRunner, with an idempotency key that names the call's execution,
//     "<bot>/<conversation>/<flow>/<step>/<execution>" (metadata.calls counts the
//     executions), a function of the stored state: a turn decided again after a
//     crash or a conflict sends the same key. Before a call the turn records its
//     intent (parley.Turn.Intent): the state with the call pending, so that a
//     server that stops during the call leaves it to be sent again. A
//     refused call (4xx) enters error with metadata.error (type, message,
//     timestamp, recovery_state). A call without a definite outcome (no answer
//     within the webhook's timeout, 5xx, 408, 409, 425, 429) enters error with
//     metadata.error type outcome_unknown and metadata.pending_call; the user is
//     told the outcome is not known yet, and seed 001's recovery (any message but
//     cancel) sends that call again, same key and body, before anything else;
//     cancel forgets it. docs/reference/actions.md is the receiver's contract.
//   - A state resting in a momentary state (only a hand-edited one can) is not
//     repaired (the seeds say nothing of it): its first transition is outside the
//     table, so Decide fails with ETRANSITION and the runtime fails the turn, as
//     parley.Engine says of every engine.
package flows
