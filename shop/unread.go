package shop

import (
	_ "embed"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop/lexicon"
)

// englishWords is the set of lexicon/english_words.txt: the ordinary English
// words (Debian's wamerican, NOTICE entry 8), a plural in -s left out when its
// singular is listed; built on its first use (package lexicon, which the coach
// shares): a turn asks only when a search would be for something the catalog
// does not sell.
var englishWords = lexicon.EnglishWords

// minEnglishWord is the shortest word looked up in englishWords: one or two
// letters ("ha", "iv") are as often a reply, an initial or a word of another
// language as an English product.
const minEnglishWord = 3

// isEnglishWord reports whether w (lower case) is an ordinary English word:
// listed, or listed without its final "s".
func isEnglishWord(w string) bool {
	if len(w) < minEnglishWord {
		return false
	}
	set := englishWords()
	if _, ok := set[w]; ok {
		return true
	}
	if s, ok := strings.CutSuffix(w, "s"); ok && len(s) >= minEnglishWord {
		if _, ok = set[s]; ok {
			return true
		}
	}
	// "wetsuits", "sunhat": a compound of two English words.
	for i := minEnglishWord; i+minEnglishWord <= len(w); i++ {
		if _, ok := set[w[:i]]; ok && isListedWord(set, w[i:]) {
			return true
		}
	}
	return false
}

// minEnglishTypo is the shortest word read as an English word with one
// letter added, dropped or changed ("earings", "sneakrs"); a shorter one only
// with two neighbouring letters swapped ("sokcs"): a short word one letter
// from an English word ("iva", "aktar") is as often a word of another
// language.
const minEnglishTypo = 6

// isEnglishTypo reports whether w is one typo from an English word
// (minEnglishTypo): tried by map lookups, only for a word no list holds.
func isEnglishTypo(w string) bool {
	if len(w) < minSwapLength || strings.ContainsFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) {
		return false
	}
	set := englishWords()
	b := []byte(w)
	for i := 0; i+1 < len(b); i++ {
		b[i], b[i+1] = b[i+1], b[i]
		ok := isListedWord(set, string(b))
		b[i], b[i+1] = b[i+1], b[i]
		if ok {
			return true
		}
	}
	if len(w) < minEnglishTypo {
		return false
	}
	for i := range len(w) + 1 {
		if i < len(w) && isListedWord(set, w[:i]+w[i+1:]) {
			return true
		}
		for c := byte('a'); c <= 'z'; c++ {
			if isListedWord(set, w[:i]+string(c)+w[i:]) || i < len(w) && c != w[i] && isListedWord(set, w[:i]+string(c)+w[i+1:]) {
				return true
			}
		}
	}
	return false
}

// isListedWord reports whether w is in set, or is without its final "s".
func isListedWord(set map[string]struct{}, w string) bool {
	if _, ok := set[w]; ok {
		return true
	}
	s, ok := strings.CutSuffix(w, "s")
	if !ok {
		return false
	}
	_, ok = set[s]
	return ok
}

// vagueOpenings are the words of lexicon/vague_openings.txt, folded: slang for
// things to buy ("loot", "drip", "merch") and its intensifiers ("fire").
//
//go:embed lexicon/vague_openings.txt
var vagueOpeningsText string

var vagueOpenings = readWordList(vagueOpeningsText)

// maxUnreadWords is the most words a message may hold to be not understood
// for its words alone: "yana", "daha çox", "barev" are no search, while a
// longer message names what it seeks by its frame ("do you have paraguas?").
const maxUnreadWords = 2

// readsAsAWord reports whether w, a word of the message, is one the shop can
// read: an English word, a catalog word or a typo of one, a word of the
// everyday lexicon (or a typo of one), a kind word of another language, a
// noun of a made thing the word list lacks (lexicon.IsArtifactNoun:
// "lederhosen", "snood", from WordNet; issue 38 round 25), or a word the
// gloss layer reads. Any other word ("yana", "unek", "voch") names no product
// the shop could say it does not carry.
func (t *turn) readsAsAWord(w string) bool {
	w = strings.ToLower(w)
	return isEnglishWord(w) || isEnglishTypo(w) || t.e.catalogWords[w] || len(everydayKinds(w)) > 0 || len(typoKinds(w)) > 0 ||
		t.e.catalogTypo(w) != "" || kindOfWord(w) != "" || lexicon.IsArtifactNoun(w) || nlu.Gloss(w) != w
}

// soughtIsNoWord reports whether the thing a search for something unsold
// seeks (its last word) is no word the shop can read (readsAsAWord), in a
// message the shop cannot read otherwise: the catalog knows another of its
// words ("beanie unek?": the beanie is searched, "unek" is no search term), or
// the message is of one or two words none of which the shop reads ("yana",
// "barev", "yana please": its polite words left out; "any wellies?" has its
// "any"). Such a message is not understood:
// asked again, never answered "we don't carry 'yana'".
func (t *turn) soughtIsNoWord(head string, known []string) bool {
	if t.readsAsAWord(head) {
		return false
	}
	if len(known) > 0 {
		return true
	}
	// A polite word reads as no thing sought ("moa plis": "moa" is unread).
	words := slices.DeleteFunc(nlu.FoldWords(t.msg.Text), nlu.IsPolite)
	return len(words) <= maxUnreadWords && !slices.ContainsFunc(words, func(w string) bool {
		return nlu.NamesNoProduct(w) || t.readsAsAWord(w)
	})
}

