package nlu

import (
	"slices"
	"strings"
	"sync"
)

// This file holds the shop's word classes that decide whether a message acts at
// all (issue 38 item 5): keys hit at random, hesitation, who a product is for,
// a card named as the plain one, and a message naming two cards at once. Each
// is data; the rules that read them are in shop.go.

// keyboardRows are the letter rows of the keyboards shoppers type on (QWERTY,
// AZERTY, QWERTZ): a word made of runs along them ("qwerty", "asdf",
// "azerty", "poiuy") is keys hit at random, not a word.
var keyboardRows = []string{"qwertyuiop", "asdfghjkl", "zxcvbnm", "azertyuiop", "qsdfghjklm", "wxcvbn", "qwertzuiop", "yxcvbnm"}

// minKeyboardRun is the shortest run along a row read as such: shorter runs
// ("er", "as", "op") are parts of ordinary words.
const minKeyboardRun = 3

// KeyboardRun reports whether w (lower case) is made wholly of runs of at
// least minKeyboardRun neighbouring keys of one row, forwards or backwards,
// and has at least four letters: "qwerty", "asdfgh", "asdfjkl", "zxcv". No
// English, French or Spanish word of the shop's is so made.
func KeyboardRun(w string) bool {
	if len(w) < 4 {
		return false
	}
	for i := 0; i < len(w); {
		n := longestRowRun(w[i:])
		if n < minKeyboardRun {
			return false
		}
		i += n
	}
	return true
}

// longestRowRun is the length of the longest prefix of s that runs along one
// keyboard row, forwards or backwards.
func longestRowRun(s string) int {
	best := 0
	for _, row := range keyboardRows {
		for _, r := range []string{row, reverse(row)} {
			for n := len(s); n > best; n-- {
				if strings.Contains(r, s[:n]) {
					best = n
					break
				}
			}
		}
	}
	return best
}

func reverse(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}

// shopHesitations are sounds of hesitation: with nothing but them and a weak
// acknowledgement ("hmm ok", "uh okay", "euh d'accord") a message neither
// accepts nor refuses, nor asks for anything.
var shopHesitations = wordSet(`hmm hm hmmm hmmmm mmm mm um umm uh uhh er erm errm eh ehh euh bof ben beh pff pfff mmh ehm`)

// shopWeakAcks acknowledge without deciding; a strong yes ("yes", "sure",
// "wakha") with a hesitation sound is still a yes.
var shopWeakAcks = wordSet(`ok okay k kk okk alright fine right well so d'accord vale bueno bon`)

// Hesitates reports whether text is a hesitation sound with at most weak
// acknowledgements ("hmm ok", "uh fine", "euh d'accord"): it decides nothing,
// so at a confirmation it neither confirms nor cancels, and elsewhere it is
// not understood. A yes or no of the reply lexicon with a hesitation in front
// of more words ("hmm, yes please") is still read by YesNo.
func Hesitates(text string) bool {
	hesitant := false
	for _, w := range strings.Fields(strings.Map(queryRune, key(text))) {
		switch {
		case shopHesitations[w]:
			hesitant = true
		case shopWeakAcks[w]:
		default:
			return false
		}
	}
	// "uh uh" is a no of the reply lexicon (reply_words.txt) made of
	// hesitation sounds: that no, not a hesitation. Looked up only for a
	// message of hesitation words alone.
	return hesitant && !noPhraseKeys()[confirmKey(text)]
}

// noPhraseKeys are the reply lexicon's no phrases as phrase keys.
var noPhraseKeys = sync.OnceValue(func() map[string]bool { return phraseKeys(noPhrases) })

// undecided reports whether text says the shopper has not decided ("let me
// think", "not sure yet", "je sais pas": IsNonAnswer) and names nothing to
// search for: a confirmation stays pending, nothing is searched.
func undecided(text string) bool {
	if !IsNonAnswer(text) {
		return false
	}
	ws, _ := shopWords(key(text))
	return !slices.ContainsFunc(ws, isCandidateWord)
}

// shopAudienceWords say who a product is for when they come before its name
// ("kids pyjamas", "women's parkas", "ropa de bebe"): the name is the product
// sought, and they are never search words.
var shopAudienceWords = wordSet(`
kid kids kid's kids' child children children's childrens baby babies baby's toddler toddlers infant infants
teen teens teenage teenager teenagers youth junior juniors
man men men's mens woman women women's womens lady ladies ladies' girl girls girl's girls' boy boys boy's boys'
unisex adult adults
enfant enfants bebe bebes homme hommes femme femmes fille filles garcon garcons
nino nina ninos ninas hombre hombres mujer mujeres
drari wlad bnat
`)

