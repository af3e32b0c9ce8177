package nlu

import (
	"cmp"
	"maps"
	"slices"
	"strings"
	"sync"
)

// Markers are words or phrases, per language, that signal the user is changing
// course rather than answering the question asked (seed 001: "actually", "change",
// "instead", "cancel", "wait"). A flow engine waiting for a slot routes a message
// with a marker to intent understanding instead of mapping it to the slot.
type Markers map[string][]string

// DefaultIntentMarkers returns a fresh copy of the default markers; callers may
// extend it.
func DefaultIntentMarkers() Markers {
	return Markers{
		LangEnglish: {"actually", "change", "instead", "cancel", "wait", "no wait", "update",
			"correction", "i meant", "sorry"},
		LangFrench:      {"en fait", "changer", "plutôt", "annuler", "attends"},
		LangSpanish:     {"en realidad", "cambiar", "mejor", "cancelar", "espera"},
		LangDarijaLatin: {"bddel", "la3", "sme7li"},
	}
}

// Match finds a marker in text as whole words (after normalization and folding) and
// returns it as written in m. When several match, the one with the most words wins,
// then the leftmost, then the first in language name and list order.
func (m Markers) Match(text string) (marker string, ok bool) {
	toks := tokenize(key(text))
	if len(toks) == 0 {
		return "", false
	}
	bestWords, bestPos := 0, 0
	for _, lang := range sortedKeys(m) {
		for _, entry := range m[lang] {
			w := phraseWords(entry)
			pos := findPhrase(toks, w, 0)
			for pos >= 0 && len(w) == 1 && waitVerbAt(toks, pos) {
				pos = findPhrase(toks, w, pos+1) // "the rest can wait": a verb, no marker
			}
			if pos >= 0 && (!ok || moreWordsOrLefter(len(w), pos, bestWords, bestPos)) {
				marker, ok, bestWords, bestPos = entry, true, len(w), pos
			}
		}
	}
	return marker, ok
}

// moreWordsOrLefter reports whether a marker of n words at pos beats one of
// bestN words at bestPos: more words, then further left.
func moreWordsOrLefter(n, pos, bestN, bestPos int) bool {
	return n > bestN || (n == bestN && pos < bestPos)
}

func sortedKeys[M ~map[K]V, K cmp.Ordered, V any](m M) []K {
	return slices.Sorted(maps.Keys(m))
}

// cancelAnywhere are clear cancel phrases: they cancel wherever they occur in a
// message, unless negated.
var cancelAnywhere = buildPhraseList(map[string][]string{
	LangEnglish: {"cancel", "cancel it", "never mind", "nevermind", "nvm", "forget it",
		"forget about it", "abort", "call it off",
		// A change of mind in ordinary words (issue 38 item 4).
		"changed my mind", "change of mind", "forget the whole thing", "forget the whole idea",
		"forget all of it", "forget all that", "forget everything", "forget about the whole thing",
		"scrap the whole thing", "scrap all that", "drop the whole thing", "call the whole thing off",
		"stop everything", "i give up"},
	LangFrench: {"annuler", "annule", "annulez", "laisse tomber", "laissez tomber", "oublie ça", "oubliez ça",
		"changé d'avis", "change d'avis", "changer d'avis", "oublie tout", "oubliez tout", "on oublie tout",
		"on laisse tomber", "on arrête tout", "j'abandonne"},
	LangSpanish: {"cancelar", "cancela", "cancele", "olvídalo", "olvidalo", "déjalo",
		"cambié de opinión", "cambié de idea", "cambiado de opinión", "cambiado de idea", "olvida todo",
		"olvídalo todo", "olvidalo todo", "déjalo todo", "mejor olvídalo"},
	LangDarijaLatin: {"khlas", "khalas", "ghir khlli",
		"bdlt ra2yi", "bedelt ra2yi", "bddlt ra2yi", "bdlt ray", "bdelt lfikra", "nsa kolchi", "khlli kolchi"},
	LangDarijaArabic: {"إلغاء", "الغي", "خلاص", "ألغي",
		"بدلت رأيي", "بدلت رايي", "غيرت رأيي", "غيرت رايي", "تراجعت", "نسا كلشي", "خلي كلشي", "انسى الموضوع"},
})

