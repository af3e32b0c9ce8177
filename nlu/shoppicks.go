package nlu

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// This file holds the ways a shopper names a card among those shown that the
// rules of shop.go did not read (issue 38, round 4): a position counted from
// the end, a position in Darija or Arabic, a bare number, the card's price, a
// card named by what it lacks, a definite article of another language, and a
// pick at the end of a story. Each is data read by the rules of shop.go.

// shopMoreOrdinals are positions in more spellings than shopOrdinals gives:
// Darija in Latin letters and Arabic script, the feminine forms, and the
// positions counted from the end (-2 the second to last, -3 the third to last:
// ShopRequest.Ordinal).
var shopMoreOrdinals = map[string]int{
	"lwel": 1, "lawel": 1, "lewel": 1, "l-awel": 1, "l'awel": 1, "lwla": 1, "lowla": 1, "loula": 1,
	"tania": 2, "ttani": 2, "talta": 3, "ttalet": 3,
	"lakhar": -1, "lakhir": -1, "lekher": -1, "lkher": -1, "l-akhir": -1, "l-akher": -1, "l'akhir": -1, "l'akher": -1,
	"اللول": 1, "الاولى": 1, "التاني": 2, "الثانية": 2, "التانية": 2, "التالت": 3, "الثالثة": 3, "التالتة": 3,
	"اللخر": -1, "لخر": -1, "الاخيرة": -1, "اللخرة": -1,
	"cuarto": 4, "cuarta": 4, "quinta": 5,
	"penultimate": -2, "penultimo": -2, "penultima": -2, "avant-dernier": -2, "avant-derniere": -2,
	"l'avant-dernier": -2, "l'avant-derniere": -2,
	"second-to-last": -2, "next-to-last": -2, "second-last": -2, "last-but-one": -2,
	"antepenultimate": -3, "antepenultimo": -3, "antepenultima": -3, "third-to-last": -3, "third-last": -3,
}

// shopFromEndPhrases count a position from the end in several words, by
// their first word: each is read as the one word of shopMoreOrdinals it
// stands for.
var shopFromEndPhrases = func() map[string][]fromEndPhrase {
	out := map[string][]fromEndPhrase{}
	for word, list := range map[string]string{
		"penultimate": "second to last|second to the last|second from last|second from the last|second from the end|" +
			"last but one|next to last|next to the last|one before last|one before the last|" +
			"avant dernier|avant derniere|qbel lakher|9bel lakher|qbel lakhar|9bel lakhar|qbel l'akher|" +
			"قبل الاخير|قبل اللخر|قبل الاخيرة",
		"antepenultimate": "third to last|third to the last|third from last|third from the last|third from the end",
		// "the one at the end", "the one on the far left": a place in
		// the row of cards said for the last or the first; only after
		// "one" ("hoodies at the end of the month" points at no card).
		"last":  "one at the end|one at the very end|one on the end|one at the far end|one on the far right|one at the bottom",
		"first": "one at the start|one at the beginning|one at the very beginning|one on the far left|one at the top",
	} {
		for _, p := range strings.Split(list, "|") {
			ws := strings.Fields(p)
			out[ws[0]] = append(out[ws[0]], fromEndPhrase{ws, word})
		}
	}
	return out
}()

// fromEndPhrase is a phrase of several words and the ordinal word it stands for.
type fromEndPhrase struct {
	phrase []string
	word   string
}

// shopInterjections open a message with a reaction before what it says ("ooh
// the cap", "wow, the sunglasses", "omg the belt"): lead-ins like
// shopLeadIns.
var shopInterjections = wordSet(`ooh oooh ohh ohhh ahh aah aaah wow woah whoa omg yay ooo mmm mmh yess yesss ohlala oh-la-la
	ay ey waw wa3r`)

// shopHedges open a pick that hedges ("maybe the belt?", "perhaps the cap",
// "peut-être le bonnet"): lead-ins like shopLeadIns, the pick still a pick
// that the shopper confirms or not.
var shopHedges = wordSet(`maybe perhaps possibly probably peut-etre quizas quiza igual yimken ymken`)

// shopYouWords address the shop; shopStockVerbs say what it has. Together
// with a negation they ask about stock ("do you seriously not have
// swimsuits", "you don't sell kayaks?", "vous n'avez pas de sacs ?", "¿no
// tienen mochilas?"), a search for the thing named.
var (
	shopYouWords   = wordSet(`you u ya y'all yall vous tu ustedes usted vosotros`)
	shopStockVerbs = wordSet(`have got sell carry stock offer`)
	// shopYourStock say "you have" by themselves ("¿no tienen mochilas?").
	shopYourStock = wordSet(`avez vendez tienen tienes venden 3ndkom 3andkom 3endkom 3andek 3ndek`)
)

// asksStock reports whether the frame word w, negated, asks about the shop's
// stock: a verb of having said to the shop (you: the message addressed it).
func asksStock(w string, you bool) bool {
	return shopYourStock[w] || you && shopStockVerbs[w]
}

