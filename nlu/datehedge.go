package nlu

import (
	"slices"
	"strings"
	"sync"
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

// approximators are reader_words.txt's date_approximators and
// date_approximate_tails, read on the first date read.
var approximators = sync.OnceValue(func() (w struct {
	before, after  [][]string
	words, longest map[string]bool
}) {
	w.before, w.after = readerFrames("date_approximators"), readerFrames("date_approximate_tails")
	w.words, w.longest = map[string]bool{}, map[string]bool{}
	for _, f := range slices.Concat(w.before, w.after) {
		w.longest[slices.MaxFunc(f, func(a, b string) int { return len(a) - len(b) })] = true
	}
	for _, f := range w.before {
		w.words[f[len(f)-1]] = true
	}
	for _, f := range w.after {
		w.words[f[0]] = true
	}
	return w
})

// SaysApproximately reports whether a message says a date only near the day
// meant ("around the 20th", "the 20th or so", "friday-ish"): no one day,
// whatever part of it a date slot's reader is given (issue 38, round 25).
func SaysApproximately(text string, now time.Time) bool {
	return saysApproximately(text, now, false)
}

// saysApproximately reports whether text says its date only near the day
// meant ("around the 20th", "the 20th-ish": approximatedDate). answer is
// whether text answers a date question. Only a text with a word of the
// frames is read again.
func saysApproximately(text string, now time.Time, answer bool) bool {
	if !mayApproximate(text) {
		return false // no frame's longest word: the common case, no key or tokens
	}
	var buf [32]token
	k := dateKey(text, answer)
	toks := appendTokens(buf[:0], k)
	w := approximators()
	if !slices.ContainsFunc(toks, func(t token) bool { return w.words[t.text] }) {
		return false
	}
	today := DateOf(now)
	spans, _ := dateSpansOf(k, toks, today, answer)
	if approximatedDate(toks, spans) {
		return true
	}
	// A tail may keep its date from reading ("the 20th-ish": "ish" is no
	// word a day of the month stands before): the words before it are read.
	for j := 1; j < len(toks); j++ {
		if !w.words[toks[j].text] || !slices.ContainsFunc(w.after, func(f []string) bool { return startsWithPhrase(toks[j:], f) }) {
			continue
		}
		head := toks[:j]
		spans, _ := dateSpansOf(k[:head[j-1].end], head, today, answer)
		if slices.ContainsFunc(spans, func(s dateSpan) bool { return s.last == j-1 && !s.noDay && !s.attribute }) {
			return true
		}
	}
	return false
}

// approximatedDate reports whether a date read in spans is said to be only
// near the day meant: an approximator just before it ("around the 20th",
// "roughly friday") or a tail just after it ("the 20th-ish", "the 20th or
// so"). Such a date is no one day: asked (issue 38, round 25). "about" after
// "how"/"what" ("how about the 20th") or after a word no date answer holds
// ("thinking about friday") is no approximator. A holiday's own near frames
// are holidayNear's (its span is noDay already).
func approximatedDate(toks []token, spans []dateSpan) bool {
	w := approximators()
	for _, s := range spans {
		if s.attribute || s.noDay {
			continue
		}
		for _, f := range w.before {
			if len(f) <= s.first && startsWithPhrase(toks[s.first-len(f):s.first], f) && !prepositionAbout(toks, s.first-len(f), f) {
				return true
			}
		}
		for _, f := range w.after {
			if startsWithPhrase(toks[s.last+1:], f) {
				return true
			}
		}
	}
	return false
}

// prepositionAbout reports whether the frame f at toks[j] is a lone "about"
// that is a preposition or a proposal: after "how"/"what", or after a word
// that is no filler of a date answer ("thinking about friday").
func prepositionAbout(toks []token, j int, f []string) bool {
	if len(f) != 1 || f[0] != "about" || j == 0 {
		return false
	}
	prev := toks[j-1].text
	return prev == "how" || prev == "what" || !dateFillers[prev]
}

// mayApproximate reports whether text may hold a frame of approximators: a
// run of ASCII letters, lowered, that is the longest word of a frame (every
// frame said holds its longest word), or any byte beyond ASCII (key folds
// those: the whole reader decides). It keeps saysApproximately's key and
// tokens off the messages that cannot say a date approximately (the readers'
// cost: scripts/readers-cost.sh).
func mayApproximate(text string) bool {
	longest := approximators().longest
	var b [16]byte
	n := 0
	for i := 0; i <= len(text); i++ {
		c := byte(' ')
		if i < len(text) {
			c = text[i]
		}
		if c >= 0x80 {
			return true
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if 'a' <= c && c <= 'z' {
			if n < len(b) {
				b[n] = c
			}
			n++
			continue
		}
		if n > 0 && n <= len(b) && longest[string(b[:n])] {
			return true
		}
		n = 0
	}
	return false
}
