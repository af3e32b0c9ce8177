package nlu

import (
	"path"
	"slices"
	"strings"
	"sync"
)

// This file reads the built-in intents' words as people type them on a phone
// (issue 38 round 13: "hlep", "mre pls", "rel human plz", "helo there"): a
// short message the rules do not read is read again with each word that is no
// word of the lexicons replaced by the one grammar or reply word one edit from
// it, under the bound replytypo.go keeps for the reply words: the word has
// three letters or more and is no ordinary word of English, French or Spanish
// (near_reply_words.txt holds those one edit from a grammar word too), its
// target has three letters or more and the same first letter, a letter
// replaced counts only in words of five letters or more, and a word with two
// targets ("sho": "show" or "shop") is left as typed. The reading must then
// be a rule's, never the model's guess.

// intentTypoFiles are the grammar files whose words a typo is read as: those
// of the seeds' languages (English, French, Spanish, Darija), as typoLanguages
// keeps the reply words' targets to them. world*.grammar and european.grammar
// are read as typed: "mes" is no typo of "more".
var intentTypoFiles = wordSet("cancel.grammar help.grammar human.grammar more.grammar social.grammar yesno.grammar")

// typoBucket is a first letter and a length: a typo's targets are looked up
// in the buckets of its first letter and its length, one less and one more.
type typoBucket struct {
	first byte
	n     int
}

// intentTypoWords are the words a typo may be read as: the words of the
// seed-language grammar files and of the reply lexicons, three ASCII letters
// or more, by first letter and length, sorted. Built on a typo's first
// reading.
var intentTypoWords = sync.OnceValue(func() map[typoBucket][]string {
	set := map[string]bool{}
	for _, t := range loadedGrammar().templates {
		file, _, _ := strings.Cut(t.source, ":")
		if !intentTypoFiles[path.Base(file)] {
			continue
		}
		for _, part := range t.words {
			for _, alt := range part {
				for _, w := range alt {
					set[w] = true
				}
			}
		}
	}
	for w := range replyVocabulary() {
		if !worldOnlyReplyWords()[w] {
			set[w] = true
		}
	}
	out := map[typoBucket][]string{}
	for w := range set {
		if len(w) >= 3 && latinLetters(w) {
			b := typoBucket{w[0], len(w)}
			out[b] = append(out[b], w)
		}
	}
	for _, ws := range out {
		slices.Sort(ws)
	}
	return out
})

// isIntentTypoTarget reports whether w is a word intentTypoWords holds.
func isIntentTypoTarget(w string) bool {
	if w == "" {
		return false
	}
	_, found := slices.BinarySearch(intentTypoWords()[typoBucket{w[0], len(w)}], w)
	return found
}

// builtinTypoRule is builtinRule of text with its typos of the intents' words
// read (see the file comment); false when no word is such a typo or the
// message so read is still no rule's. A word with two targets ("sho": "show"
// or "shop") is read as the one that makes the message a rule's sentence
// ("sho more" is "show more"; "shop more" is no sentence), and left as typed
// when both or neither do.
func builtinTypoRule(text string) (Result, bool) {
	if capitalizedAfterFirst(text) {
		return Result{}, false // "New York", "Los Angeles": a name, typed with care
	}
	k := key(text)
	if n, _ := wordCount(k); n == 0 || n > maxTypoReplyWords {
		return Result{}, false
	}
	var buf [maxTypoReplyWords]token
	var b strings.Builder
	last, open := 0, -1 // open: where the word of two targets goes in b
	var targets []string
	for _, t := range appendTokens(buf[:0], k) {
		cs := intentWordsFor(t.text)
		if len(cs) == 0 || len(cs) > 1 && open >= 0 {
			continue // no typo, or a second word of two targets: as typed
		}
		b.WriteString(k[last:t.start])
		if len(cs) > 1 {
			open, targets = b.Len(), cs
		} else {
			b.WriteString(cs[0])
		}
		last = t.end
	}
	if last == 0 {
		return Result{}, false // the common case: nothing allocated
	}
	b.WriteString(k[last:])
	if open < 0 {
		return builtinRule(b.String())
	}
	fixed := b.String()
	var read Result
	for _, c := range targets {
		if r, ok := builtinRule(fixed[:open] + c + fixed[open:]); ok {
			if read.Intent != "" && read.Intent != r.Intent {
				return Result{}, false // two readings open: asked, never guessed
			}
			read = r
		}
	}
	return read, read.Intent != ""
}

// capitalizedAfterFirst reports whether a word after the first starts with an
// ASCII capital: a name ("New York"), written by someone not typing in haste,
// whose words are no typos of the intents' words. It allocates nothing.
func capitalizedAfterFirst(text string) bool {
	for i := 1; i < len(text); i++ {
		if c := text[i]; c >= 'A' && c <= 'Z' && text[i-1] == ' ' {
			return true
		}
	}
	return false
}

// maxTypoTargets is the most targets a typo is tried as.
const maxTypoTargets = 2

// intentWordsFor are the grammar or reply words the word w is a typo of: none
// when w is a word of its own, when it is too short, or when it is one edit
// from more than maxTypoTargets words.
func intentWordsFor(w string) []string {
	if len(w) < 3 || !latinLetters(w) || ordinaryNearReply[w] || nonAnswerFirst[w] || isIntentTypoTarget(w) {
		return nil
	}
	if _, known := replyVocabulary()[w]; known && !worldOnlyReplyWords()[w] {
		return nil // a word of its own; a word only another language's
		// reply lexicon holds may still be a typo ("helo" is Welsh "hello")
	}
	var found []string
	words := intentTypoWords()
	for n := len(w) - 1; n <= len(w)+1; n++ {
		for _, v := range words[typoBucket{w[0], n}] {
			if e := oneEdit(w, v); e == editNone || e == editReplace && len(w) < 5 {
				continue
			}
			if len(found) == maxTypoTargets {
				return nil
			}
			found = append(found, v)
		}
	}
	return found
}
