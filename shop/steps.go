package shop

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// smallTalk answers a greeting, thanks or a question about the bot shortly:
// neither a search nor a clarification attempt (the third in a row is the
// repeated-intent guard). Thanks completes shown results; a pending confirmation
// is asked again, uncounted.
// smallTalkReply answers a greeting, a question about the bot or thanks; thanks
// complete the response shown.
func (t *turn) smallTalkReply() (string, error) {
	// The hint is read first whatever the reply: reading the categories may
	// record a warning, before any trigger fires.
	greeting := "Hello! What are you looking for today? " + t.hint()
	switch t.req.Intent {
	case nlu.ShopAboutBot:
		return "I'm this shop's virtual assistant, not a person! I can find products for you, and if you'd like a person, just ask for one.", nil
	case nlu.ShopQuestion:
		return t.shopAnswer(), nil
	case nlu.ShopSmallTalk:
		return "Happy to chat! I'm here to help you shop whenever you like. " + t.hint(), nil
	case nlu.ShopThanks:
		if t.state() == StateRecommending {
			if err := t.fire(TriggerResponseComplete); err != nil {
				return "", err
			}
		}
		return "You're welcome! Tell me whenever you'd like to look for something else.", nil
	}
	return greeting, nil
}

// topicNames name each topic of the shop's questions in the default answer.
var topicNames = map[string]string{
	nlu.TopicShipping: "delivery", nlu.TopicReturns: "returns and refunds", nlu.TopicPayment: "payment",
	nlu.TopicDiscounts: "discounts", nlu.TopicSizes: "sizes", nlu.TopicHours: "opening hours",
	nlu.TopicLocation: "where the shop is", nlu.TopicOrders: "orders", nlu.TopicProducts: "what the shop sells",
	nlu.TopicContact: "how to reach the shop",
}

// checkAnswers refuses an answer to a topic the shop's questions do not have.
func checkAnswers(answers map[string]string) error {
	for topic := range answers {
		if _, ok := topicNames[topic]; !ok {
			return parley.Errorf(parley.EINVALID, "shop: answers: %q is not a topic (shipping, returns, payment, discounts, sizes, hours, location, contact, orders, products)", topic)
		}
	}
	return nil
}

// shopAnswer answers a question about the shop: the shop's own answer for its
// topic (Config.Answers), else a person from the shop is offered for it.
func (t *turn) shopAnswer() string {
	if a := t.e.cfg.Answers[t.topic]; a != "" {
		return a + " " + t.hint()
	}
	if t.topic == nlu.TopicProducts {
		// What the shop sells is the catalog's own categories.
		if names := hintNames(t.categories()); len(names) > 0 {
			return "We sell " + strings.Join(names, ", ") + ". What would you like to see?"
		}
	}
	about := cmp.Or(topicNames[t.topic], "that")
	return "Good question! For " + about + ", a person from the shop can tell you: just ask for one and I'll bring them in. I can find products for you meanwhile. " + t.hint()
}

func (t *turn) smallTalk() error {
	if t.state() == StateError {
		if err := t.ready(); err != nil {
			return err
		}
	}
	// A question about the shop is answered every time, its topic being
	// new information either way: the guard is for turns that go nowhere.
	if t.req.Intent != nlu.ShopQuestion && t.noProgress() {
		return t.unclear("What can I find for you? "+t.hint(), true)
	}
	reply, err := t.smallTalkReply()
	if err != nil {
		return err
	}
	if t.state() == StateAwaitingConfirmation && t.req.Intent == nlu.ShopQuestion {
		// A question about the item instead of a yes or no ("what sizes does
		// it come in?"): answered, and the reply is neither valid confirmation
		// nor cancellation (seed 000 section 3.4), so it is asked again.
		t.say(t.generate(GenerateSmallTalk, reply))
		return t.reaskConfirmation()
	}
	if t.state() == StateAwaitingConfirmation {
		t.say(strings.SplitN(reply, "!", 2)[0] + "!")
		t.ask(fmt.Sprintf("Shall I add %s to your cart?", t.pendingName()), optionConfirm, optionCancel)
		return nil
	}
	t.say(t.generate(GenerateSmallTalk, reply))
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
	if t.state() == StateAwaitingConfirmation {
		return t.reaskConfirmation()
	}
	if !t.queryContextValid() {
		return t.nothingToPage()
	}
	pg := t.st.Conversation.Pagination
	offset := pg.Offset + pg.Limit
	products, more, _, err := t.e.uniquePage(t.ctx, *t.st.Query, offset, pg.Limit, t.st.ShownProductIDs)
	if err != nil {
		return t.failure(err)
	}
	if len(products) == 0 {
		if stop, err := t.noPageLeft(); stop {
			return err
		}
	}
	if err := t.pageTo(offset); err != nil {
		return err
	}
	if len(products) == 0 {
		return t.noMoreResults()
	}
	if err := t.fire(TriggerPageFound); err != nil {
		return err
	}
	t.show("Here are more "+t.st.Query.describe()+":", products, more)
	return nil
}

