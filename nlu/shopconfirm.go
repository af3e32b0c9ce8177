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
var shopActionPhrases = withReplyWords(map[string][]string{
	LangEnglish: {"add it", "add that", "add this", "add them", "put it in", "put that in", "pop it in",
		"throw it in", "add it in", "put it in there", "get it", "buy it", "order it",
		// Taking it, in plain and formal words.
		"i'll take it", "i will take it", "i shall take it", "i'll have it", "i will have it",
		"i shall have it", "i'll take that", "i'll take that one", "i'll take this one", "i'll buy it",
		"i'll get it", "i want it", "i'd like it", "i would like it", "take it", "i'll take one",
		"i'd like that", "i would like that", "i'll go with it", "i'll go with that",
		// After a yes that took the "I" ("yes, I shall take it").
		"shall take it", "will take it", "shall have it", "will have it", "would like it"},
	LangFrench: {"ajoute-le", "ajoute-la", "ajoute-les", "ajoutez-le", "ajoutez-la", "ajoute", "ajoutez",
		"mets-le", "mets-la", "mettez-le", "mettez-la", "prends-le", "prends-la",
		"je le prends", "je la prends", "je vais le prendre", "je vais la prendre", "je le veux", "je la veux",
		"je le prendrai", "je la prendrai"},
	LangSpanish: {"añádelo", "añádela", "añádelos", "agrégalo", "agrégala", "ponlo", "ponla", "mételo",
		"métela", "añade", "agrega", "cómpralo", "cómprala",
		"me lo llevo", "me la llevo", "lo quiero", "la quiero", "lo compro", "la compro", "me lo quedo"},
	LangDarijaLatin: {"zidha", "zido", "zidou", "zidhom", "dir liya", "dirha", "diro", "dirou",
		"dir liya hadi", "zidha liya", "zidou liya", "ghadi nakhdha", "nakhdha", "bghitha", "bghito"},
	LangDarijaArabic: {"زيدها", "زيدو", "زيده", "زيدهم", "دير ليا", "ديرها", "ديرو", "زيدها ليا",
		// Arabic
		"أضفه", "أضفها", "اضفه", "اضفها", "أضفهم", "ضيفه", "ضيفها"},
}, "action")

// shopCartWords may follow an action phrase ("add it to my cart", "ajoute-le
// au panier").
var shopCartWords = []string{"to my cart", "to the cart", "in my cart", "in the cart", "to cart",
	"au panier", "dans le panier", "dans mon panier", "al carrito", "en el carrito", "f panier",
	"في السلة", "للسلة", "فالسلة"}

// shopDeferrals put the decision off without refusing ("maybe later", "not
// now", "let me see"): at a confirmation they neither accept nor cancel, and
// the question is asked again. A deferral after a no ("no thanks, not now")
// is a no.
var shopDeferrals = withReplyWords(map[string][]string{
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
}, "defer")

// shopDeclines refuse the confirmed action in other words than the lexicon's
// no, plain, soft or formal ("I have decided against it", "maybe not",
// "laisse faire", "mejor no", "khliha"), alone or after a no, thanks and
// hesitation sounds aside: at a confirmation they cancel it.
var shopDeclines = withReplyWords(withReplyWords(map[string][]string{
	LangEnglish: {"i have decided against it", "i've decided against it", "decided against it",
		"i decided against it", "i changed my mind", "i've changed my mind", "changed my mind",
		"i'll pass", "i will pass", "pass", "i'll leave it", "i will leave it", "i shall leave it",
		"leave it", "forget it", "never mind", "nevermind", "not for me", "not interested",
		"i'm not interested", "no need", "skip it", "maybe not", "probably not", "i don't think so",
		"i think not", "i'd rather not", "i would rather not", "rather not", "better not",
		"i'll give it a miss", "give it a miss", "i'll skip it", "i won't", "i don't want it", "i do not want it", "don't add it",
		"do not add it", "on second thought no", "on second thoughts no", "i shall decline", "i must decline",
		"i'll decline", "i will decline", "i'll have to decline", "i'm good", "i am good", "i'm fine", "i am fine",
		"i'm okay", "all good"},
	LangFrench: {"laisse faire", "laissez faire", "laisse tomber", "laissez tomber", "oublie ça",
		"oubliez ça", "ça ira", "c'est bon", "pas pour moi", "je ne le veux pas", "je le veux pas",
		"je passe", "je vais passer", "j'ai changé d'avis", "finalement non", "peut-être pas", "je crois pas",
		"je ne crois pas", "pas la peine", "n'ajoute pas", "non plus", "ça va aller", "ça ira pas",
		"je vais m'en passer", "c'est correct", "c'est beau", "je refuse", "je vais décliner"},
	LangSpanish: {"mejor no", "déjalo", "dejalo", "olvídalo", "olvidalo", "no lo quiero", "ya no",
		"cambié de opinión", "cambie de opinion", "paso", "creo que no", "quizás no", "tal vez no",
		"no hace falta", "no lo añadas"},
	LangDarijaLatin: {"khliha", "khalliha", "khlih", "balak", "safi la", "ma bghitch", "mabghitch",
		"ma bghitch", "blach", "bla mzyan"},
	LangDarijaArabic: {"خليها", "خليه", "بلاش", "ما بغيتش", "مابغيتش",
		// Arabic
		"لا أريده", "لا أريدها", "غيرت رأيي", "ربما لا", "لا داعي"},
}, "decline"), "giveup")

