package shop

import (
	_ "embed"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop/lexicon"
)

// understand reads the shopper's message (understandFramed), and a typed
// message read as nothing again by its request before a reason clause
// (readHeadBeforeReason: "gloves, i lost one shoveling").
func (t *turn) understand() {
	text := t.msg.Text
	clean := *t
	t.understandFramed()
	if t.msg.Meaning == "" {
		t.readHeadBeforeReason(text)
		t.thanksThenYes(text)
		t.socialBesideUnnamed(clean, text)
	}
	t.socialBesideClause(clean, text)
}

// thanksThenYes reads a typed thanks then a yes ("thanks, yeah man",
// Belizean "tanks, yeah man": nlu.IsThanksThenYes), read as nothing sure
// with nothing to confirm, as a thanks: the yes agrees, it confirms nothing.
func (t *turn) thanksThenYes(text string) {
	if t.msg.NLU == nil && strings.Contains(text, ",") && t.state() != StateAwaitingConfirmation &&
		t.readsNothingSure() && nlu.IsThanksThenYes(text) {
		t.req, t.unsold = nlu.ShopRequest{Intent: nlu.ShopThanks}, false
	}
}

// understandFramed reads the shopper's message (understandText). A typed
// message that opens or closes with a discourse frame ("right, more please",
// "sorry, thanks", "quick one, others?": nlu.CutDiscourseFrame) and reads as
// nothing, as a search for what the shop does not sell or as a yes with
// nothing to confirm, is read again as its answer alone, which stands
// when it reads as something the shop does: nothing is read from the frame.
func (t *turn) understandFramed() {
	if t.msg.Meaning != "" || t.msg.NLU != nil || !nlu.MayHaveDiscourseFrame(t.msg.Text) {
		t.understandText()
		return
	}
	saved := *t
	t.understandText()
	if !t.readsNothingSure() {
		return
	}
	core, ok := nlu.CutDiscourseFrame(saved.msg.Text)
	if !ok {
		t.thanksOnly(saved.msg.Text)
		return
	}
	first := *t
	*t = saved
	t.msg.Text = core
	t.understandText()
	if t.readsNothingSure() && !first.yieldsToUnsoldCore(t) {
		*t = first
		t.thanksOnly(core)
	}
}

// yieldsToUnsoldCore reports whether the first reading of a framed message,
// nothing read or a yes with nothing to confirm, gives way to its answer
// read alone as a search for something the shop does not sell ("ah, flip
// flops", "well, sandles, please", "ah, a swimsuit": Darija "ah" is a yes):
// a bare noun the shop does not sell is a product search (seed 000), with
// its frame or without it; so does a first reading that searched the frame's
// words too.
func (t *turn) yieldsToUnsoldCore(core *turn) bool {
	if !core.unsold || core.req.Intent != nlu.ShopSearch {
		return false
	}
	if t.unsold {
		return true // "a surfboard, tanks": no search for the frame's words
	}
	switch t.req.Intent {
	case nlu.ShopAmbiguous, "":
		return true
	case nlu.ShopConfirm:
		return t.state() != StateAwaitingConfirmation
	}
	return false
}

// thanksOnly reads text, courtesy words alone ("ta, thanks": nlu.IsOnlyCourtesy)
// that read as nothing sure, as a thanks: no yes with nothing to confirm.
func (t *turn) thanksOnly(text string) {
	if nlu.IsOnlyCourtesy(text) {
		t.req, t.unsold = nlu.ShopRequest{Intent: nlu.ShopThanks}, false
	}
}

// answersWithThanks reports whether, with a confirmation pending, the
// message is a yes or a no said with a thanks beside it ("that's great,
// shukran", "perfect, thank you", Hausa "a'a, gadda gey"): praise words
// that are yes words too ("great", "perfect"), or a no that folds to praise
// words ("a'a" to "a a"), answer the question asked (seed 000 section 6.1,
// nlu.YesNo), and are no thanks alone.
func (t *turn) answersWithThanks() bool {
	return t.state() == StateAwaitingConfirmation && nlu.YesNo(t.msg.Text) != nlu.Unknown
}

// readsNothingSure reports whether the turn's reading is no reading the shop
// acts on with confidence: nothing read, a search for what it does not sell,
// or a yes with nothing to confirm ("ok, thanks"). A no with nothing pending
// declines ("the belt, no thanks").
func (t *turn) readsNothingSure() bool {
	switch t.req.Intent {
	case nlu.ShopAmbiguous, "":
		return true
	case nlu.ShopConfirm:
		return t.state() != StateAwaitingConfirmation
	}
	return t.unsold
}

