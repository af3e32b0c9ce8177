package nlu

import (
	_ "embed"
	"strings"
	"time"
)

//go:embed answer_words.txt
var answerWordsText string

// answerWords are the lists of answer_words.txt by name, each phrase as its
// folded words.
var answerWords = readPhraseLists(answerWordsText)

var (
	vagueWords    = wordSet(strings.Join(flatten(answerWords["vague"]), " "))
	stayEndCues   = answerWords["stay_end"]
	stayEndLeads  = wordSet(strings.Join(flatten(answerWords["stay_end_lead"]), " "))
	stayEndFirsts = firstWords(stayEndCues)
	stayEndFocus  = answerWords["stay_end_focus"]
	spokenSeps    = answerWords["spoken_separator"]
	conclusions   = answerWords["conclusion"]
	// conclusionStarts are the first bytes of conclusions' first words: a
	// word that starts with no other starts none of them.
	conclusionStarts = phraseStarts(conclusions)
	leaveWords       = answerWords["leave_word"]
	arriveWords      = answerWords["arrive_word"]
	sameDay          = answerWords["same_day"]
)

// concludingClause is the key of the clause after the last conclusion marker
// of k (answer_words.txt "conclusion": "so", "donc"), when words follow it.
func concludingClause(k string, toks []token) (string, bool) {
	start := -1
	for i := range toks {
		if t := toks[i].text; t != "" && !conclusionStarts[t[0]] {
			continue
		}
		for _, p := range conclusions {
			if startsWithPhrase(toks[i:], p) && i+len(p) < len(toks) {
				start = toks[i+len(p)].start
			}
		}
	}
	if start < 0 {
		return "", false
	}
	return k[start:], true
}

// phraseStarts marks the first bytes of phrases' first words.
func phraseStarts(phrases [][]string) (t [256]bool) {
	for _, p := range phrases {
		if len(p) > 0 && p[0] != "" {
			t[p[0][0]] = true
		}
	}
	return t
}

// holdsPhrase reports whether toks hold one of phrases.
func holdsPhrase(toks []token, phrases [][]string) bool {
	for i := range toks {
		for _, p := range phrases {
			if startsWithPhrase(toks[i:], p) {
				return true
			}
		}
	}
	return false
}

// concludedDeparture reads the date a sentence concludes with after a reason
// naming other dates ("my boss has to be there Wednesday so he'll leave on
// Tuesday"): the concluding clause read wholly as a date (ReadDate), holding
// a word of leaving and none of arriving. Any other sentence gives none.
func concludedDeparture(k string, toks []token, now time.Time) (Date, bool) {
	clause, ok := concludingClause(k, toks)
	if !ok {
		return Date{}, false
	}
	var buf [24]token
	ct := appendTokens(buf[:0], clause)
	if !holdsPhrase(ct, leaveWords) || holdsPhrase(ct, arriveWords) {
		return Date{}, false
	}
	return ReadDate(clause, now)
}

// WithoutSpokenSeparators is text folded (key) with the separators said as
// words (answer_words.txt "spoken_separator": "dash", "tiret") left out, and
// text's key unchanged when it names none: a dictated code ("bk dash 31415")
// then reads as one typed without its separator ("bk 31415").
func WithoutSpokenSeparators(text string) string {
	var buf [24]token
	k := key(text)
	toks := appendTokens(buf[:0], k)
	var out []byte
	last := 0
	for i := 0; i < len(toks); i++ {
		for _, p := range spokenSeps {
			if startsWithPhrase(toks[i:], p) {
				out = append(out, k[last:toks[i].start]...)
				last = toks[i+len(p)-1].end
				i += len(p) - 1
				break
			}
		}
	}
	if out == nil {
		return k
	}
	return strings.Join(strings.Fields(string(append(out, k[last:]...))), " ")
}

// readPhraseLists reads "name: phrase, phrase" lines, skipping comments and
// blank lines.
func readPhraseLists(text string) map[string][][]string {
	lists := map[string][][]string{}
	for _, line := range strings.Split(text, "\n") {
		name, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		name = strings.TrimSpace(name)
		for _, p := range strings.Split(list, ",") {
			if ws := phraseWords(p); len(ws) > 0 {
				lists[name] = append(lists[name], ws)
			}
		}
	}
	return lists
}

func flatten(phrases [][]string) []string {
	var out []string
	for _, p := range phrases {
		out = append(out, p...)
	}
	return out
}

// AnswerWords is the list of answer_words.txt named name, each phrase as its
// folded words (lower case, accents dropped, split at punctuation); callers
// must not change it.
func AnswerWords(name string) [][]string { return answerWords[name] }

// Negates reports whether text holds a negation or an exclusion
// (answer_words.txt aside_not: "not", "except", "pas"): an answer naming a
// value beside one says which it does not want as well.
func Negates(text string) bool {
	var buf [32]token
	toks := appendTokens(buf[:0], key(text))
	for i := range toks {
		if startsAny(toks[i:], asideNot) {
			return true
		}
	}
	return false
}

// FoldWords are text's words as the readers fold them (lower case, accents
// dropped, split at punctuation).
func FoldWords(text string) []string { return words(key(text)) }

