package shop

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// maxPickCandidates bounds how many shown products a typed selection is matched
// against (the most recent ones).
const maxPickCandidates = 30

// typedSelect picks a product already shown from the shopper's words: an ordinal
// among the cards of the last page ("the second one"), or words the catalog
// matches for exactly one shown product ("add the polo", "the blue one"). A
// product shown earlier in the conversation may be picked by name although section
// 5.3 forbids showing its card again. Words that pick nothing shown are a search;
// several equally good products are asked about.
func (t *turn) typedSelect() error {
	if len(t.either) > 0 {
		return t.eitherSelect()
	}
	ids, err := t.pickCandidates()
	if err != nil {
		return t.failure(err)
	}
	r := t.req
	if r.NamesSeveral() || ((picksOnlyOne(r) || t.bound != nil) && len(ids) != 1) {
		// Two cards named at once are never one of them, and a card refused
		// is never confirmed: asked which.
		if err := t.dropPending(); err != nil {
			return err
		}
		return t.unclear(t.whichOne(ids), false)
	}
	if len(ids) == 1 {
		return t.selectProduct(ids[0])
	}
	if len(ids) == 0 && r.Ordinal == 0 && (len(r.Terms) > 0 || r.Category != "") {
		t.req.Intent = nlu.ShopSearch
		t.st.Conversation.LastIntent = new(t.req.Intent)
		return t.search()
	}
	return t.unclear(t.whichOne(ids), false)
}

// picksOnlyOne reports whether the selection names a card that only one card
// may be, never a search: the other one, a card not refused, the card at a
// price ("the $90 one") or the one without something ("the hoodie without the
// logo"). None or several fitting is asked about.
func picksOnlyOne(r nlu.ShopRequest) bool {
	return r.Other || r.Refuses() || r.Amount != nil || len(r.Lacks) > 0
}

// pickCandidates returns the shown products the selection fits best, most recent
// first: one is a pick, several are a tie, none is no pick.
func (t *turn) pickCandidates() ([]string, error) {
	ids, err := t.candidates()
	if err == nil && len(ids) > 0 && len(t.refused) > 0 {
		ids, err = t.withoutRefused(ids)
	}
	if err != nil || len(ids) < 2 || !t.req.Plain {
		return ids, err
	}
	return t.plainOnes(ids), nil
}

// withoutRefused returns ids without the cards a refused word finds ("the
// beanie, not the one with the logo"): a refused card is never the pick, so
// when every card the pick fits is refused ("the cheapest one, but not the
// cap", the cap being the cheapest) none is left and the shopper is asked.
func (t *turn) withoutRefused(ids []string) ([]string, error) {
	left := slices.Clone(ids)
	for _, w := range t.refused {
		found, err := t.matchingWidened(w, left)
		if err != nil {
			return nil, err
		}
		left = slices.DeleteFunc(left, func(id string) bool { return slices.Contains(found, id) })
	}
	return left, nil
}

// candidates returns the shown products the selection's words fit best.
func (t *turn) candidates() ([]string, error) {
	page := t.st.PageProductIDs
	r := t.req
	switch {
	case t.bound != nil:
		return t.byBound(page)
	case r.Exclude:
		return t.notMentioned(page)
	case r.NamesSeveral():
		return t.severalNamed(page)
	case r.Refuses() && r.Ordinal == 0 && r.PricePick == 0:
		return t.notRefused(page)
	case r.PricePick != 0:
		return t.byPriceAmongNamed(page, r.PricePick)
	case r.Amount != nil:
		ids, err := t.byAmount(page, *r.Amount)
		if err != nil {
			return nil, err
		}
		return t.narrowed(ids)
	case r.Other:
		return t.narrowed(t.otherThanPending(page))
	case r.Ordinal != 0:
		return byPosition(page, r.Ordinal), nil
	case len(r.Lacks) > 0:
		return t.lacking(page)
	case len(r.Mention) == 0:
		return page, nil // "that one": the only card, or ask which
	}
	return t.byMention(page)
}

// byPosition returns the card at ordinal (-1 the last, -2 the second to
// last, nlu.OrdinalMiddle the middle), none when the page has no such place.
func byPosition(page []string, ordinal int) []string {
	if ordinal == nlu.OrdinalMiddle {
		return middleOf(page)
	}
	if i, ok := positionIndex(len(page), ordinal); ok {
		return []string{page[i]}
	}
	return nil
}

// positionIndex is the index on a page of n cards of the position ordinal,
// counted from the start (1 the first) or, negative, from the end (-1 the
// last); false when the page has no such place.
func positionIndex(n, ordinal int) (int, bool) {
	switch {
	case ordinal > 0 && ordinal <= n:
		return ordinal - 1, true
	case ordinal < 0 && ordinal != nlu.OrdinalMiddle && -ordinal <= n:
		return n + ordinal, true
	}
	return 0, false
}

