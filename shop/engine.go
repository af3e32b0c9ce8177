package shop

import (
	"cmp"
	"maps"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
	"github.com/santhosh-tekuri/jsonschema/v6"
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
	// Answers are the shop's answers to questions about its services, by topic
	// (nlu.TopicShipping, TopicReturns, TopicPayment, TopicDiscounts,
	// TopicSizes, TopicHours, TopicLocation, TopicContact, TopicOrders, TopicProducts). A
	// question whose topic has none is offered a person from the shop; what
	// the shop sells (TopicProducts) is the catalog's categories.
	Answers map[string]string
}

// DefaultConfig is the configuration of the demo shop bot except its base URL.
func DefaultConfig() Config {
	return Config{Limit: DefaultLimit, ConfirmationTTL: DefaultConfirmationTTL, IdleTimeout: DefaultIdleTimeout, ReactivateOnHandback: true}
}

// Engine is the seed 000 shopping assistant. It is immutable and safe for
// concurrent use.
type Engine struct {
	cfg     Config
	base    *url.URL
	origin  string // scheme://host of base
	catalog Catalog
	// parser and fixedCategories are set when Config.Categories is; otherwise each
	// turn builds its parser from the catalog's categories.
	parser          *nlu.ShopParser
	fixedCategories []Category
	// lastParser memoizes the parser of the catalog's latest categories.
	lastParser atomic.Pointer[cachedParser]
	schema     *jsonschema.Schema
	// spelling indexes the catalog's words for typos (Spelling), nil when the
	// catalog lists none.
	spelling *nlu.Fuzzy
	// catalogWords are the same words as a set, for compounds split in two
	// ("sun glasses", joinSplitCompounds).
	catalogWords map[string]bool
}

var _ parley.Engine = (*Engine)(nil)

// New returns a shop engine over cat.
func New(cfg Config, cat Catalog) (*Engine, error) {
	if cat == nil {
		return nil, parley.Errorf(parley.EINVALID, "shop: no catalog")
	}
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	base, err := url.Parse(strings.TrimSpace(cfg.BaseURL))
	if err != nil || base.Scheme == "" || base.Host == "" {
		return nil, parley.Errorf(parley.EINVALID, "shop: base URL %q is not an absolute URL", cfg.BaseURL)
	}
	if err := checkGenerate(cfg.Generate); err != nil {
		return nil, err
	}
	if err := checkAnswers(cfg.Answers); err != nil {
		return nil, err
	}
	sch, err := compileSchema()
	if err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, base: base, origin: base.Scheme + "://" + base.Host, catalog: cat, schema: sch}
	e.spelling, e.catalogWords = spellingIndex(cat)
	if cfg.Categories != nil {
		e.parser = nlu.NewShopParser(cfg.Categories)
		e.fixedCategories = categoriesOf(cfg.Categories)
	}
	return e, nil
}

// categoriesOf lists configured categories (name -> words) by name.
func categoriesOf(words map[string][]string) []Category {
	var out []Category
	for _, name := range slices.Sorted(maps.Keys(words)) {
		out = append(out, Category{Name: name, Words: words[name]})
	}
	return out
}

// withDefaults checks the limit and the confirmation TTL and gives the zero
// ones (and the idle timeout) their defaults.
func (cfg Config) withDefaults() (Config, error) {
	if cfg.Limit < 0 || cfg.Limit > MaxLimit {
		return cfg, parley.Errorf(parley.EINVALID, "shop: limit %d is outside 1..%d (seed 000 section 5.1)", cfg.Limit, MaxLimit)
	}
	if cfg.ConfirmationTTL < 0 {
		return cfg, parley.Errorf(parley.EINVALID, "shop: negative confirmation TTL %s", cfg.ConfirmationTTL)
	}
	cfg.Limit = cmp.Or(cfg.Limit, DefaultLimit)
	cfg.ConfirmationTTL = cmp.Or(cfg.ConfirmationTTL, DefaultConfirmationTTL)
	cfg.IdleTimeout = cmp.Or(cfg.IdleTimeout, DefaultIdleTimeout)
	return cfg, nil
}

// Kind is "shop".
func (e *Engine) Kind() string { return "shop" }

// NewState is an idle conversation with an empty first page.
func (e *Engine) NewState(parley.ConversationKey) any { return newState(e.cfg.Limit, e.schema) }

// DecodeState reads a stored state; see State for what is repaired rather than
// refused.
func (e *Engine) DecodeState(data []byte) (any, error) {
	return decodeState(data, e.cfg.Limit, e.schema)
}

// HandoffReason returns why a conversation is with a human, or "".
func (e *Engine) HandoffReason(state any) string {
	st, err := e.stateOf(state)
	if err != nil || st.HandoffReason == nil {
		return ""
	}
	return *st.HandoffReason
}

func (e *Engine) stateOf(state any) (*State, error) {
	switch st := state.(type) {
	case nil:
		return newState(e.cfg.Limit, e.schema), nil
	case *State:
		if st == nil {
			return newState(e.cfg.Limit, e.schema), nil
		}
		return st, nil
	case State:
		return &st, nil
	default:
		return nil, parley.Errorf(parley.EINVALIDSTATE, "shop: a %T is not a shop state", state)
	}
}

// Handback returns a conversation a human has resolved from handoff to idle, when
// the bot's reactivation policy allows it; otherwise, or when the conversation is
// not in handoff, it is an error with code parley.ECONFLICT.
func (e *Engine) Handback(state any, reason string, at time.Time) (parley.Decision, error) {
	in, err := e.stateOf(state)
	if err != nil {
		return parley.Decision{}, err
	}
	if in.inconsistency != "" || in.Conversation.State != StateHandoff {
		return parley.Decision{}, parley.Errorf(parley.ECONFLICT, "the conversation is not in handoff")
	}
	if !e.cfg.ReactivateOnHandback {
		return parley.Decision{}, parley.Errorf(parley.ECONFLICT, "this bot's reactivation policy keeps handed-off conversations with humans")
	}
	st := in.clone()
	st.schema = e.schema
	to, ok := Machine.Next(StateHandoff, TriggerHumanResolved)
	if !ok {
		return parley.Decision{}, parley.Errorf(parley.ETRANSITION, "handoff cannot return to the bot")
	}
	st.Conversation.State = to
	st.Conversation.ClarificationAttempts = 0
	st.Conversation.PendingConfirmation = PendingConfirmation{}
	st.HandoffReason = nil
	st.IntentRepeats, st.ConsecutiveErrors = 0, 0
	data := map[string]string{"reason": reason}
	if !at.IsZero() {
		data["at"] = at.UTC().Format(time.RFC3339Nano)
	}
	return parley.Decision{
		State:       st,
		Transitions: []parley.Transition{{From: string(StateHandoff), To: string(to), Trigger: string(TriggerHumanResolved)}},
		Events:      []parley.EventData{{Type: "handback", Data: data}},
	}, nil
}
