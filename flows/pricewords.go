package flows

import (
	_ "embed"
	"sort"
	"strconv"
	"strings"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop/lexicon"
)

// price_words.txt holds, as data, the words with which a user picks a listed
// record by its price or rating ("the cheap one", "the fanciest one", "the
// best rated"); see pricePick.
//
//go:embed price_words.txt
var priceWordsText string

// pricePhrase is one phrase of price_words.txt, folded, and its list.
type pricePhrase struct{ key, side string }

// pricePhrases are the phrases of price_words.txt, longest first: "least
// expensive" is read before "expensive".
var pricePhrases = func() []pricePhrase {
	var out []pricePhrase
	for side, ps := range readNoPreference(priceWordsText) {
		for _, p := range ps {
			out = append(out, pricePhrase{foldKey(strings.Join(p, " ")), side})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if len(out[i].key) != len(out[j].key) {
			return len(out[i].key) > len(out[j].key)
		}
		return out[i].key < out[j].key
	})
	return out
}()

// priceSides are the lists of price_words.txt whose phrases k (folded words
// between spaces) holds, each phrase's words read once.
func priceSides(k string) map[string]bool {
	sides := map[string]bool{}
	for _, p := range pricePhrases {
		for strings.Contains(k, " "+p.key+" ") {
			sides[p.side] = true
			k = strings.Replace(k, " "+p.key+" ", " | ", 1)
		}
	}
	return sides
}

// priceTypoSides are the lists of price_words.txt that a word of k names
// typed a letter away ("cheapst", "pricest"): a word of six letters or more
// that no English dictionary lists, one edit from a one-word phrase of as
// many letters or more. A word near phrases of two lists names none.
func priceTypoSides(k string) map[string]bool {
	sides := map[string]bool{}
	for w := range strings.FieldsSeq(k) {
		if len(w) < 6 || lexicon.IsEnglishWord(w) {
			continue
		}
		for _, p := range pricePhrases {
			if len(p.key) >= 6 && !strings.Contains(p.key, " ") && nlu.Levenshtein(w, p.key) == 1 {
				sides[p.side] = true
			}
		}
	}
	return sides
}

// pricePick is the record k (folded words between spaces) picks by price or
// rating: said is false when k says none of price_words.txt, and v nil
// when it says two kinds, or the pick ties or lacks the field.
func pricePick(sl *slot, cands []map[string]string, k string) (v any, said bool) {
	sides := priceSides(k)
	if len(sides) == 0 {
		sides = priceTypoSides(k)
	}
	if len(sides) != 1 || strings.Contains(k, " or ") {
		return nil, len(sides) > 0 // "the cheap one or the 4 star": two picks
	}
	var ok bool
	switch {
	case sides["cheapest"]:
		v, ok = priced(sl, cands, false)
	case sides["dearest"]:
		v, ok = priced(sl, cands, true)
	case sides["best_rated"]:
		v, ok = mostStars(sl, cands)
	}
	if !ok {
		return nil, true
	}
	return v, true
}

// starsField is the record field a rating superlative compares ("4 stars").
const starsField = "stars"

// mostStars is the value of cands of most stars, none on a tie or when a
// rating does not read as a number first.
func mostStars(sl *slot, cands []map[string]string) (any, bool) {
	best, most, tie := "", 0, false
	for _, r := range cands {
		f := strings.Fields(r[starsField])
		if r[sl.name] == "" || len(f) == 0 {
			continue // a record of another action ("rooms"), as priced skips one without a price
		}
		n, err := strconv.Atoi(f[0])
		if err != nil {
			return nil, false
		}
		switch {
		case best == "" || n > most:
			best, most, tie = r[sl.name], n, false
		case n == most && r[sl.name] != best:
			tie = true
		}
	}
	if best == "" || tie {
		return nil, false
	}
	return best, true
}
