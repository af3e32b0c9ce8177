package shop

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// turn is one Decide in progress.
type turn struct {
	e   *Engine
	ctx context.Context
	// input is what Decide was given: the reply stream and recorded replies
	// (generate).
	input parley.Turn
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
	// unsold says the turn's search is for something the catalog does not have.
	unsold bool
	// vague says the search's product phrase is slang for things to buy
	// ("loot", "merch"): a vague opening, never a greeting or thanks.
	vague bool
	// insteadOfPending says the selection refuses the card awaiting
	// confirmation and names another ("not that one, the belt").
	insteadOfPending bool
	// topic is what a question about the shop asks about (nlu.TopicShipping...).
	topic string
	// asked are the shopper's words a widened search stands for (Criteria.Asked).
	asked []string
	// bound is a pick among the cards shown by a price bound (readPriceBound).
	bound *priceBound
	// refused are the words of a clause refusing cards after a pick ("the
	// beanie, not the one with the logo"): among several cards the pick fits,
	// those they find are not it.
	refused []string
	// either are the two picks a message joins by "or" ("the cheap one or
	// the belt"): asked which, never one of them picked (readEitherOr).
	either []nlu.ShopRequest
}

func (t *turn) decision() parley.Decision {
	// Links come from the catalog: only web links reach a reply (parley.IsWebLink).
	return parley.Decision{State: t.st, Replies: parley.KeepWebLinks(t.replies), Transitions: t.transitions, Events: t.events, Effects: t.effects}
}

// run decides the turn. A stored state that cannot be trusted is reset first
// (section 7), which is not a transition; the only error is a transition outside
// the table (code parley.ETRANSITION), for which the turn decides nothing.
func (t *turn) run() error {
	t.st = t.in.clone()
	t.st.schema = t.e.schema
	why := t.in.inconsistency
	if why == "" {
		why = t.in.storedStateProblem()
	}
	if why != "" {
		t.guardrail(why)
		return nil
	}
	if err := t.step(); err != nil {
		return err
	}
	t.finish()
	return nil
}

// finish records the turn's bookkeeping.
func (t *turn) finish() {
	c := &t.st.Conversation
	c.LastUserMessageID = new(t.msg.ID)
	if !t.msg.SentAt.IsZero() {
		t.st.LastMessageAt = new(t.msg.SentAt.UTC().Format(time.RFC3339Nano))
	}
	if n := len(t.replies); n > 0 {
		c.LastAgentMessageID = new(t.replies[n-1].ID)
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
		"reason": reason, "from_state": from, "to_state": string(StateIdle),
	}}}
	t.say("Sorry, I lost track of our conversation. Let's start fresh: what are you looking for?")
	t.finish()
}

// fire takes the (current state, trigger) transition of seed 000's table. A trigger
// the table does not allow from the current state is a bug of this package: the
// turn fails with the kernel's *fsm.TransitionError (parley.ETRANSITION), see
// parley.Engine.
func (t *turn) fire(trigger Trigger) error {
	from := t.st.Conversation.State
	to, ok := Machine.Next(from, trigger)
	if !ok {
		return Machine.Check(from, trigger, "")
	}
	t.st.Conversation.State = to
	t.transitions = append(t.transitions, parley.Transition{From: string(from), To: string(to), Trigger: string(trigger)})
	switch to {
	case StateRecommending, StateIdle, StateHandoff:
		t.st.Conversation.ClarificationAttempts = 0 // seed 000 section 4.3
	}
	if to != StateAwaitingConfirmation {
		t.st.Conversation.PendingConfirmation = PendingConfirmation{}
	}
	if to != StateHandoff {
		t.st.HandoffReason = nil
	}
	return nil
}

func (t *turn) state() StateName { return t.st.Conversation.State }

func (t *turn) nextReplyID() string {
	return parley.ReplyID(t.index, len(t.replies)+1)
}

