package gates

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// This file reads a hedge said after a goal answer's present level over that
// level's number (issue 38 round 15): "run 10 mi, now 6 mi, well maybe 6"
// says the level again, unsure, and keeps 6 mi; "..., well maybe 7" moves it,
// and the last value said stands, as a correction's does. The hedge clause
// must be wholly accounted for: hedge words (remarks.txt hedge), settle words
// around them (levels.txt settle), one number and at most its unit, the
// level's; otherwise the answer is read as before (and asked again).

// levelNumberRe is the number of a level clause, the one settleLevelHedge
// writes the hedge's number over.
var levelNumberRe = regexp.MustCompile(`\d+(?:[.,]\d+)?`)

// settledHedge is s read for node n with a hedge over its present level's
// number folded into the level clause (settleLevelHedge), glossed again: the
// gloss leaves hedge words out ("well maybe 7" is "well 7", nlu.Gloss), and
// would read the hedge's number as no level's.
func settledHedge(n *Node, s said) said {
	if s.NLU != nil || strings.Count(s.Text, ",") < 2 || !strings.ContainsAny(s.Text, "0123456789") {
		return s
	}
	level, _ := presentLevelExtractor(n)
	if level == nil {
		return s
	}
	if t := settleLevelHedge(n, level, s.Text); t != s.Text {
		msg := s.Message
		msg.Text = t
		return saying(msg)
	}
	return s
}

// settleLevelHedge is text with its last clause, a hedge over the present
// level's number, folded into the level clause before it: that clause with
// the hedge's number. Text is returned as it is when its last clause is no
// such hedge or the clause before it states no level of fact level.
func settleLevelHedge(n *Node, level *Extractor, text string) string {
	clauses := hedgeClauses(text)
	for len(clauses) >= 4 && isHedgeClause(text[clauses[len(clauses)-2][0]:clauses[len(clauses)-2][1]]) &&
		isHedgeClause(text[clauses[len(clauses)-1][0]:clauses[len(clauses)-1][1]]) {
		// a correction corrected again: the last one said stands ("at 5 km,
		// well 5.5 km, actually 6 km")
		prev, last := clauses[len(clauses)-2], clauses[len(clauses)-1]
		text = text[:prev[0]] + text[last[0]:]
		clauses = hedgeClauses(text)
	}
	if len(clauses) < 3 {
		return text
	}
	prev, last := clauses[len(clauses)-2], clauses[len(clauses)-1]
	levelClause := text[prev[0]:prev[1]]
	qs := nlu.ExtractQuantities(strings.ToLower(numbersText(levelClause)))
	if len(qs) != 1 || !isLevelClause(n, level, levelClause) {
		return text
	}
	hedged, ok := hedgedNumber(text[last[0]:last[1]], qs[0].Unit)
	if !ok {
		return text
	}
	loc := levelNumberRe.FindStringIndex(levelClause)
	if loc == nil {
		return text
	}
	moved := levelClause[:loc[0]] + hedged + levelClause[loc[1]:]
	return strings.TrimRight(text[:prev[0]]+strings.TrimRight(moved, ",; "), ",; ")
}

// hedgedNumber is the number of clause when clause is a hedge over one
// number ("well maybe 7", "maybe 7 mi", "7 perhaps") in unit (or none), every
// word accounted for; ok is false otherwise.
func hedgedNumber(clause, unit string) (string, bool) {
	nums := levelNumberRe.FindAllString(clause, -1)
	if len(nums) != 1 {
		return "", false
	}
	words := ownerTokens(levelNumberRe.ReplaceAllString(clause, "0")) // "5.5" is one word
	number, hedges := "", 0
	for i := 0; i < len(words); {
		if k := max(phraseAt(words, i, remarkWords["hedge"]), phraseAt(words, i, levelWords["correct"])); k > 0 {
			hedges++
			i += k
			continue
		}
		if k := phraseAt(words, i, levelWords["settle"]); k > 0 {
			i += k
			continue
		}
		w := words[i]
		switch {
		case number == "" && isPlainNumber(w):
			number = w
		case number != "" && unit != "" && unitOf(w) == unit:
		default:
			return "", false
		}
		i++
	}
	if number == "" || hedges == 0 {
		return "", false
	}
	return nums[0], true
}

// hedgeClauses are text's clauses (clauseRe), a decimal point kept inside
// its number ("well 5.5 km" is one clause).
func hedgeClauses(text string) [][]int {
	var out [][]int
	for _, c := range clauseRe.FindAllStringIndex(text, -1) {
		if k := len(out) - 1; k >= 0 && c[0] > 1 && text[c[0]-1] == '.' && isDigitByte(text[c[0]-2]) && isDigitByte(text[c[0]]) {
			out[k][1] = c[1]
			continue
		}
		out = append(out, c)
	}
	return out
}

func isDigitByte(b byte) bool { return b >= '0' && b <= '9' }

// isHedgeClause reports whether clause is a hedge or a correction over one
// number in its own unit or none ("well 5.5 km", "maybe 7").
func isHedgeClause(clause string) bool {
	unit := ""
	if qs := nlu.ExtractQuantities(strings.ToLower(numbersText(clause))); len(qs) == 1 {
		unit = qs[0].Unit
	}
	_, ok := hedgedNumber(clause, unit)
	return ok
}

// phraseAt is the length of the phrase of list that words hold at i, 0 when
// none.
func phraseAt(words []string, i int, list [][]string) int {
	for _, p := range list {
		if j := i + len(p); j <= len(words) && slices.Equal(words[i:j], p) {
			return len(p)
		}
	}
	return 0
}

// isPlainNumber reports whether w is a number in digits ("7", "6.5").
func isPlainNumber(w string) bool {
	_, err := strconv.ParseFloat(strings.ReplaceAll(w, ",", "."), 64)
	return err == nil && startsWithDigit(w)
}

// unitOf is the normalized unit word w names ("mi", "kg"), "" when none.
func unitOf(w string) string {
	qs := nlu.ExtractQuantities("1 " + w)
	if len(qs) != 1 {
		return ""
	}
	return qs[0].Unit
}
