package shop_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// confirming is a confirmation pending on the Beanie (48).
var confirming = [][2]string{{"show me accessories", ""}, {"", "select:48"}}

// TestWordsTheShopCannotReadAreNoSearch: a message of one or two words none of
// which the shop reads (no English word, catalog word, lexicon word or reply
// word) is not understood at any state, never a search for something unsold;
// a sold product with such a word is searched without it; an English noun the
// shop does not sell stays an unsold search.
func TestWordsTheShopCannotReadAreNoSearch(t *testing.T) {
	// Words of other languages that the shared reply readers read (a yes, a
	// no, "more", a greeting) are answered as such, before the fallback.
	runReaderCases(t, []readerCase{
		{setup: confirming, say: "ha", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{setup: confirming, say: "iva", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{setup: confirming, say: "voch", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: clothing, say: "yana", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		{setup: clothing, say: "aktar", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		{say: "barev", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "goeienaand", intent: nlu.ShopGreeting, state: shop.StateIdle},
	})
	// Words no reader reads are not understood.
	runReaderCases(t, []readerCase{
		{setup: confirming, say: "zlorp", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "48"},
		{setup: confirming, say: "vrenk tazo", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "48"},
		{setup: clothing, say: "qorvath", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: ""},
		{say: "vrenk", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "zlorp mibu", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "beanie unek?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "kayak", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "wetsuits?", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "red kayaks", intent: nlu.ShopSearch, state: shop.StateIdle},
	})
}

// TestSlangOpeningsAreVague: slang for things to buy, alone or with an
// intensifier, is a vague opening (lexicon/vague_openings.txt).
func TestSlangOpeningsAreVague(t *testing.T) {
	var cases []readerCase
	for _, say := range []string{"loot", "drip", "fit", "merch", "swag", "gear", "stuff", "fire stuff", "show me some drip", "got any merch?"} {
		cases = append(cases, readerCase{say: say, intent: nlu.ShopAmbiguous, state: shop.StateClarifying})
	}
	runReaderCases(t, cases)
}

// TestCardsByKindPriceOrWhatTheyLack: a card shown is picked by a word of its
// kind in another language (lexicon/kind_words.txt), by its price as a bare
// number, or as the plain one / the one without what another has; ties and
// none are asked about; a word of several kinds searches them.
func TestCardsByKindPriceOrWhatTheyLack(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "plain beanie", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "48"},
		{setup: accessories, say: "beanie without the logo", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "48"},
		{setup: accessories, say: "the 90 one", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the 18 one", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: accessories, say: "die pet, asseblief", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "saulesbrilles, paldies", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "la ceinture", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "pasek", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		// "czapka" is a cap, a beanie or a hat: a search for hats, no pick.
		{setup: accessories, say: "czapka", intent: nlu.ShopSearch, state: "-", pending: ""},
		{setup: accessories, say: "the blue one", intent: "-", state: "-", pending: ""},
		{say: "saulesbrilles", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestNonWordsAreNeverSearched: a random word of consonants (no English word nor a typo of one,
// nor a typo the shop reads of its own words: "shbrt" is a shirt)
// said alone or in two is never a product search, in any state; an English
// noun the shop does not sell, in any frame, is one.
func TestNonWordsAreNeverSearched(t *testing.T) {
	e := demo(t)
	setups := [][][2]string{nil, accessories, clothing, confirming}
	rapid.Check(t, func(rt *rapid.T) {
		word := func(label string) string {
			return rapid.StringMatching(`[bcdfghjklmnpqrstvwxz]{3,7}`).Filter(func(w string) bool {
				return !shop.ReadsAsEnglish(w) && !e.ReadsAsShopTypo(w)
			}).Draw(rt, label)
		}
		say := word("word")
		if rapid.Bool().Draw(rt, "two") {
			say += " " + word("second")
		}
		c := newConversation(t, e)
		for _, s := range rapid.SampledFrom(setups).Draw(rt, "setup") {
			c.send(s[0], s[1])
		}
		if got := *stateOf(t, c.send(say, "")).Conversation.LastIntent; got == nlu.ShopSearch {
			rt.Fatalf("%q read as a product search", say)
		}
	})
	unsold := []string{"kayak", "tent", "surfboard", "laptop", "umbrella", "candle", "skateboard", "wetsuit", "snowboard", "toaster", "blender", "drone"}
	frames := []string{"%s", "%ss?", "do you have %ss?", "any %ss", "red %s"}
	rapid.Check(t, func(rt *rapid.T) {
		say := fmt.Sprintf(rapid.SampledFrom(frames).Draw(rt, "frame"), rapid.SampledFrom(unsold).Draw(rt, "noun"))
		c := newConversation(t, e)
		if got := *stateOf(t, c.send(say, "")).Conversation.LastIntent; got != nlu.ShopSearch {
			rt.Fatalf("%q: intent %s, want product_search", say, got)
		}
	})
}

// TestHeldLettersOfAShortWordAreNoSearch: a run of held-down letters on a
// short catalog word ("ccccd" for "cd") is no typo of it: the draw
// TestNonWordsAreNeverSearched found (seed 7908210882281868940).
func TestHeldLettersOfAShortWordAreNoSearch(t *testing.T) {
	e := demo(t)
	for _, say := range []string{"ccccd", "bbb ccccd", "ccc ccccd"} {
		c := newConversation(t, e)
		if got := *stateOf(t, c.send(say, "")).Conversation.LastIntent; got == nlu.ShopSearch {
			t.Errorf("%q read as a product search", say)
		}
	}
}

// TestEnglishWordsFile checks lexicon/english_words.txt against the word lists
// it was made from, when they are installed (Debian's wamerican and wbritish;
// ENGLISH_WORDS_DICTS names them), and rewrites it with -update.
func TestEnglishWordsFile(t *testing.T) {
	dicts := strings.Fields(os.Getenv("ENGLISH_WORDS_DICTS"))
	if len(dicts) == 0 {
		t.Skip("ENGLISH_WORDS_DICTS names no word lists")
	}
	set, lower := map[string]bool{}, map[string]bool{}
	for _, path := range dicts {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(string(data)) {
			w := strings.TrimSpace(line)
			switch {
			case lowerWord.MatchString(w):
				set[w], lower[w] = true, true
			case nameWord.MatchString(w):
				set[strings.ToLower(w)] = true
			}
		}
	}
	var want []string
	for w := range set {
		if s, ok := strings.CutSuffix(w, "s"); !ok || !set[s] {
			want = append(want, w)
		}
	}
	slices.Sort(want)
	for i, w := range want {
		if !lower[w] {
			// A name only ("Allegra", "Lego"): written as the lists write
			// it, so that a lone name is no product word (IsNameOnly).
			want[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	const path = "lexicon/english_words.txt"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	header, body, _ := strings.Cut(text, "\n\n")
	if *update {
		if err := os.WriteFile(path, []byte(header+"\n\n"+strings.Join(want, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got := strings.Fields(body); !slices.Equal(got, want) {
		t.Errorf("%s is out of date (%d words, want %d): run with -update", path, len(got), len(want))
	}
}

// lowerWord and nameWord are the entries of the word lists kept: three
// lower-case letters or more, and names of four letters or more.
var (
	lowerWord = regexp.MustCompile(`^[a-z]{3,}$`)
	nameWord  = regexp.MustCompile(`^[A-Z][a-z]{3,}$`)
)
