package nlu

import (
	_ "embed"
	"strings"
)

//go:embed own_clauses.txt
var ownClausesText string

// ownVerbs and ownNot are own_clauses.txt's own_verb and own_not phrases by
// first word.
var ownVerbs, ownNot = func() (v, n map[string][][]string) {
	l := phraseListsByFirst(ownClausesText, "own_verb", "own_not")
	return l["own_verb"], l["own_not"]
}()

// ownClauseAt reports whether words open a clause of its own about another
// thing (own_clauses.txt): an optional determiner (event_subject), a noun
// subject of one to three words, then a finite verb (own_verb, or a past in
// -ed: "the judge adjourned"). Its day, if it names one, is that thing's.
func ownClauseAt(text string, words []sideWord) bool {
	i := 0
	if phraseAtWords(text, words, eventSubjects) {
		i = 1
	}
	for k := i; k < len(words) && k < i+3; k++ {
		w := words[k]
		if (k > 0 && w.clause) || !ownSubjectWord(text, words[k:]) {
			return false
		}
		if k+1 < len(words) && !words[k+1].clause && ownVerbAt(text, words[k+1:]) {
			return len(FindCities(clauseText(text, words))) == 0 // "the team is in Austin"
		}
	}
	return false
}

// ownSubjectWord reports whether words[0] may stand in a clause's noun
// subject: letters only, no date's word, no ordinal, no word of the trip,
// the answer or a pronoun (event_not, event_not_noun), no verb in -ing.
func ownSubjectWord(text string, words []sideWord) bool {
	name := strings.ToLower(text[words[0].start:words[0].end])
	if !latinLetters(name) || len(name) < 3 || strings.HasSuffix(name, "ing") {
		return false
	}
	if _, ord := ordinalWords[name]; ord || IsDateWord(name) || knownDateWord(name) || eventNotNouns[name] {
		return false
	}
	return !phraseAtWords(text, words, eventNot) && !phraseAtWords(text, words, ownNot) && !phraseAtWords(text, words, ownVerbs)
}

// clauseText is text from words[0] to the end of its clause.
func clauseText(text string, words []sideWord) string {
	for _, w := range words[1:] {
		if w.clause || w.sentence {
			return text[words[0].start:w.start]
		}
	}
	return text[words[0].start:]
}

// ownVerbAt reports whether words open with a finite verb (own_verb) or a
// past in -ed of six letters or more.
func ownVerbAt(text string, words []sideWord) bool {
	if phraseAtWords(text, words, ownVerbs) {
		return true
	}
	w := strings.ToLower(text[words[0].start:words[0].end])
	return len(w) >= 6 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed") && latinLetters(w) && !knownDateWord(w)
}

// journeyVerbs and journeyLeads are own_clauses.txt's journey_verb and
// journey_lead phrases by first word.
var journeyVerbs, journeyLeads = func() (v, l map[string][][]string) {
	x := phraseListsByFirst(ownClausesText, "journey_verb", "journey_lead")
	return x["journey_verb"], x["journey_lead"]
}()

// JourneyAside is the offset of the comma after the answer that opens a
// clause about the journey to a stay that names a day of its own ("friday,
// flying in thursday night": journey_verb after up to two journey_lead
// words), or -1; one naming no day may give the arrival's time ("Saturday,
// we land at half past eight") and is read as before. Only the caller
// knows the question is for a stay's date.
func JourneyAside(text string) int {
	var buf [48]sideWord
	words := sideWords(text, buf[:0])
	for i := 1; i < len(words); i++ {
		if !words[i].clause || words[i].sentence {
			continue
		}
		for j := i; j < len(words) && j <= i+2; j++ {
			if phraseAtWords(text, words[j:], journeyVerbs) {
				var tbuf [24]token
				if !namesDayIn(appendTokens(tbuf[:0], key(clauseText(text, words[j:])))) {
					return -1 // "Saturday, we land at half past eight": the arrival's time
				}
				return strings.LastIndexAny(text[:words[i].start], ",;:-–—")
			}
			if !phraseAtWords(text, words[j:], journeyLeads) {
				break
			}
		}
		return -1
	}
	return -1
}
