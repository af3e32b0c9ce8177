package shop

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/fsm"
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
}

var _ parley.Engine = (*Engine)(nil)

// New returns a shop engine over cat.
func New(cfg Config, cat Catalog) (*Engine, error) {
	if cat == nil {
		return nil, parley.Errorf(parley.EINVALID, "shop: no catalog")
	}
	switch {
	case cfg.Limit == 0:
		cfg.Limit = DefaultLimit
	case cfg.Limit < 0 || cfg.Limit > MaxLimit:
		return nil, parley.Errorf(parley.EINVALID, "shop: limit %d is outside 1..%d (seed 000 section 5.1)", cfg.Limit, MaxLimit)
	}
	switch {
	case cfg.ConfirmationTTL == 0:
		cfg.ConfirmationTTL = DefaultConfirmationTTL
	case cfg.ConfirmationTTL < 0:
		return nil, parley.Errorf(parley.EINVALID, "shop: negative confirmation TTL %s", cfg.ConfirmationTTL)
	}
	base, err := url.Parse(strings.TrimSpace(cfg.BaseURL))
	if err != nil || base.Scheme == "" || base.Host == "" {
		return nil, parley.Errorf(parley.EINVALID, "shop: base URL %q is not an absolute URL", cfg.BaseURL)
	}
	if cfg.IdleTimeout == 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
	}
	sch, err := compileSchema()
	if err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, base: base, origin: base.Scheme + "://" + base.Host, catalog: cat, schema: sch}
	if cfg.Categories != nil {
		e.parser = nlu.NewShopParser(cfg.Categories)
		for _, name := range slices.Sorted(maps.Keys(cfg.Categories)) {
			e.fixedCategories = append(e.fixedCategories, Category{Name: name, Words: cfg.Categories[name]})
		}
	}
	return e, nil
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
	if in.inconsistency != "" || in.Conversation.State != fsm.ShopHandoff {
		return parley.Decision{}, parley.Errorf(parley.ECONFLICT, "the conversation is not in handoff")
	}
	if !e.cfg.ReactivateOnHandback {
		return parley.Decision{}, parley.Errorf(parley.ECONFLICT, "this bot's reactivation policy keeps handed-off conversations with humans")
	}
	st := in.clone()
	st.schema = e.schema
	to, ok := fsm.Shop.Next(fsm.ShopHandoff, fsm.ShopHumanResolved)
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
		Transitions: []parley.Transition{{From: string(fsm.ShopHandoff), To: string(to), Trigger: string(fsm.ShopHumanResolved)}},
		Events:      []parley.EventData{{Type: "handback", Data: data}},
	}, nil
}

// Decide takes one shopper's turn.
func (e *Engine) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	in, err := e.stateOf(t.State)
	if err != nil {
		return parley.Decision{}, err
	}
	tn := &turn{e: e, ctx: ctx, in: in, msg: t.Message, index: t.Index}
	tn.run()
	return tn.decision(), nil
}

// errGuardrail aborts a turn that found an inconsistency.
type errGuardrail struct{ reason string }

func (g errGuardrail) Error() string { return g.reason }

// turn is one Decide in progress.
type turn struct {
	e     *Engine
	ctx   context.Context
	in    *State
	st    *State
	msg   parley.Message
	index int64
	req   nlu.ShopRequest
	// cats are the catalog's categories, read once per turn (categories).
	cats       []Category
	catsLoaded bool

	replies     []parley.Reply
	transitions []parley.Transition
	events      []parley.EventData
	effects     []parley.Effect
	progress    bool
}

func (t *turn) decision() parley.Decision {
	return parley.Decision{State: t.st, Replies: t.replies, Transitions: t.transitions, Events: t.events, Effects: t.effects}
}

func (t *turn) run() {
	t.st = t.in.clone()
	t.st.schema = t.e.schema
	if t.in.inconsistency != "" {
		t.guardrail(t.in.inconsistency)
		return
	}
	if why := t.in.dependentFieldsProblem(); why != "" {
		t.guardrail(why)
		return
	}
	if err := t.step(); err != nil {
		if g, ok := err.(errGuardrail); ok {
			t.guardrail(g.reason)
			return
		}
		t.guardrail(err.Error())
		return
	}
	t.finish()
}