// byMention returns the recently shown cards the mention's words fit best.
func (t *turn) byMention(page []string) ([]string, error) {
	recent := t.recentlyShown()
	score, err := t.mentionScores(recent)
	if err != nil {
		return nil, err
	}
	if t.insteadOfPending {
		// "not that one, the belt": the card named, never the one refused.
		delete(score, *t.st.Conversation.PendingConfirmation.TargetID)
	}
	return bestScored(recent, page, score), nil
}

// notMentioned returns the cards of the page that no word of the mention
// finds ("not the one with the logo").
func (t *turn) notMentioned(page []string) ([]string, error) {
	score, err := t.mentionScores(page)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(slices.Clone(page), func(id string) bool { return score[id] > 0 }), nil
}

// middleOf returns the middle card of the page: one when their number is odd,
// the two of the middle when it is even (asked which), none on an empty page.
func middleOf(page []string) []string {
	n := len(page)
	switch {
	case n == 0:
		return nil
	case n%2 == 1:
		return page[n/2 : n/2+1]
	}
	return page[n/2-1 : n/2+1]
}

// recentlyShown lists the products a mention may name, most recent first: the last
// page, then earlier shown products, up to maxPickCandidates.
func (t *turn) recentlyShown() []string {
	recent := slices.Clone(t.st.PageProductIDs)
	for i := len(t.st.ShownProductIDs) - 1; i >= 0 && len(recent) < maxPickCandidates; i-- {
		if id := t.st.ShownProductIDs[i]; !slices.Contains(recent, id) {
			recent = append(recent, id)
		}
	}
	return recent
}

// mentionScores counts, for each of ids, the words of the mention that find it.
func (t *turn) mentionScores(ids []string) (map[string]int, error) {
	score := map[string]int{}
	for _, w := range t.req.Mention {
		matched, err := t.matchingWidened(w, ids)
		if err != nil {
			return nil, err
		}
		for _, id := range matched {
			score[id]++
		}
	}
	return score, nil
}

// bestScored returns the products of recent with the best score (none when nothing
// scored), those on the page only when some are.
func bestScored(recent, page []string, score map[string]int) []string {
	best := 0
	for _, n := range score {
		best = max(best, n)
	}
	if best == 0 {
		return nil
	}
	var winners, onPage []string
	for _, id := range recent {
		if score[id] == best {
			winners = append(winners, id)
			if slices.Contains(page, id) {
				onPage = append(onPage, id)
			}
		}
	}
	if len(onPage) > 0 {
		return onPage
	}
	return winners
}

// matching returns the products among ids that the catalog finds for word.
func (t *turn) matching(word string, ids []string) ([]string, error) {
	page, err := t.e.catalog.Search(t.ctx, Query{Text: word, Terms: []string{word}, Limit: 100})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range page.Products {
		if slices.Contains(ids, p.ID) {
			out = append(out, p.ID)
		}
	}
	return out, nil
}

