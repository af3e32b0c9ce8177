package nlu

import (
	"strings"

	"github.com/parleyhq/parley/shop/lexicon"
)

// This file reads an answer followed by a reason clause the aside grammar
// (aside_clauses.txt) has no opening word for: a clause with a noun for its
// subject ("yellowknife, the ice road just closed", "two, the kids go back
// to school"), a prepositional phrase ("tuesday, after the easter
// services") or a remark ("april 1st, and no, it's not a prank"). Such a
// clause is the reason only when it names no value of the kind asked
// (ReasonNamesPlace, ReasonNamesDay, ReasonNamesCount); the caller reads the
// answer before it, and reads it only when the other readers found nothing
// (the clause costs nothing on the common path).

// maxReasonHeadWords bounds the answer before a reason clause: a longer
// head is a sentence, read as one.
const maxReasonHeadWords = 4

// ReasonAfterAnswer splits text at its first comma into the answer before it
// and the clause after it, when the clause may be a reason: two words or
// more, no question mark, no correction (SplitCorrection) and no word of a
// change of mind (changeWords: "wait", "actually", "instead"). ok is false
// otherwise; the caller checks that the head reads as the value asked and
// that the clause names none of its kind.
func ReasonAfterAnswer(text string) (head, clause string, ok bool) {
	i := strings.IndexByte(text, ',')
	if i <= 0 || strings.ContainsAny(text, "?؟") {
		return "", "", false
	}
	head = strings.TrimSpace(text[:i])
	clause = strings.Trim(text[i+1:], " ,;.:!-–—")
	hw, cw := FoldWords(head), FoldWords(clause)
	if len(hw) == 0 || len(hw) > maxReasonHeadWords || len(cw) < 2 {
		return "", "", false
	}
	if _, _, corrected := SplitCorrection(text); corrected && !NoneOfClause(clause) {
		return "", "", false
	}
	for i, w := range cw {
		if changeWords[w] && !waitVerbWords(cw, i) {
			return "", "", false
		}
	}
	return head, clause, true
}

// NoneOfClause reports whether a clause after an answer is "no" and the
// thing there is none of, one or two nouns of the dictionary and nothing
// else ("sunday, no rehearsal", "friday, no band practice"): a reason (there
// is none then), not a correction to the thing, when the thing is no value
// of the kind asked. That the caller checks (flows: a day at a date's
// question, a place at a city's, a count at a number's); at a question whose
// values may be such nouns ("economy, no business") it is a correction.
// "sunday, no, monday" (the pause) and "sunday, no monday" (a date word) stay
// corrections, and "no" with a place, a date or a number word is none.
func NoneOfClause(clause string) bool {
	rest, ok := strings.CutPrefix(strings.ToLower(clause), "no ")
	if !ok || strings.ContainsAny(rest, ",.;:!?-–—") {
		return false
	}
	ws := strings.Fields(rest)
	if len(ws) == 0 || len(ws) > 2 {
		return false
	}
	for _, w := range ws {
		if !determinedNoun(w) {
			return false
		}
	}
	return true
}

// ReasonNamesPlace reports whether a reason clause names a place: a city
// FindCities reads, or a word no English word list holds that is a known
// city mistyped.
func ReasonNamesPlace(clause string) bool {
	if len(FindCities(clause)) > 0 {
		return true
	}
	var buf [32]token
	for _, tok := range appendTokens(buf[:0], key(clause)) {
		if lexicon.IsEnglishWord(tok.text) {
			continue // "tuning" is no "Tunis" mistyped
		}
		if _, ok := closestCity(tok.text); ok {
			return true
		}
		if _, ok := shortTypoCity(tok.text); ok {
			return true
		}
	}
	return false
}

// ReasonNamesDay reports whether a reason clause names a day: a number (a
// numeric date has one), an ordinal, a date word (IsDateWord), a unit of
// days ("a month") or a holiday's word; a holiday's name said before a noun
// of its own ("the easter services", "the christmas rush") qualifies the
// noun and names no day.
func ReasonNamesDay(clause string) bool {
	for _, t := range []string{clause, Gloss(clause)} {
		var buf [32]token
		toks := appendTokens(buf[:0], key(t))
		for i, tok := range toks {
			if functionWords[tok.text] || determiners[tok.text] {
				continue // "the": a word of some holidays' names, no day
			}
			if isNumberToken(tok.text) {
				return true
			}
			if _, ok := ordinalDay(tok.text); ok && len(tok.text) > 2 {
				return true
			}
			if _, ok := ordinalWords[tok.text]; ok {
				return true
			}
			if _, ok := dayUnits[tok.text]; ok || IsDateWord(tok.text) {
				return true
			}
			if holidayWords()[tok.text] && !attributiveHoliday(toks, i) {
				return true
			}
		}
	}
	return false
}

// attributiveHoliday reports whether toks[i], a holiday's word, is said
// before a word that is no date word ("easter services"): it qualifies that
// noun.
func attributiveHoliday(toks []token, i int) bool {
	if i+1 >= len(toks) {
		return false
	}
	next := toks[i+1].text
	return !IsDateWord(next) && !holidayWords()[next] && !isNumberToken(next)
}

// ReasonNamesCount reports whether a reason clause names a count: a number
// in digits or words, or a span of days ("a week").
func ReasonNamesCount(clause string) bool {
	for _, t := range []string{clause, Gloss(clause)} {
		var buf [32]token
		for _, tok := range appendTokens(buf[:0], key(t)) {
			if isNumberToken(tok.text) {
				return true
			}
			if _, ok := dayUnits[tok.text]; ok {
				return true
			}
		}
	}
	return false
}

// IsListedPlace reports whether name is a place a list holds: a known city
// (MatchCityExact), a city of the gazetteer or a town of the towns list (a
// name two cities share is none).
func IsListedPlace(name string) bool {
	if _, ok := MatchCityExact(name); ok {
		return true
	}
	return knownPlaceName(name)
}
