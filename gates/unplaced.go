package gates

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop/lexicon"
)

// This file reads a goal answer's present level introduced by words of a
// language no list holds (issue 38 round 14): "squat 120 kg, awor 100 kg",
// "bench 100 kg, op it stuit 85 kg", "run 15 km, ubu 7 km". The answer to
// "what are you aiming for, and where are you now?" in that shape says its
// target first and, after a comma, words the user's own language has for
// "now" before the second quantity. It is read only when nothing else can be:
// the words are no English word, no word the readers know in another
// meaning ("dan", "nei"), no "and", "or" or "not" of any language (joiner in
// levels.txt, CLDR's list patterns), no number, unit nor date word.

// unplacedLevelRe is a last clause of one to four words before one quantity
// and nothing after it: "nun 100 kg", "op it stuit 85 kg".
var unplacedLevelRe = regexp.MustCompile(`^\s*((?:[\pL\p{M}'’]+\s+){1,4})(\d+(?:[.,]\d+)?)\s?(\pL+)[\s.!]*$`)

// unplacedLevelClause is the index in clauses of text's last clause when it
// states the present level of fact level in words no reader can place, -1
// otherwise. The message must hold exactly two quantities, in one unit the
// fact takes and each said with it, in two clauses, the level's the last;
// no cue of the level anywhere and no number fact's cue in the last clause.
func unplacedLevelClause(n *Node, level *Extractor, text string, clauses [][]int) int {
	last := len(clauses) - 1
	if last < 1 || hasCue(level, text) {
		return -1
	}
	m := unplacedLevelRe.FindStringSubmatch(strings.TrimRight(text[clauses[last][0]:clauses[last][1]], ",;"))
	if m == nil || !strings.ContainsAny(text[:clauses[last][0]], "0123456789") {
		return -1
	}
	qs := nlu.ExtractQuantities(strings.ToLower(numbersText(text)))
	if len(qs) != 2 || qs[0].Unit == "" || qs[0].Unit != qs[1].Unit || !acceptsUnit(level, qs[0].Unit) {
		return -1
	}
	for i := range n.Extract {
		if x := &n.Extract[i]; x.Kind == ExtractNumber && hasCue(x, m[0]) {
			return -1
		}
	}
	for _, w := range strings.Fields(strings.ToLower(m[1])) {
		if placed(w) {
			return -1
		}
	}
	return last
}

// placed reports whether word w, lower case, has a meaning a reader knows
// other than "now": an English word, a joiner of any language, a word the
// readers' lexicons read alone, longer than two letters (two-letter ones are
// as often another language's article: Frisian "op it stuit"), a number,
// unit or date word. An English compound ("bodyweight") counts as English. A
// word the lexicons hold only inside another language's phrase (Latin "ita"
// of "ita vero", the Ilocano "now") means nothing alone to any reader
// (nlu.IsLexiconWordAlone; issue 38 round 15).
func placed(w string) bool {
	switch {
	case nlu.HoldsPhrase([]string{w}, levelWords["joiner"]):
		return true
	case utf8.RuneCountInString(w) > 2 && (englishOrCompound(w) || nlu.IsLexiconWordAlone(w)):
		return true
	case nlu.IsNumberWord(w) || nlu.IsDateWord(w):
		return true
	}
	qs := nlu.ExtractQuantities("1 " + w)
	return len(qs) == 1 && qs[0].Unit != ""
}

// englishOrCompound reports whether w is an English word or two run
// together, each of three letters or more ("bodyweight", "pushups").
func englishOrCompound(w string) bool {
	if lexicon.IsEnglishWord(w) {
		return true
	}
	for i := 3; i <= len(w)-3; i++ {
		if lexicon.IsEnglishWord(w[:i]) && lexicon.IsEnglishWord(w[i:]) {
			return true
		}
	}
	return false
}

// levelFrameRe is a quantity, a level frame said right after it with no
// comma, and a second quantity: "deadlift 150kg at 120kg".
var levelFrameRe = regexp.MustCompile(`(\d(?:[.,]?\d)*\s?\pL+)\s+((?:\pL+\s+)?\pL+\s+\d)`)

// levelFrameSplit writes a comma between a quantity and a level frame said
// right after it before another quantity ("deadlift 150kg at 120kg" is
// "deadlift 150kg, at 120kg"), the frames of split in levels.txt, so the
// level clause reads as when the comma is typed. Only when both quantities
// are in one unit: "run 10 km at 5 min per km" keeps its pace.
func levelFrameSplit(text string) string {
	qs := nlu.ExtractQuantities(strings.ToLower(numbersText(text)))
	if len(qs) != 2 || qs[0].Unit == "" || qs[0].Unit != qs[1].Unit {
		return text
	}
	m := levelFrameRe.FindStringSubmatchIndex(text)
	if m == nil {
		return text
	}
	frame := strings.Fields(strings.ToLower(text[m[4] : m[5]-1]))
	if !slices.ContainsFunc(levelWords["split"], func(p []string) bool { return slices.Equal(p, frame) }) {
		return text
	}
	return text[:m[3]] + "," + text[m[3]:]
}
