package nlu

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

//go:embed well_wishes.txt
var wellWishesText string

// wellWishes are the phrases of well_wishes.txt, each as its words, read on
// first use.
var wellWishes = sync.OnceValue(func() [][]string {
	var out [][]string
	for _, list := range WordLists(wellWishesText) {
		for _, p := range list {
			out = append(out, strings.Fields(strings.Join(p, " ")))
		}
	}
	return out
})

// IsWellWish reports whether text is wholly a well-wish ("I hope all is
// well with you.", "hope you're doing well"): a courtesy with nothing to
// look for or answer.
func IsWellWish(text string) bool {
	ws := phraseWords(text)
	if len(ws) > 0 && ws[0] == "i" {
		ws = ws[1:]
	}
	return slices.ContainsFunc(wellWishes(), func(p []string) bool { return slices.Equal(ws, p) })
}
