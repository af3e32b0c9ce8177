package nlu

import (
	"slices"
	"strings"
)

// This file reads the replies at the shop's pending confirmation ("Add Cap to
// your cart?", seed 000 section 3.4) that are neither a bare yes nor a bare
// no: a yes with the action said again ("إيه زيدها", "yes, put it in"), and
// a deferral that decides nothing ("maybe later", "not now").

// shopActionPhrases are imperatives of the confirmed action (put the item in
// the cart), per language. Said alone or after a yes at a confirmation they
// accept it: they repeat what the question asked.
var shopActionPhrases = map[string][]string{
	LangEnglish: {"add it", "add that", "add this", "add them", "put it in", "put that in", "pop it in",
		"throw it in", "add it in", "put it in there", "get it", "buy it", "order it"},
	LangFrench: {"ajoute-le", "ajoute-la", "ajoute-les", "ajoutez-le", "ajoutez-la", "ajoute", "ajoutez",
		"mets-le", "mets-la", "mettez-le", "mettez-la", "prends-le", "prends-la"},
	LangSpanish: {"añádelo", "añádela", "añádelos", "agrégalo", "agrégala", "ponlo", "ponla", "mételo",
		"métela", "añade", "agrega", "cómpralo", "cómprala"},
	LangDarijaLatin: {"zidha", "zido", "zidou", "zidhom", "dir liya", "dirha", "diro", "dirou",
		"dir liya hadi", "zidha liya", "zidou liya"},
	LangDarijaArabic: {"زيدها", "زيدو", "زيده", "زيدهم", "دير ليا", "ديرها", "ديرو", "زيدها ليا",
		// Arabic
		"أضفه", "أضفها", "اضفه", "اضفها", "أضفهم", "ضيفه", "ضيفها"},
}

// shopCartWords may follow an action phrase ("add it to my cart", "ajoute-le
// au panier").
var shopCartWords = []string{"to my cart", "to the cart", "in my cart", "in the cart", "to cart",
	"au panier", "dans le panier", "dans mon panier", "al carrito", "en el carrito", "f panier",
	"في السلة", "للسلة", "فالسلة"}

// shopDeferrals put the decision off without refusing ("maybe later", "not
// now", "let me see"): at a confirmation they neither accept nor cancel, and
// the question is asked again. A deferral after a no ("no thanks, not now")
// is a no.
var shopDeferrals = map[string][]string{
	LangEnglish: {"maybe later", "perhaps later", "later maybe", "later", "not now", "not right now",
		"not yet", "let me see", "let me check", "let me think about it", "i'll think about it",
		"maybe", "perhaps", "maybe another time", "maybe tomorrow", "not sure yet", "i'll see",
		"we'll see", "give me a minute", "give me a sec", "hold on", "wait"},
	LangFrench: {"peut-être plus tard", "peut-être", "plus tard", "pas maintenant", "pas encore",
		"on verra", "je vais voir", "laisse-moi voir", "laisse moi voir", "je vais réfléchir", "attends"},
	LangSpanish: {"quizás luego", "quizás más tarde", "quizá luego", "tal vez luego", "tal vez más tarde",
		"luego", "más tarde", "ahora no", "todavía no", "quizás", "tal vez", "ya veremos", "déjame ver",
		"déjame pensarlo", "espera"},
	LangDarijaLatin: {"mn b3d", "men b3d", "mn ba3d", "men ba3d", "machi daba", "mashi daba",
		"mazal", "nchouf", "ghadi nchouf", "khalini nchouf", "tsna", "yemken mn b3d"},
	LangDarijaArabic: {"من بعد", "ماشي دابا", "مازال", "نشوف", "خليني نشوف", "تسنى",
		// Arabic
		"ربما لاحقا", "لاحقا", "ليس الآن", "ليس بعد", "سأفكر", "ربما"},
}

var (
	shopActionKeys   = phraseKeys(shopActionPhrases)
	shopDeferralKeys = phraseKeys(shopDeferrals)
	shopCartKeys     = phraseKeys(map[string][]string{"": shopCartWords})
)

// phraseKeys folds every phrase of lists as messages are folded (confirmKey).
func phraseKeys(lists map[string][]string) map[string]bool {
	set := map[string]bool{}
	for _, list := range lists {
		for _, p := range list {
			set[confirmKey(p)] = true
		}
	}
	return set
}

// confirmKey is a message's words, folded and joined by single spaces, with
// punctuation but inner apostrophes and dashes dropped.
func confirmKey(text string) string {
	return strings.Join(strings.Fields(strings.Map(queryRune, key(text))), " ")
}

// ConfirmsAction reports whether text accepts a pending confirmation by
// saying the action again: an action phrase, alone or after a yes, with
// perhaps the cart named ("إيه زيدها", "yes, put it in", "ajoute-le au
// panier"). Anything else in the message and it does not.
func ConfirmsAction(text string) bool {
	rest := confirmKey(text)
	if a, r := LeadingYesNo(text); a == Yes {
		rest = confirmKey(r)
		if rest == "" {
			return false // a yes of the lexicon alone is YesNo's to read ("hmm fine" is none)
		}
	} else if a != Unknown {
		return false
	}
	if shopActionKeys[rest] {
		return true
	}
	for cart := range shopCartKeys {
		if head, ok := strings.CutSuffix(rest, " "+cart); ok && shopActionKeys[head] {
			return true
		}
	}
	return false
}

// Defers reports whether text puts the decision off and says nothing else
// ("maybe later?", "not now", "peut-être plus tard", "mn b3d"), hesitation
// sounds and weak acknowledgements around it aside ("hmm, maybe later"). A
// message with a no before the deferral ("no thanks, not now") refuses, and
// is no deferral.
func Defers(text string) bool {
	ws := strings.Fields(confirmKey(text))
	ws = slices.DeleteFunc(ws, func(w string) bool { return shopHesitations[w] || shopWeakAcks[w] })
	return len(ws) > 0 && shopDeferralKeys[strings.Join(ws, " ")]
}

// NamesTheOther reports whether text picks the other card by a word for it
// ("not that one, the other", "pas celui-là, l'autre"), rather than only
// refusing the card in question ("non, pas celui-là").
func NamesTheOther(text string) bool {
	return asksTheOther(strings.Fields(strings.Map(queryRune, key(text))))
}
