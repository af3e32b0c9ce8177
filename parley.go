// Package parley holds Parley's domain language: conversations, messages, replies,
// events, bots, the Engine contract every state machine implements and the Store
// contract every backend implements. It imports nothing but the standard library;
// every other package depends on it, never the other way round.
//
// A turn, end to end:
//
//	channel -> actor (one at a time per conversation) -> Store.Processed
//	-> Engine.Decide (deterministic) -> Store.Commit (state + events + response,
//	one tx) -> outbox effects -> event hub (SSE, metrics)
//
// The specification lives in docs/spec/: "seed 00N" in a comment names the seed
// document docs/spec/00N-*.txt, and "contracts section N" a section of
// docs/spec/contracts.md (see docs/spec/README.md).
package parley

import (
	"context"
	"encoding/json"
	"strconv"
	"time"
)

// ConversationKey names one conversation of one bot. Conversation ids are unique per
// bot only.
type ConversationKey struct {
	Bot string `json:"bot"`
	ID  string `json:"conversation_id"`
}

func (k ConversationKey) String() string { return k.Bot + "/" + k.ID }

// Lifecycle is the state of a conversation's actor (seed 004). It is stored beside the
// engine state and reported with every turn.
type Lifecycle string

const (
	// LifecycleCreated is the state of an actor that has not yet handled an interaction.
	// It is left by ProcessInteraction to idle.
	LifecycleCreated Lifecycle = "created"
	// LifecycleIdle waits for the next interaction; entered on spawn, after a turn, and
	// on resume; left by ProcessInteraction (running), Pause, Cancel, InactivityTimeout.
	LifecycleIdle Lifecycle = "idle"
	// LifecycleRunning is processing one interaction; left by InteractionComplete.
	LifecycleRunning Lifecycle = "running"
	// LifecyclePaused accepts no automatic turn until resumed or a message arrives
	// (Paused --ProcessInteraction--> Idle, then the message is processed).
	LifecyclePaused Lifecycle = "paused"
	// LifecycleError is terminal: an interaction failed. A later message respawns a
	// fresh actor with the history preserved.
	LifecycleError Lifecycle = "error"
	// LifecycleCancelled is terminal: cancelled by a user or operator.
	LifecycleCancelled Lifecycle = "cancelled"
	// LifecycleCompleted is terminal: the inactivity timeout fired while idle or paused.
	LifecycleCompleted Lifecycle = "completed"
)

// Valid reports whether l is one of the seven lifecycle states.
func (l Lifecycle) Valid() bool {
	switch l {
	case LifecycleCreated, LifecycleIdle, LifecycleRunning, LifecyclePaused,
		LifecycleError, LifecycleCancelled, LifecycleCompleted:
		return true
	}
	return false
}

// Terminal reports whether no transition leaves l.
func (l Lifecycle) Terminal() bool {
	return l == LifecycleError || l == LifecycleCancelled || l == LifecycleCompleted
}

// Message is one user turn as a channel delivers it (docs/spec/contracts.md section 2).
type Message struct {
	// ID is unique per conversation; a message whose ID was already processed is
	// answered from the stored response and changes nothing.
	ID   string `json:"id"`
	Text string `json:"text"`
	// Meaning carries a quick-reply or card click (show_more, confirm, cancel,
	// select:<product_id>, or a flow's own payload).
	Meaning string `json:"meaning,omitempty"`
	// NLU is a parse made upstream; when present engines use it instead of their own.
	NLU *NLU `json:"nlu,omitempty"`
	// SentAt is "now" for the engine. The server fills it from its clock only when the
	// caller gave none.
	SentAt time.Time `json:"sent_at"`
}

// NLU is an intent and entities parsed outside the engine.
type NLU struct {
	Intent     string         `json:"intent"`
	Entities   map[string]any `json:"entities,omitempty"`
	Confidence float64        `json:"confidence,omitempty"`
}

// ReplyType says how a channel renders a Reply.
type ReplyType string

// Reply types.
const (
	ReplyText         ReplyType = "text"
	ReplyProductCards ReplyType = "product_cards"
	ReplyQuickReplies ReplyType = "quick_replies"
)

// Reply is one message the bot sends back.
type Reply struct {
	ID      string    `json:"id"`
	Type    ReplyType `json:"type"`
	Text    string    `json:"text,omitempty"`
	Cards   []Card    `json:"cards,omitempty"`
	Options []Option  `json:"options,omitempty"`
}