// whichOne asks which shown product the shopper means.
func (t *turn) whichOne(ids []string) string {
	var names []string
	for _, id := range ids {
		if len(names) == 5 {
			break
		}
		if p, err := t.e.catalog.Product(t.ctx, id); err == nil {
			names = append(names, p.Name)
		}
	}
	if len(names) < 2 {
		return "Which product do you mean? Tap \"Add to cart\" on it, or tell me its name."
	}
	return fmt.Sprintf("Which one do you mean: %s or %s? Tap \"Add to cart\" on it, or tell me its name.",
		strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// byPrice returns the cards of the page at the lowest price (pick -1) or the
// highest (pick 1): one is the pick, several at one price are asked about.
func (t *turn) byPrice(page []string, pick int) ([]string, error) {
	var best []string
	var bestPrice float64
	for _, id := range page {
		p, err := t.e.catalog.Product(t.ctx, id)
		if parley.ErrorCode(err) == parley.ENOTFOUND {
			continue
		}
		if err != nil {
			return nil, err
		}
		switch d := float64(pick) * (p.Price - bestPrice); {
		case len(best) == 0 || d > 0:
			best, bestPrice = []string{id}, p.Price
		case d == 0:
			best = append(best, id)
		}
	}
	return best, nil
}

// byPriceAmongNamed returns the card of the page the price pick names among
// the cards its mention finds ("the cheaper beanie": the cheaper of the
// beanies shown). A mention that finds no card shown names none (asked
// which); cards of the same price are all returned (asked which).
func (t *turn) byPriceAmongNamed(page []string, pick int) ([]string, error) {
	if len(t.req.Mention) == 0 {
		return t.byPrice(page, pick)
	}
	score, err := t.mentionScores(page)
	if err != nil {
		return nil, err
	}
	named := bestScored(page, page, score)
	if len(named) == 0 {
		return nil, nil
	}
	return t.byPrice(named, pick)
}

// otherThanPending returns the cards of the page other than the one awaiting
// confirmation ("not that one, the other"): one is the pick; with none pending,
// or more than one left, the shopper is asked which.
func (t *turn) otherThanPending(page []string) []string {
	pending := t.st.Conversation.PendingConfirmation.TargetID
	if pending == nil || !slices.Contains(page, *pending) {
		return page
	}
	return slices.DeleteFunc(slices.Clone(page), func(id string) bool { return id == *pending })
}

// dropPending cancels a pending confirmation before the shopper is asked which
// card they mean instead ("not that one" with several left, "the second or
// third"): the card in question is not added, and no yes can add it now.
func (t *turn) dropPending() error {
	if t.state() != StateAwaitingConfirmation {
		return nil
	}
	name := t.pendingName()
	t.progress = true
	return t.fireSay(TriggerCancelled, fmt.Sprintf("OK, I haven't added %s to your cart.", name))
}

// narrowed keeps, of ids, those the selection's mention fits best ("the
// other beanie": the beanies other than the one in question); ids when it
// mentions nothing, or nothing it mentions fits.
func (t *turn) narrowed(ids []string) ([]string, error) {
	if len(t.req.Mention) == 0 || len(ids) < 2 {
		return ids, nil
	}
	score, err := t.mentionScores(ids)
	if err != nil {
		return nil, err
	}
	if best := bestScored(ids, ids, score); len(best) > 0 {
		return best, nil
	}
	return ids, nil
}

// matchingWidened returns the products among ids the catalog finds for word,
// or, when it finds none, for the kinds the everyday lexicon gives the word
// ("the shades": sunglasses), or a typo's ("the sunglases").
func (t *turn) matchingWidened(word string, ids []string) ([]string, error) {
	matched, err := t.matching(word, ids)
	if err != nil || len(matched) > 0 {
		return matched, err
	}
	kinds := everydayKinds(word)
	if len(kinds) == 0 {
		kinds = typoKinds(word)
	}
	for _, k := range kinds {
		more, err := t.matching(k, ids)
		if err != nil {
			return nil, err
		}
		for _, id := range more {
			if !slices.Contains(matched, id) {
				matched = append(matched, id)
			}
		}
	}
	return matched, nil
}

// byAmount returns the cards of the page whose price is amount ("the $90
// one"): one is the pick, several or none are asked about.
func (t *turn) byAmount(page []string, amount float64) ([]string, error) {
	return t.cardsWhere(page, func(p Product) bool { return math.Abs(p.Price-amount) < 0.005 })
}

// cardsWhere returns the cards of ids whose product keep holds, in their
// order; a product gone from the catalog is left out.
func (t *turn) cardsWhere(ids []string, keep func(Product) bool) ([]string, error) {
	var out []string
	for _, id := range ids {
		p, err := t.e.catalog.Product(t.ctx, id)
		if parley.ErrorCode(err) == parley.ENOTFOUND {
			continue
		}
		if err != nil {
			return nil, err
		}
		if keep(p) {
			out = append(out, id)
		}
	}
	return out, nil
}

// lacking returns, of the cards the mention fits (the page when it mentions
// nothing), those whose name and description have none of the words the
// selection says the card is without ("the hoodie without the logo"): one is
// the pick; none or several are asked about (typedSelect), never guessed.
// "the one without a logo" among the Beanie, the Belt, the Cap, the
// Sunglasses and the Beanie with Logo fits four cards and is asked (issue 38
// round 24): that one card is named like the card with a logo is no reason
// to pick it over three others the words fit as well.
func (t *turn) lacking(page []string) ([]string, error) {
	fit := page
	if len(t.req.Mention) > 0 {
		var err error
		if fit, err = t.byMention(page); err != nil {
			return nil, err
		}
	}
	out, err := t.cardsWhere(fit, func(p Product) bool { return !hasAnyWord(p.Name+" "+p.Description, t.req.Lacks) })
	if err != nil {
		return nil, err
	}
	switch {
	case len(out) >= 1:
		return out, nil
	case len(fit) == 1:
		return nil, nil // the one card named has it: asked which
	}
	return fit, nil
}

// hasAnyWord reports whether text has one of words, compared by stem.
func hasAnyWord(text string, words []string) bool {
	have := map[string]bool{}
	for _, w := range nameWords(text) {
		have[nlu.Stem(w)] = true
	}
	for _, w := range words {
		if have[nlu.Stem(strings.ToLower(w))] {
			return true
		}
	}
	return false
}
