package nlu

import (
	"maps"
	"slices"
	"sync"
)

// IsLexiconWordAlone reports whether w, one word in any case, is a word the
// built-in lexicons read on its own: a one-word entry of a list (a reply, a
// function word, a date, number or unit word, a city), not only a word inside
// a longer phrase of some language (Latin "ita" of "ita vero", "non ita"; a
// word of a built-in intent's example sentence). A reader that must know
// whether a word of an unknown language means something else here
// (gates/unplaced.go) asks this: a word no reader reads alone is read by
// none in a phrase it does not complete (issue 38 round 15).
func IsLexiconWordAlone(w string) bool {
	k := key(w)
	if _, ok := cityIndex[k]; ok {
		return true
	}
	if IsNumberWord(k) || IsCountUnit(k) || IsDateWord(k) {
		return true
	}
	words := loneLexiconWords()
	s, plural := cutPlural(k)
	return words[k] || plural && words[s]
}

// cutPlural is k without a plural "s" ("nights"), and whether it had one.
func cutPlural(k string) (string, bool) {
	if len(k) < 3 || k[len(k)-1] != 's' || k[len(k)-2] == 's' {
		return k, false
	}
	return k[:len(k)-1], true
}

// loneLexiconWords are lexiconWords' words that some list holds as a whole
// one-word entry; built on first use.
var loneLexiconWords = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for first, es := range glossByFirst {
		if slices.ContainsFunc(es, func(e glossEntry) bool { return len(e.words) == 1 }) {
			out[first] = true
		}
	}
	for _, set := range []map[string]bool{functionWords, fillerWords, shopMoreWords} {
		for w := range set {
			out[w] = true
		}
	}
	for w, kind := range replyVocabulary() {
		if kind != 0 {
			out[w] = true
		}
	}
	phrases := lexiconPhrases()
	for _, p := range phrases {
		if len(p) == 1 {
			out[p[0]] = true
		}
	}
	for _, w := range append(slices.Collect(maps.Keys(monthNames)), weekdayWords...) {
		out[w] = true
	}
	for _, l := range BuiltinExamples() {
		for _, ex := range l.Examples {
			if ws := words(key(ex)); len(ws) == 1 {
				out[ws[0]] = true
			}
		}
	}
	for _, ws := range DefaultShopCategories() {
		for _, w := range ws {
			if ks := words(key(w)); len(ks) == 1 {
				out[ks[0]] = true
			}
		}
	}
	return out
})