// shopElisions are the French elided words written on the next ("n'avez",
// "d'autres", "qu'avez"): the word after them is read on its own.
var shopElisions = []string{"n'", "d'", "qu'", "s'"}

// withoutElision returns w without an elided word written on it.
func withoutElision(w string) string {
	for _, e := range shopElisions {
		if rest, ok := strings.CutPrefix(w, e); ok && rest != "" {
			return rest
		}
	}
	return w
}

func init() {
	for w := range shopHedges {
		shopLeadIns[w] = true
	}
	for w, n := range shopMoreOrdinals {
		shopOrdinals[w] = n
	}
	for w := range shopInterjections {
		shopLeadIns[w] = true
	}
}

// fromEndWords writes the phrases that count from the end ("second to last",
// "last but one", "avant dernier") as the one word they stand for; ws itself
// when none is there.
func fromEndWords(ws []string) []string {
	var out []string
	for i := 0; i < len(ws); i++ {
		n, word := fromEndPhraseAt(ws, i)
		if n > 0 && out == nil {
			out = append(make([]string, 0, len(ws)), ws[:i]...)
		}
		switch {
		case n > 0:
			out = append(out, word)
			i += n - 1
		case out != nil:
			out = append(out, ws[i])
		}
	}
	if out == nil {
		return ws
	}
	return out
}

// fromEndPhraseAt is the length of the phrase counting from the end at
// ws[i], and the word it stands for; 0 when none is there.
func fromEndPhraseAt(ws []string, i int) (int, string) {
	for _, p := range shopFromEndPhrases[ws[i]] {
		if i+len(p.phrase) <= len(ws) && slices.Equal(ws[i:i+len(p.phrase)], p.phrase) {
			return len(p.phrase), p.word
		}
	}
	return 0, ""
}

// bareDigitPosition reads a message that is a digit of a page's positions and
// nothing else ("4", "#2") as that position: with cards shown, a number alone
// counts the cards (an amount is said with a currency or a price word).
func bareDigitPosition(ws []string) []string {
	if len(ws) == 1 && len(ws[0]) == 1 && ws[0][0] >= '1' && ws[0][0] <= '9' {
		if ord, ok := shopPositionNumbers[ws[0]]; ok {
			return []string{ord}
		}
	}
	return ws
}

// shopCurrencyWords mark an amount as a price ("16 dollars", "20 euro", "90
// dh"); shopCurrencySigns do so written on the number ("$90", "90€", "90dh").
var (
	shopCurrencyWords = wordSet(`$ € dollar dollars bucks buck usd euro euros eur dh dhs dirham dirhams mad
		dolar dolares pesos درهم دراهم دولار يورو`)
	shopCurrencySigns = []string{"$", "€", "usd", "eur", "dhs", "dh", "mad"}
	// shopPriceCues say that the number after them is what a card costs:
	// "the one for 16", "the one at 55", "whichever is 35", "celle à 90",
	// "la de 55", "li b 90".
	shopPriceCues = wordSet(`for at is costs cost costing priced a pour por de b bi ب that's thats it's was are cuesta cuestan vale valen coute coutent fait`)
)

// shopAmount reads the one price a message names a card by ("the $90 one",
// "the one for 16 dollars", "the 20 euro one", "whichever is 35", "celle à
// 90 euros"): an amount written with a currency sign or word, or after a word
// that says what a thing costs. None, or two different amounts, read none: a
// number alone is no price.
func shopAmount(k string) (float64, bool) {
	if !strings.ContainsAny(k, "0123456789") {
		return 0, false
	}
	toks := strings.FieldsFunc(k, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("$€.,'", r))
	})
	var found []float64
	for i := range toks {
		v, ok := amountAt(toks, i)
		if ok && (len(found) == 0 || found[0] != v) {
			found = append(found, v)
		}
	}
	if len(found) != 1 {
		return 0, false
	}
	return found[0], true
}

// amountAt reads toks[i] as an amount marked as money: a currency sign or
// word on it or after it, or a word of costing before it.
func amountAt(toks []string, i int) (float64, bool) {
	num, marked := cutCurrency(strings.Trim(toks[i], ".,'"))
	if strings.Trim(num, "0123456789.,") != "" || !strings.ContainsAny(num, "0123456789") {
		return 0, false
	}
	marked = marked || i+1 < len(toks) && shopCurrencyWords[strings.Trim(toks[i+1], ".,")] ||
		i > 0 && shopPriceCues[toks[i-1]]
	v, ok := parseAmount(num)
	return v, ok && marked
}

// cutCurrency returns a token's number without the currency sign written on
// it, and whether one was.
func cutCurrency(t string) (string, bool) {
	for _, s := range shopCurrencySigns {
		if n, ok := strings.CutPrefix(t, s); ok && n != "" {
			return n, true
		}
		if n, ok := strings.CutSuffix(t, s); ok && n != "" {
			return n, true
		}
	}
	return t, false
}