// IsVagueAnswer reports whether a free-text answer is made only of words that
// name nothing (answer_words.txt "vague"): it defers ("any is fine"), picks by
// a quality ("whichever is cheapest", "the five star one") or points ("that
// one"). Such an answer is no value; the question is asked again. A text
// without words is not vague (other rules read it).
func IsVagueAnswer(text string) bool {
	var buf [24]token
	toks := appendTokens(buf[:0], key(text))
	if len(toks) == 0 {
		return false
	}
	for _, t := range toks {
		if !vagueWords[t.text] {
			return false
		}
	}
	return true
}

// ReadStayEnd reads an answer that gives the day a stay ends ("checking out on
// the 24th", "until Sunday", "leaving Monday morning"): a stay_end cue of
// answer_words.txt, after it one date read wholly (ReadDate), before it only
// the speaker's words ("I'm", "we'll stay"). Relative to now.
func ReadStayEnd(text string, now time.Time) (Date, bool) {
	var buf [32]token
	k := key(text)
	toks := appendTokens(buf[:0], k)
	if d, ok := stayEndIn(k, toks, now); ok {
		return d, true
	}
	// "We fly home Monday morning, so we'd check out Monday": the reason
	// before the conclusion may name other days; "... on the 24th, so I'll
	// check out that day" names the reason's one day.
	clause, ok := concludingClause(k, toks)
	if !ok {
		return Date{}, false
	}
	var cbuf [24]token
	ct := appendTokens(cbuf[:0], clause)
	if d, ok := stayEndIn(clause, ct, now); ok {
		return d, true
	}
	if endsOnSameDay(ct) {
		return FindDate(k[:len(k)-len(clause)], now)
	}
	return Date{}, false
}

// endsOnSameDay reports whether toks say a stay ends on the day said before
// them: a stay_end cue after the speaker's words, then a same_day phrase and
// nothing but fillers.
func endsOnSameDay(toks []token) bool {
	for i, t := range toks {
		for _, p := range stayEndCues {
			if !startsWithPhrase(toks[i:], p) {
				continue
			}
			rest := toks[i+len(p):]
			for _, d := range sameDay {
				if startsWithPhrase(rest, d) && onlyFillers(rest[len(d):]) {
					return true
				}
			}
		}
		if !stayEndLeads[t.text] && !stayEndFirsts[t.text] {
			return false
		}
	}
	return false
}

// onlyFillers reports whether toks are all dateFillers.
func onlyFillers(toks []token) bool {
	for _, t := range toks {
		if !dateFillers[t.text] {
			return false
		}
	}
	return true
}

// stayEndIn is ReadStayEnd of the key k, cut into toks.
func stayEndIn(k string, toks []token, now time.Time) (Date, bool) {
	stayCuesUntyped(toks) // "untill monday"
	for i, t := range toks {
		if !stayEndFirsts[t.text] {
			if !stayEndLeads[t.text] {
				return Date{}, false
			}
			continue
		}
		for _, p := range stayEndCues {
			if startsWithPhrase(toks[i:], p) && i+len(p) < len(toks) {
				if d, ok := ReadDate(k[toks[i+len(p)].start:], now); ok {
					return d, true
				}
				if d, ok := endDayBeforeTail(k, toks[i+len(p):], now); ok {
					return d, true
				}
				// "until the day after the final on Saturday": a day moved
				// from an anchor is FindDate's.
				if startsWithOffset(toks[i+len(p):]) {
					return FindDate(k[toks[i+len(p)].start:], now)
				}
				return Date{}, false
			}
		}
		if !stayEndLeads[t.text] {
			return Date{}, false
		}
	}
	return Date{}, false
}

// endDayBeforeTail reads the day a stay ends said before a tail that names
// no day: a restrictive focus word ("till tuesday morning only",
// stay_end_focus) or a courtesy, hedge or beneficiary tail ("till wednesday
// for us", CutAnswerTail). toks are the words after the stay_end cue, in k.
// Only a message that reads no day whole comes here.
func endDayBeforeTail(k string, toks []token, now time.Time) (Date, bool) {
	if len(toks) < 2 {
		return Date{}, false
	}
	for _, f := range stayEndFocus {
		if n := len(f); n < len(toks) && startsWithPhrase(toks[len(toks)-n:], f) {
			return ReadDate(k[toks[0].start:toks[len(toks)-n-1].end], now)
		}
	}
	if head, ok := CutAnswerTail(k[toks[0].start:]); ok {
		return ReadDate(head, now)
	}
	return Date{}, false
}

// SaysStayEnd reports whether text holds a stay_end cue before a date word:
// a date in it is the day a stay ends, not the day it starts.
func SaysStayEnd(text string, now time.Time) bool {
	var buf [32]token
	k := key(text)
	toks := appendTokens(buf[:0], k)
	stayCuesUntyped(toks)
	for i, t := range toks {
		if !stayEndFirsts[t.text] {
			continue
		}
		for _, p := range stayEndCues {
			if startsWithPhrase(toks[i:], p) && i+len(p) < len(toks) {
				if _, ok := FindDate(k[toks[i+len(p)].start:], now); ok {
					return true
				}
				if holdsPhrase(toks[i+len(p):i+len(p)+1], sameDay) || endsOnSameDay(toks[i:]) {
					return true // "check out that day": the day said before it
				}
			}
		}
	}
	return false
}