// understandText reads the shopper's message: an upstream parse when the message
// carries one with a shop intent, else the rule-based parser over the catalog's
// categories. Search terms are then kept only when the catalog knows them, so that
// filler is neither searched nor echoed; a search left with nothing to look for is
// ambiguous.
func (t *turn) understandText() {
	// "🧢 pls" names a cap, "sunglassses" sunglasses; "umbrella got or not"
	// asks "got umbrella?".
	t.msg.Text = nlu.WithoutQuestionTag(t.e.joinSplitCompounds(t.e.respellHeldDown(spellProductEmoji(withShorthand(t.msg.Text)))))
	if t.msg.Meaning == "" && t.msg.NLU == nil && thanksWithPraise(t.msg.Text) && !t.answersWithThanks() {
		// "thanks a lot, really helpful", "thank you! super kind of you":
		// read whole, before the thanks sentence is read away, and no
		// search for "helpful".
		t.req, t.unsold = nlu.ShopRequest{Intent: nlu.ShopThanks}, false
		return
	}
	if t.msg.Meaning == "" {
		// "a real person hon", "tank you my man", "mornin', ace boy": a
		// form of address at a clause's edge says nothing of what is wanted.
		t.msg.Text, _ = nlu.CutAddressTerms(t.msg.Text, t.isCatalogWord)
		// "a human please, not a bot": the refusal of the machine says
		// only who is wanted.
		t.msg.Text, _ = nlu.CutNotTheMachine(t.msg.Text)
		if s, ok := nlu.WithoutCourtesySentences(t.msg.Text); ok {
			t.msg.Text = s // "Hello. No, thank you.": the answer sentence decides
		}
		t.msg.Text = t.answerSentenceAsClause(t.msg.Text)
		// "ski goggles, mine fogged up": a search for ski goggles; "the
		// shades, i keep losing mine": a pick of the shades.
		t.msg.Text = t.withoutStory(withoutAsides(withoutHedgeTail(t.withoutFeatureParticiple(t.msg.Text))))
	}
	m := t.msg
	upstream := false
	if m.NLU != nil && m.Meaning == "" {
		t.req, upstream = fromUpstream(m.NLU)
	}
	if !upstream {
		t.parse()
	}
	t.req.Price = priceInDomain(t.req.Price)
	if !upstream {
		t.readPriceBound()
	}
	switch t.req.Intent {
	case nlu.ShopSearch, nlu.ShopSelect:
		t.respell()
		t.keepKnownTerms()
	}
	if !upstream {
		t.readUse()
	}
	if !upstream && m.Meaning == "" {
		t.readByRules()
	}
}

// answerSentenceAsClause returns text, with a confirmation pending, with the
// break after an opening sentence that is a yes or a no on its own written
// as a comma ("No, thank you. I will keep looking." as "No, thank you, I will
// keep looking."): the answer then says its reason or tail in one sentence,
// as the answer readers read it.
func (t *turn) answerSentenceAsClause(text string) string {
	if t.state() != StateAwaitingConfirmation {
		return text
	}
	i := strings.IndexAny(text, ".!")
	if i <= 0 || i+1 >= len(text) || text[i+1] != ' ' || strings.TrimSpace(text[i+1:]) == "" {
		return text
	}
	if nlu.YesNo(text[:i]) == nlu.Unknown {
		return text
	}
	return text[:i] + "," + text[i+1:]
}

// isCatalogWord reports whether w, lower case, is a word of the catalog.
func (t *turn) isCatalogWord(w string) bool { return t.e.catalogWords[w] }

// readByRules reads, after the parser, what the rules read of a typed message
// (no upstream parse, no meaning): the gloss, a card by its bare name, a
// remark, a question about the shop, a social intent and, with a confirmation
// pending, a reply to it.
func (t *turn) readByRules() {
	t.personWithReason()
	t.personThroughTypo()
	t.readVagueOpening()
	t.readVaguePurpose(t.msg.Text)
	t.readGloss()
	t.readKindWord()
	text := t.msg.Text
	t.bareNameOfACard()
	t.everydayNameOfACard()
	t.pickByWhatItLacks()
	t.pickByBarePrice()
	t.framedNameOfACard()
	if t.unsold && nlu.IsReactionOrFarewell(text) {
		// "bonne nuit" is no search for "nuit".
		t.req, t.unsold = nlu.ShopRequest{Intent: nlu.ShopSmallTalk}, false
	}
	t.readLoneApology()
	if (t.unsold || t.req.Intent == nlu.ShopAmbiguous || t.wishReadAsPick(text)) && (t.isSeasonalWish(text) || t.greetsWithWish(text)) {
		// "happy halloween", "feliz navidad": small talk, no search.
		t.req, t.unsold = nlu.ShopRequest{Intent: nlu.ShopSmallTalk}, false
	}
	if t.unsold && t.soughtIsSocial() {
		// "ciao, what is this shop?", "Roger that, thanks.": no search for
		// "ciao" or "roger"; the question or the thanks is read below.
		t.req, t.unsold = nlu.ShopRequest{Intent: nlu.ShopAmbiguous}, false
	}
	t.readShopQuestion()
	t.moreOfTheQuery()
	t.readSocialOrBrowsing(text)
	t.readDeclinedCard()
	t.readAtConfirmation()
}

// readSocialOrBrowsing reads a message still ambiguous as an opening that is
// only looking ("browsing, thanks": vague, asked what for) or as a word of
// the conversation (socialIntent).
func (t *turn) readSocialOrBrowsing(text string) {
	if t.req.Intent == nlu.ShopAmbiguous && saysOnlyBrowsing(text) {
		t.vague = true // "browsing, thanks": only looking, asked what for
	}
	if t.req.Intent == nlu.ShopAmbiguous && !nlu.AsksForRecommendation(text) && !t.vague {
		// "merch" is a vague opening, no "merci".
		if rest, ok := nlu.CutAcknowledgement(text); ok && rest != "" {
			text = rest // "noted that, thanks!": the thanks
		}
		t.req.Intent = socialIntent(text)
	}
}

// soughtIsSocial reports whether the one word a search for something unsold
// seeks is a greeting or thanks by itself ("ciao", "obrigado": the built-in
// intents), or a verb of acknowledgement ("roger that"): a word of the
// conversation, not a product. A product named with a polite word ("kayak
// thanks") stays a search.
func (t *turn) soughtIsSocial() bool {
	if len(t.req.Sought) != 1 {
		return false
	}
	switch nlu.BuiltinIntent(t.req.Sought[0]).Intent {
	case nlu.IntentGreeting, nlu.IntentThanks:
		return true
	}
	_, ack := nlu.CutAcknowledgement(t.msg.Text)
	return ack
}

// wishesText is lexicon/wishes.txt: the words that open a seasonal wish.
//
//go:embed lexicon/wishes.txt
var wishesText string

var wishWords = readWordList(wishesText)

// maxWishWords is the most words a seasonal wish holds ("happy new year to
// you").
const maxWishWords = 5

