package gates

import (
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// leadMarkerAsVerb writes a present marker that opens a goal answer, before
// its first number, as the activity verb it is with one vowel left out ("rn
// 15 km now 9 km": "rn" is "right now" as often as "run" typed in haste;
// "now" is no "row") when another present marker follows in the message:
// two markers would make both numbers the present level, and the one that
// can be the verb is read so (target 15 km, baseline 9 km), as its
// activity's base form. A marker that is no verb so, or verbs of two
// activities, is left as typed, and a message with one marker is read as it
// was ("rn 15 km" is asked again).
func leadMarkerAsVerb(text string) string {
	head, _, ok := strings.Cut(strings.TrimSpace(text), " ")
	if !ok || len(head) > 3 || !isNowMarker(strings.ToLower(head)) {
		return text // a texting form ("rn"): the common answer pays a look at its first word
	}
	fields := strings.Fields(text)
	first := strings.ToLower(fields[0])
	if len(fields) < 3 || strings.ContainsAny(first, "0123456789") || !strings.ContainsAny(fields[1], "0123456789") {
		return text
	}
	rest := remarkTokens(strings.Join(fields[2:], " "))
	if !saysNow(rest) && !framesLaterLevel(text) {
		return text
	}
	act := verbWithoutVowel(first)
	if act == "" || slices.ContainsFunc(rest, func(w string) bool { return isNowMarker(w) && verbWithoutVowel(w) != "" }) {
		return text // no verb, or the later marker may be one too ("rn 1 km, rn 20 km")
	}
	fields[0] = strings.Join(levelWords[act][0], " ") // the list's base form: "run"
	return strings.Join(fields, " ")
}

// framesLaterLevel reports whether a clause of text after its first opens
// with a level frame right before its number (framesNumber: "rn 10 km, at 4
// km", "rn 10 km, i'm up to 4 km"): that clause says where the user stands,
// as a later present marker does (issue 38, coach28).
func framesLaterLevel(text string) bool {
	clauses := clauseRe.FindAllString(text, -1)
	for i := 1; i < len(clauses); i++ {
		if framesNumber(ownerTokens(clauses[i])) {
			return true
		}
	}
	return false
}

// markerAsVerb is s, a goal answer for node n with a present-level fact, with
// its opening marker read as the activity verb (leadMarkerAsVerb) and glossed
// again: the gloss would read "rn" as "currently" too.
func markerAsVerb(n *Node, s said) said {
	if s.NLU != nil || !strings.ContainsAny(s.Text, "0123456789") {
		return s // no number: the common answer pays nothing
	}
	if t := leadMarkerAsVerb(s.Text); t != s.Text {
		if level, _ := presentLevelExtractor(n); level == nil {
			return s
		}
		msg := s.Message
		msg.Text = t
		return saying(msg)
	}
	return s
}

// verbWithoutVowel is the activity (its activity-* list's name) of which w
// is a verb with one vowel left out ("rn": activity-run); "" when none or
// two activities' verbs are.
func verbWithoutVowel(w string) string {
	act := ""
	for verb, a := range activities() {
		if strings.Contains(verb, " ") || !vowelDropped(w, verb) {
			continue
		}
		if act != "" && a != act {
			return ""
		}
		act = a
	}
	return act
}

// vowelDropped reports whether typed is word with one vowel left out ("rn"
// for "run").
func vowelDropped(typed, word string) bool {
	if len(typed)+1 != len(word) {
		return false
	}
	i := 0
	for i < len(typed) && typed[i] == word[i] {
		i++
	}
	return strings.IndexByte("aeiou", word[i]) >= 0 && typed[i:] == word[i+1:]
}

// isNowMarker reports whether w, one lower-case word, is a present marker of
// levels.txt or CLDR's.
func isNowMarker(w string) bool {
	return nlu.HoldsPhrase([]string{w}, levelWords["now"]) || cldrNow()[w]
}

// twoMarkedNumbers reports whether two numbers of text are each said as the
// present level: a present marker right before it ("now 15 km now 9 km") or
// after it and its unit, with no number after the marker ("rn 20 km 1 km rn"),
// or a clause of its own with a marker and no word of aiming ("1 km now, rn
// 20 km"): which one is the target is a guess. A correction between them
// (levels.txt correct: "..., sorry, currently 185 lb") is read as such
// elsewhere.
func twoMarkedNumbers(text string) bool {
	if numberRuns(text) < 2 {
		return false
	}
	if nlu.HoldsPhrase(remarkTokens(text), levelWords["correct"]) {
		return false
	}
	marked := 0
	for _, c := range clauseRe.FindAllString(text, -1) {
		ws := remarkTokens(c)
		before, numbers := 0, 0
		for i, w := range ws {
			if !startsWithDigit(w) {
				continue
			}
			numbers++
			if i > 0 && !startsWithDigit(ws[i-1]) && isNowMarker(ws[i-1]) || markedAfter(ws, i) {
				before++
			}
		}
		if numbers == 1 && before == 0 && saysNow(ws) && !saysAny(ws, "aim") {
			before = 1
		}
		marked += before
	}
	return marked >= 2
}

// markedAfter reports whether the number ws[i] is followed, directly or after
// its unit, by a present marker that no number follows ("1 km rn", "9 km
// now."): a marker before a number ("20 km now 15 km") is that number's.
func markedAfter(ws []string, i int) bool {
	for j := i + 1; j <= i+2 && j < len(ws); j++ {
		if startsWithDigit(ws[j]) {
			return false
		}
		if isNowMarker(ws[j]) {
			return j+1 == len(ws) || !startsWithDigit(ws[j+1])
		}
	}
	return false
}
