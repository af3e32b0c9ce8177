package nlu

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley/shop/lexicon"
)

// Day words of languages CLDR lacks, read through their relatives (issue 38
// round 18): many regional languages write a weekday or a relative day as a
// close relative of a CLDR language's word (Limburgish "vriedag", Dutch
// "vrijdag"; Gagauz "cumaa" and "pazertesi", Turkish "cuma" and
// "pazartesi"; Limburgish "zaoterdag", Dutch "zaterdag"). At a date
// question, a word of five letters or more that no reader places (no date
// word, number, filler or gloss word), that is no English word (wamerican,
// shop/lexicon) and no place name (the gazetteer, the towns list), is
// compared, folded as messages are, with every one-word date word the
// readers hold (weekday names, relative days, months, parts of the day,
// units and holiday words, of every CLDR locale and the gloss and hand
// files): within one edit for five to seven letters, two for eight or more
// (a swap of two letters is one). It is read only when every word within
// that distance says the same weekday or the same relative day; a month, a
// part of the day, a unit or two meanings near it leave it unread, and the
// answer is read only when the whole message is then accounted for (readDate
// asks again otherwise). Nothing is read in a sentence (findDate) or at
// another question.

// relatedMeaning is what a related target says: a weekday (0-6), a relative
// day (10 + its offset), or a word of another date kind (relatedOther), which
// only vetoes.
type relatedTarget struct {
	word    string
	runes   int
	meaning int
	read    bool // a word the tables read; a collision's word only agrees or vetoes
}

const relatedOther = -1

// relatedDateTargets are the one-word date words of the readers' tables,
// built on the first word compared (no init cost).
var relatedDateTargets = sync.OnceValue(func() []relatedTarget {
	var out []relatedTarget
	add := func(w string, meaning int) {
		if n := utf8.RuneCountInString(w); n >= 4 && relatedLetters(w) {
			out = append(out, relatedTarget{w, n, meaning, true})
		}
	}
	// The words of the day phrases ("dé céadaoin", Irish Wednesday; "siku ya
	// Ijumaa") say their phrase's day: "ceadaoin" alone is no Thursday for
	// being two edits from "deardaoin".
	phraseWord := func(ws []string, meaning int) {
		for _, w := range ws {
			if n := utf8.RuneCountInString(w); n >= 4 && relatedLetters(w) {
				out = append(out, relatedTarget{w, n, meaning, false})
			}
		}
	}
	for _, es := range glosses.byFirst {
		for _, e := range es {
			if len(e.words) < 2 {
				continue
			}
			if d, ok := englishWeekdays[e.to]; ok {
				phraseWord(e.words, int(d))
			} else if n, ok := englishRelativeDays[e.to]; ok {
				phraseWord(e.words, 10+n)
			}
		}
	}
	for _, r := range relativeDays {
		if len(r.words) > 1 {
			phraseWord(r.words, 10+r.offset)
		}
	}
	// The collision words of the generated file ("weekday?", Romansh
	// "sonda", Saturday, is a Swahili word too) are CLDR's words of their
	// day: a word near one and near another day's word is two meanings.
	for w, c := range dateCollisions().words {
		meaning := relatedOther
		if d, ok := weekdayNames[c.to]; ok {
			meaning = int(d)
		} else if n, ok := englishRelativeDays[c.to]; ok {
			meaning = 10 + n
		}
		if n := utf8.RuneCountInString(w); n >= 4 && relatedLetters(w) {
			out = append(out, relatedTarget{w, n, meaning, false})
		}
	}
	for w, d := range weekdayNames {
		add(w, int(d))
	}
	for _, r := range relativeDays {
		if len(r.words) == 1 {
			add(r.words[0], 10+r.offset)
		}
	}
	for w := range monthNames {
		add(w, relatedOther)
	}
	for w := range meridiemWords {
		add(w, relatedOther)
	}
	for w := range dayUnits {
		add(w, relatedOther)
	}
	for w := range holidayWords() {
		add(w, relatedOther)
	}
	slices.SortFunc(out, func(a, b relatedTarget) int {
		if a.word != b.word {
			if a.word < b.word {
				return -1
			}
			return 1
		}
		return a.meaning - b.meaning
	})
	return out
})

// relatedLetters reports whether w is letters only.
func relatedLetters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}

// relatedLimit is the edit distance a word of n letters is read within: none
// under five letters, one for five to seven, two for eight or more.
func relatedLimit(n int) int {
	switch {
	case n < 5:
		return 0
	case n < 8:
		return 1
	default:
		return 2
	}
}

// relatedDateWord is the weekday or relative day word w is a related
// spelling of (see above): the target word to read in its place.
func relatedDateWord(w string) (string, bool) {
	n := utf8.RuneCountInString(w)
	limit := relatedLimit(n)
	if limit == 0 || n > 32 || !relatedLetters(w) {
		return "", false
	}
	var wb [32]rune
	best, near, margin, ok := relatedMeanings(appendRunes(wb[:0], w), limit)
	if !ok || near == 0 || near&(near-1) != 0 || margin != near {
		return "", false // none, or two meanings
	}
	return best, best != "" && unplacedWord(w)
}

