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
// partitive and w is the "of" after it ("a pair of ..."): the phrase then
// starts again with the noun measured.
func measuresWhatFollows(words []string, w string) bool {
	return w == "of" && len(words) == 1 && shopPartitives()[words[0]]
}
