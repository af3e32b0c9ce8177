package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// confirmationCase is a reply at the cap's pending confirmation (capPending)
// and what it must leave: the intent, the state, the card pending and the
// clarification attempts counted.
type confirmationCase struct {
	say      string
	intent   string
	state    shop.StateName
	pending  string
	attempts int
}

// runConfirmationCases plays each case at the cap's pending confirmation.
func runConfirmationCases(t *testing.T, cases []confirmationCase) {
	t.Helper()
	e := demo(t)
	for _, tc := range cases {
		t.Run(tc.say, func(t *testing.T) {
			c := newConversation(t, e)
			for _, s := range capPending {
				c.send(s[0], s[1])
			}
			conv := stateOf(t, c.send(tc.say, "")).Conversation
			if got := *conv.LastIntent; tc.intent != "" && got != tc.intent {
				t.Errorf("intent %s, want %s", got, tc.intent)
			}
			if conv.State != tc.state {
				t.Errorf("state %s, want %s", conv.State, tc.state)
			}
			got := ""
			if conv.PendingConfirmation.TargetID != nil {
				got = *conv.PendingConfirmation.TargetID
			}
			if got != tc.pending {
				t.Errorf("pending %q, want %q", got, tc.pending)
			}
			if conv.ClarificationAttempts != tc.attempts {
				t.Errorf("clarification_attempts %d, want %d", conv.ClarificationAttempts, tc.attempts)
			}
		})
	}
}

// TestAYesThatSaysTheActionConfirms: a yes followed by the action said again
// ("add it", "put it in") in every language the seeds name accepts the
// pending add-to-cart (every accessory shown: the request is complete, idle);
// the action alone does too.
func TestAYesThatSaysTheActionConfirms(t *testing.T) {
	var cases []confirmationCase
	for _, say := range []string{
		"yeah, pop it in", "yes put it in my cart", "put it in", "oui, ajoute-la", "oui mets-le au panier",
		"sí, añádela", "vale, ponlo en el carrito", "نعم أضفها", "اه ديرها", "iyeh zidha", "wakha dir liya",
		"ajoute-le", "agrégalo",
	} {
		cases = append(cases, confirmationCase{say: say, intent: nlu.ShopConfirm, state: shop.StateIdle})
	}
	runConfirmationCases(t, cases)
}

// TestARefusalOfThePendingCardCancels: "no, not that one" among several cards
// is a no (seed 000 section 3.4: a cancellation goes to idle), never a
// clarification; a refusal that names another card picks that card instead.
func TestARefusalOfThePendingCardCancels(t *testing.T) {
	runConfirmationCases(t, []confirmationCase{
		{say: "no, not this one", intent: nlu.ShopCancel, state: shop.StateIdle},
		{say: "non, pas celle-là", intent: nlu.ShopCancel, state: shop.StateIdle},
		{say: "no, ese no", intent: nlu.ShopCancel, state: shop.StateIdle},
		{say: "la, machi hadi", intent: nlu.ShopCancel, state: shop.StateIdle},
		{say: "not that one, the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{say: "non, pas celui-là, les lunettes de soleil", intent: "", state: shop.StateAwaitingConfirmation, pending: "62"},
	})
}

// TestDeferralsAndItemQuestionsAskAgain: a deferral ("maybe later", "not
// now") or a question about the pending item is neither a valid confirmation
// nor a cancellation (seed 000 section 3.4): the confirmation stays pending,
// asked again, one clarification attempt counted. A no before the deferral
// is a no.
func TestDeferralsAndItemQuestionsAskAgain(t *testing.T) {
	var cases []confirmationCase
	for _, say := range []string{
		"perhaps later", "hmm, not right now", "let me see", "peut-être plus tard", "plus tard", "quizás luego",
		"tal vez más tarde", "mn b3d", "من بعد", "ربما لاحقا",
		"what sizes is it available in?", "how much is delivery for it?", "what colours does it come in?",
	} {
		cases = append(cases, confirmationCase{say: say, state: shop.StateAwaitingConfirmation, pending: "60", attempts: 1})
	}
	cases = append(cases,
		confirmationCase{say: "no thanks, maybe later", intent: nlu.ShopCancel, state: shop.StateIdle},
		confirmationCase{say: "non, pas maintenant", intent: nlu.ShopCancel, state: shop.StateIdle})
	runConfirmationCases(t, cases)
}
