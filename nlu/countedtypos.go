package nlu

import (
	"slices"
	"sync"
	"time"

	"github.com/parleyhq/parley/shop/lexicon"
)

// A unit or a month mistyped beside a number ("in 10 dyas", "mya 2", "3
// weesk"): a word no table and no English dictionary knows (wamerican,
// shop/lexicon), one edit from one unit of an offset (dayUnits, every
// language the reader has them in) after a count, or from one month's name
// (monthNames, CLDR and glosses) beside a day number, is read as it. The
// number is the support: alone, "dyas" or "mya" is no date word. Two near
// readings are none.

// countedTypoTargets are the words a mistyped word beside a number is read
// as, by what the number must be: a count before a unit, a day beside a month.
var countedTypoTargets = sync.OnceValues(func() (units, months []string) {
	for w := range dayUnits {
		if lowerASCIILetters(w) && len(w) >= 3 {
			units = append(units, w)
		}
	}
	for w := range monthNames {
		if lowerASCIILetters(w) && len(w) >= 3 {
			months = append(months, w)
		}
	}
	slices.Sort(units)
	slices.Sort(months)
	return units, months
})

// correctCountedTypos reads the mistyped units and months beside numbers in
// toks (see above).
func correctCountedTypos(toks []token) { correctTyposBeside(toks, countedTypos) }

// typosBeside names the words correctTyposBeside reads a typo as: a unit or
// month beside a count, or a word of a holiday's name.
type typosBeside int

const (
	countedTypos typosBeside = iota
	holidayTypos
)

// correctTyposBeside replaces each word of toks of the kind's least length or
// more, lower-case ASCII, that no date table, number or English word knows,
// with the word of that kind it reads as among the words around it. The kind
// is a value, not a func: toks passed to a func value would escape, and the
// date readers' token buffer would move to the heap on every turn.
func correctTyposBeside(toks []token, kind typosBeside) {
	minLen := 3 // a holiday's word of three letters only by a swap ("fathers dya", typoInPhrase)
	for j, t := range toks {
		if len(t.text) < minLen || !lowerASCIILetters(t.text) || IsNumberWord(t.text) {
			continue
		}
		if knownDateWord(t.text) && (kind != holidayTypos || !otherLanguageWeekdayOnly(t.text)) {
			continue
		}
		var w string
		var ok bool
		if kind == holidayTypos {
			w, ok = holidayWordTypo(toks, j)
		} else {
			w, ok = countedTypoFor(toks, j)
		}
		if ok && !lexicon.IsEnglishWord(t.text) {
			toks[j].text = w
		}
	}
}

// countedTypoFor is the unit (after a count) or else the month (beside a day
// number) toks[j] is one edit from.
func countedTypoFor(toks []token, j int) (string, bool) {
	units, months := countedTypoTargets()
	w := toks[j].text
	if j > 0 && countNumeral(toks[j-1].text) {
		if best, ok := oneNear(w, units, func(t string) dayUnit { return dayUnits[t] }); ok {
			return best, true
		}
	}
	if dayNumberBeside(toks, j) {
		return oneNear(w, months, func(t string) time.Month { return monthNames[t] })
	}
	return "", false
}

// countNumeral reports whether w is a count in digits or a number word: the
// article ("a dya") is no support.
func countNumeral(w string) bool {
	if w == "a" || w == "an" {
		return false
	}
	_, ok := countWord(w)
	return ok
}

// dayNumberBeside reports whether a day of the month in digits stands right
// before or after toks[j] ("mya 2", "2 mya").
func dayNumberBeside(toks []token, j int) bool {
	day := func(k int) bool {
		if k < 0 || k >= len(toks) || !isDigits(toks[k].text) || len(toks[k].text) > 2 {
			return false
		}
		n := atoi(toks[k].text)
		return n >= 1 && n <= 31
	}
	return day(j-1) || day(j+1)
}

// oneNear is a target of the same first letter one edit from w (a swap of
// two letters counting one) when all such targets mean one value ("dyas":
// English "days" and Spanish "dias" are both days); false when none is, or
// two that differ.
func oneNear[V comparable](w string, targets []string, value func(string) V) (string, bool) {
	best := ""
	for _, t := range targets {
		if t[0] != w[0] || apartByTwo(w, t) || typoDistance(w, t) != 1 {
			continue
		}
		if best != "" && value(t) != value(best) {
			return oneSwapped(w, targets, value)
		}
		if best == "" {
			best = t
		}
	}
	return best, best != ""
}

// oneSwapped is the target w is with two neighbouring letters swapped, when
// the targets one edit from w mean several values but those a swap reaches
// mean one ("jna": January's "jan" by a swap, June's "juna" by a letter
// left out): typing two letters in the wrong order is the slip of a fast
// typist, and it keeps the word's letters.
func oneSwapped[V comparable](w string, targets []string, value func(string) V) (string, bool) {
	best := ""
	for _, t := range targets {
		if t[0] != w[0] || len(t) != len(w) || Levenshtein(w, t) != 2 || typoDistance(w, t) != 1 {
			continue
		}
		if best != "" && value(t) != value(best) {
			return "", false
		}
		if best == "" {
			best = t
		}
	}
	return best, best != ""
}

// otherLanguageWeekdayOnly reports whether w is a date word only as another
// language's weekday name or abbreviation (CLDR tn "labr", Wednesday): no
// English weekday, month, relative day, unit, ordinal, filler nor holiday
// word. Beside the other words of an English holiday's name, one edit from
// the name's own word ("labr day"), it is that word mistyped: the name said
// whole in English outweighs one foreign abbreviation (issue 38, dates29).
func otherLanguageWeekdayOnly(w string) bool {
	if _, ok := weekdayNames[w]; !ok {
		return false
	}
	if _, en := englishWeekdays[w]; en {
		return false
	}
	_, month := monthNames[w]
	_, unit := dayUnits[w]
	_, ord := ordinalWords[w]
	return !month && !unit && !ord && !relativeDayWord(w) && !dateFillers[w] && !holidayWords()[w]
}
