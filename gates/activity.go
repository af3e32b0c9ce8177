package gates

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// This file reads a goal answer that gives the numbers of two activities
// (issue 38 round 15): "run 15 km, i walk 20 a day but only run 8 km". The
// present level is the number said again with the goal's own activity ("only
// run 8 km"); a number said with another activity ("i walk 20 a day") is
// none of the goal's, and is never stored. The activities are levels.txt's
// activity-* lists.

// activities maps a word of levels.txt's activity-* lists to its list's name.
var activities = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for name, list := range levelWords {
		if strings.HasPrefix(name, "activity-") {
			for _, p := range list {
				m[strings.Join(p, " ")] = name
			}
		}
	}
	return m
})

// contrastRe splits a clause before a contrast word (levels.txt contrast).
var contrastRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\s(?:` + levelPattern("contrast") + `)\s`)
})

// levelPattern is list name of levels.txt as a regexp alternation.
func levelPattern(name string) string {
	var alts []string
	for _, p := range levelWords[name] {
		alts = append(alts, regexp.QuoteMeta(strings.Join(p, " ")))
	}
	return strings.Join(alts, "|")
}

// activityOf is the activity of words (its activity-* list's name) and the
// index of its word; "" when words name none or two.
func activityOf(words []string) (string, int) {
	act, at := "", -1
	for i, w := range words {
		if a, ok := activities()[w]; ok {
			if act != "" && a != act {
				return "", -1
			}
			act, at = a, i
		}
	}
	return act, at
}

// withoutOtherActivity is text, a goal answer for node n, with the parts
// that give another activity's number left out and the goal's activity
// word taken from the part that says it again ("run 15 km, only 8 km"), when
// that reads as the goal's present level (presentLevelAsCue); text as it is
// otherwise.
func withoutOtherActivity(n *Node, text string) string {
	if numberRuns(text) < 2 {
		return text // one number: no other activity's beside the goal's
	}
	if level, _ := presentLevelExtractor(n); level == nil {
		return text
	}
	parts, contrasted := activityParts(text)
	if len(parts) < 2 {
		return text
	}
	goal, _ := activityOf(ownerTokens(parts[0]))
	if goal == "" || !strings.ContainsAny(parts[0], "0123456789") {
		return text
	}
	kept, others, repeated := goalParts(parts, contrasted, goal)
	if others+repeated == 0 {
		return text
	}
	rest := strings.Join(kept, ", ")
	if read := presentLevelAsCue(n, rest); read != rest {
		return read
	}
	if others > 0 {
		// The other activity's number is never the goal's: the rest
		// gives the target alone, and the level is asked for.
		return rest
	}
	return text
}

// activityParts are text's clauses, each split before its contrast words,
// trimmed of their punctuation, and for each whether a contrast word stood
// right before it ("i walk sites but run 10 km": "run 10 km" is set against
// the walking, the goal's activity said again as its level, issue 38 round
// 18).
func activityParts(text string) ([]string, []bool) {
	var parts []string
	var contrasted []bool
	for _, c := range clauseRe.FindAllString(text, -1) {
		for i, p := range contrastRe().Split(c, -1) {
			if p = strings.Trim(p, " ,;.!"); p != "" {
				parts = append(parts, p)
				contrasted = append(contrasted, i > 0)
			}
		}
	}
	return parts, contrasted
}

// otherActivitySaid reports whether one of parts names another activity
// than goal (with or without a number): the contrast a repeated goal
// activity is set against.
func otherActivitySaid(parts []string, goal string) bool {
	for _, p := range parts {
		if act, _ := activityOf(ownerTokens(p)); act != "" && act != goal {
			return true
		}
	}
	return false
}

// numberRuns counts text's runs of digits, without allocating; a decimal
// mark between digits continues its run ("1.5" is one number).
func numberRuns(text string) int {
	runs, in := 0, false
	for i := 0; i < len(text); i++ {
		d := isDigitByte(text[i]) || in && (text[i] == '.' || text[i] == ',') && isDecimalMark(text, i)
		if d && !in {
			runs++
		}
		in = d
	}
	return runs
}

// withoutParts is parts without those at the indexes drop.
func withoutParts(parts []string, drop []int) []string {
	var out []string
	for i, p := range parts {
		if !slices.Contains(drop, i) {
			out = append(out, p)
		}
	}
	return out
}

// goalParts sorts parts (activityParts, after the goal's own) for
// withoutOtherActivity: the parts kept, with the goal's activity said again
// written as the level frame "do"; how many give another activity's number
// (others) and how many say the goal's again (repeated).
func goalParts(parts []string, contrasted []bool, goal string) (kept []string, others, repeated int) {
	kept = []string{parts[0]}
	var aside []int // kept parts of another activity with no number
	for k, p := range parts[1:] {
		words := ownerTokens(p)
		act, at := activityOf(words)
		switch {
		case act == "" || !strings.ContainsAny(p, "0123456789"):
			if act != "" && act != goal {
				aside = append(aside, len(kept))
			}
			kept = append(kept, p)
		case act != goal:
			others++
		case at > 0 || contrasted[k+1] && otherActivitySaid(parts[1:k+1], goal):
			// "only run 8 km" is "only do 8 km": the goal's
			// activity said again is the level frame "do". A bare "run 8
			// km" after the target may correct it: kept as said, but
			// after a contrast with another activity ("i walk sites but
			// run 10 km") it is the level, and the other activity's
			// words ("i cycle to work") are no cue of the goal's.
			if at == 0 {
				kept = withoutParts(kept, aside)
				aside = nil
			}
			words[at] = "do"
			kept = append(kept, strings.Join(words, " "))
			repeated++
		default:
			kept = append(kept, p)
		}
	}
	return kept, others, repeated
}