// shopPoliteWords around a decline say nothing more ("no, leave it, thank
// you").
var shopPoliteWords = wordSet(`thank thanks you thx ty merci beaucoup gracias shukran choukran شكرا sorry
	pardon desole lo siento though anyway actually but mais pero`)

// shopDeclineHedges open a decline without changing it ("I think I'll pass", "je
// crois que je vais passer"), folded.
var shopDeclineHedges = []string{"i think", "i guess", "actually i think", "je crois que", "je pense que",
	"creo que", "pienso que", "ana", "safi"}

var (
	shopDeclineKeys  = phraseKeys(shopDeclines)
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
	} else if r, ok := assentInterjection(rest); ok {
		rest = r // "sold, add it": an exclamation of assent, then the action
	}
	rest = strings.Join(withoutVocatives(strings.Fields(rest)), " ") // "yes chef, add it"
	rest = withoutLeadingAcks(rest)                                  // "very well, I shall have it"
	if shopActionKeys[rest] || shopActionKeys[objectVariants(rest)] {
		return true
	}
	for cart := range shopCartKeys {
		if head, ok := strings.CutSuffix(rest, " "+cart); ok && shopActionKeys[head] {
			return true
		}
	}
	return undoubledAction(rest) // "ya ad it"
}

// undoubledAction reports whether k is an action phrase typed with one of
// its doubled letters once ("ad it", "ad that"), the commonest slip of a
// thumb: every other word as written.
func undoubledAction(k string) bool {
	ws := strings.Fields(k)
	if len(ws) == 0 {
		return false
	}
	for phrase := range shopActionKeys {
		pw := strings.Fields(phrase)
		if len(pw) != len(ws) {
			continue
		}
		slips := 0
		for i := range pw {
			if pw[i] != ws[i] {
				if !undoubled(ws[i], pw[i]) {
					slips = 2
					break
				}
				slips++
			}
		}
		if slips == 1 {
			return true
		}
	}
	return false
}

// undoubled reports whether typed is want with one letter of a doubled pair
// left out ("ad" for "add").
func undoubled(typed, want string) bool {
	if len(want) != len(typed)+1 || len(want) < 3 {
		return false
	}
	for i := 1; i < len(want); i++ {
		if want[i] == want[i-1] && want[:i]+want[i+1:] == typed {
			return true
		}
	}
	return false
}

// Defers reports whether text puts the decision off and says nothing else
// ("maybe later?", "not now", "peut-être plus tard", "mn b3d"), hesitation
// sounds, weak acknowledgements and polite words around it aside ("hmm,
// maybe later", "pas maintenant, mon ami"). A message with a no before the
// deferral ("no thanks, not now") refuses, and is no deferral.
func Defers(text string) bool {
	ws := withoutPoliteEnding(strings.Fields(confirmKey(text)))
	ws = slices.DeleteFunc(ws, func(w string) bool { return shopHesitations[w] || shopWeakAcks[w] || shopPoliteWords[w] })
	return len(ws) > 0 && shopDeferralKeys[strings.Join(ws, " ")]
}

// NamesTheOther reports whether text picks the other card by a word for it
// ("not that one, the other", "pas celui-là, l'autre"), rather than only
// refusing the card in question ("non, pas celui-là").
func NamesTheOther(text string) bool {
	return asksTheOther(strings.Fields(strings.Map(queryRune, key(text))))
}

// DeclinesAction reports whether text refuses a pending confirmation in other
// words than a bare no: a decline of shopDeclines ("I have decided against
// it, thank you", "nah, maybe not", "non, laisse faire"), alone or after a
// no, with only thanks, apologies and hesitation sounds around it. A yes in
// front is no decline ("yes, never mind the colour").
func DeclinesAction(text string) bool {
	ws := strings.Fields(confirmKey(text))
	ws = slices.DeleteFunc(ws, func(w string) bool { return shopHesitations[w] || shopPoliteWords[w] })
	rest := strings.Join(ws, " ")
	if a, r := LeadingYesNo(rest); a == No {
		rest = confirmKey(r)
	} else if a != Unknown {
		return false
	}
	ws = strings.Fields(rest)
	for _, hedge := range shopDeclineHedges {
		if h := strings.Fields(hedge); len(ws) > len(h) && slices.Equal(ws[:len(h)], h) {
			ws = ws[len(h):] // "I think I'll pass": the hedge says no more
			break
		}
	}
	k := strings.Join(ws, " ")
	return len(ws) > 0 && (shopDeclineKeys[k] || shopDeclineKeys[objectVariants(k)]) // "leave that"
}

// withoutLeadingAcks drops the weak acknowledgements and hesitations that
// open a key ("very well i shall have it": "i shall have it"); they decide
// nothing, and what follows them does.
func withoutLeadingAcks(k string) string {
	ws := strings.Fields(k)
	i := 0
	for i < len(ws) && (shopWeakAcks[ws[i]] || shopHesitations[ws[i]] || ws[i] == "very") {
		i++
	}
	return strings.Join(ws[i:], " ")
}