// soughtIsVague reports whether every word of the product phrase is slang for
// things to buy or an intensifier (vagueOpenings: "loot", "drip", "fire
// stuff"), or whether it ends in a word naming a sale and no word of it
// names a kind of product (saleWords: "black friday deals"), or ends in an
// occasion with no word naming a kind ("any ideas for an easter basket?":
// "easter"; "the easter egg hunt"): a vague opening, asked what the shopper
// is looking for.
func (t *turn) soughtIsVague() bool {
	sought := t.req.Sought
	if len(sought) == 0 {
		return false
	}
	if saleWords[strings.ToLower(sought[len(sought)-1])] || endsInOccasion(nlu.FoldWords(t.msg.Text), sought) {
		return !slices.ContainsFunc(sought, t.namesAKind)
	}
	return !slices.ContainsFunc(sought, func(w string) bool {
		return !vagueOpenings[strings.ToLower(w)]
	})
}

// occasionsText is lexicon/occasions.txt: nouns naming an occasion a gift is
// for, not a product.
//
//go:embed lexicon/occasions.txt
var occasionsText string

var occasionWords = readWordList(occasionsText)

// endsInOccasion reports whether a product phrase ends in an occasion: its
// last word a noun of occasionWords ("a baby shower", "the egg hunt"), or a
// word of a holiday's name said in the message (nlu.InHolidayName:
// "easter"; "good friday", "mother's day", whose other words no product
// phrase keeps).
func endsInOccasion(msg, sought []string) bool {
	head := nlu.FoldWords(sought[len(sought)-1])
	if len(head) == 0 {
		return false
	}
	last := head[len(head)-1]
	if occasionWords[last] {
		return true
	}
	j := slices.Index(msg, head[0])
	return j >= 0 && nlu.InHolidayName(msg, j)
}

// saleWordsText is lexicon/sale_words.txt: words naming a sale, not a
// product.
//
//go:embed lexicon/sale_words.txt
var saleWordsText string

var saleWords = readWordList(saleWordsText)

// kindWordsText is lexicon/kind_words.txt: words for the common kinds of
// retail products in other languages.
//
//go:embed lexicon/kind_words.txt
var kindWordsText string

// kindWords maps a folded word of another language to the English word of the
// kind it names ("pet": cap; "czapka": hat).
var kindWords = readKindWords(kindWordsText)

// readKindWords reads "kind: words" lines; "#" starts a comment.
func readKindWords(text string) map[string]string {
	out := map[string]string{}
	for line := range strings.Lines(text) {
		kind, words, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, w := range nlu.FoldWords(words) {
			out[w] = strings.TrimSpace(kind)
		}
	}
	return out
}

// kindOfWord returns the English word of the kind a word of another language
// names, or "".
func kindOfWord(w string) string {
	return kindWords[strings.ToLower(w)]
}

// readKindWord reads again, with each word of kindWords the catalog does not
// know written as its English kind, a message the shop's words left unread: a
// search for something unsold, nothing understood, or a pick by words the
// catalog does not know ("die pet, asseblief" as "die cap, asseblief",
// "saulesbrilles" as "sunglasses"). The new reading is kept when it searches
// for what the catalog sells or picks a card; otherwise the message stays as
// read.
func (t *turn) readKindWord() {
	if !t.mayReadKindWord() {
		return
	}
	text, ok := t.withKindWords(t.msg.Text)
	if !ok {
		return
	}
	prev, prevUnsold, prevAsked, prevText := t.req, t.unsold, t.asked, t.msg.Text
	t.unsold, t.asked, t.msg.Text = false, nil, text
	t.req = t.parser().Parse(text, "")
	t.req.Price = priceInDomain(t.req.Price)
	if t.req.Intent == nlu.ShopSearch || t.req.Intent == nlu.ShopSelect {
		t.respell()
		t.keepKnownTerms()
	}
	if t.unsold || (t.req.Intent != nlu.ShopSearch && t.req.Intent != nlu.ShopSelect) {
		t.req, t.unsold, t.asked, t.msg.Text = prev, prevUnsold, prevAsked, prevText
	}
}

// mayReadKindWord reports whether the message was left unread by the shop's
// words: nothing understood, a search for something unsold, or a pick whose
// words the catalog does not know.
func (t *turn) mayReadKindWord() bool {
	switch r := t.req; {
	case r.Intent == nlu.ShopAmbiguous, r.Intent == nlu.ShopSearch && t.unsold:
		return true
	case r.Intent == nlu.ShopSelect && len(r.Mention) > 0:
		if !slices.ContainsFunc(r.Mention, func(w string) bool { return kindOfWord(w) != "" }) {
			return false
		}
		ids, err := t.byMention(t.st.PageProductIDs)
		return err == nil && len(ids) == 0
	}
	return false
}