// finish records the turn's bookkeeping.
func (t *turn) finish() {
	c := &t.st.Conversation
	c.LastUserMessageID = ptr(t.msg.ID)
	if !t.msg.SentAt.IsZero() {
		t.st.LastMessageAt = ptr(t.msg.SentAt.UTC().Format(time.RFC3339Nano))
	}
	if n := len(t.replies); n > 0 {
		c.LastAgentMessageID = ptr(t.replies[n-1].ID)
	}
}

// guardrail is seed 000 section 7: reset to idle, clear the pending confirmation,
// keep the traceability fields, say so safely, record the event.
func (t *turn) guardrail(reason string) {
	from := string(t.in.Conversation.State)
	fresh := newState(t.e.cfg.Limit, t.e.schema)
	fresh.Conversation.LastUserMessageID = t.in.Conversation.LastUserMessageID
	fresh.Conversation.LastAgentMessageID = t.in.Conversation.LastAgentMessageID
	fresh.ShownProductIDs = t.in.ShownProductIDs
	if fresh.ShownProductIDs == nil {
		fresh.ShownProductIDs = []string{}
	}
	t.st = fresh
	t.replies, t.transitions, t.effects = nil, nil, nil
	t.events = []parley.EventData{{Type: parley.EventGuardrail, Data: map[string]string{
		"reason": reason, "from_state": from, "to_state": string(fsm.ShopIdle),
	}}}
	t.say("Sorry, I lost track of our conversation. Let's start fresh: what are you looking for?")
	t.finish()
}

// fire takes the (current state, trigger) transition of seed 000's table, or
// reports the turn inconsistent.
func (t *turn) fire(trigger fsm.ShopTrigger) error {
	from := t.st.Conversation.State
	to, ok := fsm.Shop.Next(from, trigger)
	if !ok {
		return errGuardrail{reason: fmt.Sprintf("invalid transition: %s on %s", from, trigger)}
	}
	t.st.Conversation.State = to
	t.transitions = append(t.transitions, parley.Transition{From: string(from), To: string(to), Trigger: string(trigger)})
	switch to {
	case fsm.ShopRecommending, fsm.ShopIdle, fsm.ShopHandoff:
		t.st.Conversation.ClarificationAttempts = 0 // seed 000 section 4.3
	}
	if to != fsm.ShopAwaitingConfirmation {
		t.st.Conversation.PendingConfirmation = PendingConfirmation{}
	}
	if to != fsm.ShopHandoff {
		t.st.HandoffReason = nil
	}
	return nil
}

func (t *turn) state() fsm.ShopState { return t.st.Conversation.State }

func (t *turn) nextReplyID() string {
	return "a-" + strconv.FormatInt(t.index, 10) + "-" + strconv.Itoa(len(t.replies)+1)
}

func (t *turn) say(text string) {
	t.replies = append(t.replies, parley.Reply{ID: t.nextReplyID(), Type: parley.ReplyText, Text: text})
}

func (t *turn) ask(text string, options ...parley.Option) {
	t.replies = append(t.replies, parley.Reply{ID: t.nextReplyID(), Type: parley.ReplyQuickReplies, Text: text, Options: options})
}

var (
	optionShowMore = parley.Option{Title: "Show more", Meaning: nlu.ShopShowMore}
	optionConfirm  = parley.Option{Title: "Yes", Meaning: nlu.ShopConfirm}
	optionCancel   = parley.Option{Title: "No", Meaning: nlu.ShopCancel}
)