func init() {
	for w := range shopAudienceWords {
		shopNonQueryWords[w] = true
	}
}

// shopPlainWords name the card without extras ("the plain beanie", "the basic
// one", "le simple"): of the cards a mention fits, the one whose name says
// nothing more than the mention.
var shopPlainWords = wordSet(`plain basic simple regular normal standard ordinary classic basique normale sencillo sencilla basico basica liso lisa 3adi`)

// pricePicks reads every pick by price in k: the cheapest (-1) and the
// dearest (1), each once, in the order of the phrases.
func pricePicks(k string) []int {
	ws := strings.Fields(strings.Map(queryRune, k))
	var out []int
	for _, p := range shopPricePicks {
		if slices.Contains(out, p.pick) {
			continue
		}
		for i := 0; i+len(p.phrase) <= len(ws); i++ {
			if slices.Equal(ws[i:i+len(p.phrase)], p.phrase) {
				out = append(out, p.pick)
				break
			}
		}
	}
	return out
}

// NamesSeveral reports whether a typed selection names two cards or more at
// once ("the second or third", "the cheapest and the most expensive", "the
// first or the cheapest"): the shopper is asked which, never given one.
func (req *ShopRequest) NamesSeveral() bool {
	return len(req.Ordinals)+len(req.PricePicks) >= 2
}

// refusesThePointed reports whether ws (a message's words) refuse the card
// pointed at without naming another: a negation, then a pointer ("not that
// one", "not this", "pas celui-là", "no ese", "machi hadak").
func refusesThePointed(ws []string) bool {
	for i := 0; i+1 < len(ws); i++ {
		next, _, _ := strings.Cut(ws[i+1], "-") // "celui-là"
		switch {
		case shopRefusals[ws[i]] && (shopPointers[next] || shopDefinites[next] || next == "ca"):
			return true
		case ws[i] == "no" && shopSpanishPointers[next]:
			return true
		}
	}
	return false
}

// shopRefusals negate the card pointed at ("not that one", "pas celui-là",
// "machi hadak"); a bare "no" before "that one" may as well point at a card,
// and refuses only in Spanish ("no ese").
var (
	shopRefusals        = wordSet(`not pas machi mashi ماشي`)
	shopSpanishPointers = wordSet(`ese esa este esta eso`)
)

// NamesNoProduct reports whether w (lower case) is a word that names no
// product: a filler, a function word, a frame word or an amount ("with",
// "the", "pls", "20").
func NamesNoProduct(w string) bool {
	return namesNoProduct(w) || functionWords[w]
}

// RefusesTheCard reports whether text refuses the card in question without
// naming another ("not that one", "pas celui-là", "no ese"): the shop reads
// it as the other card when one is left, else asks which.
func RefusesTheCard(text string) bool {
	ws, _ := shopWords(key(text))
	return refusesThePointed(ws)
}

// shopJoins join the names of products listed in one message ("notebooks and
// pens", "caps or beanies", "gorras y gorros").
var shopJoins = wordSet(`and or & et ou y o`)

// withoutJoins returns ws without the joins that stand between two words
// ("notebooks and pens" is "notebooks", "pens"); ws as they are when a join
// opens or closes them.
func withoutJoins(ws []string) []string {
	if len(ws) < 3 || shopJoins[ws[0]] || shopJoins[ws[len(ws)-1]] || !slices.ContainsFunc(ws, func(w string) bool { return shopJoins[w] }) {
		return ws
	}
	return slices.DeleteFunc(slices.Clone(ws), func(w string) bool { return shopJoins[w] })
}

// shopRedirects turn a refusal to another card ("not this one, I meant the
// belt", "not the cap but the belt").
var shopRedirects = wordSet(`but meant mean want wanted prefer rather instead mais plutot sino mejor`)

// shopLeadingNo may open a refusal ("no, not the one with the logo").
var shopLeadingNo = wordSet(`no nope nah non`)

// refusesWhatItNames reports whether every clause of k (a normalized
// message) that names a product starts with a refusal of a card pointed at
// and turns to nothing else: "not the one with the logo", "pas celui avec le
// logo"; not "not this one, I meant the belt", nor "not right now".
func refusesWhatItNames(k string) bool {
	refused := false
	for _, clause := range strings.FieldsFunc(k, func(r rune) bool { return strings.ContainsRune(",;.!?", r) }) {
		ws, _ := shopWords(clause)
		for len(ws) > 0 && shopLeadingNo[ws[0]] {
			ws = ws[1:]
		}
		if !slices.ContainsFunc(ws, isCandidateWord) {
			continue
		}
		if len(ws) < 2 || !shopRefusals[ws[0]] || !(shopDefinites[ws[1]] || shopPointers[ws[1]]) ||
			slices.ContainsFunc(ws, func(w string) bool { return shopRedirects[w] }) {
			return false
		}
		refused = true
	}
	return refused
}

