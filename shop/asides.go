package shop

import (
	_ "embed"
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// asideClausesText is lexicon/aside_clauses.txt.
//
//go:embed lexicon/aside_clauses.txt
var asideClausesText string

// asidePhrases are aside_clauses.txt's phrases by kind, as folded words.
var asidePhrases = readPipeKinds(asideClausesText)

// readPipeKinds reads "kind: phrase|phrase" lines, "#" lines being comments.
func readPipeKinds(text string) map[string][][]string {
	out := map[string][][]string{}
	for line := range strings.Lines(text) {
		kind, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		kind = strings.TrimSpace(kind)
		for _, p := range strings.Split(list, "|") {
			if ws := nlu.FoldWords(p); len(ws) > 0 {
				out[kind] = append(out[kind], ws)
			}
		}
	}
	return out
}

// withoutAsides returns text without its aside clauses (aside_clauses.txt):
// a later clause opening with a reason ("ski goggles, mine fogged up"), a
// clause naming what the shopper pays with when another says what is wanted
// ("i have a gift card, what should i get"). Text of one clause, or whose
// every clause is an aside, is returned as it is.
func withoutAsides(text string) string {
	if !strings.ContainsAny(text, ",;.–—") {
		return text
	}
	clauses := strings.FieldsFunc(text, isCorrectionBreak)
	if len(clauses) < 2 {
		return text
	}
	kept := slices.Clone(clauses[:0:0])
	for i, c := range clauses {
		ws := nlu.FoldWords(c)
		if len(ws) == 0 || i > 0 && opensWith(ws, asidePhrases["reason"]) || holdsPhrase(ws, asidePhrases["means"]) {
			continue
		}
		kept = append(kept, c)
	}
	if len(kept) == 0 || len(kept) == len(clauses) {
		return text
	}
	return strings.TrimSpace(strings.Join(kept, ","))
}

// opensWith reports whether ws open with one of the phrases.
func opensWith(ws []string, phrases [][]string) bool {
	return slices.ContainsFunc(phrases, func(p []string) bool {
		return len(ws) >= len(p) && slices.Equal(ws[:len(p)], p)
	})
}

// holdsPhrase reports whether ws hold one of the phrases.
func holdsPhrase(ws []string, phrases [][]string) bool {
	for i := range ws {
		if opensWith(ws[i:], phrases) {
			return true
		}
	}
	return false
}
