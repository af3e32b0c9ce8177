package shop_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestAnswerBesideThanksAnswersTheConfirmation: with a card pending, a
// yes word that is praise too ("great", "perfect", "that's great") with a
// thanks beside it, in any language of the thanks lexicon, is a yes (seed
// 000 section 6.1: a yes with a polite word is a yes), never a thanks that
// leaves the question open; so is a no. With nothing pending it stays a
// thanks.
func TestAnswerBesideThanksAnswersTheConfirmation(t *testing.T) {
	var cases []readerCase
	for _, yes := range []string{"that's great", "That's great", "perfect", "that's perfect", "great", "lovely", "brilliant"} {
		for _, thanks := range []string{"thanks", "thank you", "shukran", "merci", "gracias", "danke", "obrigado", "asante"} {
			for _, say := range []string{yes + ", " + thanks, yes + "! " + thanks, thanks + ", " + yes} {
				cases = append(cases, readerCase{setup: capPending, say: say, intent: nlu.ShopConfirm, state: "-", pending: ""})
			}
		}
	}
	// A no that folds to praise words ("a'a" to "a a", Hausa) with a
	// thanks beside it is a no.
	cases = append(cases,
		readerCase{setup: capPending, say: "a'a, gadda gey", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		readerCase{setup: capPending, say: "A'a! na gode", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		readerCase{say: "that's great, shukran", intent: nlu.ShopThanks, state: "-", pending: "-"},
		readerCase{say: "perfect, thank you", intent: nlu.ShopThanks, state: "-", pending: "-"},
	)
	runReaderCases(t, cases)
}

// TestAReadingAtTheConfirmationIsTheSameEveryTime: the engine decides from
// (state, message, bot) only, so a reply read at the confirmation 200 times,
// in fresh conversations and after other conversations on the same engine
// read other messages, gets one answer.
func TestAReadingAtTheConfirmationIsTheSameEveryTime(t *testing.T) {
	e := demo(t)
	others := []string{"thanks so much, very helpful", "show me accessories", "no thanks", "yes please", "hi"}
	for _, say := range []string{"that's great, shukran", "That's great, shukran", "perfect, thank you"} {
		var got []string
		for i := range 200 {
			other := newConversation(t, e)
			other.send(others[i%len(others)], "")
			c := newConversation(t, e)
			c.send("show me clothing", "")
			c.send("", "select:44")
			st := stateOf(t, c.send(say, ""))
			if r := fmt.Sprint(*st.Conversation.LastIntent, " ", st.Conversation.State); !slices.Contains(got, r) {
				got = append(got, r)
			}
		}
		if len(got) != 1 || got[0] == fmt.Sprint(nlu.ShopThanks, " ", shop.StateAwaitingConfirmation) {
			t.Errorf("%q read as %v; want one reading, a confirm", say, got)
		}
	}
}

// TestFlattenIsTheSameEveryRun: the lists the yes/no property draws from are
// in one order every time, so that rapid's saved failing case replays the
// same phrase (a map's order changes from run to run).
func TestFlattenIsTheSameEveryRun(t *testing.T) {
	yes, _, polite := nlu.ReplyLexicon()
	want, wantPolite := flatten(yes), flatten(polite)
	for range 20 {
		again, _, againPolite := nlu.ReplyLexicon()
		if !slices.Equal(flatten(again), want) || !slices.Equal(flatten(againPolite), wantPolite) {
			t.Fatal("flatten lists the lexicon in another order")
		}
	}
}

// TestANoOfHesitationSoundsIsANo: "uh uh" is a no of the reply lexicon
// (reply_words.txt) made of hesitation sounds: at a confirmation it cancels,
// with a thanks beside it in any form ("uh uh, thanks", "uh uh! thanks": the
// thanks sentence read away), while "uh", "hmm ok" still decide nothing.
func TestANoOfHesitationSoundsIsANo(t *testing.T) {
	var cases []readerCase
	for _, say := range []string{"uh uh", "Uh uh!", "uh uh, thanks", "uh uh! thanks", "uh uh! gadda gey", "nuh uh. thank you"} {
		cases = append(cases, readerCase{setup: capPending, say: say, intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""})
	}
	for _, say := range []string{"uh", "hmm ok", "uh uh ok"} {
		cases = append(cases, readerCase{setup: capPending, say: say, intent: "-", state: shop.StateAwaitingConfirmation, pending: "60"})
	}
	runReaderCases(t, cases)
}
