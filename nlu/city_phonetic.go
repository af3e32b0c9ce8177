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
// letter (as "a"). Two names sound alike when their keys are equal.
//
// A word no lexicon holds, of five letters or more and a key of four sounds or
// more, that sounds like exactly one known city and is not far longer or
// shorter than its name, is that city. Sounding like two is a near miss:
// never guessed, and never stored as written either (SoundsLikeCity).

// phoneticKey is the sound of a folded name's letters (spaces and other
// characters left out).
func phoneticKey(name string) string {
	var b []byte
	var letters []byte
	for i := 0; i < len(name); i++ {
		if c := name[i]; c >= 'a' && c <= 'z' {
			letters = append(letters, c)
		}
	}
	at := func(i int) byte {
		if i >= 0 && i < len(letters) {
			return letters[i]
		}
		return 0
	}
	soft := func(c byte) bool { return c == 'e' || c == 'i' || c == 'y' }
	push := func(c byte) {
		if len(b) == 0 || b[len(b)-1] != c {
			b = append(b, c)
		}
	}
	for i := 0; i < len(letters); i++ {
		c, next := letters[i], at(i+1)
		switch {
		case strings.IndexByte("aeiouyhw", c) >= 0:
			if i == 0 {
				b = append(b, 'a')
			}
			if len(b) > 0 && b[len(b)-1] != 'a' && i > 0 {
				// a vowel between two like sounds keeps them two ("anna" is
				// one n, "ansan" two s): mark the break.
				b = append(b, '.')
			}
		case c == 'p' && next == 'h', c == 'v', c == 'f':
			push('f')
			if c == 'p' {
				i++
			}
		case c == 'g' && next == 'h':
			i++ // silent: "Pittsburgh", "Edinburgh"
		case c == 's' && next == 'h', c == 'c' && next == 'h':
			push('x')
			i++
		case c == 't' && next == 'h':
			push('t')
			i++
		case c == 'c' && soft(next), c == 'z', c == 's':
			push('s')
		case c == 'q' && next == 'u':
			push('k')
			i++
		case c == 'c', c == 'k', c == 'q':
			push('k')
		case c == 'x':
			push('k')
			push('s')
		case c == 'd' && next == 'g', c == 'g' && soft(next), c == 'j':
			push('j')
			if c == 'd' {
				i++
			}
		default:
			push(c)
		}
	}
	// Drop the vowel marks: they only kept two like sounds apart.
	out := b[:0]
	for _, c := range b {
		if c != '.' {
			out = append(out, c)
		}
	}
	return string(out)
}

// cityKey is a known name or alias and its city, by the name's sound.
type cityKey struct{ name, city string }

// citySounds are the known cities' names and aliases of five letters or
// more, by their phonetic key.
var citySounds = sync.OnceValue(func() map[string][]cityKey {
	out := map[string][]cityKey{}
	for name, city := range cityIndex {
		if len(name) < 5 || !isASCII(name) {
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
	if len(k) < 4 {
		return "", false
	}
	for _, m := range citySounds()[k] {
		if len(joined)*10 < len(m.name)*7 || len(joined)*10 > len(m.name)*14 {
			continue // "Sacramento" keyed like a short name: no
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
	return len(a) >= 4 && a == b
}
