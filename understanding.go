package parley

import (
	"maps"
	"slices"
	"time"
)

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

// NLUSchema builds the JSON Schema of an NLU answer in the subset that strict
// structured outputs accept: intent is one of intents, entities has exactly the
// given properties (each should allow null, for "not given"), and confidence is a
// number from 0 to 1. Engines publish their vocabularies with it.
func NLUSchema(intents []string, entities map[string]map[string]any) map[string]any {
	enum := make([]any, len(intents))
	for i, in := range intents {
		enum[i] = in
	}
	props := map[string]any{}
	required := []any{}
	for _, name := range slices.Sorted(maps.Keys(entities)) {
		props[name] = entities[name]
		required = append(required, name)
	}
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"intent": map[string]any{"type": "string", "enum": enum},
			"entities": map[string]any{
				"type": "object", "properties": props, "required": required, "additionalProperties": false,
			},
			"confidence": map[string]any{"type": "number", "minimum": 0, "maximum": 1},
		},
		"required":             []any{"intent", "entities", "confidence"},
		"additionalProperties": false,
	}
}

// NullableString is the schema of an entity that is a string or not given; with
// values, one of them.
func NullableString(description string, values ...string) map[string]any {
	s := map[string]any{"type": []any{"string", "null"}, "description": description}
	if len(values) > 0 {
		enum := make([]any, 0, len(values)+1)
		for _, v := range values {
			enum = append(enum, v)
		}
		s["enum"] = append(enum, nil)
	}
	return s
}

// NullableNumber is the schema of an entity that is a number or not given.
func NullableNumber(description string) map[string]any {
	return map[string]any{"type": []any{"number", "null"}, "description": description}
}

// NullableNumberIn is the schema of an entity that is a number from min to max, or
// not given: the bounds are the entity's domain, which the model's answer is held
// to (a value outside them fails the schema, and the engine's own check refuses it
// too, as it would a typed one).
func NullableNumberIn(description string, min, max float64) map[string]any {
	s := NullableNumber(description)
	s["minimum"], s["maximum"] = min, max
	return s
}
