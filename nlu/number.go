package nlu

import (
	"maps"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/parleyhq/parley/shop/lexicon"
)

// englishNumberWords are the English number words. The number words of the
// other languages are data, in their gloss files (gloss/*.txt): a one-word
// entry whose meaning is an English number ("cinq = five [word]",
// "tnash = twelve") is read as that number.
var englishNumberWords = map[string]float64{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
	"fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
	"nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
	"seventy": 70, "eighty": 80, "ninety": 90,
}

// englishMultipliers and englishJoiners are the English multipliers and
// joiners; the other languages' are gloss entries meaning them ("mil =
// thousand [word]", "et = and [word]").
var (
	englishMultipliers = map[string]float64{"hundred": 100, "thousand": 1000}
	englishJoiners     = map[string]float64{"and": 0}
)

// numberWords are the number words ParseNumber and the date parser read, in
// English and in every language of the gloss files; numberMultipliers scale
// the number said before them ("two hundred"); numberJoiners may sit between
// number words ("one hundred and five").
var (
	numberWords       = withGlossed(englishNumberWords, glosses.words, englishNumberValue)
	numberMultipliers = withGlossed(englishMultipliers, glosses.words, wordIn(englishMultipliers))
	numberJoiners     = setOf(withGlossed(englishJoiners, glosses.words, wordIn(englishJoiners)))
)

// withGlossed is en with every glossed word a meaning of which value reads.
func withGlossed[V any](en map[string]V, glossed map[string][]string, value func(string) (V, bool)) map[string]V {
	out := maps.Clone(en)
	for w, meanings := range glossed {
		for _, meaning := range meanings {
			if v, ok := value(meaning); ok {
				out[w] = v
			}
		}
	}
	return out
}

// englishNumberValue reads a gloss meaning that is one English number word or
// a ten and a unit ("twenty one"); false for anything else.
func englishNumberValue(meaning string) (float64, bool) {
	tens, unit, two := strings.Cut(meaning, " ")
	v, ok := englishNumberWords[tens]
	if !two || !ok {
		return v, ok
	}
	u, ok := englishNumberWords[unit]
	if !ok || v < 20 || math.Mod(v, 10) != 0 || u == 0 || u > 9 {
		return 0, false
	}
	return v + u, true
}

// wordIn reads a meaning that is one of m's words.
func wordIn[V any](m map[string]V) func(string) (V, bool) {
	return func(meaning string) (V, bool) {
		v, ok := m[meaning]
		return v, ok
	}
}

// setOf is m's keys.
func setOf(m map[string]float64) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

var (
	plainIntRe     = regexp.MustCompile(`^[+-]?\d+$`)
	thousandsRe    = regexp.MustCompile(`^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$`)
	decimalPointRe = regexp.MustCompile(`^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$`)
	decimalCommaRe = regexp.MustCompile(`^[+-]?\d+,\d+$`)
)

// numericKey prepares a whole message for number parsing: lowercased, folded,
// surrounding punctuation and symbols trimmed except a leading sign or point.
func numericKey(text string) string {
	s := fold(strings.ToLower(text))
	s = strings.TrimRightFunc(s, isTrimmable)
	s = strings.TrimLeftFunc(s, func(r rune) bool {
		return isTrimmable(r) && r != '-' && r != '+' && r != '.'
	})
	return strings.ReplaceAll(s, "−", "-")
}

// ParseNumber reads a whole message as a number: "42", "-3.5", "1,234.5", "12,5"
// (decimal comma when not followed by exactly three digits), "$20", "twenty five",
// "one hundred and five", "trois", "jouj".
func ParseNumber(text string) (float64, bool) {
	s := numericKey(text)
	if s == "" {
		return 0, false
	}
	switch {
	case thousandsRe.MatchString(s):
		return parseFloat(strings.ReplaceAll(s, ",", ""))
	case decimalPointRe.MatchString(s):
		return parseFloat(s)
	case decimalCommaRe.MatchString(s):
		return parseFloat(strings.Replace(s, ",", ".", 1))
	}
	return parseNumberWords(words(s))
}

func parseFloat(s string) (float64, bool) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	return v, true
}

// parseNumberWords reads number words: units and tens add up, a multiplier scales
// what came before it.
func parseNumberWords(ws []string) (float64, bool) {
	if len(ws) == 0 || len(ws) > 8 {
		return 0, false
	}
	var n numberReading
	for i, w := range ws {
		if numberJoiners[w] && i > 0 && i < len(ws)-1 {
			n.joined = true
			continue
		}
		if v, ok := numberWords[w]; ok && !n.fits(v) {
			return 0, false
		}
		n.joined = false
		if !n.read(ws, i) {
			return 0, false
		}
	}
	return n.total + n.current, n.seen
}