// step decides the turn; an error is an inconsistency found on the way.
func (t *turn) step() error {
	if t.state() == fsm.ShopHandoff {
		// Silent while a human owns the conversation.
		return t.fire(fsm.ShopWaitingForHuman)
	}
	t.idleTimeout()
	t.understand()
	t.st.Conversation.LastIntent = ptr(t.req.Intent)

	if t.state() == fsm.ShopAwaitingConfirmation && t.expired() {
		name := t.pendingName()
		if err := t.fire(fsm.ShopExpired); err != nil {
			return err
		}
		t.say(fmt.Sprintf("Your request to add %s to your cart expired, so I didn't add it. Pick the product again or tell me what you're looking for.", name))
		t.progress = true
		switch t.req.Intent {
		case nlu.ShopConfirm, nlu.ShopCancel, nlu.ShopAmbiguous, nlu.ShopGreeting, nlu.ShopThanks, nlu.ShopAboutBot:
			t.countRepeats()
			return nil
		}
	}

	var err error
	switch t.req.Intent {
	case nlu.ShopHuman:
		err = t.handoff(ReasonHumanRequested)
	case nlu.ShopConfirm, nlu.ShopCancel:
		err = t.answer()
	case nlu.ShopSelect:
		if t.req.ProductID != "" {
			err = t.selectProduct(t.req.ProductID)
		} else {
			err = t.typedSelect()
		}
	case nlu.ShopShowMore:
		err = t.showMore()
	case nlu.ShopSearch:
		err = t.search()
	case nlu.ShopGreeting, nlu.ShopThanks, nlu.ShopAboutBot:
		err = t.smallTalk()
	default:
		err = t.unclear("I'm not sure what you're looking for. "+t.hint(), false)
	}
	if err != nil {
		return err
	}
	t.countRepeats()
	return nil
}

// countRepeats keeps intent_repeats: turns in a row with the same intent and no
// progress.
func (t *turn) countRepeats() {
	if t.progress {
		t.st.IntentRepeats = 0
	}
}

// repeats is how many turns in a row, this one included, have had this turn's
// intent without progress, counting this one as such.
func (t *turn) repeats() int {
	prev := ""
	if t.in.Conversation.LastIntent != nil {
		prev = *t.in.Conversation.LastIntent
	}
	if prev == t.req.Intent {
		return t.in.IntentRepeats + 1
	}
	return 1
}

// noProgress records a turn that did not move the conversation forward and reports
// whether it is the third in a row with the same intent (seed 000 section 4.2).
func (t *turn) noProgress() bool {
	n := t.repeats()
	t.st.IntentRepeats = n
	if n >= 3 {
		t.st.IntentRepeats = 0
		return true
	}
	return false
}

func (t *turn) expired() bool {
	p := t.st.Conversation.PendingConfirmation
	if p.CreatedAt == nil {
		return false
	}
	created, err := time.Parse(time.RFC3339Nano, *p.CreatedAt)
	if err != nil {
		return false
	}
	return t.msg.SentAt.Sub(created) > t.e.cfg.ConfirmationTTL
}

func (t *turn) pendingName() string {
	p := t.st.Conversation.PendingConfirmation
	if p.TargetID == nil {
		return "the product"
	}
	if prod, err := t.e.catalog.Product(t.ctx, *p.TargetID); err == nil {
		return prod.Name
	}
	return "the product"
}

// ready leaves the states a fresh request cannot start from: error recovers to
// idle, a pending confirmation is dropped (cancelled, to idle), a shown page is
// complete (recommending to idle).
func (t *turn) ready() error {
	switch t.state() {
	case fsm.ShopError:
		t.st.ConsecutiveErrors = 0
		return t.fire(fsm.ShopRecovered)
	case fsm.ShopAwaitingConfirmation:
		return t.fire(fsm.ShopCancelled)
	case fsm.ShopRecommending:
		return t.fire(fsm.ShopResponseComplete)
	}
	return nil
}

// failure is a catalog error inside the turn: seed 000's error state with a
// fallback message, or handoff when it happens again right after one.
func (t *turn) failure(cause error) error {
	t.events = append(t.events, parley.EventData{Type: parley.EventWarning, Data: map[string]string{
		"reason": "catalog failure", "code": parley.ErrorCode(cause), "message": parley.ErrorMessage(cause),
	}})
	if t.state() == fsm.ShopError {
		return t.handoffVia(fsm.ShopRepeatedErrors, ReasonRepeatedErrors)
	}
	if err := t.fire(fsm.ShopFailure); err != nil {
		return err
	}
	t.st.ConsecutiveErrors++
	t.say("Sorry, I couldn't reach the shop's catalog just now. Please try again in a moment.")
	return nil
}

// handoff hands the conversation to a human.
func (t *turn) handoff(reason string) error {
	// From clarifying too: seed 000 section 3.2's clarifying -> handoff edge is
	// labelled with what happened, a human request (see fsm.Shop).
	return t.handoffVia(fsm.ShopHumanRequest, reason)
}