// isSeasonalWish reports whether text is a seasonal wish (wishes.txt): its
// first word opens one and the one to four words after it name no product
// (no catalog word, kind word or everyday kind: "happy socks" stays a
// search).
func (t *turn) isSeasonalWish(text string) bool {
	ws := nlu.FoldWords(text)
	if len(ws) < 2 || len(ws) > maxWishWords || !wishWords[ws[0]] {
		return false
	}
	return !slices.ContainsFunc(ws[1:], func(w string) bool {
		return t.namesCatalogWord(w) || len(everydayKinds(w)) > 0 || len(typoKinds(w)) > 0
	})
}

// wishReadAsPick reports whether a pick read from an ordinal inside a
// seasonal wish ("hi, happy first week of spring") may be the wish: no card
// is shown to pick, or the wish follows a greeting (greetsWithWish decides).
func (t *turn) wishReadAsPick(text string) bool {
	return t.req.Intent == nlu.ShopSelect && (len(t.st.PageProductIDs) == 0 || t.greetsWithWish(text))
}

// greetsWithWish reports whether text is a greeting, a break, and a
// seasonal wish ("hello, happy saturday", "hi! merry christmas"): small talk
// as the wish alone is (issue 38 round 25).
func (t *turn) greetsWithWish(text string) bool {
	i := strings.IndexAny(text, ",!;.")
	return i > 0 && nlu.SmallTalkAsTyped(text[:i]) == nlu.Greeting && t.isSeasonalWish(text[i+1:])
}

// readAtConfirmation reads, with a confirmation pending, what the seed's
// lexicon of yes and no does not (seed 000 section 3.4): a yes that says the
// action again ("إيه زيدها", "yes, put it in") accepts it; a deferral ("maybe
// later?", "not now") or a "don't know" ("ewan ko po", "pata nahi") is neither a valid confirmation nor a cancellation, so
// the question is asked again (-> clarifying -> awaiting_confirmation).
func (t *turn) readAtConfirmation() {
	if t.state() != StateAwaitingConfirmation {
		return
	}
	decided, restore := t.readWithoutAnswerTail(t.req.Intent == nlu.ShopConfirm || t.req.Intent == nlu.ShopCancel)
	defer restore()
	if !decided && pointerThenYes(t.msg.Text) {
		t.req, decided = nlu.ShopRequest{Intent: nlu.ShopConfirm}, true // "that one, yes"
	}
	bare, isBare := nlu.BareAnswer(t.msg.Text)
	switch {
	case !decided && isBare:
		// "ala" (Kabyle), "ina" (Xitsonga): a bare answer word, read as
		// the whole answer to the question asked, never a search.
		t.req = nlu.ShopRequest{Intent: map[nlu.Answer]string{nlu.Yes: nlu.ShopConfirm, nlu.No: nlu.ShopCancel}[bare]}
	case !decided && nlu.DeclinesAction(t.msg.Text):
		t.req = nlu.ShopRequest{Intent: nlu.ShopCancel}
	case nlu.Defers(t.msg.Text), t.asksAboutThePending(), !decided && nlu.IsNonAnswer(t.msg.Text), t.unsold && t.req.Bare:
		// "ewan ko po", "not sure": no answer, asked again. A bare word
		// the shop does not sell ("wen", "saan") answers a yes-or-no
		// question in a language the shop does not read: never a search.
		t.req = nlu.ShopRequest{Intent: nlu.ShopAmbiguous}
	case t.yesNamingAnotherCard():
		// "yes, the belt" with the cap in question: the yes is to a card
		// not asked about; adding the cap would be a guess, so ask again.
		t.req = nlu.ShopRequest{Intent: nlu.ShopAmbiguous}
	default:
		intent := t.answerInOtherWords(decided)
		if intent == "" {
			return
		}
		t.req = nlu.ShopRequest{Intent: intent}
	}
	t.unsold, t.asked, t.topic = false, nil, ""
}

// readWithoutAnswerTail reads the answer without its discourse tail ("no,
// not today though") when none was decided: the message is read without it
// until restore is called.
func (t *turn) readWithoutAnswerTail(decided bool) (_ bool, restore func()) {
	cut, ok := withoutAnswerTail(t.msg.Text)
	if !ok || decided {
		return decided, func() {}
	}
	full := t.msg.Text
	t.msg.Text = cut
	switch nlu.YesNo(cut) {
	case nlu.Yes:
		t.req, decided = nlu.ShopRequest{Intent: nlu.ShopConfirm}, true
	case nlu.No:
		t.req, decided = nlu.ShopRequest{Intent: nlu.ShopCancel}, true
	}
	return decided, func() { t.msg.Text = full }
}

// answerInOtherWords is the intent of a yes or a no to the card in question
// said in more words than the lexicon's ("" for none): the action said again,
// a yes with a story or the card's name, a refusal of the card alone, or,
// when the parser read no answer, an answer and then its reason ("yes, for
// the ski trip", "no, hats don't suit me": answerWithReason).
func (t *turn) answerInOtherWords(decided bool) string {
	switch {
	case nlu.ConfirmsAction(t.msg.Text), !decided && (t.yesWithStory() || t.yesNamingThePending() || t.yesWithReasonForThePending()):
		return nlu.ShopConfirm
	case t.refusesOnlyThePending():
		return nlu.ShopCancel
	case decided:
		return ""
	}
	return t.answerWithReason()
}

// yesWithStory reports whether the message is a yes and then a story of the
// shopper's own that asks nothing (storyClause, tellsNothing): "sure, it'll
// keep the sun off", "yep, fits under my helmet" accept the card in question.
func (t *turn) yesWithStory() bool {
	answer, story, ok := storyClause(t.msg.Text)
	return ok && nlu.YesNo(answer) == nlu.Yes && t.tellsNothing(story)
}