// numberReading is a number being read word by word: the closed groups' total,
// the group being read, and whether any number word was read.
type numberReading struct {
	total, current float64
	seen, joined   bool
}

// fits reports whether a number word of value v may follow the words read:
// a language says a number's parts from the largest down ("twenty one",
// "cent vingt", "soixante-douze"), or a unit and then its ten after a joiner
// ("four and twenty", Arabic "خمسة وعشرين"). "five three", "quatre vingt"
// and "twenty twenty" are no numbers: read as sums they would be wrong ones.
func (n *numberReading) fits(v float64) bool {
	last := math.Mod(n.current, 100)
	switch {
	case last == 0:
		return true
	case v >= 20 && v < 100:
		return n.joined && n.current < 10
	case v >= 10:
		return last >= 20 && math.Mod(last, 10) == 0
	}
	return v == 0 || math.Mod(last, 10) == 0
}

// read reads ws[i] by the first of numberWordRules that takes it; false when
// none does.
func (n *numberReading) read(ws []string, i int) bool {
	for _, rule := range numberWordRules {
		if rule(n, ws, i) {
			n.seen = true
			return true
		}
	}
	return false
}

// numberWordRules each read one kind of word of a number, reporting whether
// ws[i] was of that kind: a leading "a" ("a hundred"), a number word, a
// multiplier, digits before a multiplier ("2 hundred").
var numberWordRules = []func(n *numberReading, ws []string, i int) bool{
	func(n *numberReading, ws []string, i int) bool {
		if (ws[i] == "a" || ws[i] == "an") && i == 0 && len(ws) > 1 {
			n.current = 1
			return true
		}
		return false
	},
	func(n *numberReading, ws []string, i int) bool {
		v, ok := numberWords[ws[i]]
		n.current += v
		return ok
	},
	func(n *numberReading, ws []string, i int) bool {
		m, ok := numberMultipliers[ws[i]]
		if ok {
			n.total, n.current = multiply(n.total, n.current, m)
		}
		return ok
	},
	func(n *numberReading, ws []string, i int) bool {
		if !digitsBeforeMultiplier(ws, i) {
			return false
		}
		v, _ := strconv.ParseFloat(ws[i], 64)
		n.current += v
		return true
	},
}

// multiply applies the multiplier m to the words read so far: a bare multiplier
// counts one ("hundred"), a thousand or more closes a group into the total.
func multiply(total, current, m float64) (float64, float64) {
	if current == 0 {
		current = 1
	}
	if m >= 1000 {
		return total + current*m, 0
	}
	return total, current * m
}

// digitsBeforeMultiplier reports whether ws[i] is digits followed by a multiplier
// ("2 hundred"): digits are read only there, as "3 2 1" is not a number.
func digitsBeforeMultiplier(ws []string, i int) bool {
	w := ws[i]
	return plainIntRe.MatchString(w) && len(w) <= 9 && i+1 < len(ws) && numberMultipliers[ws[i+1]] > 0
}

// ParseInteger reads a whole message as an integer: "42", "-7", "1,000", "twelve".
// "2.5" is not an integer.
func ParseInteger(text string) (int64, bool) {
	if digits, ok := integerDigits(numericKey(text)); ok {
		v, err := strconv.ParseInt(digits, 10, 64)
		if err != nil {
			return 0, false
		}
		return v, true
	}
	f, ok := ParseNumber(text)
	if !ok || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int64(f), true
}

// integerDigits is the integer written in s ("42", "-7", "+1,000") as ParseInt
// reads it; false when s is no integer in digits.
func integerDigits(s string) (string, bool) {
	switch {
	case plainIntRe.MatchString(s):
		return strings.TrimPrefix(s, "+"), true
	case thousandsRe.MatchString(s) && !strings.Contains(s, "."):
		return strings.TrimPrefix(strings.ReplaceAll(s, ",", ""), "+"), true
	}
	return "", false
}

// isDigits reports whether s is a non-empty run of ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// smallCount reads a count word or number ("3", "three", "a", "une") for relative
// dates; it returns false above 1000.
func smallCount(w string) (int, bool) {
	switch w {
	case "a", "an":
		return 1, true
	}
	if isDigits(w) {
		if len(w) > 4 {
			return 0, false
		}
		n, _ := strconv.Atoi(w)
		return n, n <= 1000
	}
	if v, ok := numberWords[w]; ok {
		return int(v), true
	}
	return 0, false
}