func (t *turn) handoffVia(trigger fsm.ShopTrigger, reason string) error {
	if err := t.fire(trigger); err != nil {
		return err
	}
	t.st.HandoffReason = ptr(reason)
	t.st.IntentRepeats, t.st.ConsecutiveErrors = 0, 0
	t.progress = true
	payload, _ := json.Marshal(map[string]string{"reason": reason})
	t.effects = append(t.effects, parley.Effect{Kind: "handoff", Payload: payload})
	t.events = append(t.events, parley.EventData{Type: parley.EventHandoff, Data: map[string]string{"reason": reason}})
	switch reason {
	case ReasonHumanRequested:
		t.say("Of course. I'm passing you to a member of our team; they'll reply here shortly.")
	case ReasonRepeatedErrors:
		t.say("Sorry, something keeps going wrong on my side. I'm passing you to a member of our team; they'll reply here shortly.")
	default:
		t.say("I'm having trouble understanding what you need, so I'm passing you to a member of our team; they'll reply here shortly.")
	}
	return nil
}

// unclear asks the shopper to clarify, or hands over on the third unresolved turn
// (seed 000 section 4.1). repeated says the turn is the repeated-intent guard
// (section 4.2); otherwise, from recommending, a first unclear message completes
// the shown response and asks from idle, so that the trace does not call it
// repeated.
func (t *turn) unclear(question string, repeated bool) error {
	switch t.state() {
	case fsm.ShopAwaitingConfirmation:
		return t.reaskConfirmation()
	case fsm.ShopError:
		if err := t.ready(); err != nil {
			return err
		}
	case fsm.ShopPaginating:
		return errGuardrail{reason: "a stored paginating state has no clarifying turn"}
	}
	if t.st.Conversation.ClarificationAttempts >= 2 {
		return t.handoffVia(fsm.ShopClarificationLimit, ReasonLowConfidence)
	}
	n := t.repeats()
	t.noProgress()
	var triggers []fsm.ShopTrigger
	switch {
	case t.state() != fsm.ShopRecommending:
		triggers = []fsm.ShopTrigger{fsm.ShopAmbiguous}
	case repeated || n >= 2:
		triggers = []fsm.ShopTrigger{fsm.ShopRepeatedIntent}
	default:
		triggers = []fsm.ShopTrigger{fsm.ShopResponseComplete, fsm.ShopAmbiguous}
	}
	for _, tr := range triggers {
		if err := t.fire(tr); err != nil {
			return err
		}
	}
	t.st.Conversation.ClarificationAttempts++
	t.say(question)
	return nil
}

// reaskConfirmation answers a reply that is neither yes nor no: ask again (through
// clarifying, seed 000 section 3.4), or hand over on the third unresolved turn.
func (t *turn) reaskConfirmation() error {
	p := t.st.Conversation.PendingConfirmation
	if err := t.fire(fsm.ShopNotUnderstood); err != nil {
		return err
	}
	if t.st.Conversation.ClarificationAttempts >= 2 {
		return t.handoffVia(fsm.ShopClarificationLimit, ReasonLowConfidence)
	}
	t.st.Conversation.ClarificationAttempts++
	if err := t.fire(fsm.ShopNeedsConfirmation); err != nil {
		return err
	}
	p.CreatedAt = ptr(t.msg.SentAt.UTC().Format(time.RFC3339Nano))
	t.st.Conversation.PendingConfirmation = p
	t.noProgress()
	name := "this product"
	if p.TargetID != nil {
		if prod, err := t.e.catalog.Product(t.ctx, *p.TargetID); err == nil {
			name = prod.Name
		}
	}
	t.ask(fmt.Sprintf("Please answer yes or no: shall I add %s to your cart?", name), optionConfirm, optionCancel)
	return nil
}

