package nlu

import (
	"strings"
	"sync"

	"github.com/parleyhq/parley/shop/lexicon"
)

// A name of two words or more mistyped in several of its words ("sna
// fransisco": San Francisco) is too far from the name as a whole for
// closestCity, yet each word is a slip of the name's word. wordTypoCity reads
// it word by word: as many words as the name, each the name's word, or one
// typo of it within FuzzyTolerance of the word (a word of three letters or
// fewer only with two neighbouring letters swapped: "sna" for "san"), never
// an English word ("new work" is words, not a slip of "New York"). Only one
// city may be nearest: two at the same distance are none (asked again).

// multiWordCityKeys are cityIndex's keys of two words or more in plain
// letters, by their number of words, built on first need.
var multiWordCityKeys = sync.OnceValue(func() map[int][][]string {
	out := map[int][][]string{}
	for k := range cityIndex {
		ws := strings.Fields(k)
		if len(ws) >= 2 && isASCII(k) {
			out[len(ws)] = append(out[len(ws)], ws)
		}
	}
	return out
})

// maxTypoCityWords is the most words of a name wordTypoCity reads.
const maxTypoCityWords = 8

// wordTypoCity is the city joined (folded words) names with a typo in
// several of its words (see above).
func wordTypoCity(joined string) (string, bool) {
	if !isASCII(joined) {
		return "", false
	}
	// The words on the stack: every city's reading asks this (DecideTurn).
	var buf [maxTypoCityWords]string
	typed := buf[:0]
	for w := range strings.FieldsSeq(joined) {
		if len(typed) == len(buf) {
			return "", false // longer than any name read this way
		}
		typed = append(typed, w)
	}
	if len(typed) < 2 {
		return "", false
	}
	near := nearestCity{dist: 1 << 30}
	for _, ws := range multiWordCityKeys()[len(typed)] {
		if d, ok := wordsTypoDistance(typed, ws); ok && d <= near.dist {
			near.see(cityIndex[strings.Join(ws, " ")], d)
		}
	}
	return near.city()
}

// wordsTypoDistance is the typos of typed, word by word, from a name's
// words ws, and whether each word is the name's or a slip of it.
func wordsTypoDistance(typed, ws []string) (int, bool) {
	total := 0
	for i, t := range typed {
		w := ws[i]
		if t == w {
			continue
		}
		if lexicon.IsEnglishWord(t) {
			return 0, false
		}
		d := typoDistance(t, w)
		if len(w) <= 3 {
			if d != 1 || len(t) != len(w) || Levenshtein(t, w) != 2 {
				return 0, false // only a swap: "sna", never "sun" or "sa"
			}
		} else if d > FuzzyTolerance(w) || d > FuzzyTolerance(t) {
			return 0, false
		}
		total += d
	}
	return total, total > 0
}
