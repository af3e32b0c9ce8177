package parley

import (
	"context"
	"time"
)

// ConversationLister is a store that lists a bot's conversations: GET
// /v1/bots/{bot}/conversations, the inspector, and the runtime's sweep of
// inactivity deadlines use it. Packages sqlite, postgres and memstore implement it;
// package storetest's RunList pins it. It is not part of Store: a turn never needs
// it, and a backend without an index for it may leave it out (the route answers 404
// not_found, and the sweep finds no conversation to expire).
type ConversationLister interface {
	ListConversations(ctx context.Context, q ConversationQuery) ([]Conversation, error)
}

// ConversationQuery selects one page of a bot's conversations, most recently active
// first (UpdatedAt descending, then conversation id descending), for
// ConversationLister.
type ConversationQuery struct {
	Bot string
	// IDPrefix keeps only conversations whose id starts with it (byte for byte).
	IDPrefix string
	// After, when set, starts the page strictly after this position in the order, so
	// that the last conversation of one page is the cursor of the next.
	After *ConversationPosition
	// Limit is the most conversations returned; it must be positive.
	Limit int
}

// ConversationPosition is a place in the newest-first order of a bot's conversations.
type ConversationPosition struct {
	UpdatedAt time.Time
	ID        string
}
