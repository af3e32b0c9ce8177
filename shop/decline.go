package shop

import "github.com/parleyhq/parley/nlu"

// readDeclinedCard reads a card or product named and then declined ("the
// belt, no thanks", "cap, nah thanks", "the cap, not for me"): the decline
// is the answer, never a pick of the thing it declines, never an add, never
// a search for it. With cards shown it is a no to them (seed 000 §3.3
// recommending -> idle, "response complete and no pending action"); with a
// card in question it is the cancellation of that card (§3.4), unless it
// declines another card than the one asked about: cancelling or adding the
// one asked about would then be a guess, so it is asked again (§3.4
// awaiting_confirmation -> clarifying).
func (t *turn) readDeclinedCard() {
	head, ok := nlu.CutTrailingDecline(t.msg.Text)
	if !ok {
		return
	}
	r := t.parser().ParseContent(head)
	if !t.namesAProductOrCard(r) && len(t.known(r.Mention)) == 0 {
		// With no card shown, "the belt" reads as a pick by words; a
		// word the catalog knows is still a product declined.
		return
	}
	t.req = nlu.ShopRequest{Intent: nlu.ShopCancel}
	if t.state() == StateAwaitingConfirmation && t.declinesAnotherCard(r) {
		t.req.Intent = nlu.ShopAmbiguous
	}
	t.unsold, t.asked, t.topic = false, nil, ""
}

// declinesAnotherCard reports whether r, the words before a decline said
// while a card is in question, name shown cards but not that one.
func (t *turn) declinesAnotherCard(r nlu.ShopRequest) bool {
	pending := t.st.Conversation.PendingConfirmation.TargetID
	if pending == nil || r.Intent != nlu.ShopSelect || len(r.Mention) == 0 {
		return false
	}
	for _, w := range r.Mention {
		if found, err := t.matchingWidened(w, []string{*pending}); err != nil || len(found) > 0 {
			return false
		}
	}
	return true
}

// readLoneApology reads an apology said alone ("sorry", "oops!",
// nlu.IsLoneApology): it names nothing, so it is small talk, no search for
// "sorry" and nothing to clarify (seed 000 §1: clarification_attempts counts
// clarification prompts, and there is nothing to clarify). With a card in
// question it is no answer, and the question is asked again (§3.4).
func (t *turn) readLoneApology() {
	if (t.unsold || t.req.Intent == nlu.ShopAmbiguous) && t.state() != StateAwaitingConfirmation && nlu.IsLoneApology(t.msg.Text) {
		t.req, t.unsold = nlu.ShopRequest{Intent: nlu.ShopSmallTalk}, false
	}
}
