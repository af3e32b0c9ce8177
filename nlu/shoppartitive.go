package nlu

import (
	_ "embed"
	"strings"
	"sync"
)

//go:embed shop_partitives.txt
var shopPartitivesText string

// shopPartitives are the partitive nouns of shop_partitives.txt, read on
// first use: "a pair of sunglasses" seeks sunglasses, not a pair.
var shopPartitives = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, list := range WordLists(shopPartitivesText) {
		for _, phrase := range list {
			for _, w := range phrase {
				set[strings.ToLower(w)] = true
			}
		}
	}
	return set
})

// measuresWhatFollows reports whether the product phrase read so far is one
// partitive, maybe after a count ("two pairs", "3 packs"), and w is the "of"
// after it ("a pair of ...", "two pairs of ..."): the phrase then starts
// again with the noun measured.
func measuresWhatFollows(words []string, w string) bool {
	if w != "of" {
		return false
	}
	switch len(words) {
	case 1:
		return shopPartitives()[words[0]]
	case 2:
		return countsWhatFollows(words[0]) && shopPartitives()[words[1]]
	}
	return false
}

// countsWhatFollows reports whether w is a count: digits or a number word
// of the number lists (number.go: English and the glossed languages), never
// a multiplier or joiner alone ("hundred", "and").
func countsWhatFollows(w string) bool {
	if isDigits(w) {
		return true
	}
	_, ok := numberWords[fold(w)]
	return ok
}
