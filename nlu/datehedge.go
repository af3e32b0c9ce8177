package nlu

import (
	"strings"
	"time"
)

// hesitationWords are the hesitations a speaker pauses on before thinking again
// ("monday, hmm, tuesday is better", "jan 5, um, jan 6 works better").
var hesitationWords = wordSet(`hmm hmmm hm um umm uh uhh er erm`)

// preferWords say that the day they follow is preferred to another:
// comparatives and superlatives of preference.
var preferWords = wordSet(`better best preferable preferred`)

// hedgedChange reads a date answer that names a day, pauses on a hesitation
// between breaks, and names another day it prefers ("monday, hmm, tuesday is
// better", "jan 5, hmm, jan 6 is better"): the day preferred, the last said,
// stands. The head before the hesitation must read wholly as a date, the
// tail wholly as a date and an aside that says it is preferred (dateWithAside
// and a word of preferWords); a tail that only names another day ("monday,
// hmm, tuesday") may be a second choice offered, and none is read.
func hedgedChange(text string, now time.Time) (Date, bool) {
	var buf [24]sideWord
	words := sideWords(text, buf[:0])
	at := -1
	for i := 1; i+1 < len(words); i++ {
		if !hesitationWords[strings.ToLower(text[words[i].start:words[i].end])] {
			continue
		}
		if at >= 0 || !words[i].clause || !words[i+1].clause {
			return Date{}, false // two hesitations, or one inside a clause
		}
		at = i
	}
	if at < 0 {
		return Date{}, false
	}
	// The day given up need only be a day: today's weekday ("tuesday, hmm,
	// sunday is better" sent on a Tuesday), no one day from today, is one
	// read from tomorrow.
	if _, ok := readDate(text[:words[at].start], now); !ok {
		if _, ok := readDate(text[:words[at].start], now.AddDate(0, 0, 1)); !ok {
			return Date{}, false
		}
	}
	tail := text[words[at+1].start:]
	d, ok := dateWithAside(tail, now)
	return d, ok && prefersDay(tail)
}

// prefersDay reports whether text holds a word of preference (preferWords).
func prefersDay(text string) bool {
	var buf [12]token
	for _, t := range appendTokens(buf[:0], key(text)) {
		if preferWords[t.text] {
			return true
		}
	}
	return false
}