// ReplyID names the n-th reply (from 1) of the turn of the given index: "a-3-1" is the
// first reply of turn 3. Every engine, the runtime's streamed reply_delta events and
// the channels name a reply by it, so a streamed bubble and the reply it becomes
// carry one id (a client replaces the one with the other in place).
func ReplyID(turn int64, n int) string {
	return "a-" + strconv.FormatInt(turn, 10) + "-" + strconv.Itoa(n)
}

// Card is one product card.
type Card struct {
	ProductID   string   `json:"product_id"`
	Title       string   `json:"title"`
	Description string   `json:"description,omitempty"`
	Price       string   `json:"price,omitempty"`
	Currency    string   `json:"currency,omitempty"`
	ImageURL    string   `json:"image_url,omitempty"`
	URL         string   `json:"url,omitempty"`
	Actions     []Option `json:"actions,omitempty"`
}

// Option is a quick reply or card button: a title shown and a meaning sent back.
type Option struct {
	Title   string `json:"title"`
	Meaning string `json:"meaning,omitempty"`
	// URL makes the option a link instead of a postback.
	URL string `json:"url,omitempty"`
}

// Transition is one dialogue-state change taken inside a turn.
type Transition struct {
	From    string `json:"from"`
	To      string `json:"to"`
	Trigger string `json:"trigger"`
}

// Turn is the input of one engine decision.
type Turn struct {
	Conversation ConversationKey
	// Index is the 1-based number of this turn in the conversation (seeds randomness
	// and idempotency keys; never wall time).
	Index int64
	// State is the engine's current state, as returned by NewState, DecodeState or a
	// previous Decision. Decide must not modify it.
	State   any
	Message Message
	// Stream, when set, receives the text of the turn's replies chunk by chunk while
	// a model writes them (the runtime publishes each chunk as a reply_delta event).
	Stream ReplyStream
	// RecordedReplies is set when the turn is a stored one decided again (replay):
	// the texts a model wrote in it then, by key (its reply_generated events), even
	// none. The engine says them instead of asking its model (GenerateReply); nil is
	// a live turn.
	RecordedReplies map[string]string
	// Intent, when set, records an outbound call before the engine makes it (seed
	// 001's "persistence before external actions"): the engine calls it with the
	// call's key and the state to keep while the call is out, and makes the call
	// only when it returns nil. An error (the conversation moved on meanwhile: a
	// version conflict; the store failed) means the call must not be made; the
	// engine returns it and decides nothing. Nil (replay, tests, tools) records
	// nothing.
	Intent IntentRecorder
}

// IntentRecorder commits a call's intent (Turn.Intent).
type IntentRecorder func(ctx context.Context, in Intent) error

// Intent is an outbound call a turn is about to make: its idempotency key and the
// engine state stored while it is out. That state must be one the engine can
// decide the next message from if the outcome is never committed (the server
// died during the call): the flows engine stores the call as sent with its
// outcome unknown, so the next message sends it again under the same key.
type Intent struct {
	Key   string
	State any
	// Folds says State keeps the members the engine's StateFolder rebuilds from
	// the turn log exactly as the turn's State had them (the turn's record is not
	// stored yet): it then folds as that state did, and the runtime stores it
	// folded when that state was.
	Folds bool
}

// Decision is what an engine answers for one turn. Nothing of it is applied until the
// runtime has committed it.
type Decision struct {
	// State is the engine's new state; it must marshal to JSON.
	State       any
	Replies     []Reply
	Transitions []Transition
	// Events are extra events to record with the turn (guardrail, warning, handoff).
	Events []EventData
	// Effects are side effects to run after the commit, at most once, via the outbox.
	Effects []Effect
	// Failed, when set, says the turn left the engine in its error state (a call
	// refused or failed, or whose outcome is unknown): seed 004's InteractionComplete
	// (error). The runtime still records the turn (its state, its reply) and moves
	// the lifecycle running -> error, with a stopped event whose reason is
	// "error: " + Failed; the conversation is terminal until its next message
	// respawns it (created -> idle -> running), and the engine recovers from its
	// state then.
	Failed string
}

// EventData is an event an engine asks to record; the runtime numbers and stamps it.
type EventData struct {
	Type EventType `json:"type"`
	Data any       `json:"data"`
}

// EffectKind names what an Effect asks for ("handoff"); a channel's outbox maps the
// kinds it knows how to deliver and leaves the others.
type EffectKind string

// Effect is a side effect delivered after commit through the outbox (Chatwoot reply,
// handoff, webhook). Kind names the channel that knows how to deliver it.
type Effect struct {
	Kind    EffectKind      `json:"kind"`
	Payload json.RawMessage `json:"payload"`
}

