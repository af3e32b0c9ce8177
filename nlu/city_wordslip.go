package nlu

import (
	"strings"
	"sync"

	"github.com/parleyhq/parley/shop/lexicon"
)

// A city of the gazetteer (GeoNames's cities of 100,000 people or more)
// whose name is two to four words, typed in lower case with one slip in one
// word (issue 38 round 20: "baton roughe", "fort worht"): the other words are
// the name's as they are, and the slipped word (four letters or more) is one
// letter added, dropped or changed, or two neighbours swapped, from the
// name's word and is no word of the lexicons or of English ("baton rough"
// is words: asked again). Only the gazetteer's own names are read so, never
// the towns list's 42,000 (a slip near a small town is as likely a place the
// list lacks: UndoubledCity); two cities that fit name none.

// minSlipWord is the fewest letters of a word read with one slip.
const minSlipWord = 4

// gazetteerSlots are the gazetteer's own names of two to four ASCII words,
// each filed once per word of minSlipWord letters or more under the name
// with that word left out ("baton *"), with the word; built on first need.
var gazetteerSlots = sync.OnceValue(func() map[string][]slotWord {
	out := map[string][]slotWord{}
	g := geoIndex()
	for k, c := range g.city {
		ws := strings.Fields(k)
		if len(ws) < 2 || len(ws) > 4 || !isASCII(k) || g.shared[k] || CityKey(c) != k {
			continue
		}
		for i, w := range ws {
			if len(w) >= minSlipWord {
				out[slotKey(ws, i)] = append(out[slotKey(ws, i)], slotWord{w, c})
			}
		}
	}
	return out
})

// slotWord is a word left out of a name, and the name's city.
type slotWord struct{ word, city string }

// slotKey is ws joined by spaces with its i'th word written "*".
func slotKey(ws []string, i int) string {
	var b strings.Builder
	for j, w := range ws {
		if j > 0 {
			b.WriteByte(' ')
		}
		if j == i {
			w = "*"
		}
		b.WriteString(w)
	}
	return b.String()
}

// wordSlipCity is the one gazetteer city whose name of two to four words ws
// (folded words, lower-case ASCII) is with one slip in one word (above).
func wordSlipCity(ws []string) (string, bool) {
	if len(ws) < 2 || len(ws) > 4 || !isASCII(strings.Join(ws, "")) || geoNamesPlace(strings.Join(ws, " ")) {
		return "", false
	}
	found := ""
	for i, w := range ws {
		if len(w) < minSlipWord || lexiconKnows(w) || lexicon.IsEnglishWord(w) {
			continue
		}
		for _, s := range gazetteerSlots()[slotKey(ws, i)] {
			if !oneTypo(w, s.word) || s.city == found {
				continue
			}
			if found != "" {
				return "", false // two cities fit: asked again
			}
			found = s.city
		}
	}
	return found, found != ""
}
