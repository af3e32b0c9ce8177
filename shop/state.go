package shop

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// conversationStateSchema is seed 000 section 1's JSON Schema, copied verbatim.
//
//go:embed conversation_state.schema.json
var conversationStateSchema []byte

const schemaURL = "https://parley.dev/schemas/seed-000/conversation_state.json"

func compileSchema() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(conversationStateSchema))
	if err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "read the conversation_state schema")
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "load the conversation_state schema")
	}
	sch, err := c.Compile(schemaURL)
	if err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "compile the conversation_state schema")
	}
	return sch, nil
}

// State is a shop conversation as stored: seed 000's conversation_state, exactly as
// its JSON Schema says, and beside it what the engine must remember that the schema
// has no room for (docs/spec/contracts.md section 3).
type State struct {
	Conversation ConversationState `json:"conversation_state"`
	// HandoffReason says why the conversation is with a human (human_requested,
	// low_confidence, repeated_errors); null outside handoff.
	HandoffReason *string `json:"handoff_reason"`
	// ShownProductIDs are every product shown in the conversation, in order shown
	// (seed 000 section 5.3: never shown twice).
	ShownProductIDs []string `json:"shown_product_ids"`
	// Query is the current search; pagination.last_query_hash is its hash.
	Query *Criteria `json:"query"`
	// IntentRepeats counts the turns in a row with intent last_intent that made no
	// progress (seed 000 section 4.2).
	IntentRepeats int `json:"intent_repeats"`
	// ConsecutiveErrors counts turns in a row that failed on the catalog.
	ConsecutiveErrors int `json:"consecutive_errors"`
	// PageProductIDs are the cards of the page shown last, in order: what "the
	// second one" refers to.
	PageProductIDs []string `json:"page_product_ids,omitempty"`
	// LastMessageAt is the sent_at of the previous turn (RFC 3339), for the global
	// timeout (Config.IdleTimeout).
	LastMessageAt *string `json:"last_message_at,omitempty"`

	// inconsistency, when set, is why the stored state broke seed 000's rules; the
	// next Decide resets it (section 7) instead of trusting it.
	inconsistency string
	// schema validates conversation_state when the state is saved (MarshalJSON).
	schema *jsonschema.Schema
}

// ConversationState is seed 000 section 1's conversation_state object.
type ConversationState struct {
	State                 StateName           `json:"state"`
	LastIntent            *string             `json:"last_intent"`
	Pagination            Pagination          `json:"pagination"`
	PendingConfirmation   PendingConfirmation `json:"pending_confirmation"`
	ClarificationAttempts int                 `json:"clarification_attempts"`
	LastUserMessageID     *string             `json:"last_user_message_id"`
	LastAgentMessageID    *string             `json:"last_agent_message_id"`
}

// Pagination is the show-more cursor.
type Pagination struct {
	Offset        int     `json:"offset"`
	Limit         int     `json:"limit"`
	LastQueryHash *string `json:"last_query_hash"`
}

// PendingConfirmation is the action waiting for the shopper's yes or no.
type PendingConfirmation struct {
	Action   *string `json:"action"`
	TargetID *string `json:"target_id"`
	// CreatedAt is an RFC 3339 time; the confirmation expires TTL after it.
	CreatedAt *string `json:"created_at"`
}

// Criteria is what a search looks for; its hash is pagination.last_query_hash.
type Criteria struct {
	Terms []string `json:"terms"`
	// Asked are the shopper's words the terms stand for when some were widened
	// through the everyday lexicon ("hats" for cap and beanie); replies name them.
	Asked    []string `json:"asked,omitempty"`
	Category string   `json:"category,omitempty"`
	MinPrice *float64 `json:"min_price,omitempty"`
	MaxPrice *float64 `json:"max_price,omitempty"`
}

