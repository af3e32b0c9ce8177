package shop

import (
	"cmp"
	"fmt"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// answer handles a yes or no.
func (t *turn) answer() error {
	if t.state() != StateAwaitingConfirmation {
		return t.strayAnswer()
	}
	id := *t.st.Conversation.PendingConfirmation.TargetID
	prod, err := t.e.catalog.Product(t.ctx, id)
	if err != nil && parley.ErrorCode(err) != parley.ENOTFOUND {
		return t.failure(err)
	}
	name := cmp.Or(prod.Name, "the product")
	t.progress = true
	switch {
	case t.req.Intent == nlu.ShopCancel:
		return t.fireSay(TriggerCancelled, fmt.Sprintf("OK, I haven't added %s to your cart.", name))
	case parley.ErrorCode(err) == parley.ENOTFOUND:
		return t.fireSay(TriggerCancelled, fmt.Sprintf("Sorry, %s is no longer available.", name))
	}
	return t.accept(id, name)
}

// accept answers a yes to the pending confirmation with the add-to-cart link.
// With more of the search to show, the next results can be shown
// (recommending); otherwise the request is complete (idle).
func (t *turn) accept(id, name string) error {
	link := t.e.addToCartURL(id)
	more, err := t.moreToShow()
	if err != nil {
		return t.failure(err)
	}
	said := fmt.Sprintf("Great choice! Add %s to your cart here: %s", name, link)
	if !more {
		return t.fireSay(TriggerCancelled, said)
	}
	if err := t.fireSay(TriggerConfirmAccepted, said); err != nil {
		return err
	}
	t.ask("Would you like to see more?", optionShowMore)
	return nil
}

// moreToShow reports whether the current search has a result after the page
// shown that was not shown yet; false without a valid search.
func (t *turn) moreToShow() (bool, error) {
	if !t.queryContextValid() {
		return false, nil
	}
	pg := t.st.Conversation.Pagination
	next, _, _, err := t.e.uniquePage(t.ctx, *t.st.Query, pg.Offset+pg.Limit, 1, t.st.ShownProductIDs)
	if err != nil {
		return false, err
	}
	return len(next) > 0, nil
}

// strayAnswer is a yes or no with no confirmation pending: an acknowledgement,
// not a clarification attempt. A no to shown results completes them; the third in
// a row is the repeated-intent guard.
func (t *turn) strayAnswer() error {
	recommending := t.state() == StateRecommending
	if t.req.Intent == nlu.ShopCancel && recommending {
		t.progress = true
		return t.fireSay(TriggerResponseComplete, "OK. Tell me whenever you'd like to look for something else.")
	}
	if t.req.Intent == nlu.ShopConfirm && recommending {
		if redirected, err := t.yesToShownResults(); redirected || err != nil {
			return err
		}
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

// yesToShownResults reads a yes with nothing pending while results are shown: with
// a single card on the page it takes that card ("I'll take it"); with unseen
// results left it answers the "Want to see more?" the page ended with (show_more).
// It reports whether the yes was read so.
func (t *turn) yesToShownResults() (bool, error) {
	if page := t.st.PageProductIDs; len(page) == 1 {
		t.req = nlu.ShopRequest{Intent: nlu.ShopSelect}
		t.st.Conversation.LastIntent = new(t.req.Intent)
		return true, t.selectProduct(page[0])
	}
	more, err := t.moreToShow()
	if err != nil {
		return true, t.failure(err)
	}
	if !more {
		return false, nil
	}
	t.req = nlu.ShopRequest{Intent: nlu.ShopShowMore}
	t.st.Conversation.LastIntent = new(t.req.Intent)
	return true, t.showMore()
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
	case StateRecommending:
		err = t.fire(TriggerSelect)
	case StateAwaitingConfirmation, StateError:
		if err = t.ready(); err == nil {
			err = t.fire(TriggerNeedsConfirmation)
		}
	default:
		err = t.fire(TriggerNeedsConfirmation)
	}
	if err != nil {
		return err
	}
	t.progress = true
	t.st.Conversation.PendingConfirmation = PendingConfirmation{
		Action:    new(actionAddToCart),
		TargetID:  new(prod.ID),
		CreatedAt: new(t.msg.SentAt.UTC().Format(time.RFC3339Nano)),
	}
	t.ask(fmt.Sprintf("Add %s (%s) to your cart?", prod.Name, formatPrice(prod)), optionConfirm, optionCancel)
	return nil
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

// reaskConfirmation answers a reply that is neither yes nor no: ask again (through
// clarifying, seed 000 section 3.4), or hand over on the third unresolved turn.
func (t *turn) reaskConfirmation() error {
	p := t.st.Conversation.PendingConfirmation
	if err := t.fire(TriggerNotUnderstood); err != nil {
		return err
	}
	if t.st.Conversation.ClarificationAttempts >= 2 {
		return t.handoffVia(TriggerClarificationLimit, ReasonLowConfidence)
	}
	t.st.Conversation.ClarificationAttempts++
	if err := t.fire(TriggerNeedsConfirmation); err != nil {
		return err
	}
	p.CreatedAt = new(t.msg.SentAt.UTC().Format(time.RFC3339Nano))
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
