package nlu

import (
	_ "embed"
	"strings"
	"unicode"
)

//go:embed count_hedges.txt
var countHedgesText string

// countHedges are count_hedges.txt's lists, by their first word.
var hedgeBefore, hedgeAfter, hedgeAfterFinal, countTotals, countAsideRefuse = func() (b, a, f, t, r map[string][][]string) {
	x := phraseListsByFirst(countHedgesText, "before", "after", "after_final", "total", "aside_refuse")
	return x["before"], x["after"], x["after_final"], x["total"], x["aside_refuse"]
}()

// RefusesCountAside reports whether w (lower case), a word beside a stay's
// count, makes the words around the count more than an aside: an
// aside_refuse word of count_hedges.txt ("3 nights, maybe more", "2 nights
// each").
func RefusesCountAside(w string) bool {
	_, ok := countAsideRefuse[w]
	return ok
}

// hedgeBreak stands in the tokens of HedgesCount for a clause's punctuation.
const hedgeBreak = ","

// hedgeTokens are text's lower-case words and its clause punctuation (one
// hedgeBreak per run); a count glued to "ish" ("3ish", "fiveish") is split.
func hedgeTokens(text string) []string {
	var toks []string
	word := func(w string) {
		if stem, ok := strings.CutSuffix(w, "ish"); ok && stem != "" && IsNumberWord(stem) {
			toks = append(toks, stem, "ish")
			return
		}
		toks = append(toks, w)
	}
	start := -1
	for i, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			word(strings.ToLower(text[start:i]))
			start = -1
		}
		if strings.ContainsRune(",;:!?().…", r) && (len(toks) == 0 || toks[len(toks)-1] != hedgeBreak) {
			toks = append(toks, hedgeBreak)
		}
	}
	if start >= 0 {
		word(strings.ToLower(text[start:]))
	}
	return toks
}

// hedgePhraseAt returns the end of a phrase of lists that starts at toks[i], or -1.
func hedgePhraseAt(lists map[string][][]string, toks []string, i int) int {
	if i >= len(toks) {
		return -1
	}
	for _, p := range lists[toks[i]] {
		if i+len(p) <= len(toks) && equalWords(toks[i:i+len(p)], p) {
			return i + len(p)
		}
	}
	return -1
}

// countAt is the end of a count said at toks[i] with its unit words after it
// (unit, or a span of days: "3 nights", "a couple of nights", "a week",
// "five"), or -1: a number word or digits, "a couple", "a pair", "a few",
// "several", or "a"/"an" before a unit.
func countAt(toks []string, i int, unit func(string) bool) int {
	isUnit := func(w string) bool {
		_, span := dayUnits[w]
		return span || unit(w)
	}
	if !countHeadAt(toks, i, isUnit) {
		return -1
	}
	j := i + 1
	if j < len(toks) && toks[j] == "of" && j+1 < len(toks) && isUnit(toks[j+1]) {
		j++
	}
	for j < len(toks) && isUnit(toks[j]) {
		j++
	}
	return j
}

// countHeadAt reports whether toks[i] opens a count: a number word or
// digits, "a couple", "a pair", "a few", "several", or "a"/"an" before a unit.
func countHeadAt(toks []string, i int, isUnit func(string) bool) bool {
	switch w := toks[i]; {
	case w == "couple" || w == "pair" || w == "few" || w == "several":
		return true
	case IsNumberWord(w) && !IsNumberJoiner(w):
		return true
	default:
		return (w == "a" || w == "an") && i+1 < len(toks) && isUnit(toks[i+1])
	}
}

// HedgesCount reports whether text says a count as an estimate (issue 38,
// round 25: asked, never stored): an approximator of count_hedges.txt just
// before a count that ends its clause ("about 3 nights", "roughly a week";
// not "around 11 pm", nor "what about 3 nights?"), one just after a count
// and its unit ("3 nights or so", "a week, give or take", "5-ish"), or an
// unsure word after them that ends the message ("a couple nights maybe").
// unit tells the slot's own unit words ("night", "room"); a span of days
// ("week") is one too.
func HedgesCount(text string, unit func(string) bool) bool {
	toks := hedgeTokens(text)
	for i := range toks {
		end := countAt(toks, i, unit)
		if end < 0 {
			continue
		}
		if hedgedBefore(toks, i, end) || hedgedAfter(toks, end) {
			return true
		}
	}
	return false
}

// hedgedBefore reports whether an approximator ends just before the count at
// toks[i:end], which ends its clause.
func hedgedBefore(toks []string, i, end int) bool {
	if end < len(toks) && toks[end] != hedgeBreak {
		return false
	}
	for s := max(0, i-2); s < i; s++ {
		if hedgePhraseAt(hedgeBefore, toks, s) == i {
			return s == 0 || toks[s-1] != "what" && toks[s-1] != "how"
		}
	}
	return false
}

// hedgedAfter reports whether an approximator follows the count ending at
// end, after a comma or not; or an unsure word that ends the message.
func hedgedAfter(toks []string, end int) bool {
	if end < len(toks) && toks[end] == hedgeBreak {
		end++
	}
	if hedgePhraseAt(hedgeAfter, toks, end) >= 0 {
		return true
	}
	e := hedgePhraseAt(hedgeAfterFinal, toks, end)
	return e == len(toks) || e == len(toks)-1 && toks[e] == hedgeBreak
}

// CutCountTotal is text without a marker of the whole count after it ("6
// nights in all", "a week altogether": count_hedges.txt's total), and
// whether one was cut; the count before it is read as before.
func CutCountTotal(text string) (string, bool) {
	t := strings.TrimRight(text, " .!")
	lower := strings.ToLower(t)
	cut := -1 // the longest marker's start: "in total" before "total"
	for _, ps := range countTotals {
		for _, p := range ps {
			phrase := strings.Join(p, " ")
			if head, ok := strings.CutSuffix(lower, " "+phrase); ok && strings.TrimSpace(head) != "" && (cut < 0 || len(head) < cut) {
				cut = len(head)
			}
		}
	}
	if cut < 0 {
		return text, false
	}
	return strings.TrimRight(t[:cut], " ,"), true
}