// answer handles a yes or no.
func (t *turn) answer() error {
	if t.state() != fsm.ShopAwaitingConfirmation {
		return t.strayAnswer()
	}
	id := *t.st.Conversation.PendingConfirmation.TargetID
	prod, err := t.e.catalog.Product(t.ctx, id)
	if err != nil && parley.ErrorCode(err) != parley.ENOTFOUND {
		return t.failure(err)
	}
	name := prod.Name
	if name == "" {
		name = "the product"
	}
	t.progress = true
	if t.req.Intent == nlu.ShopCancel {
		if err := t.fire(fsm.ShopCancelled); err != nil {
			return err
		}
		t.say(fmt.Sprintf("OK, I haven't added %s to your cart.", name))
		return nil
	}
	if parley.ErrorCode(err) == parley.ENOTFOUND {
		if err := t.fire(fsm.ShopCancelled); err != nil {
			return err
		}
		t.say(fmt.Sprintf("Sorry, %s is no longer available.", name))
		return nil
	}
	link := t.e.addToCartURL(id)
	// With more of the search to show, the next results can be shown
	// (recommending); otherwise the request is complete (idle).
	more := false
	if t.queryContextValid() {
		pg := t.st.Conversation.Pagination
		next, _, _, err := t.e.uniquePage(t.ctx, *t.st.Query, pg.Offset+pg.Limit, 1, t.st.ShownProductIDs)
		if err != nil {
			return t.failure(err)
		}
		more = len(next) > 0
	}
	if more {
		if err := t.fire(fsm.ShopConfirmAccepted); err != nil {
			return err
		}
		t.say(fmt.Sprintf("Great choice! Add %s to your cart here: %s", name, link))
		t.ask("Would you like to see more?", optionShowMore)
		return nil
	}
	if err := t.fire(fsm.ShopCancelled); err != nil {
		return err
	}
	t.say(fmt.Sprintf("Great choice! Add %s to your cart here: %s", name, link))
	return nil
}

// strayAnswer is a yes or no with no confirmation pending: an acknowledgement,
// not a clarification attempt. A no to shown results completes them; the third in
// a row is the repeated-intent guard.
func (t *turn) strayAnswer() error {
	if t.req.Intent == nlu.ShopCancel && t.state() == fsm.ShopRecommending {
		t.progress = true
		if err := t.fire(fsm.ShopResponseComplete); err != nil {
			return err
		}
		t.say("OK. Tell me whenever you'd like to look for something else.")
		return nil
	}
	if t.noProgress() {
		return t.unclear("I'm not sure what you'd like me to do. "+t.hint(), true)
	}
	if t.req.Intent == nlu.ShopCancel {
		t.say("OK. Tell me whenever you'd like to look for something else.")
		return nil
	}
	t.say("There's nothing waiting for your confirmation. Tap \"Add to cart\" on a product, or tell me what you're looking for.")
	return nil
}

// smallTalk answers a greeting, thanks or a question about the bot shortly:
// neither a search nor a clarification attempt (the third in a row is the
// repeated-intent guard). Thanks completes shown results; a pending confirmation
// is asked again, uncounted.
func (t *turn) smallTalk() error {
	if t.state() == fsm.ShopError {
		if err := t.ready(); err != nil {
			return err
		}
	}
	if t.noProgress() {
		return t.unclear("What can I find for you? "+t.hint(), true)
	}
	reply := "Hello! What are you looking for today? " + t.hint()
	if t.req.Intent == nlu.ShopAboutBot {
		reply = "I'm this shop's virtual assistant, not a person! I can find products for you, and if you'd like a person, just ask for one."
	}
	if t.req.Intent == nlu.ShopThanks {
		reply = "You're welcome! Tell me whenever you'd like to look for something else."
		if t.state() == fsm.ShopRecommending {
			if err := t.fire(fsm.ShopResponseComplete); err != nil {
				return err
			}
		}
	}
	if t.state() == fsm.ShopAwaitingConfirmation {
		t.say(strings.SplitN(reply, "!", 2)[0] + "!")
		t.ask(fmt.Sprintf("Shall I add %s to your cart?", t.pendingName()), optionConfirm, optionCancel)
		return nil
	}
	t.say(reply)
	return nil
}

