package nlu

import (
	"strconv"
	"strings"
	"sync"

	"github.com/parleyhq/parley/nlu/cldr"
)

// Positions among the cards shown in every CLDR locale (issue 38 round 15):
// the ordinals of each locale's spell-out rules ("la unua", "trzecią") and
// the cardinals a position cue takes ("nomer loro", "номер два"), generated
// into nlu/cldr/positions.txt, with the hand counts of night_counts.txt for
// the languages CLDR spells no number out for (Javanese "loro"). Read on
// the first word no hand list names, not at start-up; the hand lists
// (shopOrdinals, ordinal_words.txt, shopPositionNumbers) win over them.

// cardPositions are the CLDR ordinals and the cardinals of a page's cards,
// by folded word; a word two lists give different values is in neither.
type cardPositions struct {
	ordinals, cardinals map[string]int
}

// maxCardinalPosition is the last card a cue and a cardinal name ("number
// five"), as shopPositionNumbers.
const maxCardinalPosition = 5

// worldPositions is the table, built once on first use.
var worldPositions = sync.OnceValue(func() *cardPositions {
	p := &cardPositions{ordinals: map[string]int{}, cardinals: map[string]int{}}
	clash := map[string]bool{}
	put := func(m map[string]int, w string, n int) {
		k := key(w)
		if prev, seen := m[k]; seen && prev != n || k == "" || strings.Contains(k, " ") {
			clash[k] = true
		}
		m[k] = n
	}
	for line := range strings.Lines(cldr.Positions) {
		kind, rest, _ := strings.Cut(line, " ")
		m := map[string]map[string]int{"ordinal": p.ordinals, "cardinal": p.cardinals}[kind]
		_, list, ok := strings.Cut(rest, ":")
		if m == nil || !ok {
			continue
		}
		for _, pair := range strings.Fields(list) {
			w, v, _ := strings.Cut(pair, "=")
			if n, err := strconv.Atoi(v); err == nil {
				put(m, w, n)
			}
		}
	}
	handCardinals(func(w string, n int) {
		if n <= maxCardinalPosition {
			put(p.cardinals, w, n)
		}
		if _, ord := p.ordinals[key(w)]; ord {
			clash[key(w)] = true // a number word is no ordinal alone: Telugu "oka" (one), Esperanto eighth
		}
	})
	for k := range clash {
		delete(p.ordinals, k)
		delete(p.cardinals, k)
	}
	return p
})

// handCardinals gives night_counts.txt's number words (each "counts:"
// line's forms), of three letters or more: a shorter one ("na", Sicilian
// one) is too near another word.
func handCardinals(put func(string, int)) {
	for line := range strings.Lines(nightCountsText) {
		list, ok := strings.CutPrefix(strings.TrimSpace(line), "counts:")
		if !ok {
			continue
		}
		for i, forms := range strings.Split(list, "|") {
			for _, f := range strings.Fields(forms) {
				if !strings.Contains(f, "_") && len([]rune(f)) >= 3 {
					put(f, i+1)
				}
			}
		}
	}
}

// shopOrdinal is the position a word names among the cards shown: the hand
// lists' first, then every CLDR locale's ordinals.
func shopOrdinal(w string) (int, bool) {
	if n, ok := shopOrdinals[w]; ok {
		return n, true
	}
	n, ok := worldPositions().ordinals[w]
	return n, ok
}

// positionNumber is the ordinal ("2nd") a number after a position cue names:
// shopPositionNumbers', then any locale's cardinal of a page's cards.
func positionNumber(w string) (string, bool) {
	if ord, ok := shopPositionNumbers[w]; ok {
		return ord, true
	}
	if n, ok := worldPositions().cardinals[w]; ok {
		return shopPositionNumbers[strconv.Itoa(n)], true
	}
	return "", false
}