// yesNamingThePending reports whether the message is a yes followed by the
// name of the card in question, with at most a count of one or an article
// before it ("yep, one cap", "yes, the cap", "sure, 1 cap please"): the
// confirmation said again with the item's name, never a new pick.
func (t *turn) yesNamingThePending() bool {
	rest, prod, ok := t.yesAndRest()
	if !ok {
		return false
	}
	name := nlu.FoldWords(prod.Name)
	named := false
	for _, w := range nlu.FoldWords(rest) {
		switch {
		case slices.Contains(name, w):
			named = true
		case !pendingFillers[w]:
			return false
		}
	}
	return named
}

// yesWithReasonForThePending reports whether the message is a yes and then
// words that name the card in question and say why it is wanted ("yes, need
// a cap for the sun now it's spring"): no question, no price, no position,
// no word the catalog knows but the pending card's name ("yes, a cap in
// blue" asks for another variant) and no other card named. The yes accepts
// the card; the reason adds nothing to pick.
func (t *turn) yesWithReasonForThePending() bool {
	rest, prod, ok := t.yesAndRest()
	if !ok || strings.ContainsAny(rest, "?0123456789") || t.yesNamingAnotherCard() {
		return false
	}
	name := nlu.FoldWords(prod.Name)
	if !slices.ContainsFunc(nlu.FoldWords(rest), func(w string) bool { return slices.Contains(name, w) && !nameJoiners[w] }) {
		return false
	}
	alt := t.parser().ParseContent(rest)
	if alt.Price.Min != nil || alt.Price.Max != nil || alt.Ordinal != 0 || len(alt.Ordinals) > 0 || alt.Exclude {
		return false
	}
	return !slices.ContainsFunc(t.known(alt.Terms), func(w string) bool { return !slices.Contains(name, nlu.Stem(w)) && !slices.Contains(name, w) })
}

// yesAndRest splits a message opening with a yes, while a card is in
// question, into the words after the yes and the pending card.
func (t *turn) yesAndRest() (string, Product, bool) {
	a, rest := nlu.LeadingYesNo(t.msg.Text)
	p := t.st.Conversation.PendingConfirmation.TargetID
	if a != nlu.Yes || rest == "" || p == nil {
		return "", Product{}, false
	}
	prod, err := t.e.catalog.Product(t.ctx, *p)
	return rest, prod, err == nil
}

// yesNamingAnotherCard reports whether the message is a yes that names, by
// a word of its name the pending item's name lacks, another card of the
// page ("yes, the belt" while the cap is in question).
func (t *turn) yesNamingAnotherCard() bool {
	rest, pending, ok := t.yesAndRest()
	if !ok {
		return false
	}
	said, own := nlu.FoldWords(rest), nlu.FoldWords(pending.Name)
	for _, id := range t.otherThanPending(t.st.PageProductIDs) {
		other, err := t.e.catalog.Product(t.ctx, id)
		if err != nil {
			continue
		}
		for _, w := range nlu.FoldWords(other.Name) {
			if len(w) > 2 && !nameJoiners[w] && slices.Contains(said, w) && !slices.Contains(own, w) {
				return true
			}
		}
	}
	return false
}

// nameJoiners are the words of product names that name no product ("Beanie
// with Logo"): a yes "with pleasure" names no card (English; hand data).
var nameJoiners = map[string]bool{"with": true, "and": true, "for": true, "the": true, "without": true}

// pendingFillers are the words beside the pending item's name that say
// nothing else about it: an article, a count of one, a demonstrative, a
// polite word (English; hand data).
var pendingFillers = map[string]bool{"a": true, "an": true, "the": true, "one": true, "1": true, "that": true,
	"this": true, "please": true, "pls": true, "plz": true, "thanks": true, "thank": true, "you": true}

// refusesOnlyThePending reports whether the turn's pick refuses the card in
// question and names none instead ("no, ese no" among several cards): a no to
// the confirmation, not a question about which card.
func (t *turn) refusesOnlyThePending() bool {
	r := t.req
	return r.Intent == nlu.ShopSelect && r.ProductID == "" && r.Other && len(r.Mention) == 0 &&
		nlu.RefusesTheCard(t.msg.Text) && !nlu.NamesTheOther(t.msg.Text) &&
		len(t.otherThanPending(t.st.PageProductIDs)) != 1
}

// readShopQuestion reads a question about the shop's services (delivery,
// returns, payment, discounts, sizes, hours, where it is, orders:
// nlu.ShopQuestionTopic) as such, even when it names a product or a word the
// catalog knows ("how long does delivery take?" is no search for "long", "do
// you ship hoodies abroad?" no search for hoodies): it is answered, never
// searched, and counts no clarification attempt.
func (t *turn) readShopQuestion() {
	switch t.req.Intent {
	case nlu.ShopSearch, nlu.ShopAmbiguous, nlu.ShopSelect:
	default:
		return
	}
	topic := nlu.ShopQuestionTopic(t.msg.Text)
	if topic == "" && (t.req.Intent == nlu.ShopAmbiguous && nlu.AsksWhatIsSold(t.msg.Text) || nlu.AsksWhatThisIs(t.msg.Text)) {
		// "what do you sell?": a question naming no product is about the
		// shop's range; "do you sell kayaks?" names one and is a search.
		// "what is this (place)?" asks what the shop is: its range too.
		topic = nlu.TopicProducts
	}
	if topic != "" {
		t.req = nlu.ShopRequest{Intent: nlu.ShopQuestion}
		t.topic = topic
	}
}

// socialIntent reads a message the shop's rules found nothing to search in with
// the built-in intents (issue 38 items 3 and 5): a greeting, thanks, a request
// for a person or "more" in other words is answered for what it is and counts
// no clarification attempt; anything else stays ambiguous.
func socialIntent(text string) string {
	switch nlu.BuiltinIntent(text).Intent {
	case nlu.IntentGreeting:
		return nlu.ShopGreeting
	case nlu.IntentThanks:
		return nlu.ShopThanks
	case nlu.IntentHuman:
		return nlu.ShopHuman
	case nlu.IntentMore:
		return nlu.ShopShowMore
	}
	if nlu.IsChitChat(text) {
		return nlu.ShopSmallTalk
	}
	return nlu.ShopAmbiguous
}

