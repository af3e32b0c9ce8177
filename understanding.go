package parley

import "time"

// Understanding is what an engine tells a language model about one turn so that
// the model can read the user's message in the engine's own vocabulary. The model
// answers a parse in the shape of Message.NLU, constrained by Schema; the engine
// then decides with that parse exactly as it would with one given upstream.
type Understanding struct {
	// SchemaName names the answer's format ([a-zA-Z0-9_-], at most 64 bytes).
	SchemaName string
	// Schema is the JSON Schema of the answer, {"intent", "entities", "confidence"},
	// in the subset that strict structured outputs accept: every property
	// required, no additional properties, optional values nullable.
	Schema map[string]any
	// Instructions describe the bot's vocabulary and the conversation's current
	// state (what the bot waits for, what is pending, what was shown).
	Instructions string
	// History is the conversation's last messages the engine remembers, oldest
	// first, not including the message being understood.
	History []Utterance
	// Unclear is the intent that means "not understood" in this vocabulary: a parse
	// whose confidence is under the bot's threshold is replaced by it.
	Unclear string
	// LastCall is when the engine's state last recorded an NLU call (seed 001's
	// last_nlu_call), nil when it never did or keeps no such record.
	LastCall *time.Time
}

// Utterance is one message of a conversation's history.
type Utterance struct {
	// Role is "user" or "assistant".
	Role string `json:"role"`
	Text string `json:"text"`
}
