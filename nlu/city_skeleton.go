package nlu

import (
	"strings"
	"sync"
)

// Shorthand city names (issue 38): people texting drop a name's vowels
// ("dnvr" for Denver, "mdrd", "bstn", "chcg"). A word of three letters or
// more with no vowel, which no lexicon holds ("pls", "thx", "frm" are chat
// words), is read as the one known city whose consonants it keeps in order,
// from the name's first consonant to its last; a word of four letters or
// more may leave one of them out ("chcg"). Two cities it could be give none:
// it is not guessed. Conventional shorthands that keep fewer ("ldn", "nyc")
// are aliases in the gazetteer.

// skeleton is a city's name or alias without its vowels, and the city.
type skeleton struct{ consonants, city string }

// citySkeletons are the skeletons of the known cities' names and aliases of
// one word and four letters or more, by first letter.
var citySkeletons = sync.OnceValue(func() map[byte][]skeleton {
	out := map[byte][]skeleton{}
	for name, city := range cityIndex {
		if len(name) < 4 || strings.IndexByte(name, ' ') >= 0 || !isASCII(name) || cldrOnly[name] {
			continue
		}
		s := consonantsOf(name)
		if len(s) >= 3 {
			out[s[0]] = append(out[s[0]], skeleton{s, city})
		}
	}
	return out
})

func isVowel(c byte) bool { return strings.IndexByte("aeiouy", c) >= 0 }

// consonantsOf is a folded ASCII word without its vowels.
func consonantsOf(w string) string {
	b := make([]byte, 0, len(w))
	for i := 0; i < len(w); i++ {
		if !isVowel(w[i]) {
			b = append(b, w[i])
		}
	}
	return string(b)
}

// mayBeShorthand reports whether w, a folded word, is three lower-case ASCII
// letters or more without a vowel: most words have one.
func mayBeShorthand(w string) bool {
	if len(w) < 3 || len(w) > 8 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' || isVowel(c) {
			return false
		}
	}
	return true
}

// shorthandCity is the one known city w, a folded word, writes without its
// vowels ("dnvr", "ldn"); ok is false when w has a vowel, is a word of the
// lexicons, or could be two cities.
func shorthandCity(w string) (string, bool) {
	if !mayBeShorthand(w) || lexiconKnows(w) {
		return "", false
	}
	found := ""
	for _, s := range citySkeletons()[w[0]] {
		if !keepsConsonants(w, s.consonants) {
			continue
		}
		if found != "" && found != s.city {
			return "", false // two cities: not guessed
		}
		found = s.city
	}
	return found, found != ""
}

// keepsConsonants reports whether w is skel, or (four letters or more) skel
// with one consonant dropped before its last: w ends as skel does and its
// letters are skel's, in order (its first is checked by the index).
func keepsConsonants(w, skel string) bool {
	if len(skel)-len(w) > 1 || len(w) > len(skel) || len(w) < 4 && len(w) != len(skel) || w[len(w)-1] != skel[len(skel)-1] {
		return false
	}
	j := 0
	for i := 0; i < len(skel) && j < len(w); i++ {
		if skel[i] == w[j] {
			j++
		}
	}
	return j == len(w)
}