// withKindWords writes each word of text that kindWords holds and the catalog
// does not know as its English kind; ok is false when none is.
//
// A word that is also an English word ("pet": a pet, a term of endearment;
// "hut", "bone") is read as another language's only when the message has a
// word that is not English ("die pet, asseblief"): in an English sentence
// ("put us through to a person, pet") it is the English word.
func (t *turn) withKindWords(text string) (string, bool) {
	fields := strings.Fields(text)
	changed := false
	english := -1 // unknown until a kind word that is an English word asks
	for i, f := range fields {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) })
		folded := nlu.FoldWords(w)
		if len(folded) != 1 || t.e.catalogWords[folded[0]] {
			continue
		}
		// A word the English list holds only as a name ("Platte", a river;
		// German's record) is no English word of a sentence: its kind reads.
		if kindOfWord(folded[0]) != "" && isEnglishWord(folded[0]) && !lexicon.IsNameOnly(folded[0]) {
			if english < 0 {
				english = boolInt(allEnglishBut(fields, i))
			}
			if english == 1 {
				continue
			}
		}
		if kind := kindOfWord(folded[0]); kind != "" {
			fields[i], changed = strings.Replace(f, w, kind, 1), true
		}
	}
	return strings.Join(fields, " "), changed
}

// pickByWhatItLacks reads a search of a sold product said plain or without
// something ("plain beanie", "beanie without the logo") while cards are shown
// as a pick among the cards its words find: the plain one (plainOnes) or the
// one without the thing (lacking). None or several such cards are asked
// about; words that find no card shown stay a search.
func (t *turn) pickByWhatItLacks() {
	r := t.req
	if r.Intent != nlu.ShopSearch || t.unsold || (!r.Plain && len(r.Lacks) == 0) || len(r.Terms) == 0 || !t.cardsShown() {
		return
	}
	pick := r
	pick.Intent, pick.Mention = nlu.ShopSelect, slices.Clone(r.Terms)
	t.req = pick
	if ids, err := t.byMention(t.st.PageProductIDs); err != nil || len(ids) == 0 {
		t.req = r
	}
}

// cardsShown reports whether cards are shown and may be picked.
func (t *turn) cardsShown() bool {
	s := t.state()
	return len(t.st.PageProductIDs) > 0 && (s == StateRecommending || s == StateAwaitingConfirmation)
}

// pickByBarePrice reads a pick that names nothing but one bare number ("the
// 90 one") as the card at that price when a card shown is at that price: the
// shopper reads the price off the card. A number that is no price shown, or
// could be a position on the page, is left as read; two cards at the price
// are asked about (picksOnlyOne).
func (t *turn) pickByBarePrice() {
	r := t.req
	if r.Intent != nlu.ShopSelect || r.Ordinal != 0 || r.Amount != nil || r.PricePick != 0 || r.Other ||
		len(r.Mention) > 0 || len(r.Lacks) > 0 || len(t.st.PageProductIDs) == 0 {
		return
	}
	n, ok := bareNumber(t.msg.Text)
	if !ok || n <= float64(len(t.st.PageProductIDs)) {
		return
	}
	if ids, err := t.byAmount(t.st.PageProductIDs, n); err == nil && len(ids) > 0 {
		t.req.Amount = &n
	}
}

// bareNumber returns the one number of text written in digits ("the 90
// one"); ok is false when text holds none or several.
func bareNumber(text string) (float64, bool) {
	var n float64
	found := 0
	for f := range strings.FieldsFuncSeq(text, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '?' || r == '!' }) {
		f = strings.TrimSuffix(f, ".")
		if v, err := strconv.ParseFloat(f, 64); err == nil && !strings.ContainsAny(f, "eEinfINF+-") {
			n = v
			found++
		}
	}
	return n, found == 1
}

// readVagueOpening reads a message made only of slang for things to buy that
// a typo reading took for thanks or a greeting ("merch" is no "merci") as a
// vague opening: asked what the shopper is looking for.
func (t *turn) readVagueOpening() {
	switch t.req.Intent {
	case nlu.ShopThanks, nlu.ShopGreeting:
	default:
		return
	}
	words := nlu.FoldWords(t.msg.Text)
	if len(words) > 0 && !slices.ContainsFunc(words, func(w string) bool { return !vagueOpenings[w] }) {
		t.req, t.vague = nlu.ShopRequest{Intent: nlu.ShopAmbiguous}, true
	}
}

// allEnglishBut reports whether every word of fields but the one at skip is
// English: an English word, one typo from one, or too short to tell
// (minEnglishWord).
func allEnglishBut(fields []string, skip int) bool {
	for i, f := range fields {
		if i == skip {
			continue
		}
		for _, w := range nlu.FoldWords(f) {
			if len(w) >= minEnglishWord && !isEnglishWord(w) && !isEnglishTypo(w) {
				return false
			}
		}
	}
	return true
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