// Engine decides turns for one bot.
//
// Decide is deterministic, not pure. The same state, message and bot give the same
// decision (given the same answers from the interfaces below): time comes from
// Message.SentAt, never the clock, and there is no randomness. Decide may do I/O,
// but only through interfaces given to the engine's constructor (a catalog; the
// flows engine's webhook actions and custom validators, which run inside the turn),
// and each such call must be safe to repeat: the runtime may decide the same turn
// again (a redelivered message whose first processing failed, a version conflict
// with another replica), so an outside call only reads or carries a key that names
// its execution, the same whenever that execution is sent again
// (flows.ActionRequest.IdempotencyKey). Decide must not
// change anything the Store owns, nor deliver replies itself: what must happen once,
// after the turn is committed, is an Effect, delivered through the outbox.
//
// A transition outside the engine's table is never applied, in every engine. A turn
// that would take one (a bug of the engine, or a stored state it does not repair)
// makes Decide return an error with code ETRANSITION and no decision: the runtime
// commits nothing of the turn, and the conversation takes the path of any failed
// turn, seed 004's InteractionComplete (error), running -> error
// (docs/spec/004-agent-lifecycle.txt). Repairing a stored state the engine cannot
// trust, before deciding, is not a transition and not an error: an engine whose
// specification says how does it and reports no transition (the shop's reset to
// idle, seed 000 section 7, docs/spec/000-shop.txt). An engine without a table
// (gates, whose transitions are the node selections its controller computes) has
// nothing to refuse.
type Engine interface {
	// Kind is the engine family: "shop", "flows" or "gates".
	Kind() string
	// NewState returns the state of a conversation that has none yet.
	NewState(key ConversationKey) any
	// DecodeState decodes a stored state. A state it cannot accept is an error with
	// code EINVALIDSTATE, unless the engine's seed says how to repair it.
	DecodeState(data []byte) (any, error)
	// Decide takes one turn. An error means no decision: nothing is committed.
	Decide(ctx context.Context, t Turn) (Decision, error)
}

// Bot is a named engine instance the server runs.
type Bot struct {
	Name   string
	Engine Engine
	// Description is shown by GET /v1/bots.
	Description string
	// InactivityTimeout overrides the runtime default (seed 004: 10 minutes).
	InactivityTimeout time.Duration
}

// Conversation is the stored record of one conversation.
type Conversation struct {
	Key       ConversationKey
	Engine    string
	State     json.RawMessage
	Lifecycle Lifecycle
	// Version counts committed changes; every Commit must name the version it read.
	Version   int64
	Turns     int64
	LastSeq   int64
	CreatedAt time.Time
	UpdatedAt time.Time
	// ActiveAt is the sent_at of the last message a turn processed (zero before the
	// first): seed 004's inactivity timeout of a message counts from it, in the
	// messages' own time (the server's clock stamps UpdatedAt).
	ActiveAt time.Time
}

// Event is one entry of a conversation's append-only event log.
type Event struct {
	Key ConversationKey `json:"-"`
	// Seq numbers the conversation's events from 1 without gaps; SSE ids are Seq.
	Seq  int64           `json:"seq"`
	Type EventType       `json:"type"`
	Data json.RawMessage `json:"data"`
	At   time.Time       `json:"at"`
}

// EventType names what an Event records ("turn", "stopped", ...); it is the SSE
// event name subscribers filter on. Engines and channels add their own types
// (gates' "deadlock", llm's "nlu_parse"); the log accepts any non-empty type.
type EventType string

// Event types written by the runtime.
const (
	EventTurn         EventType = "turn"
	EventStateChanged EventType = "state_changed"
	EventStopped      EventType = "stopped"
	EventGuardrail    EventType = "guardrail"
	EventWarning      EventType = "warning"
	EventHandoff      EventType = "handoff"
)

// TurnEvent is the data of a "turn" event.
type TurnEvent struct {
	MessageID string `json:"message_id"`
	// Text and Meaning are what the user sent, so that a transcript (the inspector,
	// a second subscriber) can be rebuilt from the event log alone.
	Text        string       `json:"text,omitempty"`
	Meaning     string       `json:"meaning,omitempty"`
	Transitions []Transition `json:"transitions"`
}

// StateChangedEvent is seed 004's state_changed data.
type StateChangedEvent struct {
	FromState Lifecycle `json:"from_state"`
	ToState   Lifecycle `json:"to_state"`
	Reason    string    `json:"reason"`
}

// StoppedEvent is seed 004's stopped data.
type StoppedEvent struct {
	Reason          string `json:"reason"`
	PartialResponse string `json:"partial_response"`
}