// nothingToPage answers a request for more without a search to page: the
// context was lost while recommending, or there never was one.
func (t *turn) nothingToPage() error {
	if t.state() == StateRecommending {
		return t.lostContext()
	}
	return t.unclear("What would you like to see? "+t.hint(), false)
}

// pageTo moves the search to the page at offset (recommending, then
// paginating).
func (t *turn) pageTo(offset int) error {
	if err := t.resumeSearch(); err != nil {
		return err
	}
	if err := t.fire(TriggerShowMore); err != nil {
		return err
	}
	t.st.Conversation.Pagination.Offset = offset
	return nil
}

// resumeSearch moves to recommending from another state: the stored search is a
// clear product-search intent, shown again before it is paged.
func (t *turn) resumeSearch() error {
	if t.state() == StateRecommending {
		return nil
	}
	if err := t.ready(); err != nil {
		return err
	}
	trigger := TriggerProductSearch
	if t.state() == StateClarifying {
		trigger = TriggerClarified
	}
	return t.fire(trigger)
}

// noMoreResults ends a paging that found nothing more: paginating -no_more_results-> idle.
func (t *turn) noMoreResults() error {
	t.noProgress()
	return t.fireSay(TriggerNoMoreResults, "That's everything I have for "+t.st.Query.describe()+". Tell me if you'd like to look for something else.")
}

// noPageLeft is show_more past the last page when it is a loop: the third in a
// row is the repeated-intent guard (section 4.2); after it, asking again leaves
// its question unresolved (section 4.1). It reports whether it answered the turn.
func (t *turn) noPageLeft() (bool, error) {
	everything := "That's everything I have for " + t.st.Query.describe() + "."
	switch {
	case t.askedAgain():
		return true, t.unclear(everything+" "+t.hint(), false)
	case t.repeats() >= 3:
		return true, t.unclear(everything+" Would you like something else? "+t.hint(), true)
	}
	return false, nil
}

