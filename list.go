package parley

import "time"

// ConversationQuery selects one page of a bot's conversations, most recently active
// first (UpdatedAt descending, then conversation id descending), for listings such as
// GET /v1/bots/{bot}/conversations and the inspector. Stores that can list implement
//
//	ListConversations(ctx context.Context, q ConversationQuery) ([]Conversation, error)
//
// (packages sqlite and postgres do; package storetest's ListConformance pins it). It is
// not part of Store: a turn never needs it, and a backend without an index for it may
// leave it out.
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
