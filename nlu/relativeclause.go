package nlu

import (
	_ "embed"
	"strings"
)

//go:embed relative_clauses.txt
var relativeClausesText string

// relativeFree, relativeWords, relativeSubjects and relativeDeterminers are
// relative_clauses.txt's lists, each phrase as its folded words.
var relativeFree, relativeWords, relativeSubjects, relativeDeterminers, relativeTripNouns = func() (f, r, s, d [][]string, t map[string]bool) {
	l := readPhraseLists(relativeClausesText)
	return l["free"], l["relative"], l["subject"], l["determiner"], wordSet(strings.Join(flatten(l["trip_noun"]), " "))
}()

// tripThing reports whether w names the trip itself or one of its things
// (trip_noun, event_not_noun): a clause picking it out dates the trip.
func tripThing(w string) bool { return relativeTripNouns[w] || eventNotNouns[w] }

// DateInRelativeClause reports whether text names a day inside a clause that
// picks out something else: after a free relative word ("whichever port we
// tie up at friday"), a relative word and its subject ("the port where we
// dock friday"), or a noun and a subject with no relative word ("the port we
// tie up at friday"), in the same clause (up to a comma). That day anchors
// the thing the clause picks out; it is no day of the trip.
func DateInRelativeClause(text string) bool {
	for _, clause := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ';' || r == '.' }) {
		var buf [32]token
		toks := appendTokens(buf[:0], key(clause))
		if at := relativeOpens(toks); at >= 0 && namesDayIn(toks[at:]) {
			return true
		}
	}
	return false
}

// relativeOpens is the index of the word after which a relative clause of
// toks begins (its subject's first word), or -1.
func relativeOpens(toks []token) int {
	for i := range toks {
		if n, ok := relPhraseAt(toks[i:], relativeFree); ok {
			if i+n < len(toks) && tripThing(toks[i+n].text) {
				return -1 // "whichever flight leaves friday"
			}
			return i + n
		}
		if n, ok := relPhraseAt(toks[i:], relativeWords); ok && i > 0 && !tripThing(toks[i-1].text) {
			if _, subj := relPhraseAt(toks[i+n:], relativeSubjects); subj {
				return i + n
			}
		}
		if n, ok := relPhraseAt(toks[i:], relativeDeterminers); ok {
			if at := contactClause(toks[i+n:]); at >= 0 {
				return i + n + at
			}
		}
	}
	return -1
}

// contactClause is the index of a subject after one or two words naming a
// thing (no date word, no number: "port we", "ferry terminal we") at the
// start of toks, or -1.
func contactClause(toks []token) int {
	for k := 1; k <= 2 && k < len(toks); k++ {
		w := toks[k-1].text
		if knownDateWord(w) || IsDateWord(w) || isNumberToken(w) || tripThing(w) {
			return -1
		}
		if _, subj := relPhraseAt(toks[k:], relativeSubjects); subj && k+1 < len(toks) {
			return k
		}
	}
	return -1
}

// relPhraseAt reports whether toks start with one of phrases, and its length.
func relPhraseAt(toks []token, phrases [][]string) (int, bool) {
	for _, p := range phrases {
		if startsWithPhrase(toks, p) {
			return len(p), true
		}
	}
	return 0, false
}
