package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// readerCase is one message said after some setup, and what the turn must
// leave: its intent, its state, and the card awaiting confirmation ("" for
// none; "-" when not checked; so for the intent and the state).
type readerCase struct {
	setup   [][2]string // text, meaning
	say     string
	intent  string
	state   shop.StateName
	pending string
}

var (
	accessories = [][2]string{{"show me accessories", ""}} // 48 Beanie, 58 Belt, 60 Cap, 62 Sunglasses, 85 Beanie with Logo
	clothing    = [][2]string{{"show me clothing", ""}}    // 44, 45 Hoodie, 46 Hoodie with Logo, 47, 48
	beanies     = [][2]string{{"got beanies?", ""}}        // 48 Beanie, 85 Beanie with Logo
	twoBeanies  = [][2]string{{"got beanies?", ""}, {"", "select:48"}}
	capPending  = [][2]string{{"show me accessories", ""}, {"", "select:60"}}
)

// runReaderCases plays each case on the demo catalog.
func runReaderCases(t *testing.T, cases []readerCase) {
	t.Helper()
	e := demo(t)
	for _, tc := range cases {
		t.Run(tc.say, func(t *testing.T) {
			c := newConversation(t, e)
			for _, s := range tc.setup {
				c.send(s[0], s[1])
			}
			st := stateOf(t, c.send(tc.say, ""))
			conv := st.Conversation
			if got := *conv.LastIntent; tc.intent != "-" && got != tc.intent {
				t.Errorf("intent %s, want %s", got, tc.intent)
			}
			if tc.state != "-" && conv.State != tc.state {
				t.Errorf("state %s, want %s", conv.State, tc.state)
			}
			got := ""
			if conv.PendingConfirmation.TargetID != nil {
				got = *conv.PendingConfirmation.TargetID
			}
			if tc.pending != "-" && got != tc.pending {
				t.Errorf("pending %q, want %q", got, tc.pending)
			}
		})
	}
}

// TestFillerWordsDoNotEmptyASearch: chat fillers, polite words and words of
// time around a product are no search words, and never make it an unsold
// search (issue 38 item 5).
func TestFillerWordsDoNotEmptyASearch(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "got any caps atm", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "polo shirts asap pls", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "any sunglasses tho", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "beanies today?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		// A bare noun the catalog does not know stays an unsold search.
		{say: "surfboard", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "any hammocks rn", intent: nlu.ShopSearch, state: shop.StateIdle},
	})
}

// TestOtherLanguagesReadThroughTheGloss: product words the shop's vocabulary
// leaves unread are read through the gloss layer before being searched as
// unsold (issue 38 item 5).
func TestOtherLanguagesReadThroughTheGloss(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "هل لديكم أحزمة؟", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "بغيت كاسكيطة", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "3endkom smta?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "Avez-vous des chapeaux ?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "quiero un sombrero", intent: nlu.ShopSearch, state: shop.StateRecommending},
		// Glossed but not sold: still a product search, answered as unsold.
		{say: "¿venden bufandas?", intent: nlu.ShopSearch, state: shop.StateIdle},
	})
}

// TestWhoItIsForKeepsAnUnsoldSearch: who a product is for, before its name,
// leaves a product search (unsold here), never a vague message.
func TestWhoItIsForKeepsAnUnsoldSearch(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "toddler raincoats", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "women's kayaks", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "baby bibs pls", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "kids", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
	})
}

