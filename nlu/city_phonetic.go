package nlu

import (
	"strings"
	"sync"
)

// Names spelled by ear (issue 38 round 7): "Sinsinati" for Cincinnati,
// "Albukerky" for Albuquerque, "Tagas Vue" for Tagus View. A name is written
// as it sounds; its sound is kept by a phonetic key in the manner of Metaphone
// (no maintained Go library for Double Metaphone was at hand: the key is the
// few rules English spelling by ear needs): letters that sound alike are one
// (c before e, i, y and z are s; c, k, q, ck and qu are k; ph and v are f; x
// is ks; dg and soft g are j; sh and ch are x; th is t; gh is silent), a
// doubled sound counts once, and vowels, h, w and y count only as the first
// letter (as "a"); a run of vowels between sounds is one mark, so that the
// sounds keep their order and syllables. Two names sound alike when their
// keys are equal.
//
// A word no lexicon holds, of five letters or more and a key of four sounds or
// more, that sounds like exactly one known city and is not far longer or
// shorter than its name, is that city. Sounding like two is a near miss:
// never guessed, and never stored as written either (SoundsLikeCity).

// digraphSounds are the pairs of letters that write one sound ("gh" none);
// letterSounds the letters written for another's sound; soft are the vowels
// after which c is s and g is j.
var (
	digraphSounds = map[string]string{"ph": "f", "gh": "", "sh": "x", "ch": "x", "th": "t", "qu": "k", "ck": "k", "dg": "j"}
	letterSounds  = map[byte]string{'v': "f", 'z': "s", 'c': "k", 'q': "k", 'x': "ks"}
)

func soft(c byte) bool { return c == 'e' || c == 'i' || c == 'y' }

// vowelSound reports whether c is a vowel, or h, w or y, which count as one.
func vowelSound(c byte) bool { return strings.IndexByte("aeiouyhw", c) >= 0 }

// letterSound is the sound of the consonant at letters[i] and how many
// letters write it.
func letterSound(letters []byte, i int) (string, int) {
	c := letters[i]
	if i+1 < len(letters) {
		if s, ok := digraphSounds[string(letters[i:i+2])]; ok {
			return s, 2
		}
		if c == 'c' && soft(letters[i+1]) {
			return "s", 1
		}
		if c == 'g' && soft(letters[i+1]) {
			return "j", 1
		}
	}
	if s, ok := letterSounds[c]; ok {
		return s, 1
	}
	return string(c), 1
}

// phoneticKey is the sound of a folded name's letters (spaces and other
// characters left out).
func phoneticKey(name string) string {
	letters := make([]byte, 0, len(name))
	for i := 0; i < len(name); i++ {
		if c := name[i]; c >= 'a' && c <= 'z' {
			letters = append(letters, c)
		}
	}
	b := make([]byte, 0, len(letters))
	for i := 0; i < len(letters); {
		if vowelSound(letters[i]) {
			// The first letter a vowel is "a"; a vowel between two sounds is
			// marked: it keeps two like sounds two ("anna" is one n, "ansan"
			// two s) and the sounds in their order.
			if i == 0 {
				b = append(b, 'a')
			} else if len(b) > 0 && b[len(b)-1] != 'a' {
				b = append(b, '.')
			}
			i++
			continue
		}
		s, n := letterSound(letters, i)
		for j := 0; j < len(s); j++ {
			if len(b) == 0 || b[len(b)-1] != s[j] {
				b = append(b, s[j]) // a doubled sound counts once
			}
		}
		i += n
	}
	return vowelRuns(b)
}

// vowelRuns is a key with one mark for a run of vowel marks, none after a
// first "a" or at the end ("Jaksonvil" for Jacksonville, "-borough" for
// "-burgh"): sounds in another order ("Dnevre" for Denver: two typos, not
// a name by ear) differ.
func vowelRuns(b []byte) string {
	out := b[:0]
	for _, c := range b {
		if c != '.' || len(out) > 0 && out[len(out)-1] != '.' && out[len(out)-1] != 'a' {
			out = append(out, c)
		}
	}
	return strings.TrimRight(string(out), ".")
}

// sounds is how many sounds a phonetic key holds, its vowel marks left out.
func sounds(k string) int { return len(k) - strings.Count(k, ".") }

// cityKey is a known name or alias and its city, by the name's sound.
type cityKey struct{ name, city string }

// citySounds are the known cities' names and aliases of five letters or
// more, by their phonetic key.
var citySounds = sync.OnceValue(func() map[string][]cityKey {
	out := map[string][]cityKey{}
	for name, city := range cityIndex {
		if len(name) < 5 || !isASCII(name) || cldrOnly[name] {
			continue
		}
		k := phoneticKey(name)
		out[k] = append(out[k], cityKey{name, city})
	}
	return out
})

// soundsLike is the one known city joined (folded words) sounds like, and
// whether it sounds like any: found is "" with any true for a name that
// sounds like two cities.
func soundsLike(joined string) (found string, any bool) {
	if len(joined) < 5 || !isASCII(joined) {
		return "", false
	}
	for w := range strings.FieldsSeq(joined) {
		if lexiconKnows(w) && !cityWords[w] {
			return "", false // "rooms", "the ...": words, not a name by ear
		}
	}
	k := phoneticKey(joined)
	if sounds(k) < 4 {
		return "", false
	}
	for _, m := range citySounds()[k] {
		if len(joined)*10 < len(m.name)*7 || len(joined)*10 > len(m.name)*14 {
			continue // "Sacramento" keyed like a short name: no
		}
		if strings.Count(joined, " ") != strings.Count(m.name, " ") {
			continue // "hindii afaan" is two words, Eindhoven one: no name by ear
		}
		if found != "" && found != m.city {
			return "", true // two cities: a near miss
		}
		found, any = m.city, true
	}
	return found, any
}

// phoneticCity is the one known city joined is spelled by ear for.
func phoneticCity(joined string) (string, bool) {
	c, _ := soundsLike(joined)
	return c, c != ""
}

// SoundsLike reports whether typed, a name as written, sounds like name (the
// keys of their folded words are equal, neither key shorter than four
// sounds): "Tagas Vue" sounds like "Tagus View".
func SoundsLike(typed, name string) bool {
	a, b := phoneticKey(strings.Join(phraseWords(typed), " ")), phoneticKey(strings.Join(phraseWords(name), " "))
	return sounds(a) >= 4 && a == b
}