// shopWithoutWords open what a card named lacks ("the hoodie without the
// logo", "le bonnet sans logo", "el gorro sin logo", "bla logo", "بدون"):
// the words after them are ShopRequest.Lacks, not what the card is named by.
var shopWithoutWords = wordSet(`without sans sin bla blach minus بدون بلا`)

// withNoAsWithout writes "with no" ("the hoodie with no logo", "avec pas de")
// as "without", so that what follows is what the card lacks.
func withNoAsWithout(ws []string) []string {
	if !slices.ContainsFunc(ws, func(w string) bool { return w == "with" || w == "avec" }) {
		return ws
	}
	out := make([]string, 0, len(ws))
	for i := 0; i < len(ws); i++ {
		if i+1 < len(ws) && (ws[i] == "with" || ws[i] == "avec") && (ws[i+1] == "no" || ws[i+1] == "pas") {
			out = append(out, "without")
			i++
			if i+1 < len(ws) && ws[i] == "pas" && ws[i+1] == "de" {
				i++
			}
			continue
		}
		out = append(out, ws[i])
	}
	return out
}

// shopForeignDefinites are the definite articles of French and Spanish: a
// short message opening with one names a card as "the" does ("la ceinture",
// "las gafas de sol", "el gorro").
var shopForeignDefinites = wordSet(`la le les el los las`)

// leadingDefinite reports whether lead (a message's words, lead-ins dropped)
// is a short reference to a card opening with a definite article, English
// ("the sunglasses then") or French and Spanish ("la ceinture", "el gorro
// sin logo").
func leadingDefinite(lead []string) bool {
	if len(lead) == 0 {
		return false
	}
	if len(lead) > 1 && shopForeignDefinites[lead[0]] {
		lead = append([]string{"the"}, lead[1:]...)
	}
	return shopDefinites[lead[0]] && definiteReference(lead)
}

// shopPossessives make the position after them the shopper's own ("my last
// pair", "mi último gorro", "mon dernier sac"), no card's.
var shopPossessives = wordSet(`my our his her their mon ma mes notre nos son sa ses mi mis su sus nuestro nuestra`)

// isOrdinal reports whether w is a position among the cards.
func isOrdinal(w string) bool {
	_, ok := shopOrdinal(w)
	return ok
}

// shopClauseBreaks end the story a pick may come after ("..., so the
// sunglasses please", "... anyway the belt").
var shopClauseBreaks = wordSet(`so then anyway anyways donc alors bref entonces pues bueno`)

// FinalClause returns the last clause of a long message, after its last
// break (a comma, a full stop, "so", "anyway", "donc", "entonces"), when the
// words before it are more than a card's reference could be: a shopper who
// tells a story and ends with a pick ("I lost my last ones at the beach, so the
// sunglasses please"). ok is false for a short message or one without a break.
func FinalClause(text string) (string, bool) {
	ws := strings.Fields(strings.Map(func(r rune) rune {
		if strings.ContainsRune(",;.!?", r) {
			return '|'
		}
		return r
	}, strings.Join(strings.Split(key(text), "|"), " ")))
	for len(ws) > 0 && strings.Trim(ws[len(ws)-1], "|") == "" {
		ws = ws[:len(ws)-1]
	}
	for i := len(ws) - 1; i > 0; i-- {
		if !strings.Contains(ws[i], "|") && !shopClauseBreaks[ws[i]] {
			continue
		}
		before, tail := strings.Fields(strings.ReplaceAll(strings.Join(ws[:i+1], " "), "|", " ")), ws[i+1:]
		if shopClauseBreaks[ws[i]] {
			before = before[:len(before)-1]
		}
		if len(tail) == 0 || len(before) <= maxDefiniteReference {
			return "", false
		}
		return strings.Join(tail, " "), true
	}
	return "", false
}

// Positions written as code or a catalogue's numbering ("items[0]",
// "cards[2]", "no. 2", "n° 3", "№4"): an index expression counts from 0, as
// code does; a numbering sign counts from 1.
var (
	shopIndexExpression = regexp.MustCompile(`^\s*[\p{L}_][\p{L}\d_.]*\s*\[\s*(\d{1,2})\s*\]\s*[.!?]*\s*$`)
	shopNumberSign      = regexp.MustCompile(`(?i)^\s*(?:the\s+)?(?:no\.|nr\.?|n°|nº|№|#)\s*(\d{1,2})\s*[.!?]*\s*$`)
)

// codePosition reads a whole message that is a card's position written as
// code or with a numbering sign: the 1-based position, or false.
func codePosition(text string) (int, bool) {
	if m := shopIndexExpression.FindStringSubmatch(text); m != nil {
		n, err := strconv.Atoi(m[1])
		return n + 1, err == nil
	}
	if m := shopNumberSign.FindStringSubmatch(text); m != nil {
		n, err := strconv.Atoi(m[1])
		return n, err == nil && n > 0
	}
	return 0, false
}
