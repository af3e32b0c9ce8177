package nlu

import (
	_ "embed"
	"io/fs"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley/nlu/cldr"
)

// Segmentation of the scripts written without spaces between words (Chinese,
// Japanese, Thai, Lao, Khmer, Burmese): every reader splits a message on
// spaces and punctuation, so "三晚" or "住到星期日" would be one word no list
// holds. A run of such letters is split into the words the readers already
// know in those languages (every word list of this package: CLDR's dates,
// replies, positions and counts of nights, the reply words, the glosses, the
// intents' grammars), longest word first, and numerals of CLDR's "hanidec"
// numbering and the Chinese spell-out ("十三", "两") are written as digits.
// A run is split only when it is wholly accounted for by known words and
// numerals: a run with one unknown letter is left as it was, one word no
// reader reads (issue 38: never guess; a single character is a word of many
// things, so it is read only where the whole run is known words).
//
// A maintained Go segmenter was not taken: the pure-Go ones (gse, jieba
// ports) load a dictionary of tens of megabytes at start-up and cover
// Chinese and Japanese only, not Thai, Lao, Khmer or Burmese.

// spacelessTables are the scripts written without spaces between words.
var spacelessTables = []*unicode.RangeTable{unicode.Han, unicode.Hiragana, unicode.Katakana,
	unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar}

// isSpaceless reports whether r is a letter or mark of a script written
// without spaces; the Japanese length mark and iteration mark count too.
func isSpaceless(r rune) bool {
	if r < 0x0E00 {
		return false
	}
	return r == 'ー' || r == '々' || unicode.IsOneOf(spacelessTables, r)
}

// hasSpaceless reports whether s holds a letter of a spaceless script.
func hasSpaceless(s string) bool {
	for _, r := range s {
		if isSpaceless(r) {
			return true
		}
	}
	return false
}

// spacelessDict is the known words of the spaceless scripts and the length,
// in runes, of the longest.
type spacelessDict struct {
	words map[string]bool
	max   int
}

// spacelessWordsText is hand words of the spaceless scripts that no other
// list holds (nlu/spaceless_words.txt).
//
//go:embed spaceless_words.txt
var spacelessWordsText string

// spacelessWords is the dictionary, built on first use from the package's
// word lists (not at start-up).
var spacelessWords = sync.OnceValue(func() *spacelessDict {
	d := &spacelessDict{words: map[string]bool{}}
	for _, text := range []string{cldrDatesFile, cldrRepliesText, cldr.CountsNights, cldr.NowWords,
		cldr.Positions, replyWordsText, replyWordsWorldText, courtesyWordsText, nearReplyWordsText, readerWordsText,
		ordinalWordsText, nightCountsText, humanRolesText, holidaysText, signoffText, answerWordsText,
		shopWordsText, frameWordsText, functionWordsText, calendarNamesFile, dateFormsText,
		spacelessWordsText, string(builtinIntentsJSON)} {
		d.add(text)
	}
	for _, fsys := range []fs.FS{glossFiles, intentGrammarFS} {
		_ = fs.WalkDir(fsys, ".", func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				if b, err := fs.ReadFile(fsys, path); err == nil {
					d.add(string(b))
				}
			}
			return nil
		})
	}
	return d
})

// add adds each run of spaceless letters in a list's text as a word, but
// none of its comments' (from "#" to the end of a line), which quote whole
// messages ("最平嗰間").
func (d *spacelessDict) add(text string) {
	if !hasSpaceless(text) {
		return
	}
	for line := range strings.SplitSeq(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		d.addLine(line)
	}
}

// addLine adds each run of spaceless letters in one line as a word.
func (d *spacelessDict) addLine(text string) {
	start, n := -1, 0
	for i, r := range text + " " {
		if isSpaceless(r) {
			if start < 0 {
				start, n = i, 0
			}
			n++
			continue
		}
		if start >= 0 {
			d.words[text[start:i]] = true
			d.max = max(d.max, n)
			start = -1
		}
	}
}