// lostContext is show_more from recommending without a valid query context
// (section 5.4): paginating -lost_context-> clarifying, asking for fresh criteria.
func (t *turn) lostContext() error {
	if err := t.fire(TriggerShowMore); err != nil {
		return err
	}
	if err := t.fire(TriggerLostContext); err != nil {
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
	c := Criteria{Terms: r.Terms, Asked: t.asked, Category: r.Category, MinPrice: r.Price.Min, MaxPrice: r.Price.Max}
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
// shown twice). A clear search that shows nothing new (fruitlessSearch) is still a
// product search.
func (t *turn) search() error {
	c := t.criteria()
	limit := t.st.Conversation.Pagination.Limit
	var (
		products []Product
		more     bool
		total    int
	)
	if !t.unsold {
		var err error
		products, more, total, err = t.e.uniquePage(t.ctx, c, 0, limit, t.st.ShownProductIDs)
		if err != nil {
			return t.failure(err)
		}
	}
	intro := "Here's what I found for " + c.describe() + ":"
	if len(products) == 0 && total == 0 && !t.unsold {
		relaxed, ok := c.toTheProduct()
		if ok {
			var err error
			products, more, _, err = t.e.uniquePage(t.ctx, relaxed, 0, limit, t.st.ShownProductIDs)
			if err != nil {
				return t.failure(err)
			}
		}
		if len(products) > 0 {
			intro = "I couldn't find " + c.describe() + " exactly, so here are our " + relaxed.describe() + ":"
			c = relaxed
		}
	}
	if len(products) == 0 {
		return t.fruitlessSearch(c, total)
	}
	if err := t.enterSearch(c); err != nil {
		return err
	}
	t.show(intro, products, more)
	return nil
}

// toTheProduct is c without the words said about the product, when c names a
// category: a feature or a story the catalog does not describe ("hoodie with a
// front pocket", "a polo for my dad who loves golf") must not empty a search
// for a product the shop sells. The price stays: "a belt under 5" is no belt
// at any price.
func (c Criteria) toTheProduct() (Criteria, bool) {
	if c.Category == "" || len(c.Terms) == 0 {
		return c, false
	}
	c.Terms, c.Asked = []string{}, nil
	return c, true
}

// enterSearch makes c the current search and enters recommending: from a
// clarification it is resolved (clarified), from anywhere else a new request
// (product_search, after leaving what was going on).
func (t *turn) enterSearch(c Criteria) error {
	if err := t.ready(); err != nil {
		return err
	}
	t.st.Query = &c
	t.st.Conversation.Pagination = Pagination{Offset: 0, Limit: t.st.Conversation.Pagination.Limit, LastQueryHash: new(c.Hash())}
	trigger := TriggerProductSearch
	if t.state() == StateClarifying {
		trigger = TriggerClarified
	}
	return t.fire(trigger)
}

// fruitlessSearch answers a clear product search that shows nothing new: the
// catalog does not carry it, nothing matches its filters ("a belt under 5"), or
// every result was shown already (section 5.3). It is a product search, not a
// vague message (section 3.1), so it is no clarification attempt; it makes no
// progress, so its third repeat is the repeated-intent guard (section 4.2). Once
// the guard has asked its disambiguating question, the same search again leaves
// the clarification unresolved (section 4.1: clarifying -> clarifying, then
// handoff), so that the loop ends as the seed's loop rules say. With a
// confirmation pending the question is asked again, uncounted.
func (t *turn) fruitlessSearch(c Criteria, total int) error {
	text := t.nothingNew(c, total)
	switch {
	case t.askedAgain():
		return t.unclear(text+" "+t.hint(), false)
	case t.repeats() >= 3:
		return t.unclear(text+" Would you like something else? "+t.hint(), true)
	}
	if total == 0 || t.unsold {
		text += " " + t.hint()
	} else {
		text += " Try other words, a category or a budget."
	}
	if t.state() == StateAwaitingConfirmation {
		t.noProgress()
		t.say(t.generate(GenerateClarify, text))
		t.ask(fmt.Sprintf("Shall I add %s to your cart?", t.pendingName()), optionConfirm, optionCancel)
		return nil
	}
	if err := t.enterSearch(c); err != nil {
		return err
	}
	t.noProgress()
	if err := t.fire(TriggerResponseComplete); err != nil {
		return err
	}
	t.say(t.generate(GenerateClarify, text))
	return nil
}

// askedAgain reports whether the turn repeats, in clarifying, the intent the last
// turn ended there with: after the repeated-intent guard's question (or a
// clarification that the same request left unresolved), the same request without
// progress is another unresolved clarification turn (seed 000 section 4.1), so
// that the loop ends as the seed's loop rules say instead of passing through
// recommending to idle and starting the count again.
func (t *turn) askedAgain() bool {
	prev := t.in.Conversation.LastIntent
	return t.state() == StateClarifying && prev != nil && *prev == t.req.Intent
}

// nothingNew says why a search shows nothing new.
func (t *turn) nothingNew(c Criteria, total int) string {
	switch {
	case t.unsold:
		return "Sorry, we don't carry " + c.describe() + "."
	case total == 0:
		return "Sorry, I couldn't find anything for " + c.describe() + "."
	}
	return "I've already shown you everything I have for " + c.describe() + "."
}

// show sends a page of cards and records them as shown. "Show more" is offered
// only when more unseen results exist.
func (t *turn) show(intro string, products []Product, more bool) {
	t.progress = true
	t.st.ConsecutiveErrors = 0
	t.say(t.generate(GenerateIntro, intro))
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
// addUnseen adds the products not shown and not in out yet, up to limit,
// counting in pos each product read; full reports a product left over once out
// holds limit (so there are more).
func addUnseen(out, products []Product, shown []string, limit int, pos *int) ([]Product, bool) {
	for _, p := range products {
		*pos++
		if slices.Contains(shown, p.ID) || slices.ContainsFunc(out, func(q Product) bool { return q.ID == p.ID }) {
			continue
		}
		if len(out) == limit {
			return out, true
		}
		out = append(out, p)
	}
	return out, false
}

func (e *Engine) uniquePage(ctx context.Context, c Criteria, offset, limit int, shown []string) ([]Product, bool, int, error) {
	var out []Product
	pos := offset
	for {
		page, err := e.catalog.Search(ctx, c.query(pos, limit))
		if err != nil {
			return nil, false, 0, err
		}
		var full bool
		if out, full = addUnseen(out, page.Products, shown, limit, &pos); full {
			return out, true, page.Total, nil
		}
		if len(page.Products) == 0 || pos >= page.Total {
			return out, false, page.Total, nil
		}
	}
}