// cancelWhole are words that cancel only as the whole message (or with "please"):
// "stop" alone cancels, "the bus stop" does not.
var cancelWhole = buildPhraseList(map[string][]string{
	LangEnglish:      {"stop", "quit", "exit", "no thanks", "no thank you", "stop it", "end"},
	LangFrench:       {"stop", "arrête", "arrete", "non merci"},
	LangSpanish:      {"para", "basta", "no gracias"},
	LangDarijaLatin:  {"safi", "baraka", "bara", "hbes"},
	LangDarijaArabic: {"صافي", "بركة", "حبس"},
})

// giveupWhole are the world's "forget it", "leave it", "never mind"
// (reply_words "giveup": "pozabi", "rahu de", "déan dearmad air") by key: a
// change of mind when said as the whole message. One lookup of the key
// isCancel has made, so a message that is none costs nothing more.
var giveupWhole = func() map[string]bool {
	set := map[string]bool{}
	for _, list := range replyWords["giveup"] {
		for _, p := range list {
			set[key(p)] = true
		}
	}
	return set
}()

// cancelFirstWords are the words a cancel phrase (anywhere or whole) starts with.
var cancelFirstWords = firstWords(cancelAnywhere, cancelWhole)

// negations are words that, right before a cancel phrase, reverse it.
var negations = map[string]bool{
	"don": true, "dont": true, "not": true, "never": true, "ne": true, "n": true,
	"pas": true, "t": true, "ma": true,
}

// politeWords may surround a whole-message cancel word.
var politeWords = map[string]bool{
	"please": true, "pls": true, "plz": true, "stp": true, "svp": true, "por": true,
	"favor": true, "3afak": true, "afak": true, "just": true, "ok": true, "okay": true,
}

// IsCancel reports whether text asks to cancel what is going on: a whole-message
// "cancel", "stop", "never mind", "forget it", "annuler", "cancelar", "khlas", or a
// clear cancel phrase inside a message ("cancel the booking", "please cancel it").
// A negation right before the phrase ("don't cancel") is not a cancel.
func IsCancel(text string) bool {
	if !cancelOrClauses(text, byClauses) {
		return false
	}
	// "is there a fee to cancel?" asks about cancelling; a sentence of the
	// intent grammar ("could you scratch that thank you") is certain.
	return grammarIntentOfKey(key(text)) == IntentCancel || !AsksAboutAction(text)
}

// cancelOrClauses is isCancel of text as typed or with a letter held down,
// else clauses (byClauses or clausesRead) of it.
func cancelOrClauses(text string, clauses func(string, func(string) bool) bool) bool {
	if isCancel(text) {
		return true
	}
	// A letter held down ("nvmmm", "cancelll"): the lexicons' words.
	if mayElongate(text) && isCancel(unelongate(text)) {
		return true
	}
	// "cancle", "cancell it": a cancel word typed one edit off
	// (cancelTypos).
	if c, ok := cancelTypos(text); ok && isCancel(c) {
		return true
	}
	// "nah, forget the flight": a change of mind in one clause, frames in
	// the others (withdraw.go).
	return clauses(text, isCancel)
}

// cancelTypos is text's key with each word typed one edit from a cancel
// word of five letters or more read as it ("cancle", "cancell", "cancl"):
// the word is no word of the lexicons and no ordinary word of Debian's
// wamerican, wfrench or wspanish (intentWordsFor's bound,
// near_reply_words.txt), and every intent word one edit from it is a
// cancel word (cancelFirstWords), so no other intent is as near. False when
// no word is so read; it allocates only then.
func cancelTypos(text string) (string, bool) {
	k := key(text)
	if n, _ := wordCount(k); n == 0 || n > maxTypoReplyWords {
		return "", false
	}
	var buf [maxTypoReplyWords]token
	var b strings.Builder
	last := 0
	for _, t := range appendTokens(buf[:0], k) {
		c, ok := cancelWordFor(t.text)
		if !ok {
			continue
		}
		b.WriteString(k[last:t.start])
		b.WriteString(c)
		last = t.end
	}
	if last == 0 {
		return "", false
	}
	b.WriteString(k[last:])
	return b.String(), true
}