// selectProduct asks to confirm adding a product to the cart.
func (t *turn) selectProduct(id string) error {
	prod, err := t.e.catalog.Product(t.ctx, id)
	if parley.ErrorCode(err) == parley.ENOTFOUND {
		return t.unclear("Sorry, I can't find that product. What are you looking for?", false)
	}
	if err != nil {
		return t.failure(err)
	}
	switch t.state() {
	case fsm.ShopRecommending:
		err = t.fire(fsm.ShopSelect)
	case fsm.ShopAwaitingConfirmation, fsm.ShopError:
		if err = t.ready(); err == nil {
			err = t.fire(fsm.ShopNeedsConfirmation)
		}
	default:
		err = t.fire(fsm.ShopNeedsConfirmation)
	}
	if err != nil {
		return err
	}
	t.progress = true
	t.st.Conversation.PendingConfirmation = PendingConfirmation{
		Action:    ptr(actionAddToCart),
		TargetID:  ptr(prod.ID),
		CreatedAt: ptr(t.msg.SentAt.UTC().Format(time.RFC3339Nano)),
	}
	t.ask(fmt.Sprintf("Add %s (%s) to your cart?", prod.Name, formatPrice(prod)), optionConfirm, optionCancel)
	return nil
}

func (t *turn) queryContextValid() bool {
	h := t.st.Conversation.Pagination.LastQueryHash
	return t.st.Query != nil && h != nil && *h == t.st.Query.Hash()
}

// showMore pages the current search (seed 000 section 5.2). The page is looked up
// first, so that a request that cannot progress for the third time is the
// repeated-intent guard (section 4.2) rather than a lost context: running out of
// results is paginating -no_more_results-> idle.
func (t *turn) showMore() error {
	if t.state() == fsm.ShopAwaitingConfirmation {
		return t.reaskConfirmation()
	}
	if !t.queryContextValid() {
		if t.state() == fsm.ShopRecommending {
			return t.lostContext()
		}
		return t.unclear("What would you like to see? "+t.hint(), false)
	}
	pg := t.st.Conversation.Pagination
	offset := pg.Offset + pg.Limit
	products, more, _, err := t.e.uniquePage(t.ctx, *t.st.Query, offset, pg.Limit, t.st.ShownProductIDs)
	if err != nil {
		return t.failure(err)
	}
	if len(products) == 0 && t.repeats() >= 3 {
		return t.unclear("That's everything I have for "+t.st.Query.describe()+". Would you like something else? "+t.hint(), true)
	}
	if t.state() != fsm.ShopRecommending {
		// The stored search is a clear product-search intent: show it again, then page.
		if err := t.ready(); err != nil {
			return err
		}
		trigger := fsm.ShopProductSearch
		if t.state() == fsm.ShopClarifying {
			trigger = fsm.ShopClarified
		}
		if err := t.fire(trigger); err != nil {
			return err
		}
	}
	if err := t.fire(fsm.ShopShowMore); err != nil {
		return err
	}
	t.st.Conversation.Pagination.Offset = offset
	if len(products) == 0 {
		t.noProgress()
		if err := t.fire(fsm.ShopNoMoreResults); err != nil {
			return err
		}
		t.say("That's everything I have for " + t.st.Query.describe() + ". Tell me if you'd like to look for something else.")
		return nil
	}
	if err := t.fire(fsm.ShopPageFound); err != nil {
		return err
	}
	t.show("Here are more "+t.st.Query.describe()+":", products, more)
	return nil
}

// lostContext is show_more from recommending without a valid query context
// (section 5.4): paginating -lost_context-> clarifying, asking for fresh criteria.
func (t *turn) lostContext() error {
	if err := t.fire(fsm.ShopShowMore); err != nil {
		return err
	}
	if err := t.fire(fsm.ShopLostContext); err != nil {
		return err
	}
	t.st.Conversation.ClarificationAttempts++
	t.noProgress()
	t.say("Sorry, I lost track of what you were looking for. What would you like to see?")
	return nil
}

// criteria is what the turn searches for: the message's criteria, or, when the
// message only sets a price and a search is current ("what about under 50
// then"), that search refined by the price.
func (t *turn) criteria() Criteria {
	r := t.req
	c := Criteria{Terms: r.Terms, Category: r.Category, MinPrice: r.Price.Min, MaxPrice: r.Price.Max}
	if c.Terms == nil {
		c.Terms = []string{}
	}
	if len(r.Terms) == 0 && r.Category == "" && t.queryContextValid() {
		prev := *t.st.Query
		prev.Terms = slices.Clone(prev.Terms)
		prev.MinPrice, prev.MaxPrice = c.MinPrice, c.MaxPrice
		return prev
	}
	return c
}