// IsNumberWord reports whether w (one word, lower case) is part of a number:
// digits, a number word, a multiplier or a joiner ("hundred and five").
func IsNumberWord(w string) bool {
	k := fold(w)
	_, num := numberWords[k]
	_, mul := numberMultipliers[k]
	return num || mul || numberJoiners[k] || isDigits(k)
}

// IsNumberJoiner reports whether w (one word, lower case) joins number words
// ("and", "et", "y"): a joiner alone is no part of a count.
func IsNumberJoiner(w string) bool { return numberJoiners[fold(w)] }

// ParseDays reads a whole answer as a number of days said as a span: "a
// week" (7), "two weeks", "a fortnight" (14), "10 days"; "for" and "just"
// may stand around it, and "whole", "full" or "entire" between the count
// and its unit ("a whole week"). Months are no number of days.
func ParseDays(text string) (int, bool) {
	var buf [8]token
	toks := appendTokens(buf[:0], key(text))
	for len(toks) > 0 && spanFillers[toks[0].text] {
		toks = toks[1:]
	}
	for len(toks) > 0 && spanFillers[toks[len(toks)-1].text] {
		toks = toks[:len(toks)-1]
	}
	if len(toks) == 3 && spanWhole[toks[1].text] {
		toks = append(toks[:1:1], toks[2]) // "a whole week", "two full weeks"
	}
	if len(toks) == 1 && toks[0].text == "tonight" {
		return 1, true // "just tonight", "tonight only": a stay of this one night
	}
	n, u, ok := countUnitAt(toks, 0)
	if !ok && len(toks) == 2 {
		n, u, ok = spanUnitTypoAt(toks) // "a wek"
	}
	if !ok || len(toks) != 2 || u.months != 0 {
		return 0, false
	}
	return n * u.days, true
}

// spanUnitWords are the English units of a span of days a mistyped word is
// read as (spanUnitTypoAt).
var spanUnitWords = []string{"week", "weeks", "fortnight", "fortnights", "days"}

// spanUnitTypoAt reads a count and its unit mistyped ("a wek", "two weks",
// "a fortnigth"): the second word no word of the English list nor of the
// lexicons, one edit (typoDistance) from exactly one of spanUnitWords with
// the same first letter.
func spanUnitTypoAt(toks []token) (int, dayUnit, bool) {
	n, ok := smallCount(toks[0].text)
	w := toks[1].text
	if !ok || len(w) < 3 || lexiconKnows(w) || lexicon.IsEnglishWord(w) {
		return 0, dayUnit{}, false
	}
	best, found := "", 0
	for _, u := range spanUnitWords {
		if u[0] == w[0] && !apartByTwo(w, u) && typoDistance(w, u) == 1 {
			best, found = u, found+1
		}
	}
	if found != 1 {
		return 0, dayUnit{}, false
	}
	return n, dayUnits[best], true
}

// spanWhole may stand between a span's count and its unit ("a whole week").
var spanWhole = wordSet(`whole full entire`)

// spanFillers may stand around a span of days ("for a week please").
var spanFillers = wordSet(`for just only about around please pls the whole entire`)

// numberTypoTargets are the number words a mistyped word is read as.
var numberTypoTargets = []string{"three", "four", "five", "seven", "eight", "nine", "eleven", "twelve",
	"thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty"}

// nearNumberWords are ordinary words one edit from a number word: never
// read as the number.
var nearNumberWords = wordSet(`fine fire file fife fiver flour foul fours there threw thee seen sever
severn none nice nile nina nino eighth tenn tent teen twelfth thirst fifth sixth ninth`)

// nonModifierNearNumberWords are the nearNumberWords that never stand before
// a noun (a pronoun, an adverb, a verb: "thee", "there", "threw", "seen",
// "sever"): before a count's unit ("thee nights") such a word is the number
// mistyped (round 25), where "fine nights" or "teen nights" stay words.
var nonModifierNearNumberWords = wordSet(`there threw thee seen sever severn`)

// beforeUnitNumberSlip reports whether the near word k, ws[i], is one that
// never modifies a noun and stands before a count unit.
func beforeUnitNumberSlip(k string, ws []string, i int) bool {
	return nonModifierNearNumberWords[k] && i+1 < len(ws) && IsCountUnit(key(ws[i+1]))
}