// segmentSpaceless returns s with each run of spaceless letters that is
// wholly known words and numerals split into them by spaces (and spaced from
// the letters around it: "要sunglasses"); s itself when nothing changes.
func segmentSpaceless(s string) string {
	if !hasSpaceless(s) {
		return s
	}
	var b strings.Builder
	last, changed := 0, false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isSpaceless(r) {
			i += size
			continue
		}
		end := i
		for end < len(s) {
			r, n := utf8.DecodeRuneInString(s[end:])
			if !isSpaceless(r) {
				break
			}
			end += n
		}
		if parts, ok := splitRun(s[i:end]); ok {
			b.WriteString(s[last:i])
			if i > 0 && (isLetterBefore(s, i) || isDigitByte(s[i-1]) && !cjkDateMarkers()[parts[0]]) {
				b.WriteByte(' ')
			}
			writeParts(&b, parts)
			if end < len(s) && unicode.IsLetter(firstRune(s[end:])) {
				b.WriteByte(' ')
			}
			last, changed = end, true
		}
		i = end
	}
	if !changed {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// isLetterBefore reports whether the rune before byte i is a letter: a run
// is spaced from letters ("要sunglasses"), never from digits, which the date
// forms read glued to their markers ("3月25日").
func isLetterBefore(s string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return unicode.IsLetter(r)
}

// writeParts writes a run's parts spaced, but digits glued to a date's
// marker, as the date forms read them ("三月二十五日" is "3月25日"; "三晚"
// is "3 晚").
func writeParts(b *strings.Builder, parts []string) {
	markers := cjkDateMarkers()
	for i, p := range parts {
		if i > 0 && !(isDigitByte(parts[i-1][0]) && markers[p] || markers[parts[i-1]] && isDigitByte(p[0])) {
			b.WriteByte(' ')
		}
		b.WriteString(p)
	}
}

// cjkDateMarkers are the year, month and day markers of date_forms.txt
// (年, 月, 日, 号), which digits are written glued to.
var cjkDateMarkers = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, line := range strings.Split(dateFormsText, "\n") {
		name, list, ok := strings.Cut(line, ":")
		if ok && strings.HasPrefix(name, "cjk_") {
			for _, w := range strings.Split(list, ",") {
				set[strings.TrimSpace(w)] = true
			}
		}
	}
	return set
})

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// splitRun splits a run of spaceless letters into known words and numerals,
// the longest first at each place; ok is false when a letter is neither.
func splitRun(run string) (parts []string, ok bool) {
	d := spacelessWords()
	for run != "" {
		w := d.longestAt(run)
		num, digits, bad := numeralAt(run)
		var n int
		switch {
		case num != "" && !bad && (len(num) >= len(w) || d.words[w[len(num):]]):
			// a numeral alone, or before a word a list holds ("三晚" is
			// "3 晚", read as the unit with digits)
			parts, n = append(parts, digits), len(num)
		case w != "" && len(w) > len(num):
			parts, n = append(parts, w), len(w)
		default:
			return nil, false // an unknown letter, or a numeral no number
		}
		if splitsNumeral(run, n) {
			return nil, false // "第十|三": a word ending inside a numeral
		}
		run = run[n:]
	}
	return parts, true
}

// splitsNumeral reports whether a cut at byte n of run falls between two
// numeral runes.
func splitsNumeral(run string, n int) bool {
	if n >= len(run) {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(run[:n])
	return isNumeralRune(before) && isNumeralRune(firstRune(run[n:]))
}

// longestAt is the longest known word run begins with, or "".
func (d *spacelessDict) longestAt(run string) string {
	best, n := "", 0
	for i := range run {
		if i > 0 {
			if d.words[run[:i]] {
				best = run[:i]
			}
		}
		if n++; n > d.max {
			return best
		}
	}
	if d.words[run] {
		return run
	}
	return best
}

// hanDigits are the digits of CLDR's "hanidec" numbering system with the
// spell-out's other forms of two (两, 兩) and zero (零).
var hanDigits = map[rune]int{'〇': 0, '零': 0, '一': 1, '二': 2, '两': 2, '兩': 2, '三': 3, '四': 4,
	'五': 5, '六': 6, '七': 7, '八': 8, '九': 9}

// hanPowers are the Chinese spell-out's multipliers.
var hanPowers = map[rune]int{'十': 10, '百': 100, '千': 1000}

// isNumeralRune reports whether r is a Chinese numeral or a digit of a
// spaceless script (Thai ๓, Lao ໓, Khmer ៣, Burmese ၃).
func isNumeralRune(r rune) bool {
	_, d := hanDigits[r]
	_, p := hanPowers[r]
	return d || p || unicode.IsDigit(r) && isSpaceless(r)
}

// numeralAt returns the numeral run begins with (its longest run of numeral
// runes) and its digits; bad when that run is no number: "三四" is three or
// four, never thirty-four, so a run of two digits without a multiplier is
// no number.
func numeralAt(run string) (num, digits string, bad bool) {
	end := 0
	for i, r := range run {
		if !isNumeralRune(r) {
			break
		}
		end = i + utf8.RuneLen(r)
	}
	if end == 0 {
		return "", "", false
	}
	num = run[:end]
	if n, ok := scriptDigits(num); ok {
		return num, n, false
	}
	if v, ok := hanValue(num); ok {
		return num, strconv.Itoa(v), false
	}
	return num, "", true
}

// scriptDigits writes a run of a spaceless script's decimal digits in ASCII.
func scriptDigits(num string) (string, bool) {
	var b []byte
	for _, r := range num {
		if !unicode.IsDigit(r) {
			return "", false
		}
		b = append(b, byte('0'+digitValue(r)))
	}
	return string(b), true
}

// digitValue is the value of a decimal digit rune (the Unicode digit blocks
// run from zero to nine).
func digitValue(r rune) int {
	for z := r; z > r-10; z-- {
		if !unicode.IsDigit(z - 1) {
			return int(r - z)
		}
	}
	return 0
}

// hanValue reads a Chinese numeral below ten thousand: a digit alone, or
// digits each before a smaller multiplier than the last ("三百零五", "十三",
// "两千").
func hanValue(num string) (int, bool) {
	rs := []rune(num)
	if len(rs) == 1 {
		if p, ok := hanPowers[rs[0]]; ok {
			return p, true
		}
		d, ok := hanDigits[rs[0]]
		return d, ok
	}
	total, pending, lastPower := 0, -1, 10000
	for _, r := range rs {
		if p, ok := hanPowers[r]; ok {
			if p >= lastPower {
				return 0, false
			}
			if pending < 0 {
				pending = 1
			}
			total += pending * p
			pending, lastPower = -1, p
			continue
		}
		d := hanDigits[r]
		if pending >= 0 && !(pending == 0 && d > 0) {
			return 0, false // two digits side by side: "三四" is three or four
		}
		if d > 0 || pending < 0 {
			pending = d
		}
	}
	if pending > 0 {
		total += pending
	}
	return total, total > 0
}
