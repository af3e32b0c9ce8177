package nlu

import (
	"slices"
	"strings"
)

// This file holds how the shop parser finds the category a message names: the
// forms of a catalog name, and the first, longest, fullest mention of one.

// partialNamePhrases are the forms of each word of a multi-word category name
// that names something by itself (three letters or more, not a connector).
func partialNamePhrases(name string) [][]string {
	ws := phraseWords(name)
	if len(ws) < 2 {
		return nil
	}
	var partial [][]string
	for _, w := range ws {
		if len([]rune(w)) < 3 || nameConnectors[w] {
			continue
		}
		for _, f := range NameForms(w) {
			partial = append(partial, phraseWords(f))
		}
	}
	return partial
}

// nameConnectors are words of category names that name nothing by themselves.
var nameConnectors = wordSet(`and the for with from of men's women's kids de des du et les pour avec`)

// NameForms are the forms a catalog name is written in: lower case, without
// hyphens, singular and plural ("T-shirts": "t-shirts", "tshirts", "t-shirt",
// "tshirt"; "Accessories": "accessories", "accessory").
func NameForms(name string) []string {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "" {
		return nil
	}
	forms := []string{n}
	add := func(f string) {
		if f != "" && !slices.Contains(forms, f) {
			forms = append(forms, f)
		}
	}
	for _, f := range []string{n, strings.ReplaceAll(n, "-", "")} {
		add(f)
		add(otherNumber(f))
	}
	return forms
}

// numberRules turn a singular into its plural or a plural into its singular by
// its ending, the first rule whose suffix (and minimum length) fits winning;
// cut letters are taken off before add is added.
var numberRules = []struct {
	suffix string
	minLen int
	cut    int
	add    string
}{
	{"ies", 5, 3, "y"},
	{"sses", 0, 2, ""}, {"xes", 0, 2, ""}, {"ches", 0, 2, ""}, {"shes", 0, 2, ""},
	{"ss", 0, 0, "es"}, {"us", 0, 0, "es"}, {"is", 0, 0, "es"},
	{"s", 4, 1, ""},
	{"y", 4, 1, "ies"},
	{"", 0, 0, "s"},
}

// otherNumber is the plural of a singular name, or the singular of a plural.
func otherNumber(f string) string {
	for _, r := range numberRules {
		if strings.HasSuffix(f, r.suffix) && len(f) >= r.minLen {
			return f[:len(f)-r.cut] + r.add
		}
	}
	return ""
}

// category returns the category named in the key k and the words of the message
// that name it; when words of several categories occur, the one named first in the
// message wins (ties: the longer phrase, then a name or synonym over one word of
// a multi-word name, then name order).
func (p *ShopParser) category(k string) (string, map[string]bool) {
	toks := tokenize(k)
	best, found := p.firstCategory(toks)
	words := map[string]bool{}
	if !found {
		return "", words
	}
	p.markCategoryWords(words, k, toks, best)
	return best, words
}

// firstCategory returns the category named first in toks (ties: the longer phrase,
// then a name or synonym over one word of a multi-word name, then name order);
// false when none is named.
func (p *ShopParser) firstCategory(toks []token) (string, bool) {
	best := categoryHit{at: -1}
	for _, c := range p.categories {
		best = best.better(c.hit(toks, c.phrases, true))
		best = best.better(c.hit(toks, c.partial, false))
	}
	return best.name, best.at >= 0
}

// categoryHit is where a category is named in a message: the first token of the
// phrase, its length in words, and whether it is a full name or synonym.
type categoryHit struct {
	name string
	at   int // -1: not named
	len  int
	full bool
}

// better returns the better of two hits: the earlier, then the longer phrase,
// then the full name; h on a tie.
func (h categoryHit) better(o categoryHit) categoryHit {
	if o.at >= 0 && (h.at < 0 || o.beats(h)) {
		return o
	}
	return h
}

// beats reports whether hit o is better than hit h, both found: earlier, then
// longer, then a full name.
func (o categoryHit) beats(h categoryHit) bool {
	if o.at != h.at {
		return o.at < h.at
	}
	if o.len != h.len {
		return o.len > h.len
	}
	return o.full && !h.full
}

// hit is the best place where one of the phrases of the category occurs in toks.
func (c *shopCategory) hit(toks []token, phrases [][]string, full bool) categoryHit {
	best := categoryHit{at: -1}
	for _, phrase := range phrases {
		if at := findPhrase(toks, phrase, 0); at >= 0 {
			best = best.better(categoryHit{name: c.name, at: at, len: len(phrase), full: full})
		}
	}
	return best
}

// markCategoryWords adds to words the words of the message (k, tokenized as toks)
// that name the category best.
func (p *ShopParser) markCategoryWords(words map[string]bool, k string, toks []token, best string) {
	// Every word of the message that names the chosen category is taken by it
	// ("pots & planters" are both "Planters & Pots"), not left as a search term.
	for _, c := range p.categories {
		if c.name != best {
			continue
		}
		for _, phrase := range append(slices.Clone(c.phrases), c.partial...) {
			for at := findPhrase(toks, phrase, 0); at >= 0; at = findPhrase(toks, phrase, at+1) {
				for _, t := range toks[at : at+len(phrase)] {
					words[t.text] = true
				}
				// "t-shirt" is one search word of two tokens.
				words[strings.Trim(k[toks[at].start:toks[at+len(phrase)-1].end], "'-")] = true
			}
		}
	}
}