// shopLeadIns open a message without saying anything yet ("wait, the
// shades instead", "oh, the cap", "actually the belt").
var shopLeadIns = wordSet(`wait hold on actually sorry oops oh ah um uh hmm well ok okay so hey euh attends perdon espera`)

// withoutLeadIns returns ws without the lead-ins they start with: shopLeadIns
// and the one-word interjections and hedges of frame_words.txt ("ooh the
// cap", "maybe the belt?").
func withoutLeadIns(ws []string) []string {
	for len(ws) > 1 && (shopLeadIns[ws[0]] || frameLeadIns[ws[0]]) {
		ws = ws[1:]
	}
	return ws
}

// dropRefused moves the positions and picks by price of clauses that start
// with a refusal ("not", "pas", "machi") to RefusedOrdinals and
// RefusedPricePicks: "not the first one, the second" is the second, "not the
// cheapest" is any card but the cheapest (the shop picks the one left, or
// asks).
func (req *ShopRequest) dropRefused(k string) {
	if len(req.Ordinals) == 0 && len(req.PricePicks) == 0 {
		return
	}
	var kept, refused clausePicks
	for _, clause := range strings.FieldsFunc(k, func(r rune) bool { return strings.ContainsRune(",;.!?", r) }) {
		ws, no := refusalClause(clause)
		if no {
			refused.add(ws)
		} else {
			kept.add(ws)
		}
	}
	if len(refused.ordinals)+len(refused.prices) == 0 {
		return
	}
	req.Ordinals, req.PricePicks = kept.ordinals, kept.prices
	req.RefusedOrdinals, req.RefusedPricePicks = refused.ordinals, refused.prices
	req.Ordinal, req.PricePick = 0, 0
	if len(kept.ordinals) == 1 && len(kept.prices) == 0 {
		req.Ordinal = kept.ordinals[0]
	}
	if len(kept.prices) == 1 && len(kept.ordinals) == 0 {
		req.PricePick = kept.prices[0]
	}
}

// refusalClause is a clause's words, its leading no and lead-ins dropped, and
// whether it starts with a refusal ("not the first one").
func refusalClause(clause string) ([]string, bool) {
	ws, _ := shopWords(clause)
	ws = positionWords(ws)
	for len(ws) > 0 && (shopLeadingNo[ws[0]] || shopLeadIns[ws[0]]) {
		ws = ws[1:]
	}
	return ws, len(ws) > 0 && shopRefusals[ws[0]]
}

// clausePicks are the positions and picks by price some clauses name, each once.
type clausePicks struct{ ordinals, prices []int }

func (c *clausePicks) add(ws []string) {
	for _, w := range ws {
		if n, ok := shopOrdinal(w); ok {
			c.ordinals = appendOnce(c.ordinals, n)
		}
	}
	for _, p := range pricePicks(strings.Join(ws, " ")) {
		c.prices = appendOnce(c.prices, p)
	}
}

// Refuses reports whether the selection refuses cards by position or price.
func (req *ShopRequest) Refuses() bool {
	return len(req.RefusedOrdinals)+len(req.RefusedPricePicks) > 0
}

func appendOnce(list []int, n int) []int {
	if slices.Contains(list, n) {
		return list
	}
	return append(list, n)
}

// shopAckObjects are the words a verb of acknowledgement takes ("roger that",
// "copy that", "noted this").
var shopAckObjects = wordSet(`that this it`)

// CutAcknowledgement reports whether text opens with a clause of one word and
// a demonstrative ("Roger that, thanks.", "copy that", "noted this."): a verb
// said of the bot's last words, never a product named (a product phrase puts
// its determiner before the thing, not after); rest is what follows that
// clause ("thanks.").
func CutAcknowledgement(text string) (rest string, ok bool) {
	first, rest, _ := strings.Cut(text, ",")
	if f, r, cut := strings.Cut(first, "."); cut {
		first, rest = f, r
	}
	ws := phraseWords(first)
	if len(ws) != 2 || !shopAckObjects[ws[1]] || !isCandidateWord(ws[0]) && !shopPoliteParticles[ws[0]] {
		return "", false
	}
	return strings.TrimSpace(rest), true
}