// relatedMeanings are the meanings of the targets near the runes wr: near
// holds those within limit edits, margin those within one edit more (a word
// read must have one meaning near and no other in the margin: Sunday
// "aaitabar" typed "atabar" is one edit from Saturday "asabar", two from
// itself); best is the first readable target near. False when a month, a
// part of the day, a unit or a holiday's word is in the margin.
func relatedMeanings(wr []rune, limit int) (best string, near, margin uint32, ok bool) {
	n := len(wr)
	for _, t := range relatedDateTargets() {
		if t.runes < n-limit-1 || t.runes > n+limit+1 || t.runes > 32 {
			continue
		}
		d := editsWithin(wr, t.word, limit+1)
		if d > limit+1 {
			continue
		}
		if t.meaning == relatedOther {
			return "", 0, 0, false
		}
		bit := uint32(1) << t.meaning
		margin |= bit
		if d <= limit {
			near |= bit
			if best == "" && t.read {
				best = t.word
			}
		}
	}
	return best, near, margin, true
}

// editsWithin is the edit distance of the runes a and the word b
// (insertions, deletions, substitutions, and a swap of two neighbouring
// letters counting one), or limit+1 when it is more than limit, without
// allocating. It is osaDistance with a cut-off, which the comparison of
// one word with every locale's day words needs; a word of more than 32
// runes, beyond its stack rows, is measured by osaDistance.
func editsWithin(a []rune, b string, limit int) int {
	var bb [32]rune
	br := appendRunes(bb[:0], b)
	if len(br) > len(bb) {
		return min(osaDistance(string(a), b), limit+1)
	}
	var rows [3][33]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(br); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(br); j++ {
			cost := 1
			if a[i-1] == br[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == br[j-2] && a[i-2] == br[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(br)], limit+1)
}

// unplacedWord reports whether no reader places w: no date word, number,
// gloss word, English word or place name.
func unplacedWord(w string) bool {
	if knownDateWord(w) || IsNumberWord(w) || len(glosses.words[w]) > 0 || dateFillers[w] || relatedLeftOut()[w] {
		return false
	}
	if _, collision := dateCollisions().words[w]; collision {
		return false // read beside its language's words, or alone where it may be
	}
	return !lexicon.IsEnglishWord(w) && !knownPlaceName(w) && !swappedEnglishWord(w)
}

// swappedEnglishWord reports whether w is an English word (wamerican) with
// two neighbouring letters swapped ("trainign" training, "sesison"
// session), the commonest typing error (Damerau 1964): that word mistyped,
// never a relative's spelling of a day (issue 38, dates28).
func swappedEnglishWord(w string) bool {
	b := []byte(w)
	for i := 0; i+1 < len(b); i++ {
		if b[i] == b[i+1] {
			continue
		}
		b[i], b[i+1] = b[i+1], b[i]
		english := lexicon.IsEnglishWord(string(b))
		b[i], b[i+1] = b[i+1], b[i]
		if english {
			return true
		}
	}
	return false
}

// readRelatedSpellings reads the words of toks that are related spellings of
// one weekday or relative day as that word (see above). A message of more
// than four words is left to the other readers. It reports whether a word
// was read.
func readRelatedSpellings(toks []token) bool {
	if len(toks) > 4 {
		return false
	}
	read := false
	for j, t := range toks {
		if utf8.RuneCountInString(t.text) < 5 {
			continue
		}
		if best, ok := relatedDateWord(t.text); ok {
			toks[j].text, read = best, true
		}
	}
	return read
}

//go:embed related_unread.txt
var relatedUnreadFile string

// relatedLeftOut are the words the hand data leaves out for a second meaning
// (related_unread.txt): never read through a relative.
var relatedLeftOut = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for line := range strings.Lines(relatedUnreadFile) {
		if w, _, _ := strings.Cut(strings.TrimSpace(line), " "); w != "" && !strings.HasPrefix(w, "#") {
			out[key(w)] = true
		}
	}
	return out
})

// CutCourtesyTail is text without a thanks, greeting or polite phrase of any
// language the reply lexicons hold after its last break, a comma of any
// script ("tres noches, grasias": "tres noches"; "üç gecä, saa ol"): the
// count readers read the head as the whole answer. False when no break is
// followed by one courtesy phrase and nothing else.
func CutCourtesyTail(text string) (string, bool) {
	var buf [24]sideWord
	words := sideWords(text, buf[:0])
	for i := len(words) - 1; i > 0 && len(words)-i <= maxAsideWords; i-- {
		if words[i].clause && courtesyTail(text[words[i].start:]) {
			return text[:words[i-1].end], true
		}
	}
	return "", false
}
