package shop_test

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// flatten lists a lexicon's phrases in the order of its languages' names: a
// rapid failure file replays the indexes drawn, so the list must be the same
// in every run (a map's order is not), or a saved failing case replays as
// another phrase.
func flatten(lex map[string][]string) []string {
	var out []string
	for _, lang := range slices.Sorted(maps.Keys(lex)) {
		out = append(out, lex[lang]...)
	}
	return out
}

// dress writes a phrase the ways shoppers type it: any case, surrounding
// punctuation, an optional polite word.
func dress(t *rapid.T, phrase string, polite []string) string {
	switch rapid.IntRange(0, 2).Draw(t, "case") {
	case 1:
		phrase = strings.ToUpper(phrase)
	case 2:
		r, size := utf8.DecodeRuneInString(phrase)
		phrase = string(unicode.ToUpper(r)) + phrase[size:]
	}
	if rapid.Bool().Draw(t, "polite") {
		phrase += rapid.SampledFrom([]string{" ", ", ", "! "}).Draw(t, "sep") + rapid.SampledFrom(polite).Draw(t, "word")
	}
	return rapid.SampledFrom([]string{"", " ", "\""}).Draw(t, "open") + phrase + rapid.SampledFrom([]string{"", "!", ".", " !!", "?"}).Draw(t, "close")
}

// TestEveryYesNoPhraseAnswersAConfirmation: every yes and no phrase of the
// lexicon, in every language, with case, punctuation and a polite word, confirms or
// cancels a pending add-to-cart (seed 000 section 6.1).
func TestEveryYesNoPhraseAnswersAConfirmation(t *testing.T) {
	e := demo(t)
	yes, no, polite := nlu.ReplyLexicon()
	yesList, noList, politeList := flatten(yes), flatten(no), flatten(polite)
	// "not that one" refuses the card and asks for another: TestRefusingTheCard.
	noList = slices.DeleteFunc(noList, nlu.RefusesTheCard)
	// "actually yeah" after a no is a correction, and the last answer wins
	// (nlu TestTheLastAnswerWinsProperty): no polite word at all.
	// "hmm ok" after a no is a hesitation that takes it back (the last
	// answer after a hesitation wins, as "tagus view... hmm, alfama garden").
	politeList = slices.DeleteFunc(politeList, func(w string) bool { return strings.HasPrefix(w, "actually ") || nlu.Hesitates(w) })
	rapid.Check(t, func(rt *rapid.T) {
		c := newConversation(t, e)
		c.send("show me clothing", "")
		c.send("", "select:44")
		accept := rapid.Bool().Draw(rt, "accept")
		list := noList
		if accept {
			list = yesList
		}
		phrase := rapid.SampledFrom(list).Draw(rt, "phrase")
		text := dress(rt, phrase, politeList)
		if nlu.Defers(phrase) {
			return // "može" folds to Polish "moze" (maybe): put off, asked again, whatever follows
		}
		if nlu.Hesitates(text) {
			return // "hmm ok" decides nothing: TestMashAndHesitationDoNotAct
		}
		if nlu.Defers(text) {
			return // "not now" puts it off, asked again: TestDeferralsAndItemQuestionsAskAgain
		}
		d := c.send(text, "")
		st := stateOf(t, d)
		want := nlu.ShopCancel
		if accept {
			want = nlu.ShopConfirm
		}
		if got := *st.Conversation.LastIntent; got != want || st.Conversation.State == shop.StateAwaitingConfirmation {
			rt.Fatalf("%q: intent %s, state %s; want %s answered", text, got, st.Conversation.State, want)
		}
	})
}

// TestWordsTheCatalogDoesNotKnowReachTheCap: any three messages made of filler and
// words the catalog does not know never search, never echo, and hand off with
// low_confidence on the third (seed 000 section 4.1).
func TestWordsTheCatalogDoesNotKnowReachTheCap(t *testing.T) {
	e := demo(t)
	filler := []string{"umm", "idk", "lol", "smth", "dunno", "maybe", "whatever", "hmm", "uh", "bruh", "meh", "tbh", "kinda", "stuff", "like", "something"}
	// A run of k alone is chat for "ok" ("kkkk" squeezes to "kk"), a word.
	gibberish := rapid.StringMatching(`[qxzvk]{3,8}`).Filter(func(w string) bool { return strings.Trim(w, "k") != "" })
	rapid.Check(t, func(rt *rapid.T) {
		c := newConversation(t, e)
		for turn := 1; turn <= 3; turn++ {
			var words []string
			for i := rapid.IntRange(1, 5).Draw(rt, "words"); i > 0; i-- {
				if rapid.Bool().Draw(rt, "filler") {
					// A doubled interjection is a word of its own ("uh uh"
					// is a no), so a filler never follows itself.
					if w := rapid.SampledFrom(filler).Draw(rt, "filler word"); len(words) == 0 || words[len(words)-1] != w {
						words = append(words, w)
					}
				} else {
					words = append(words, gibberish.Draw(rt, "unknown word"))
				}
			}
			text := strings.Join(words, " ")
			d := c.send(text, "")
			st := stateOf(t, d)
			for _, r := range d.Replies {
				if len(r.Cards) > 0 || (len(words[0]) > 3 && strings.Contains(r.Text, words[0])) {
					rt.Fatalf("turn %d %q: searched or echoed: %+v", turn, text, r)
				}
			}
			wantState := shop.StateClarifying
			if turn == 3 {
				wantState = shop.StateHandoff
			}
			if st.Conversation.State != wantState {
				rt.Fatalf("turn %d %q: state %s, want %s", turn, text, st.Conversation.State, wantState)
			}
		}
		if st := stateOf(t, c.send("hello?", "")); st.HandoffReason == nil || *st.HandoffReason != "low_confidence" {
			rt.Fatalf("handoff reason %v", st.HandoffReason)
		}
	})
}
