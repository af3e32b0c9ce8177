package nlu

import "strings"

// sideLists reads side_clauses.txt's list name as phrases by first word.
func sideLists(name string) map[string][][]string {
	out := map[string][][]string{}
	for _, line := range strings.Split(sideClausesText, "\n") {
		n, list, ok := strings.Cut(line, ":")
		if !ok || n != name {
			continue
		}
		for _, p := range strings.Split(list, ",") {
			ws := strings.Fields(strings.ToLower(strings.ReplaceAll(p, "'", " ")))
			if len(ws) > 0 {
				out[ws[0]] = append(out[ws[0]], ws)
			}
		}
	}
	return out
}

var eventSubjects, eventVerbs, eventNot = sideLists("event_subject"), sideLists("event_verb"), sideLists("event_not")

// sideEventAt reports whether words open a clause about another event:
// an event_subject, one to three words naming the event, an event_verb
// ("the wedding is Saturday", "my exam ends on the 12th"), and a day's word
// after it in the clause ("the kids are off school then"; "my destination
// is Vienna" is an answer). The event's words hold no digit, no date word and
// no event_not word.
func sideEventAt(text string, words []sideWord) bool {
	if !phraseAtWords(text, words, eventSubjects) {
		return false
	}
	for k := 2; k <= 4 && k < len(words); k++ {
		w := words[k-1]
		name := text[w.start:w.end]
		if w.clause || strings.ContainsAny(name, "0123456789") || IsDateWord(name) || phraseAtWords(text, words[k-1:], eventNot) {
			return false
		}
		if phraseAtWords(text, words[k:], eventVerbs) {
			return namesDayAfter(text, words[k+1:])
		}
	}
	return false
}

// namesDayAfter reports whether the words up to the next clause's start
// hold a word of a day: digits, an ordinal, a date word, "then".
func namesDayAfter(text string, words []sideWord) bool {
	for i, w := range words {
		if i > 0 && w.clause {
			return false
		}
		name := strings.ToLower(text[w.start:w.end])
		if strings.ContainsAny(name, "0123456789") || IsDateWord(name) || name == "then" {
			return true
		}
		if _, ok := ordinalWords[name]; ok {
			return true
		}
	}
	return false
}