// parse reads the message with the rule-based parser over the catalog's categories.
func (t *turn) parse() {
	m := t.msg
	parser := t.parser()
	if sought, page, ok := nlu.ShopFormField(m.Text); ok && m.Meaning == "" {
		t.req = t.formField(parser, sought, page)
		return
	}
	t.req = parser.Parse(m.Text, m.Meaning)
	t.productOverTypo(parser)
	t.moreWithReason(parser)
	t.pickAfterAStory(parser)
	t.pickInClauses(parser)
	t.searchAfterCorrection(parser)
	t.productBeforeAside(parser)
	t.readEitherOr(parser)
	switch t.req.Intent {
	case nlu.ShopCancel, nlu.ShopSearch, nlu.ShopAmbiguous:
		if m.Meaning == "" {
			t.namesAnotherCard(parser)
		}
	}
	t.readExclusion(parser)
	if t.req.Intent == nlu.ShopConfirm && m.Meaning == "" && t.state() != StateAwaitingConfirmation {
		// Nothing to confirm: a yes that names a product picks it ("I'll go
		// for the polo one", "I'll go with the priciest").
		if alt := parser.ParseContent(m.Text); alt.Intent == nlu.ShopSelect && namesACard(alt) {
			t.req = alt
		}
	}
}

// searchAfterCorrection reads a search the shopper corrects in the same
// message ("jeans, or actually chinos", "pyjamas, or no, slippers": an
// editing term of nlu.SplitCorrection) as the search after the correction:
// the words taken back are no search term. Anything but a search for a
// product after it (a pick, nothing) leaves the message as read.
func (t *turn) searchAfterCorrection(parser *nlu.ShopParser) {
	if t.req.Intent != nlu.ShopAmbiguous && t.req.Intent != nlu.ShopSearch || t.msg.Meaning != "" {
		return
	}
	if _, tail, ok := nlu.SplitCorrection(t.msg.Text); ok {
		if alt := parser.Parse(tail, ""); alt.Intent == nlu.ShopSearch && len(alt.Sought) > 0 {
			t.req = alt
		}
	}
}

// productOverTypo reads a greeting, thanks, more or person that the reply
// words or the intents' grammar read only through a typo ("hoody" one letter
// from "howdy", "hoody pls") as the search its words make when they name a
// kind the catalog sells: a spelling of the catalog's own word is no typo of
// another's.
func (t *turn) productOverTypo(parser *nlu.ShopParser) {
	if t.msg.Meaning != "" {
		return
	}
	switch t.req.Intent {
	case nlu.ShopGreeting, nlu.ShopThanks:
		// A message wholly of some language's greetings and thanks
		// ("azul", "gråces", "tankyu tumas") is small talk, never a
		// search, unless one of its words is the catalog's own and names a
		// kind it sells: the product wins.
		if nlu.SmallTalkAsTyped(t.msg.Text) != nlu.NoSmallTalk && !t.namesCatalogWord(t.msg.Text) {
			return
		}
	case nlu.ShopShowMore, nlu.ShopHuman:
		// More or a person read through a typo of the intents' words: a
		// kind the catalog sells, so spelled, is the search.
		if !nlu.ReadsThroughTypo(t.msg.Text) {
			return
		}
	default:
		return
	}
	if alt := parser.ParseContent(t.msg.Text); alt.Intent == nlu.ShopSearch && alt.Category != "" {
		t.req = alt
	}
}

// readExclusion reads a message that refuses something: a pick when it
// refuses a card shown by its words, else no refusal of a card.
func (t *turn) readExclusion(parser *nlu.ShopParser) {
	m := t.msg
	if t.req.Exclude && m.Meaning == "" && t.req.Intent != nlu.ShopSelect {
		// "not the logo one" said before a confirmation is asked: a pick.
		if alt := parser.ParseContent(m.Text); t.excludesAShownCard(alt) {
			t.req = alt
			t.req.Intent = nlu.ShopSelect
		}
	}
	if t.req.Exclude && t.req.Intent == nlu.ShopSelect && !t.excludesAShownCard(t.req) {
		t.req.Exclude = false // "not this time": no card is refused by its words
	}
}

// formField reads a message written as a form field (nlu.ShopFormField): its
// product's value as the whole message ("Item: stapler, Qty: 10" as
// "stapler"), or the page after the one shown as show_more ("page=2"). Any
// other page is no page the shop can show next: asked again, never a guess.
func (t *turn) formField(parser *nlu.ShopParser, sought string, page int) nlu.ShopRequest {
	if sought != "" {
		return parser.ParseContent(sought)
	}
	p := t.st.Conversation.Pagination
	if len(t.st.PageProductIDs) > 0 && p.Limit > 0 && page == p.Offset/p.Limit+2 {
		return nlu.ShopRequest{Intent: nlu.ShopShowMore}
	}
	return nlu.ShopRequest{Intent: nlu.ShopAmbiguous}
}

// pickAfterAStory reads a long message that ends with a pick of a card shown
// ("I lost my last ones at the beach, so the sunglasses please") as that pick:
// the story before it names no card ("my last ones" is no position). A last
// clause that picks nothing leaves the message as read.
func (t *turn) pickAfterAStory(parser *nlu.ShopParser) {
	if t.msg.Meaning != "" || (t.req.Intent != nlu.ShopSelect && t.req.Intent != nlu.ShopSearch) {
		return
	}
	clause, ok := nlu.FinalClause(t.msg.Text)
	if !ok || len(t.st.PageProductIDs) == 0 {
		return
	}
	if alt := parser.ParseContent(clause); alt.Intent == nlu.ShopSelect && namesACard(alt) && !alt.NamesSeveral() {
		t.req = alt
	}
}

