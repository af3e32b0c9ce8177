package shop

import (
	"time"

	"github.com/parleyhq/parley"
)

// Defaults of Config.
const (
	DefaultLimit           = 5
	MaxLimit               = 5
	DefaultConfirmationTTL = 5 * time.Minute
	DefaultIdleTimeout     = 30 * time.Minute
)

// Config configures a shop engine.
type Config struct {
	// BaseURL is the shop's address; add-to-cart links are BaseURL/?add-to-cart=<id>
	// and relative permalinks are resolved against it.
	BaseURL string
	// Limit is the number of cards per page: 0 means DefaultLimit; above MaxLimit
	// is refused (seed 000 section 5.1).
	Limit int
	// ConfirmationTTL is how long a pending confirmation stays valid: 0 means
	// DefaultConfirmationTTL (seed 000 section 6.2).
	ConfirmationTTL time.Duration
	// ReactivateOnHandback lets Handback return a conversation from handoff to idle.
	// The zero Config leaves it false; DefaultConfig sets it.
	ReactivateOnHandback bool
	// IdleTimeout is seed 000's global timeout (sections 3.1 and 7): a message sent
	// more than IdleTimeout after the previous one (by sent_at) starts from idle
	// with counters reset. 0 means DefaultIdleTimeout; negative disables it.
	IdleTimeout time.Duration
	// Categories maps canonical category names to the words that name them; nil
	// means the catalog's own categories (Vocabulary), or none.
	Categories map[string][]string
	// Generate lists the texts Writer writes (GenerateIntro, GenerateClarify,
	// GenerateSmallTalk); none by default. Cards, prices, links and confirmation
	// questions are never written by a model.
	Generate []string
	// Writer is the bot's model; without one the texts in Generate are said as
	// written.
	Writer parley.ReplyWriter
}

// DefaultConfig is the configuration of the demo shop bot except its base URL.
func DefaultConfig() Config {
	return Config{Limit: DefaultLimit, ConfirmationTTL: DefaultConfirmationTTL, IdleTimeout: DefaultIdleTimeout, ReactivateOnHandback: true}
}