// TestQuestionsAboutTheShopAndTheBotAreAnswered: questions about the shop's
// range, place and services, and about who made the bot, are answered and
// count no clarification attempt.
func TestQuestionsAboutTheShopAndTheBotAreAnswered(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "what sort of things do you sell?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "qu'est-ce que vous vendez ?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "where is your shop based?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "can I send a hoodie back?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "who built you?", intent: nlu.ShopAboutBot, state: shop.StateIdle},
		{say: "¿quién te creó?", intent: nlu.ShopAboutBot, state: shop.StateIdle},
		// Naming a product, it is a search.
		{say: "do you sell caps?", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestMashAndHesitationDoNotAct: keys hit at random and hesitation search
// nothing, and at a confirmation neither confirm nor cancel.
func TestMashAndHesitationDoNotAct(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "asdfgh", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "poiuyt", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "uhh okay", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{setup: capPending, say: "hmm fine", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: capPending, say: "let me think about it", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: capPending, say: "erm", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
	})
}

// TestCardsByNameDescriptionAndNegation: a card is picked by its name with a
// filler, by words of its name, as the plain one, as the other one when it is
// refused, or instead of the one pending; two cards named at once are asked
// about.
func TestCardsByNameDescriptionAndNegation(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "cap please", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "sunglasses thx", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the beanie that has the logo", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		{setup: accessories, say: "the basic beanie", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "48"},
		{setup: clothing, say: "the simple hoodie", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "45"},
		{setup: clothing, say: "the hoodie with a logo on it", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "46"},
		{setup: twoBeanies, say: "not this one", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		// Among several cards, refusing the one in question names no other:
		// a no, the confirmation cancelled (seed 000 section 3.4).
		{setup: capPending, say: "not that one", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: capPending, say: "nah, I'd rather have the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the first and the last", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: accessories, say: "the cheapest or the second", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: capPending, say: "the fourth or the fifth", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		// A plural asks for the kind: a search, not the card.
		{setup: accessories, say: "belts", intent: nlu.ShopSearch, state: shop.StateIdle, pending: ""},
		// By negation of what the card has, and the plain one by itself.
		{setup: beanies, say: "not the one that has a logo", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "48"},
		{setup: twoBeanies, say: "no, not the logo one", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "48"},
		{setup: beanies, say: "the basic one", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "48"},
		{setup: accessories, say: "the plain one", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		// A change of pick after a lead-in, by an everyday word.
		{setup: capPending, say: "oh wait, the shades", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		// A refusal that names no card is a no.
		{setup: capPending, say: "not this time", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
	})
}

// TestSmallTalkChatSpellingsAndPicksWithAYes: remarks about the weather are
// small talk; chat spellings read through the gloss; a yes-like verb that
// names a card by price or position picks it; a refused position is not the
// pick.
func TestSmallTalkChatSpellingsAndPicksWithAYes(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "such a rainy day huh", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "beautiful day, don't you think", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "something for the rain", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "haha wow lovely", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "haha", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "ok bye for now", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "buenas noches", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "bonne nuit", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "just popping in to say hello", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "hi, I need something", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "lemme talk to a human", intent: nlu.ShopHuman, state: shop.StateHandoff},
		{setup: accessories, say: "I'll go for the cheapest", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "not the second, the third", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "not the second, not the third", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
	})
}

// TestListsOfProductNames: product names joined by "and" or "or" are a
// search, for what is sold or not.
func TestListsOfProductNames(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "tents and sleeping bags", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "caps or beanies", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestNoCardFromTwoOrNone: over the accessories page and a pending card or
// none, a message naming two cards (two positions, two prices, a position
// and a price) never leaves a different card awaiting confirmation, and a
// message of fillers and hesitation names none and picks none.
func TestNoCardFromTwoOrNone(t *testing.T) {
	e := demo(t)
	refs := []string{"the first", "the second", "the third", "number 4", "the last one", "the cheapest", "the priciest", "the 5th"}
	joins := []string{" and ", " or ", ", ", " or maybe ", " and also "}
	empty := []string{"hmm", "uh ok", "idk", "let me think", "lol", "asdf", "whatever", "umm okay", "not sure yet"}
	rapid.Check(t, func(rt *rapid.T) {
		c := newConversation(t, e)
		c.send("show me accessories", "")
		before := ""
		if rapid.Bool().Draw(rt, "pending") {
			c.send("", "select:60")
			before = "60"
		}
		var text string
		if rapid.Bool().Draw(rt, "two") {
			i := rapid.IntRange(0, len(refs)-1).Draw(rt, "a")
			j := rapid.IntRange(0, len(refs)-1).Filter(func(j int) bool { return j != i }).Draw(rt, "b")
			text = refs[i] + rapid.SampledFrom(joins).Draw(rt, "join") + refs[j]
		} else {
			text = rapid.SampledFrom(empty).Draw(rt, "empty")
		}
		st := stateOf(t, c.send(text, ""))
		got := ""
		if p := st.Conversation.PendingConfirmation.TargetID; p != nil {
			got = *p
		}
		if got != "" && got != before {
			rt.Fatalf("%q (pending %q): %s awaits confirmation", text, before, got)
		}
		if *st.Conversation.LastIntent == nlu.ShopConfirm || (before != "" && got == "" && *st.Conversation.LastIntent != nlu.ShopSelect) {
			rt.Fatalf("%q: answered the confirmation (%s)", text, *st.Conversation.LastIntent)
		}
	})
}

// TestRefusingTheCard: "not that one" and its kin, at a confirmation, never
// leave the refused card pending; with two cards, the other is asked about.
func TestRefusingTheCard(t *testing.T) {
	e := demo(t)
	for _, text := range []string{"not that one", "not this one please", "pas celui-là", "no ese", "machi hadak"} {
		t.Run(text, func(t *testing.T) {
			c := newConversation(t, e)
			c.send("got beanies?", "")
			c.send("", "select:48")
			st := stateOf(t, c.send(text, ""))
			p := st.Conversation.PendingConfirmation.TargetID
			if p == nil || *p != "85" {
				t.Fatalf("pending %v, want the other beanie (85)", p)
			}
		})
	}
	if !nlu.RefusesTheCard("not that one") || nlu.RefusesTheCard("no, that one") || nlu.RefusesTheCard("not now") {
		t.Fatal("RefusesTheCard reads a refusal of a card only")
	}
}

// TestARefusedCardIsNeverPicked: "not the second", "not the cheapest one",
// "no, not the last": over the accessories page and two beanies, the card
// refused by position or price is never the one awaiting confirmation; with
// one card left, it is that one.
func TestARefusedCardIsNeverPicked(t *testing.T) {
	e := demo(t)
	accessoriesPage := []string{"48", "58", "60", "62", "85"}
	refs := []struct {
		text  string
		index int // on the page; prices: Beanie 18, Belt 55, Cap 16, Sunglasses 90, Beanie with Logo 18
	}{{"the first", 0}, {"the second one", 1}, {"the third", 2}, {"number 4", 3}, {"the last one", 4}, {"the cheapest", 2}, {"the priciest one", 3}}
	leads := []string{"not ", "no, not ", "nope not ", "hmm, not "}
	rapid.Check(t, func(rt *rapid.T) {
		ref := rapid.SampledFrom(refs).Draw(rt, "ref")
		text := rapid.SampledFrom(leads).Draw(rt, "lead") + ref.text
		c := newConversation(t, e)
		c.send("show me accessories", "")
		st := stateOf(t, c.send(text, ""))
		if p := st.Conversation.PendingConfirmation.TargetID; p != nil && *p == accessoriesPage[ref.index] {
			rt.Fatalf("%q picked the refused card %s", text, *p)
		}
	})
	c := newConversation(t, e)
	c.send("got beanies?", "")
	if p := stateOf(t, c.send("not the first one, the second", "")).Conversation.PendingConfirmation.TargetID; p == nil || *p != "85" {
		t.Fatalf("not the first one, the second: pending %v, want 85", p)
	}
	c = newConversation(t, e)
	c.send("got beanies?", "")
	if p := stateOf(t, c.send("not the first", "")).Conversation.PendingConfirmation.TargetID; p == nil || *p != "85" {
		t.Fatalf("not the first, of two: pending %v, want the other (85)", p)
	}
}