// namesAnotherCard reads a no followed by a product named with a definite word,
// with a confirmation pending, as a choice of that product instead ("not that
// one, the belt", "no, the cap"): the card refused is never the one picked, and a
// name that fits no shown card is a search. A no followed by anything else stays
// a no.
func (t *turn) namesAnotherCard(parser *nlu.ShopParser) {
	pending := t.st.Conversation.PendingConfirmation.TargetID
	if t.state() != StateAwaitingConfirmation || pending == nil {
		return
	}
	// Only a refusal that names what instead ("the other", "the belt"), or
	// leaves one other card shown, changes the pick; "non, pas celui-là"
	// among several cards refuses the card in question: a no that cancels
	// the confirmation (section 3.4), never a clarification.
	instead := nlu.NamesTheOther(t.msg.Text) || len(t.otherThanPending(t.st.PageProductIDs)) == 1
	if whole := parser.ParseContent(t.msg.Text); whole.Intent == nlu.ShopSelect && whole.Other && nlu.RefusesTheCard(t.msg.Text) && instead || t.excludesAShownCard(whole) {
		whole.Intent = nlu.ShopSelect
		// "not that one": the other card when one is left, else asked which.
		t.req = whole
		return
	}
	a, rest := nlu.LeadingYesNo(t.msg.Text)
	if a != nlu.No || rest == "" {
		return
	}
	if alt := parser.ParseContent(rest); alt.Intent == nlu.ShopSelect && len(alt.Mention) > 0 && alt.Ordinal == 0 {
		t.req = alt
		t.insteadOfPending = true
	}
}

// keepKnownTerms keeps the search or selection terms the catalog knows; a clear
// search for what the catalog does not sell stays a search, and a search left with
// nothing to look for is ambiguous.
func (t *turn) keepKnownTerms() {
	known, asked := t.widen(t.req.Terms, t.known(t.req.Terms))
	t.asked = asked
	if t.req.Intent == nlu.ShopSearch && t.seeksUnsold(known, asked) {
		// A clear search for something the catalog does not have: a product
		// search all the same (seed 000 section 3.1), answered as such.
		t.unsold = true
		t.req.Terms = slices.Clone(t.req.Sought)
		return
	}
	t.req.Terms = known
	r := t.req
	if r.Intent == nlu.ShopSearch && len(r.Terms) == 0 && r.Category == "" && r.Price.Min == nil && r.Price.Max == nil || t.namesNoItem() {
		t.req = nlu.ShopRequest{Intent: nlu.ShopAmbiguous}
	}
}

// seeksUnsold reports whether the message's product phrase (nlu.ShopRequest.Sought)
// names what the catalog does not have: its last word, the thing sought ("red
// kayaks"), is neither a category word nor a word the catalog knows, directly or
// through the everyday lexicon (widen). Words the
// catalog does not know outside a product phrase are filler ("ugh dunno tbh").
func (t *turn) seeksUnsold(known, asked []string) bool {
	sought := t.req.Sought
	if len(sought) == 0 || t.req.Category != "" {
		// A category named is a product sold: the words after it ("a
		// t-shirt with a pocket") say what about it (toTheProduct).
		return false
	}
	head := sought[len(sought)-1]
	if !slices.Contains(t.req.Terms, head) || slices.Contains(known, head) || slices.Contains(asked, head) {
		return false
	}
	// "loot", "fire stuff": a vague opening; "yana", "beanie unek?": no
	// word of a product (unread.go).
	if t.soughtIsVague() {
		t.vague = true
		return false
	}
	if t.req.Bare && t.soughtIsOnlyNames() {
		// "allegra" (Romansh hello), "mandi": a name of the English list
		// said alone names no product; asked again, never searched.
		return false
	}
	return !t.soughtIsNoWord(head, known) && (!t.req.Bare || t.soughtIsPlaced(known, asked))
}

// soughtIsOnlyNames reports whether every word of a bare search's product
// phrase is in the English list only as a name (lexicon.IsNameOnly: a person,
// a place, a brand) and no word of the catalog: a name alone, with no frame
// ("do you have", "a") saying a product follows, is no product the shop can
// say it does not carry; it is a greeting or thanks of another language
// as often as a brand.
func (t *turn) soughtIsOnlyNames() bool {
	return len(t.req.Sought) > 0 && !slices.ContainsFunc(t.req.Sought, func(w string) bool {
		return !lexicon.IsNameOnly(w) || t.e.catalogWords[w] || kindOfWord(w) != "" || len(everydayKinds(w)) > 0
	})
}

// soughtIsPlaced reports whether every word of the product phrase is one the
// shop can place (readsAsAWord, or a word the catalog knows): a bare search
// (no frame such as "do you have" says a product follows) for something
// unsold is read only when what it seeks is wholly accounted for.
// "bonas dies", "tse ding" hold a word no list places, so they name no
// product the shop could say it does not carry (not understood, asked
// again); "vòli sunglasses, mercés" searches only the sunglasses it names,
// the unplaced words around them dropped.
func (t *turn) soughtIsPlaced(known, asked []string) bool {
	sought := t.req.Sought
	unplaced := slices.ContainsFunc(sought, func(w string) bool {
		return !slices.Contains(known, w) && !slices.Contains(asked, w) && !t.placesWord(w, len(known) > 0) &&
			!typoBeforeAThing(w, sought)
	})
	// One word alone is the thing sought, a product name the shop does not
	// know ("veshti available?", "baby onesies?"): soughtIsNoWord has
	// already kept out the words it cannot read at all. A phrase naming a
	// kind of product ("jacket kavali", "umbrella, kātaki", "trebam
	// rukavice") seeks that product, its other words a name or a request
	// of another language.
	// Beside a sold product (known) the unplaced words are dropped and the
	// sold product searched, never an unsold search of the whole phrase.
	one := len(t.req.Sought) == 1 && !strings.Contains(t.req.Sought[0], "-")
	return !unplaced || len(known) == 0 && (one || slices.ContainsFunc(t.req.Sought, t.namesAKind))
}

