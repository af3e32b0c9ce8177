package nlu

import "strings"

// This file reads what a stay's end is said with beside the day itself: a
// mistyped cue ("untill monday", "leavng sunday") and a span the count must
// fall in ("just the weekend, out sunday").

// stayCueTypoTargets are the stay_end cues of one word of four letters or
// more: a word one letter added, dropped or swapped from one of them alone,
// where the cue stands and a date follows it, is that cue (of a four-letter
// cue, only its first letter and two more: "tll" for "till").
var stayCueTypoTargets = func() []string {
	var out []string
	for _, p := range stayEndCues {
		if len(p) == 1 && len(p[0]) >= 4 {
			out = append(out, p[0])
		}
	}
	return out
}()

// stayCueTypo is the stay_end cue w mistypes (oneEdit: a letter added,
// dropped or two swapped, never one changed: "untill", "unitl"), when one
// cue alone is so near; a date word is never one.
func stayCueTypo(w string) (string, bool) {
	if len(w) < 3 || !latinLetters(w) || knownDateWord(w) || stayEndLeads[w] || stayEndFirsts[w] {
		return "", false
	}
	found := ""
	for _, c := range stayCueTypoTargets {
		short := len(c) == 4 && len(w) == 3 && w[0] == c[0]
		if (len(w) >= 5 || short) && oneEdit(w, c) == editOther {
			if found != "" && found != c {
				return "", false
			}
			found = c
		}
	}
	return found, found != ""
}

// stayCuesUntyped puts the cue a word mistypes in its place (stayCueTypo),
// among the words that may stand before a cue, up to the first cue.
func stayCuesUntyped(toks []token) {
	for i, t := range toks {
		if stayEndFirsts[t.text] {
			return
		}
		if c, ok := stayCueTypo(t.text); ok {
			toks[i].text = c
			return
		}
		if !stayEndLeads[t.text] {
			return
		}
	}
}

// weekendSpans and weekendLeads are answer_words.txt's stay_weekend and
// stay_weekend_lead: a stay said as the weekend ("just the weekend").
var weekendSpans, weekendLeads = answerWords["stay_weekend"], wordSet(strings.Join(flatten(answerWords["stay_weekend_lead"]), " "))

// NamesWeekend reports whether text says only that a stay is the weekend
// ("just the weekend", "only for the weekend", "le week-end"): one
// stay_weekend phrase and stay_weekend_lead words before it.
func NamesWeekend(text string) bool {
	var buf [16]token
	toks := appendTokens(buf[:0], key(text))
	for i, t := range toks {
		for _, p := range weekendSpans {
			if startsWithPhrase(toks[i:], p) && i+len(p) == len(toks) {
				return true
			}
		}
		if !weekendLeads[t.text] {
			return false
		}
	}
	return false
}
