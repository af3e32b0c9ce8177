package nlu

import (
	_ "embed"
	"strings"
	"sync"
	"time"
)

// A date said beside "or" and another day ("tmr or teh day after", "the
// 5th or 6th", "viernes o sábado", "Montag oder Dienstag") offers a choice:
// it names no one day, and the bot asks again. Two readings of one day
// ("Friday or the 17th", when the 17th is that Friday) are that day. What
// follows "or" names another day when it holds a word of a date (a
// weekday, a month, a relative day, a day unit, a day number, a holiday),
// read after typo correction; "Friday or so", "tomorrow or not" offer none,
// and "or rather", "or actually" open a correction (side_clauses.txt's
// change phrases), left to the readers of corrections.

//go:embed date_or_words.txt
var dateOrText string

// dateOrWords are date_or_words.txt's words, folded as the readers fold
// text, built on the first date read.
var dateOrWords = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, line := range strings.Split(dateOrText, "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, w := range strings.Fields(line) {
			set[key(w)] = true
		}
	}
	return set
})

// offersAnotherDay reports whether text offers, beside the date it reads, a
// choice of another day after an or-word.
func offersAnotherDay(text string, now time.Time) bool {
	k := key(text)
	var buf [32]token
	toks := appendTokens(buf[:0], k)
	words := dateOrWords()
	for j, t := range toks {
		if j == 0 || j+1 >= len(toks) || !words[t.text] {
			continue
		}
		left, right := k[:t.start], k[t.end:]
		if orRepairs[toks[j+1].text] || opensWithChange(right) || !holdsDayWord(right) {
			continue
		}
		l, lok := findDate(left, now)
		r, rok := findDate(right, now)
		if !lok || !rok || l != r {
			return true
		}
	}
	return false
}

// orRepairs follow an "or" that opens a self-repair rather than an
// alternative ("tomorrow, or no, the day after", "friday or rather
// saturday", "the 4th or well the 5th": correctionRe's "or no", "or
// rather", "or well"): the day after it replaces the one before.
var orRepairs = wordSet(`no rather well`)

// holdsDayWord reports whether k (folded) holds a word of a date, its typos
// corrected.
func holdsDayWord(k string) bool {
	var buf [24]token
	toks := appendTokens(buf[:0], k)
	correctDateTypos(toks)
	for j, t := range toks {
		w := t.text
		_, unit := dayUnits[w]
		if unit || knownDateWord(w) && !dateFillers[w] || strayDateWord(toks, j) {
			return true
		}
		if isDigits(w) && len(w) <= 2 {
			return true
		}
		if _, ok := ordinalDay(w); ok {
			return true
		}
	}
	return false
}