// search runs a new product search (seed 000 section 5: first page, no product
// shown twice). A query the catalog finds nothing for is not a searchable query
// (section 3.2): an unresolved clarification turn. A query whose results were all
// shown already is a search without progress (section 4.2).
func (t *turn) search() error {
	c := t.criteria()
	if t.state() == fsm.ShopPaginating {
		return errGuardrail{reason: "a stored paginating state cannot start a new search"}
	}
	limit := t.st.Conversation.Pagination.Limit
	products, more, total, err := t.e.uniquePage(t.ctx, c, 0, limit, t.st.ShownProductIDs)
	if err != nil {
		return t.failure(err)
	}
	if total == 0 {
		return t.unclear("Sorry, I couldn't find anything for "+c.describe()+". "+t.hint(), false)
	}
	if len(products) == 0 {
		if t.state() == fsm.ShopAwaitingConfirmation {
			return t.reaskConfirmation() // nothing to show instead: neither yes nor no
		}
		if t.repeats() >= 3 {
			return t.unclear("I've already shown you everything for "+c.describe()+". Would you like something else? "+t.hint(), true)
		}
	}
	if err := t.ready(); err != nil {
		return err
	}
	t.st.Query = &c
	t.st.Conversation.Pagination = Pagination{Offset: 0, Limit: limit, LastQueryHash: ptr(c.Hash())}
	trigger := fsm.ShopProductSearch
	if t.state() == fsm.ShopClarifying {
		trigger = fsm.ShopClarified
	}
	if err := t.fire(trigger); err != nil {
		return err
	}
	if len(products) == 0 {
		t.noProgress()
		if err := t.fire(fsm.ShopResponseComplete); err != nil {
			return err
		}
		t.say("I've already shown you everything I have for " + c.describe() + ". Try other words, a category or a budget.")
		return nil
	}
	t.show("Here's what I found for "+c.describe()+":", products, more)
	return nil
}

// show sends a page of cards and records them as shown. "Show more" is offered
// only when more unseen results exist.
func (t *turn) show(intro string, products []Product, more bool) {
	t.progress = true
	t.st.ConsecutiveErrors = 0
	t.say(intro)
	cards := make([]parley.Card, len(products))
	t.st.PageProductIDs = make([]string, len(products))
	for i, p := range products {
		cards[i] = t.e.card(p)
		t.st.ShownProductIDs = append(t.st.ShownProductIDs, p.ID)
		t.st.PageProductIDs[i] = p.ID
	}
	t.replies = append(t.replies, parley.Reply{ID: t.nextReplyID(), Type: parley.ReplyProductCards, Cards: cards})
	if more {
		t.ask("Want to see more?", optionShowMore)
	}
}

// uniquePage returns up to limit products of the search from offset on that are
// not in shown, back-filling filtered duplicates with the next unique ones (seed 000
// section 5.3); whether at least one more unique product follows (looked up, so
// that "Show more" is never offered in vain); and how many products the catalog
// matches in all.
func (e *Engine) uniquePage(ctx context.Context, c Criteria, offset, limit int, shown []string) ([]Product, bool, int, error) {
	var out []Product
	pos := offset
	for {
		page, err := e.catalog.Search(ctx, c.query(pos, limit))
		if err != nil {
			return nil, false, 0, err
		}
		for _, p := range page.Products {
			pos++
			if containsID(shown, p.ID) || containsProduct(out, p.ID) {
				continue
			}
			if len(out) == limit {
				return out, true, page.Total, nil
			}
			out = append(out, p)
		}
		if len(page.Products) == 0 || pos >= page.Total {
			return out, false, page.Total, nil
		}
	}
}

func containsID(ids []string, id string) bool {
	for _, s := range ids {
		if s == id {
			return true
		}
	}
	return false
}

func containsProduct(ps []Product, id string) bool {
	for _, p := range ps {
		if p.ID == id {
			return true
		}
	}
	return false
}

