package nlu

import (
	"cmp"
	"strings"
	"sync"
)

// A shopper typing fast writes the words that name no product the way they
// are said or texted: vowels left out ("smthing", "anythng"), the g of -ing
// dropped ("lookin", "browsin", English g-dropping) and the t of a final -st
// cluster dropped ("jus", consonant-cluster reduction), each alone. Such a spelling of a
// word of shopNonQueryWords, shopFrameWords or shopVagueWords is read as that
// word, so "jus lookin" is the vague opening "just looking", never a search
// for "jus". Only deletions of those kinds are read, and only when one word
// is found: a letter changed ("shipping" for "shopping") is another word.

// minColloquialLen is the shortest spelling read: two letters match too much.
const minColloquialLen = 3

// colloquialTargets are the words a colloquial spelling may stand for, by
// their first letter (a spelling keeps it), built once the word lists are read.
var colloquialTargets = sync.OnceValue(func() map[byte][]string {
	out := map[byte][]string{}
	for _, set := range []map[string]bool{shopNonQueryWords, shopFrameWords, shopVagueWords} {
		for w := range set {
			if len(w) > minColloquialLen && isLowerASCII(w) {
				out[w[0]] = append(out[w[0]], w)
			}
		}
	}
	return out
})

// withStandardSpelling returns the word of no product w is a colloquial
// spelling of, or w when it is none or a known word itself.
func withStandardSpelling(w string) string {
	if len(w) < minColloquialLen || !isLowerASCII(w) || !isCandidateWord(w) {
		return w
	}
	if _, number := positionNumber(w); number {
		return w // a number of another language ("bes", Turkish five), no "best"
	}
	found := ""
	for _, full := range colloquialTargets()[w[0]] {
		if len(full) > len(w) && full != found && droppedLetters(w, full) {
			if found != "" {
				return w // two words it may stand for: neither
			}
			found = full
		}
	}
	if found != "" && !clusterDropped(w, found) && ordinaryEnglish(w) {
		// "fake" is no "fakaaue" less its vowels: an ordinary English
		// word is read as typed (issue 38 round 24).
		return w
	}
	return cmp.Or(found, w)
}

// clusterDropped reports whether short is full with its final g or t left
// out ("lookin", "jus"), droppedLetters' first two readings.
func clusterDropped(short, full string) bool {
	return (strings.HasSuffix(full, "ng") || strings.HasSuffix(full, "st")) && short == full[:len(full)-1]
}

// minVowelDropLen is the shortest word read with vowels left out: a short
// word less a vowel is often another word ("cold" of "could", "mat" of
// "mate").
const minVowelDropLen = 6

// droppedLetters reports whether short is full with a final g after n
// ("lookin") or a final t after s ("jus") left out, or, for a long word,
// with only vowels left out ("smthing").
func droppedLetters(short, full string) bool {
	switch {
	case clusterDropped(short, full):
		return true
	case len(full) < minVowelDropLen:
		return false
	}
	i := 0
	for j := 0; j < len(full); j++ {
		if i < len(short) && short[i] == full[j] {
			i++
			continue
		}
		if !strings.ContainsRune("aeiou", rune(full[j])) {
			return false
		}
	}
	return i == len(short)
}

func isLowerASCII(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}