// fireSay fires the trigger, then says text.
func (t *turn) fireSay(trigger Trigger, text string) error {
	if err := t.fire(trigger); err != nil {
		return err
	}
	t.say(text)
	return nil
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

// step decides the turn from a trusted state; its only error is a transition
// outside the table.
func (t *turn) step() error {
	if t.state() == StateHandoff {
		// Silent while a human owns the conversation.
		return t.fire(TriggerWaitingForHuman)
	}
	t.idleTimeout()
	t.understand()
	t.st.Conversation.LastIntent = new(t.req.Intent)

	if t.state() == StateAwaitingConfirmation && t.expired() {
		if answered, err := t.expirePending(); answered || err != nil {
			return err
		}
	}
	if err := t.act(); err != nil {
		return err
	}
	t.countRepeats()
	return nil
}

// expirePending drops a confirmation that expired. A message that only answered
// it (yes, no, small talk) is answered by the expiry; it reports whether so.
func (t *turn) expirePending() (bool, error) {
	name := t.pendingName()
	if err := t.fire(TriggerExpired); err != nil {
		return true, err
	}
	t.say(fmt.Sprintf("Your request to add %s to your cart expired, so I didn't add it. Pick the product again or tell me what you're looking for.", name))
	t.progress = true
	switch t.req.Intent {
	case nlu.ShopConfirm, nlu.ShopCancel, nlu.ShopAmbiguous, nlu.ShopGreeting, nlu.ShopThanks, nlu.ShopAboutBot, nlu.ShopQuestion, nlu.ShopSmallTalk:
		t.countRepeats()
		return true, nil
	}
	return false, nil
}

// act answers the message's intent.
func (t *turn) act() error {
	if act, ok := intentActs[t.req.Intent]; ok {
		return act(t)
	}
	return t.unclear("I'm not sure what you're looking for. "+t.hint(), false)
}

// intentActs are the steps that answer each intent; another intent is unclear.
var intentActs = map[string]func(t *turn) error{
	nlu.ShopHuman:     func(t *turn) error { return t.handoff(ReasonHumanRequested) },
	nlu.ShopConfirm:   (*turn).answer,
	nlu.ShopCancel:    (*turn).answer,
	nlu.ShopSelect:    (*turn).pick,
	nlu.ShopShowMore:  (*turn).showMore,
	nlu.ShopSearch:    (*turn).search,
	nlu.ShopGreeting:  (*turn).smallTalk,
	nlu.ShopThanks:    (*turn).smallTalk,
	nlu.ShopSmallTalk: (*turn).smallTalk,
	nlu.ShopAboutBot:  (*turn).smallTalk,
	nlu.ShopQuestion:  (*turn).smallTalk,
}

// pick selects the product a click names, or the one a typed message picks.
func (t *turn) pick() error {
	if t.req.ProductID != "" {
		return t.selectProduct(t.req.ProductID)
	}
	return t.typedSelect()
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

// ready leaves the states a fresh request cannot start from: error recovers to
// idle, a pending confirmation is dropped (cancelled, to idle), a shown page is
// complete (recommending to idle).
func (t *turn) ready() error {
	switch t.state() {
	case StateError:
		t.st.ConsecutiveErrors = 0
		return t.fire(TriggerRecovered)
	case StateAwaitingConfirmation:
		return t.fire(TriggerCancelled)
	case StateRecommending:
		return t.fire(TriggerResponseComplete)
	}
	return nil
}

// failure is a catalog error inside the turn: seed 000's error state with a
// fallback message, or handoff when it happens again right after one.
func (t *turn) failure(cause error) error {
	t.events = append(t.events, parley.EventData{Type: parley.EventWarning, Data: map[string]string{
		"reason": "catalog failure", "code": parley.ErrorCode(cause), "message": parley.ErrorMessage(cause),
	}})
	if t.state() == StateError {
		return t.handoffVia(TriggerRepeatedErrors, ReasonRepeatedErrors)
	}
	if err := t.fire(TriggerFailure); err != nil {
		return err
	}
	t.st.ConsecutiveErrors++
	t.say("Sorry, I couldn't reach the shop's catalog just now. Please try again in a moment.")
	return nil
}

// handoff hands the conversation to a human.
func (t *turn) handoff(reason string) error {
	// From clarifying too: seed 000 section 3.2's clarifying -> handoff edge is
	// labelled with what happened, a human request (see Machine).
	return t.handoffVia(TriggerHumanRequest, reason)
}

func (t *turn) handoffVia(trigger Trigger, reason string) error {
	if err := t.fire(trigger); err != nil {
		return err
	}
	t.st.HandoffReason = new(reason)
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
// unclearTriggers are the triggers of an unclear turn: ambiguous, or from
// recommending the repeated-intent guard, else the shown response completed
// first.
func (t *turn) unclearTriggers(repeated bool) []Trigger {
	switch {
	case t.state() != StateRecommending:
		return []Trigger{TriggerAmbiguous}
	case repeated:
		return []Trigger{TriggerRepeatedIntent}
	}
	return []Trigger{TriggerResponseComplete, TriggerAmbiguous}
}

func (t *turn) unclear(question string, repeated bool) error {
	switch t.state() {
	case StateAwaitingConfirmation:
		return t.reaskConfirmation()
	case StateError:
		if err := t.ready(); err != nil {
			return err
		}
	}
	if t.st.Conversation.ClarificationAttempts >= 2 {
		return t.handoffVia(TriggerClarificationLimit, ReasonLowConfidence)
	}
	n := t.repeats()
	t.noProgress()
	triggers := t.unclearTriggers(repeated || n >= 2)
	for _, tr := range triggers {
		if err := t.fire(tr); err != nil {
			return err
		}
	}
	t.st.Conversation.ClarificationAttempts++
	t.say(t.generate(GenerateClarify, question))
	return nil
}

// Decide takes one shopper's turn. A stored state that breaks seed 000 is reset
// (section 7) rather than refused; a turn that would take a transition outside the
// seed's table is an error with code parley.ETRANSITION and no decision, as
// parley.Engine says of every engine.
func (e *Engine) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	in, err := e.stateOf(t.State)
	if err != nil {
		return parley.Decision{}, err
	}
	tn := &turn{e: e, ctx: ctx, input: t, in: in, msg: t.Message, index: t.Index}
	tn.msg.Text = nlu.WithoutSignOff(tn.msg.Text) // "... Cheers, Sam": the name is no item
	if err := tn.run(); err != nil {
		return parley.Decision{}, err
	}
	return tn.decision(), nil
}