// Hash identifies the criteria: the first 16 hex digits of the SHA-256 of their
// canonical JSON.
func (c Criteria) Hash() string {
	b, _ := json.Marshal(c) // cannot fail: strings and numbers only
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

func (c Criteria) query(offset, limit int) Query {
	q := Query{Terms: c.Terms, Category: c.Category, MinPrice: c.MinPrice, MaxPrice: c.MaxPrice, Offset: offset, Limit: limit}
	for i, t := range c.Terms {
		if i > 0 {
			q.Text += " "
		}
		q.Text += t
	}
	return q
}

// Pending confirmation actions.
const actionAddToCart = "add_to_cart"

// Handoff reasons.
const (
	ReasonHumanRequested = "human_requested"
	ReasonLowConfidence  = "low_confidence"
	ReasonRepeatedErrors = "repeated_errors"
)

func newState(limit int, sch *jsonschema.Schema) *State {
	return &State{
		Conversation: ConversationState{
			State:      StateIdle,
			Pagination: Pagination{Offset: 0, Limit: limit},
		},
		ShownProductIDs: []string{},
		schema:          sch,
	}
}

// clone returns a copy that shares nothing writable with s: pointer fields are never
// written through, and slices are clipped so that an append copies.
func (s *State) clone() *State {
	c := *s
	c.ShownProductIDs = slices.Clip(s.ShownProductIDs)
	c.PageProductIDs = slices.Clip(s.PageProductIDs)
	return &c
}

// MarshalJSON saves the state, refusing (code parley.EINVALIDSTATE) a
// conversation_state that breaks seed 000's schema: the schema is checked on every
// save as on every load.
func (s *State) MarshalJSON() ([]byte, error) {
	type plain State
	if s.ShownProductIDs == nil {
		c := *s
		c.ShownProductIDs = []string{}
		s = &c
	}
	b, err := json.Marshal((*plain)(s))
	if err != nil {
		return nil, err
	}
	if s.schema != nil {
		if err := s.validate(); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// validate checks conversation_state against seed 000's schema.
func (s *State) validate() error {
	if s.schema == nil {
		return nil
	}
	if err := s.schema.Validate(s.Conversation.instance()); err != nil {
		return parley.WrapError(parley.EINVALIDSTATE, err, "conversation_state breaks seed 000's schema")
	}
	return nil
}

// instance is the conversation state as the schema validator reads JSON.
func (c ConversationState) instance() any {
	str := func(p *string) any {
		if p == nil {
			return nil
		}
		return *p
	}
	pending := map[string]any{
		"action":     str(c.PendingConfirmation.Action),
		"target_id":  str(c.PendingConfirmation.TargetID),
		"created_at": str(c.PendingConfirmation.CreatedAt),
	}
	return map[string]any{
		"state":       string(c.State),
		"last_intent": str(c.LastIntent),
		"pagination": map[string]any{
			"offset":          json.Number(strconv.Itoa(c.Pagination.Offset)),
			"limit":           json.Number(strconv.Itoa(c.Pagination.Limit)),
			"last_query_hash": str(c.Pagination.LastQueryHash),
		},
		"pending_confirmation":   pending,
		"clarification_attempts": json.Number(strconv.Itoa(c.ClarificationAttempts)),
		"last_user_message_id":   str(c.LastUserMessageID),
		"last_agent_message_id":  str(c.LastAgentMessageID),
	}
}

// decodeState reads a stored state. Malformed JSON, or JSON that is not an object,
// is an error (parley.EINVALIDSTATE). A well-formed state that breaks seed 000
// (schema violation, unknown state, a stored paginating, awaiting_confirmation
// without its pending action) is returned marked inconsistent, with whatever traceability fields could
// be read, for Decide to reset (section 7).
func decodeState(data []byte, limit int, sch *jsonschema.Schema) (*State, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, parley.WrapError(parley.EINVALIDSTATE, err, "the shop state is not a JSON object")
	}
	if top == nil {
		return nil, parley.Errorf(parley.EINVALIDSTATE, "the shop state is null")
	}
	st := newState(limit, sch)
	st.inconsistency = st.readStored(top, sch)
	return st, nil
}

// readStored reads a stored state's fields into s, as far as they can be read, and
// says why the state cannot be trusted, or returns "".
func (s *State) readStored(top map[string]json.RawMessage, sch *jsonschema.Schema) string {
	// Products already shown stay unshowable even through a reset (section 5.3).
	var shown []string
	if json.Unmarshal(top["shown_product_ids"], &shown) == nil && shown != nil {
		s.ShownProductIDs = shown
	}
	raw, ok := top["conversation_state"]
	if !ok {
		return "conversation_state is missing"
	}
	if why := s.readConversation(raw, sch); why != "" {
		return why
	}
	if why := s.readFields(top); why != "" {
		return why
	}
	if s.ShownProductIDs == nil {
		s.ShownProductIDs = []string{}
	}
	if s.IntentRepeats < 0 || s.ConsecutiveErrors < 0 {
		return "negative counters"
	}
	return s.storedStateProblem()
}

// readConversation reads conversation_state, which seed 000's schema must accept;
// its traceability fields are kept even when it does not.
func (s *State) readConversation(raw json.RawMessage, sch *jsonschema.Schema) string {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return fmt.Sprintf("conversation_state is not JSON: %v", err)
	}
	salvageTraceability(inst, s)
	if err := sch.Validate(inst); err != nil {
		return fmt.Sprintf("conversation_state breaks seed 000's schema: %v", err)
	}
	var cs ConversationState
	if err := json.Unmarshal(raw, &cs); err != nil {
		return fmt.Sprintf("conversation_state: %v", err)
	}
	s.Conversation = cs
	return ""
}

// readFields reads the engine's own fields beside conversation_state.
func (s *State) readFields(top map[string]json.RawMessage) string {
	for name, dst := range map[string]any{
		"handoff_reason":     &s.HandoffReason,
		"shown_product_ids":  &s.ShownProductIDs,
		"query":              &s.Query,
		"intent_repeats":     &s.IntentRepeats,
		"consecutive_errors": &s.ConsecutiveErrors,
		"page_product_ids":   &s.PageProductIDs,
		"last_message_at":    &s.LastMessageAt,
	} {
		if v, ok := top[name]; ok {
			if err := json.Unmarshal(v, dst); err != nil {
				return fmt.Sprintf("%s: %v", name, err)
			}
		}
	}
	return ""
}

// storedStateProblem says why a stored state cannot be trusted (seed 000 section 7),
// or returns "": an unknown state, paginating (only ever passed through inside a
// turn, so a stored one was never written by this engine), or a field the state
// depends on that is missing or unusable.
func (s *State) storedStateProblem() string {
	c := s.Conversation
	switch {
	case !Machine.Has(c.State):
		return fmt.Sprintf("unknown state %q", c.State)
	case c.State == StatePaginating:
		return "paginating is only passed through inside a turn, never stored"
	case c.State == StateAwaitingConfirmation:
		return c.PendingConfirmation.problem()
	}
	return ""
}

// problem says why a stored pending confirmation is unusable, or returns "": an
// action, the add-to-cart one, a target and an RFC 3339 creation time are needed.
func (p PendingConfirmation) problem() string {
	switch {
	case p.Action == nil || *p.Action == "":
		return "awaiting_confirmation without pending_confirmation.action"
	case *p.Action != actionAddToCart:
		return fmt.Sprintf("awaiting_confirmation of an unknown action %q", *p.Action)
	case p.TargetID == nil || *p.TargetID == "":
		return "awaiting_confirmation without pending_confirmation.target_id"
	case p.CreatedAt == nil:
		return "awaiting_confirmation without pending_confirmation.created_at"
	}
	if _, err := time.Parse(time.RFC3339Nano, *p.CreatedAt); err != nil {
		return fmt.Sprintf("pending_confirmation.created_at is not an RFC 3339 time: %q", *p.CreatedAt)
	}
	return ""
}

// salvageTraceability copies last_user_message_id and last_agent_message_id from
// a decoded conversation_state, when they are strings.
func salvageTraceability(inst any, st *State) {
	m, ok := inst.(map[string]any)
	if !ok {
		return
	}
	for name, dst := range map[string]**string{
		"last_user_message_id":  &st.Conversation.LastUserMessageID,
		"last_agent_message_id": &st.Conversation.LastAgentMessageID,
	} {
		if v, ok := m[name].(string); ok {
			*dst = &v
		}
	}
}