func (e *Engine) card(p Product) parley.Card {
	return parley.Card{
		ProductID:   p.ID,
		Title:       p.Name,
		Description: p.Description,
		Price:       strconv.FormatFloat(p.Price, 'f', 2, 64),
		Currency:    p.Currency,
		ImageURL:    p.ImageURL,
		URL:         e.resolve(p.Permalink),
		Actions:     []parley.Option{{Title: "Add to cart", Meaning: nlu.ShopSelect + ":" + p.ID}},
	}
}

func (e *Engine) resolve(link string) string {
	if link == "" {
		return ""
	}
	if strings.HasPrefix(link, "/") && !strings.HasPrefix(link, "//") && !strings.ContainsAny(link, "?#.") {
		// A plain absolute path, as WooCommerce permalinks are: no need to parse.
		return e.origin + link
	}
	u, err := url.Parse(link)
	if err != nil {
		return ""
	}
	return e.base.ResolveReference(u).String()
}

// addToCartURL is WooCommerce's add-to-cart link: the shop's base URL with
// ?add-to-cart=<id>.
func (e *Engine) addToCartURL(id string) string {
	u := *e.base
	if u.Path == "" {
		u.Path = "/"
	}
	q := u.Query()
	q.Set("add-to-cart", id)
	u.RawQuery = q.Encode()
	return u.String()
}

func formatPrice(p Product) string {
	s := strconv.FormatFloat(p.Price, 'f', 2, 64)
	switch p.Currency {
	case "USD", "":
		return "$" + s
	default:
		return s + " " + p.Currency
	}
}

// describe names the criteria for the shopper.
func (c Criteria) describe() string {
	var b strings.Builder
	if len(c.Terms) > 0 {
		b.WriteString(`"` + strings.Join(c.Terms, " ") + `"`)
	} else if c.Category != "" {
		b.WriteString(strings.ToLower(c.Category))
	} else {
		b.WriteString("products")
	}
	if c.MinPrice != nil && c.MaxPrice != nil {
		fmt.Fprintf(&b, " between %s and %s", money(*c.MinPrice), money(*c.MaxPrice))
	} else if c.MaxPrice != nil {
		fmt.Fprintf(&b, " under %s", money(*c.MaxPrice))
	} else if c.MinPrice != nil {
		fmt.Fprintf(&b, " over %s", money(*c.MinPrice))
	}
	return b.String()
}

func money(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// upstreamThreshold is the confidence under which an upstream parse is treated as
// ambiguous (seed 000 section 3.2: "intent confidence below threshold").
const upstreamThreshold = 0.5

func fromUpstream(n *parley.NLU) (nlu.ShopRequest, bool) {
	req := nlu.ShopRequest{Intent: n.Intent}
	switch n.Intent {
	case nlu.ShopSearch, nlu.ShopAmbiguous, nlu.ShopShowMore, nlu.ShopConfirm, nlu.ShopCancel, nlu.ShopHuman, nlu.ShopSelect,
		nlu.ShopGreeting, nlu.ShopThanks, nlu.ShopAboutBot:
	default:
		return req, false
	}
	if n.Confidence > 0 && n.Confidence < upstreamThreshold {
		return nlu.ShopRequest{Intent: nlu.ShopAmbiguous}, true
	}
	str := func(k string) string {
		s, _ := n.Entities[k].(string)
		return strings.TrimSpace(s)
	}
	num := func(k string) *float64 {
		switch v := n.Entities[k].(type) {
		case float64:
			return &v
		case int:
			f := float64(v)
			return &f
		case string:
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				return &f
			}
		}
		return nil
	}
	switch n.Intent {
	case nlu.ShopSelect:
		req.ProductID = str("product_id")
		if req.ProductID == "" {
			return nlu.ShopRequest{Intent: nlu.ShopAmbiguous}, true
		}
	case nlu.ShopSearch:
		q := str("query")
		req.Terms = strings.Fields(strings.ToLower(q))
		req.Category = str("category")
		req.Price.Min, req.Price.Max = num("min_price"), num("max_price")
		if len(req.Terms) == 0 && req.Category == "" && req.Price.Min == nil && req.Price.Max == nil {
			return nlu.ShopRequest{Intent: nlu.ShopAmbiguous}, true
		}
	}
	return req, true
}

func ptr[T any](v T) *T { return &v }
