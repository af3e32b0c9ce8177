package shop

import (
	_ "embed"
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// browsingText is lexicon/browsing.txt: the verbs of only looking and the
// words that go with them.
//
//go:embed lexicon/browsing.txt
var browsingText string

// browseVerbs and browseWith are browsing.txt's lines.
var browseVerbs, browseWith = browsingLine("verb"), browsingLine("with")

// browsingLine returns the words of browsing.txt's line named name.
func browsingLine(name string) map[string]bool {
	for line := range strings.Lines(browsingText) {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), name+":"); ok {
			return readWordList(rest)
		}
	}
	return map[string]bool{}
}

// saysOnlyBrowsing reports whether text says the shopper is only looking and
// then, maybe, thanks ("browsing, thanks", "only browsing, thank you"): a
// verb of browseVerbs, the words of browseWith around it, and courtesy words
// after them (nlu.IsOnlyCourtesy). Such a message is a vague opening, asked
// what the shopper is after; a thanks read from it would answer nothing.
func saysOnlyBrowsing(text string) bool {
	ws := nlu.FoldWords(text)
	i := 0
	for i < len(ws) && (browseVerbs[ws[i]] || browseWith[ws[i]]) {
		i++
	}
	if i == 0 || !slices.ContainsFunc(ws[:i], func(w string) bool { return browseVerbs[w] }) {
		return false
	}
	return i == len(ws) || nlu.IsOnlyCourtesy(strings.Join(ws[i:], " "))
}