// cancelWordFor is the cancel word w is a typo of: every intent word one edit
// from w is a cancel word of five letters or more, the shortest of them
// returned ("cancel" for "cancell", whose "cancels" and "cancela" are
// cancel words too).
func cancelWordFor(w string) (string, bool) {
	if len(w) < 4 || !nearACancelWord(w) || !latinLetters(w) || ordinaryNearReply[w] || nonAnswerFirst[w] || isIntentTypoTarget(w) || cancelFirstWords[w] {
		return "", false
	}
	if _, known := replyVocabulary()[w]; known {
		return "", false
	}
	return nearestCancelWord(w)
}

// cancelTypoWords are intentTypoWords' cancel words of five letters or more,
// by first letter and length: nearACancelWord looks among these few before
// a word's lookups in the lexicons, which every word of every message would
// otherwise pay (readers-cost.sh: about 18,000 instructions a pass).
var cancelTypoWords = sync.OnceValue(func() map[typoBucket][]string {
	out := map[typoBucket][]string{}
	for b, words := range intentTypoWords() {
		for _, v := range words {
			if len(v) >= 5 && cancelFirstWords[v] {
				out[b] = append(out[b], v)
			}
		}
	}
	return out
})

// nearACancelWord reports whether a cancel word of five letters or more is
// one edit from w by nearestCancelWord's measure: without one, w is no
// cancel typo, whatever the lexicons say of it.
func nearACancelWord(w string) bool {
	words := cancelTypoWords()
	for n := len(w) - 1; n <= len(w)+1; n++ {
		for _, v := range words[typoBucket{w[0], n}] {
			if e := oneEdit(w, v); e != editNone && (e != editReplace || len(w) >= 5) {
				return true
			}
		}
	}
	return false
}

// nearestCancelWord is the shortest intent word one edit from w when every
// such word is a cancel word of five letters or more; false otherwise.
func nearestCancelWord(w string) (string, bool) {
	best := ""
	words := intentTypoWords()
	for n := len(w) - 1; n <= len(w)+1; n++ {
		for _, v := range words[typoBucket{w[0], n}] {
			if e := oneEdit(w, v); e == editNone || e == editReplace && len(w) < 5 {
				continue
			}
			if len(v) < 5 || !cancelFirstWords[v] {
				return "", false // another intent's word as near: asked
			}
			if best == "" || len(v) < len(best) {
				best = v
			}
		}
	}
	return best, best != ""
}

// isCancel is IsCancel of text as typed.
func isCancel(text string) bool {
	k := key(text)
	switch grammarIntentOfKey(k) {
	case IntentCancel:
		return true // a sentence of the intent grammar (intent_grammar/cancel.grammar)
	case intentOther:
		return false // kept or negated: "don't cancel it", "I still want it"
	}
	if giveupWhole[k] {
		return true
	}
	if !hasWordIn(k, cancelFirstWords) {
		return declines(k) // "no flight for now"; else no cancel phrase can start in k
	}
	toks := tokenize(k)
	return len(toks) > 0 && (cancelInside(toks) || cancelWholeMessage(toks)) || declines(k)
}

// cancelInside reports whether a clear cancel phrase occurs in toks, not negated.
func cancelInside(toks []token) bool {
	for _, p := range cancelAnywhere {
		for i := findPhrase(toks, p, 0); i >= 0; i = findPhrase(toks, p, i+1) {
			if !negated(toks, i) {
				return true
			}
		}
	}
	return false
}

// cancelWholeMessage reports whether toks are a whole-message cancel word,
// allowing polite words around it.
func cancelWholeMessage(toks []token) bool {
	var core []token
	for _, t := range toks {
		if !politeWords[t.text] {
			core = append(core, t)
		}
	}
	for _, p := range cancelWhole {
		if len(core) == len(p) && startsWithPhrase(core, p) {
			return true
		}
	}
	return false
}

// negated reports whether one of the two words before toks[i] is a negation
// ("don't cancel" is "don t cancel").
func negated(toks []token, i int) bool {
	for j := max(0, i-2); j < i; j++ {
		if negations[toks[j].text] {
			return true
		}
	}
	return false
}
