package nlu

import (
	_ "embed"
	"strings"
	"sync"
)

// This file reads the verb of a confirmation typed in a hurry ("bok it",
// "yea bookit", asked "Book Boston -> Paris?"): a word that is no word of
// English nor of the lexicons, and is either one edit from the one action verb
// the question asks with (a letter missed, added or two swapped; a letter
// replaced only in words of five letters or more, as replytypo.go reads a
// reply word), or that verb glued to a word that may follow it ("bookit":
// "book" and "it"). Only the question's own action verbs are targets: asked
// "Book ...?", "bok" is "book"; with no question asked, nothing is read.

//go:embed near_action_verbs.txt
var nearActionVerbsText string

// ordinaryNearActionVerbs are the English words one edit from an English
// action verb, or made of one and a filler word ("boo", "doit", "goon"):
// they are never read as a typo. Read on first use.
var ordinaryNearActionVerbs = sync.OnceValue(func() map[string]bool { return readWordLines(nearActionVerbsText) })

// withVerbTypos is the key k with each word that is a typo of an action verb
// of the question rewritten as that verb; ok is false when none is.
func withVerbTypos(k, question string) (string, bool) {
	if n, _ := wordCount(k); n == 0 || n > maxTypoReplyWords || question == "" {
		return k, false
	}
	verbs := askedActionVerbs(question)
	if len(verbs) == 0 {
		return k, false
	}
	toks := words(k)
	changed := false
	for i, w := range toks {
		if c, ok := verbTypo(w, verbs); ok {
			toks[i], changed = c, true
		}
	}
	if !changed {
		return k, false
	}
	return strings.Join(toks, " "), true
}

// askedActionVerbs are the English action verbs the question is worded with,
// as typed ("book" of "Book Boston -> Paris on May 27?").
func askedActionVerbs(question string) []string {
	asked := questionVerbs(question)
	var out []string
	for _, v := range englishActionVerbs {
		if asked[Stem(v)] && strings.Contains(strings.ToLower(question), v) {
			out = append(out, v)
		}
	}
	return out
}

// verbTypo is the verb w is a typo of, or that verb and the filler word glued
// to it ("book it"), when there is exactly one.
func verbTypo(w string, verbs []string) (string, bool) {
	if len(w) < 3 || !latinLetters(w) || isKnownWord(w) {
		return "", false
	}
	found := ""
	for _, v := range verbs {
		c := ""
		if e := oneEdit(w, v); w[0] == v[0] && (e == editOther || e == editReplace && (len(w) >= 5 || neighbourKeySlip(w, v))) {
			c = v
		} else if rest, glued := strings.CutPrefix(w, v); glued && fillerWords[rest] {
			c = v + " " + rest
		}
		if c == "" {
			continue
		}
		if found != "" && found != c {
			return "", false // two verbs: no typo to read
		}
		found = c
	}
	return found, found != ""
}

// isKnownWord reports whether w is a word of its own: of the lexicons, of
// the answers' grammar, or an ordinary word near a reply or an action verb.
func isKnownWord(w string) bool {
	if _, ok := replyVocabulary()[w]; ok {
		return true
	}
	return ordinaryNearReply[w] || ordinaryNearActionVerbs()[w] || fillerWords[w] || determiners[w] ||
		negationWords[w] || changeWords[w]
}

// neighbourKeySlip reports whether w is v, of the same length, with one
// letter typed as a key next to it on a QWERTY keyboard ("bokk" for "book":
// k sits under o): a slip of the finger, read in a verb of four letters too,
// where a letter replaced at large is too often another word (issue 38,
// coach29).
func neighbourKeySlip(w, v string) bool {
	if len(w) != len(v) {
		return false
	}
	diff := -1
	for i := 0; i < len(w); i++ {
		if w[i] != v[i] {
			if diff >= 0 {
				return false
			}
			diff = i
		}
	}
	return diff > 0 && keysAdjacent(w[diff], v[diff])
}
