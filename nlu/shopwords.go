package nlu

import (
	_ "embed"
	"slices"
	"strconv"
	"strings"
)

// shopWordsText holds the shop parser's words of Portuguese, Italian and German
// and of form labels (shop_words.txt), kept as data beside the sets of shop.go.
//
//go:embed shop_words.txt
var shopWordsText string

// init merges shop_words.txt into the shop parser's sets: the sets are built
// before any init runs, and are never written after it.
func init() {
	for _, line := range strings.Split(shopWordsText, "\n") {
		head, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		set, _, _ := strings.Cut(strings.TrimSpace(head), " ")
		addShopWords(set, list)
	}
	addPoliteParticles()
}

// shopPoliteParticles are the one-word polite words of the reply lexicon
// (addPoliteParticles); "noted" of "noted that" stays a verb of acknowledgement.
var shopPoliteParticles = map[string]bool{}

// shopSearchablePolite are polite words that are also things a shop sells or
// a brand ("pet", "boss", "love"): the "searchable" line of shop_words.txt.
var shopSearchablePolite = map[string]bool{}

// addPoliteParticles makes the one-word polite words and particles of the
// reply lexicon (politePhrases: "ka", "krub", "lah", "po", "ji", "yaar",
// "mate") filler to the shop parser: said after a product or a card's name
// ("have cap ka?", "sunglasses ka"), they are neither search words nor a word
// the card's name lacks. The lexicon is shared, not copied; the tags it does
// not hold are the "nonquery particles" lines of shop_words.txt.
func addPoliteParticles() {
	for _, phrases := range politePhrases {
		for _, p := range phrases {
			ws := strings.Fields(strings.Map(queryRune, key(p)))
			switch {
			case len(ws) == 1 && !shopSearchablePolite[ws[0]]:
				shopNonQueryWords[ws[0]] = true
				shopPoliteParticles[ws[0]] = true
			case len(ws) > 1:
				shopPoliteEndings = append(shopPoliteEndings, ws)
			}
		}
	}
	// The longest first, in one order: the lexicon is a map.
	slices.SortFunc(shopPoliteEndings, func(a, b []string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return slices.Compare(a, b)
	})
}

// shopPoliteEndings are the polite phrases of several words ("os gwelwch
// yn dda", "s'il vous plaît"), read away at a message's end: their words
// alone mean other things (Portuguese "os" is "the", which would name a card).
var shopPoliteEndings [][]string

// withoutPoliteEnding is ws without the polite phrase of several words it
// ends with (all of them when it is all the message holds).
func withoutPoliteEnding(ws []string) []string {
	for _, p := range shopPoliteEndings {
		if n := len(ws) - len(p); n >= 0 && slices.Equal(ws[n:], p) {
			return ws[:n]
		}
	}
	return ws
}

// shopWordSets are the sets of shop_words.txt whose lines are plain words.
var shopWordSets = map[string]map[string]bool{
	"frame": shopFrameWords, "nonquery": shopNonQueryWords, "want": shopWantWords, "look": shopLookWords,
	"more": shopMoreWords, "definite": shopForeignDefinites, "position": shopPositionCues, "modifier": nounModifiers,
	"label-product": shopProductLabels, "label-page": shopPageLabels, "tagverb": shopTagVerbs, "searchable": shopSearchablePolite,
	"morealone": shopMoreAlone, "hedge": shopHedgeWords, "around": shopAroundWords,
	"sizeword": shopSizeWords, "sizevalue": shopSizeValues,
}

// addShopWords adds one line's words to its set; a line of an unknown set is
// skipped (TestShopWordsFile refuses one).
func addShopWords(set, list string) {
	if set == "hedge" {
		addShopWords("nonquery", list) // a hedge is no search word either
	}
	if words, ok := shopWordSets[set]; ok {
		for _, w := range strings.Fields(list) {
			// As a message is folded: "อีก" loses its vowel mark, "ещё" its
			// diaeresis.
			words[w] = true
			if k := key(w); k != "" {
				words[k] = true
			}
		}
		return
	}
	if topic, ok := strings.CutPrefix(set, "topic-"); ok && shopTopics[topic] != nil {
		for _, w := range strings.Fields(list) {
			shopTopics[topic][w] = true
		}
		return
	}
	switch set {
	case "morephrase", "questiontag", "recommend", "whatthis":
		addShopPhrases(set, list)
	case "ordinal", "number":
		for _, pair := range strings.Fields(list) {
			w, v, _ := strings.Cut(pair, "=")
			if set == "number" {
				shopPositionNumbers[w] = v
			} else if n, err := strconv.Atoi(v); err == nil {
				shopOrdinals[w] = n
			}
		}
	}
}

// addShopPhrases adds one line's phrases ("|" between them) to its set; a
// phrase with an apostrophe is read without it too ("whats this"), but for a
// question tag, whose apostrophes are none.
func addShopPhrases(set, list string) {
	phrases := shopPhraseSets[set]
	for _, p := range strings.Split(list, "|") {
		if w := phraseWords(p); len(w) > 0 {
			*phrases = append(*phrases, w)
		}
		if bare := strings.ReplaceAll(p, "'", ""); bare != p && set != "questiontag" {
			*phrases = append(*phrases, phraseWords(bare))
		}
	}
}

// shopPhraseSets are the sets of shop_words.txt whose lines are phrases, "|"
// between them.
var shopPhraseSets = map[string]*[][]string{
	"morephrase": &shopMorePhrases, "questiontag": &shopQuestionTags,
	"recommend": &shopRecommendPhrases, "whatthis": &shopWhatThisPhrases,
}

// shopProductLabels and shopPageLabels are the labels of form fields whose
// value is the product sought or the page of results wanted (shop_words.txt).
var (
	shopProductLabels = map[string]bool{}
	shopPageLabels    = map[string]bool{}
)

// ShopFormField reads a message written as a form field or key=value pair
// ("Item: stapler, Qty: 10", "product=umbrella", "page=2"): the value of a
// product's label up to the next field (what is sought, as typed), or the
// page of a page's label. ok is false for any other message, or a label of
// neither ("Qty: 10", "Departure: Lisbon").
func ShopFormField(text string) (sought string, page int, ok bool) {
	label, value, ok := CutFormLabel(text, func(w string) bool { return shopProductLabels[w] || shopPageLabels[w] })
	if !ok {
		return "", 0, false
	}
	if i := strings.IndexAny(value, ",;&|\n"); i >= 0 {
		value = strings.TrimSpace(value[:i])
	}
	last := label[len(label)-1]
	switch {
	case shopPageLabels[last]:
		n, err := strconv.Atoi(value)
		return "", n, err == nil && n > 0
	case shopProductLabels[last] && hasWord(value):
		return value, 0, true
	}
	return "", 0, false
}

// TypoDistance is the number of typos between a and b: letters added, dropped
// or changed, and two neighbouring letters swapped counted as one (the
// optimal string alignment distance the city reader uses).
func TypoDistance(a, b string) int { return osaDistance(a, b) }
