package nlu

import (
	_ "embed"
	"slices"
	"unicode"
	"unicode/utf8"
)

// otherClockText is other_clock.txt: the words that make a relative day one
// of another place's clock.
//
//go:embed other_clock.txt
var otherClockText string

// otherClock are other_clock.txt's lists by name, each phrase as its words.
var otherClock = WordLists(otherClockText)

// SaysOtherClock reports whether text says a day relative to today by another
// place's clock: the user's own ("my tomorrow"), beside a word of a local
// clock or of where the user is ("I'm in Sydney and it's already Friday
// here", "today, local time"), or restated as a place's ("today — well, today
// in Auckland"). The day is then ambiguous, and the place no slot's value:
// the message is asked again (issue 38, "parse or ask"). A text without a
// relative day's first word is turned down without allocating.
func SaysOtherClock(text string) bool {
	if !mayHoldRelativeDay(text) {
		return false
	}
	toks := tokenize(key(text))
	words := make([]string, len(toks))
	for i, t := range toks {
		words[i] = t.text
	}
	days := relativeDayStarts(words)
	if len(days) == 0 {
		return false
	}
	if holdsClockPhrase(words, otherClock["clock"]) {
		return true
	}
	for n, i := range days {
		if i > 0 && holdsClockPhrase(words[i-1:i], otherClock["possessive"]) {
			return true // "my tomorrow"
		}
		// "today — well, today in Auckland": the day said again, in a place.
		if n > 0 && i+2 < len(words) && holdsClockPhrase(words[i+1:i+2], otherClock["place-prep"]) && !IsCommonWord(words[i+2]) {
			return true
		}
	}
	return false
}

// relativeDayStarts is where words start a one-word relative day ("today",
// "tomorrow", "manana").
func relativeDayStarts(words []string) []int {
	var at []int
	for i, w := range words {
		if slices.ContainsFunc(relativeDaysByFirst[w], func(r relativeDay) bool { return len(r.words) == 1 }) {
			at = append(at, i)
		}
	}
	return at
}

// mayHoldRelativeDay reports whether a word of text, in lower case, is the
// first word of a relative day; it allocates nothing.
func mayHoldRelativeDay(text string) bool {
	var buf [32]byte
	for start, end := nextWord(text, 0); start >= 0; start, end = nextWord(text, end) {
		w := buf[:0]
		for _, r := range text[start:end] {
			if len(w)+utf8.UTFMax > len(buf) {
				break
			}
			w = utf8.AppendRune(w, unicode.ToLower(r))
		}
		if _, ok := relativeDaysByFirst[string(w)]; ok {
			return true
		}
	}
	return false
}

// holdsClockPhrase reports whether words hold one of phrases.
func holdsClockPhrase(words []string, phrases [][]string) bool {
	for _, p := range phrases {
		for i := 0; i+len(p) <= len(words); i++ {
			if slices.Equal(words[i:i+len(p)], p) {
				return true
			}
		}
	}
	return false
}