// CorrectNumberTypos rewrites each word of text that is no number word but
// one edit from exactly one ("fiev", "thre", "sevne"; a swap of two letters
// counts one), with the same first letter, as that number word. Words of
// fewer than four letters are left alone ("on", "to"), and so are the
// ordinary words as near (nearNumberWords: "fine", "there"); but for a word
// of three letters before a unit it counts ("twp nights": shortNumberSlip).
func CorrectNumberTypos(text string) string {
	ws := strings.Fields(text)
	changed := false
	for i, w := range ws {
		k := key(w)
		if len(k) == 3 && i+1 < len(ws) && IsCountUnit(key(ws[i+1])) {
			if best, ok := shortNumberSlip(k); ok {
				ws[i], changed = best, true
			} else if best, ok := droppedNumberLetter(k); ok {
				ws[i], changed = best, true // "fve nights"
			}
			continue
		}
		if len(k) < 4 || numberWords[k] > 0 || isDigits(k) || nearNumberWords[k] && !beforeUnitNumberSlip(k, ws, i) {
			continue
		}
		if best, ok := numberTypoOf(k); ok {
			ws[i], changed = best, true
		}
	}
	if !changed {
		return text
	}
	return strings.Join(ws, " ")
}

// numberTypoOf is the one number word of numberTypoTargets, with k's first
// letter, one edit from k.
func numberTypoOf(k string) (string, bool) {
	best, n := "", 0
	for _, target := range numberTypoTargets {
		if target[0] == k[0] && !apartByTwo(k, target) && typoDistance(k, target) == 1 {
			best, n = target, n+1
		}
	}
	return best, n == 1
}

// droppedNumberLetter is the number word of four letters k, a word of three
// said before a unit it counts, is with one letter after the first left out
// ("fve nights": "five"; "nne": "nine"): exactly one such word, and k no
// word of the English list ("for", "fur", "fir" stay themselves) nor of the
// lexicons.
func droppedNumberLetter(k string) (string, bool) {
	if numberWords[k] > 0 || lexiconKnows(k) || lexicon.IsEnglishWord(k) {
		return "", false
	}
	best, n := "", 0
	for _, t := range [...]string{"four", "five", "nine", "zero"} {
		if t[0] == k[0] && typoDistance(k, t) == 1 {
			best, n = t, n+1
		}
	}
	return best, n == 1
}

// shortNumberTargets are the number words of three letters.
var shortNumberTargets = []string{"one", "two", "six", "ten"}

// shortNumberSlip is the number word of three letters k, a word said before
// a unit it counts, is with one letter after the first struck on a key next
// to it ("twp": "two", p beside o): exactly one such word, and k no word of
// the English list ("sox" stays itself) nor of the lexicons.
func shortNumberSlip(k string) (string, bool) {
	if numberWords[k] > 0 || lexiconKnows(k) || lexicon.IsEnglishWord(k) {
		return "", false
	}
	best, n := "", 0
	for _, t := range shortNumberTargets {
		if t[0] != k[0] {
			continue
		}
		diff := -1
		for i := 1; i < 3; i++ {
			if t[i] != k[i] {
				if diff >= 0 {
					diff = -2
					break
				}
				diff = i
			}
		}
		if diff > 0 && keysAdjacent(t[diff], k[diff]) {
			best, n = t, n+1
		}
	}
	return best, n == 1
}

// qwertyRows are the letter rows of a QWERTY keyboard, each set off half a
// key to the right of the one above it.
var qwertyRows = [3]string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}

// keysAdjacent reports whether a and b, lower-case ASCII letters, are keys
// side by side on a QWERTY keyboard, in one row or in rows next to each
// other.
func keysAdjacent(a, b byte) bool {
	ra, ia := qwertyAt(a)
	rb, ib := qwertyAt(b)
	if ra < 0 || rb < 0 {
		return false
	}
	switch ra - rb {
	case 0:
		return ia-ib == 1 || ib-ia == 1
	case 1: // a a row below b: b's keys i and i+1 touch a's key i
		return ib == ia || ib == ia+1
	case -1:
		return ia == ib || ia == ib+1
	}
	return false
}

// qwertyAt is the row and place of letter c on a QWERTY keyboard; -1 when
// c is no lower-case ASCII letter.
func qwertyAt(c byte) (int, int) {
	for r, row := range qwertyRows {
		if i := strings.IndexByte(row, c); i >= 0 {
			return r, i
		}
	}
	return -1, -1
}