// minMissedLetterTypo is the shortest word read as an English word with one
// letter missed when it modifies a made thing ("hikng boots"): isEnglishTypo
// reads a letter missed only from minEnglishTypo letters.
const minMissedLetterTypo = 5

// typoBeforeAThing reports whether w, a word of the product phrase sought
// other than its last, is an English word with one letter missed ("hikng"
// of "hiking") and the phrase ends in a made thing (lexicon.IsArtifactNoun:
// "boots"): the phrase names that thing, as "hiking boots" does (issue 38
// round 24). A word shorter than minMissedLetterTypo, or one only a letter
// changed or added reaches, stays unplaced.
func typoBeforeAThing(w string, sought []string) bool {
	head := sought[len(sought)-1]
	if w == head || len(w) < minMissedLetterTypo || !isLetters(w) || !lexicon.IsArtifactNoun(head) {
		return false
	}
	set := englishWords()
	for i := range len(w) + 1 {
		for c := byte('a'); c <= 'z'; c++ {
			if isListedWord(set, w[:i]+string(c)+w[i:]) {
				return true
			}
		}
	}
	return false
}

// namesAKind reports whether w names a kind of product: a word of the
// catalog, of the everyday lexicon or of the kind words of other languages.
// An English word that names none ("dies", "ding") does not.
func (t *turn) namesAKind(w string) bool {
	return t.e.catalogWords[w] || len(everydayKinds(w)) > 0 || kindOfWord(w) != ""
}

// placesWord reports whether w is a word the shop can place. Beside a sold
// product (besideSold) a word that is only one typo from an English word
// ("merces") is no placement: it is as often a word of another language, and
// the sold product is searched without it.
func (t *turn) placesWord(w string, besideSold bool) bool {
	if besideSold && !isEnglishWord(w) && isEnglishTypo(w) {
		return t.e.catalogWords[w] || t.e.catalogTypo(w) != "" || len(everydayKinds(w)) > 0 || kindOfWord(w) != ""
	}
	if parts := strings.Split(w, "-"); len(parts) > 1 {
		// "hi-vis", "non-slip", "noise-cancelling": placed when each part
		// is; "b-b-belt" (a stammer) has parts that are no words.
		return !slices.ContainsFunc(parts, func(p string) bool {
			return len(p) < 2 || !t.readsAsAWord(p)
		})
	}
	return t.readsAsAWord(w)
}

// known keeps the words the catalog can match; a catalog without a Vocabulary, or
// one that cannot answer now, keeps them all (the search then decides).
func (t *turn) known(words []string) []string {
	voc, ok := t.e.catalog.(Vocabulary)
	if !ok || len(words) == 0 {
		return words
	}
	known, err := voc.Known(t.ctx, words)
	if err != nil {
		t.warn("catalog vocabulary unavailable", err)
		return words
	}
	return known
}

// categories returns the catalog's categories (Config.Categories when set), read
// once per turn; a catalog that cannot answer now gives none.
func (t *turn) categories() []Category {
	if t.catsLoaded {
		return t.cats
	}
	t.catsLoaded = true
	if t.e.fixedCategories != nil {
		t.cats = t.e.fixedCategories
		return t.cats
	}
	if voc, ok := t.e.catalog.(Vocabulary); ok {
		cats, err := voc.Categories(t.ctx)
		if err != nil {
			t.warn("catalog categories unavailable", err)
		}
		t.cats = cats
	}
	return t.cats
}

func (t *turn) warn(reason string, err error) {
	t.events = append(t.events, parley.EventData{Type: parley.EventWarning, Data: map[string]string{
		"reason": reason, "code": parley.ErrorCode(err), "message": parley.ErrorMessage(err),
	}})
}

// cachedParser is the parser built for one list of categories.
type cachedParser struct {
	key    string
	parser *nlu.ShopParser
}

// parserFor returns the parser of the categories, built once per distinct list
// (a catalog's categories change rarely; building a parser is most of a turn).
func (e *Engine) parserFor(cats []Category) *nlu.ShopParser {
	var b strings.Builder
	for _, c := range cats {
		b.WriteString(c.Name)
		b.WriteByte(0)
		b.WriteString(c.Parent)
		for _, w := range c.Words {
			b.WriteByte(1)
			b.WriteString(w)
		}
		b.WriteByte(2)
	}
	key := b.String()
	if c := e.lastParser.Load(); c != nil && c.key == key {
		return c.parser
	}
	p := nlu.NewShopParser(categoryWords(cats))
	e.lastParser.Store(&cachedParser{key: key, parser: p})
	return p
}

// categoryWords is the parser's category vocabulary: each name with its words.
func categoryWords(cats []Category) map[string][]string {
	out := make(map[string][]string, len(cats))
	for _, c := range cats {
		if name := strings.TrimSpace(c.Name); name != "" {
			out[name] = append(out[name], c.Words...)
		}
	}
	return out
}

// maxHintCategories bounds the categories a clarifying question names.
const maxHintCategories = 6

// hint is the end of a clarifying question: what the shopper can say, with the
// catalog's own categories (all of them when few, else the top-level ones).
func (t *turn) hint() string {
	list := hintNames(t.categories())
	switch len(list) {
	case 0:
		return "Tell me a product or a budget."
	case 1:
		return "Tell me a product, a category such as " + list[0] + ", or a budget."
	}
	return "Tell me a product, a category (" + strings.Join(list[:len(list)-1], ", ") + " or " + list[len(list)-1] + ") or a budget."
}

// hintNames are the category names a clarifying question gives: all of them
// when few, else the top-level ones; lower case, without repeats, at most
// maxHintCategories.
func hintNames(cats []Category) []string {
	topOnly := len(cats) > maxHintCategories
	seen := map[string]bool{}
	var list []string
	for _, c := range cats {
		if topOnly && c.Parent != "" {
			continue
		}
		n := strings.ToLower(strings.TrimSpace(c.Name))
		if n != "" && !seen[n] && len(list) < maxHintCategories {
			seen[n] = true
			list = append(list, n)
		}
	}
	return list
}

// idleTimeout is seed 000's global timeout fallback (sections 3.1 and 7): a
// conversation idle for longer than Config.IdleTimeout of sent_at starts this
// turn from idle with its counters reset, its pending confirmation and query
// context cleared; shown products stay unshowable (section 5.3) and the
// traceability fields are kept. A conversation with a human is not the bot's to
// reset.
func (t *turn) idleTimeout() {
	s := t.st
	if t.e.cfg.IdleTimeout < 0 || s.LastMessageAt == nil || t.msg.SentAt.IsZero() || t.state() == StateHandoff {
		return
	}
	last, err := time.Parse(time.RFC3339Nano, *s.LastMessageAt)
	if err != nil || t.msg.SentAt.Sub(last) <= t.e.cfg.IdleTimeout {
		return
	}
	from := t.state()
	c := &s.Conversation
	c.State = StateIdle
	c.PendingConfirmation = PendingConfirmation{}
	c.ClarificationAttempts = 0
	c.Pagination = Pagination{Offset: 0, Limit: c.Pagination.Limit}
	s.Query, s.PageProductIDs, s.HandoffReason = nil, nil, nil
	s.IntentRepeats, s.ConsecutiveErrors = 0, 0
	// The previous intent no longer counts as a repeat.
	t.in = t.in.clone()
	t.in.Conversation.LastIntent, t.in.IntentRepeats = nil, 0
	t.events = append(t.events, parley.EventData{Type: parley.EventGuardrail, Data: map[string]string{
		"reason":     "global timeout: no message for " + t.msg.SentAt.Sub(last).Round(time.Second).String(),
		"from_state": string(from), "to_state": string(StateIdle),
	}})
}

// MaxPrice is the highest price a search may name: prices run from 0 to it. The
// shop's published schema says so to a model, and priceInDomain holds every parse
// to it, typed, upstream or a model's.
const MaxPrice = 1e9

// priceInDomain drops what is outside the price domain from a parse's range: a
// bound below 0 or over MaxPrice, and both bounds when the lowest is over the
// highest. Such a value is not understood: it is never searched, nor repeated back
// (a search left with nothing is ambiguous).
func priceInDomain(pr nlu.PriceRange) nlu.PriceRange {
	valid := func(v *float64) *float64 {
		if v == nil || !(*v >= 0 && *v <= MaxPrice) { // NaN fails both
			return nil
		}
		return v
	}
	pr.Min, pr.Max = valid(pr.Min), valid(pr.Max)
	if pr.Min != nil && pr.Max != nil && *pr.Min > *pr.Max {
		return nlu.PriceRange{}
	}
	return pr
}

// upstreamThreshold is the confidence under which an upstream parse is treated as
// ambiguous (seed 000 section 3.2: "intent confidence below threshold").
const upstreamThreshold = 0.5

func fromUpstream(n *parley.NLU) (nlu.ShopRequest, bool) {
	if !upstreamIntents[n.Intent] {
		return nlu.ShopRequest{Intent: n.Intent}, false
	}
	if n.Confidence > 0 && n.Confidence < upstreamThreshold {
		return nlu.ShopRequest{Intent: nlu.ShopAmbiguous}, true
	}
	if read, ok := upstreamEntities[n.Intent]; ok {
		return read(n), true
	}
	return nlu.ShopRequest{Intent: n.Intent}, true
}

// upstreamEntities read the entities of the intents that carry some; without
// what the intent needs, the request is ambiguous.
var upstreamEntities = map[string]func(n *parley.NLU) nlu.ShopRequest{
	nlu.ShopSelect: func(n *parley.NLU) nlu.ShopRequest {
		if id := entityText(n, "product_id"); id != "" {
			return nlu.ShopRequest{Intent: nlu.ShopSelect, ProductID: id}
		}
		return nlu.ShopRequest{Intent: nlu.ShopAmbiguous}
	},
	nlu.ShopSearch: func(n *parley.NLU) nlu.ShopRequest {
		req := nlu.ShopRequest{Intent: nlu.ShopSearch}
		req.Terms = strings.Fields(strings.ToLower(entityText(n, "query")))
		req.Category = entityText(n, "category")
		req.Price.Min, req.Price.Max = entityNumber(n, "min_price"), entityNumber(n, "max_price")
		if len(req.Terms) == 0 && req.Category == "" && req.Price.Min == nil && req.Price.Max == nil {
			return nlu.ShopRequest{Intent: nlu.ShopAmbiguous}
		}
		return req
	},
}

// upstreamIntents are the intents an upstream parse may name.
var upstreamIntents = map[string]bool{
	nlu.ShopSearch: true, nlu.ShopAmbiguous: true, nlu.ShopShowMore: true, nlu.ShopConfirm: true, nlu.ShopCancel: true,
	nlu.ShopHuman: true, nlu.ShopSelect: true, nlu.ShopGreeting: true, nlu.ShopThanks: true, nlu.ShopAboutBot: true,
}

// entityText is the upstream entity k as trimmed text; "" when it is no string.
func entityText(n *parley.NLU, k string) string {
	s, _ := n.Entities[k].(string)
	return strings.TrimSpace(s)
}

// entityNumber is the upstream entity k as a number (a float, an int or a
// numeric string); nil when it is none.
func entityNumber(n *parley.NLU, k string) *float64 {
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
