package gates

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley/nlu"
)

// This file reads a running distance written with a bare "k" ("10k, doing 7
// km now", "run a 10k"; issue 38 round 19). "10K" names the road race over
// ten kilometres (https://en.wikipedia.org/wiki/10K_run: "Also referred to
// as ... 10 km, or simply 10K ... alongside the shorter 5K"), but a bare "k"
// is also a thousand ("10k steps", "50k a year"): it is read as km only when
// something else in the message says the distance is one: another number
// said in km, or an activity of levels.txt's k-distance list, and only when
// nothing follows it but punctuation, the end or a now-word (a word after it
// may be what the thousand counts).

// raceDistanceRe is a number glued to a "k".
var raceDistanceRe = regexp.MustCompile(`(?i)(\d+(?:[.,]\d+)?)k`)

// raceDistancesAsKm writes "Nk" as "N km" in text, a goal answer for node n,
// when the node takes km and the message says the distance is one (see
// above); text as it is otherwise.
func raceDistancesAsKm(n *Node, text string) string {
	if !strings.ContainsAny(text, "kK") || !slices.Contains(nodeUnits(n), "km") || !kmImplied(text) {
		return text
	}
	var b strings.Builder
	last := 0
	for _, m := range raceDistanceRe.FindAllStringSubmatchIndex(text, -1) {
		if !standsAlone(text, m[0], m[1]) {
			continue
		}
		b.WriteString(text[last:m[0]])
		b.WriteString(text[m[2]:m[3]] + " km")
		last = m[1]
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// kmImplied reports whether text says its distances are in km: every unit
// said at a number is km and one is, or an activity of levels.txt's
// k-distance list is named.
func kmImplied(text string) bool {
	units := map[string]bool{}
	for _, q := range nlu.ExtractQuantities(text) {
		if q.Unit != "" {
			units[q.Unit] = true
		}
	}
	if len(units) > 0 {
		return len(units) == 1 && units["km"]
	}
	words := ownerTokens(text)
	act, _ := activityOf(words)
	return act != "" && slices.ContainsFunc(levelWords["k-distance"], func(p []string) bool { return "activity-"+strings.Join(p, " ") == act })
}

// standsAlone reports whether the "Nk" at text[start:end] is a word of its
// own (no letter, digit or mark glued before or after it) followed by
// nothing, punctuation, or a now-word of levels.txt.
func standsAlone(text string, start, end int) bool {
	if r, _ := utf8.DecodeLastRuneInString(text[:start]); start > 0 && (isWordRune(r) || r == '.' || r == ',') {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(text[end:]); end < len(text) && isWordRune(r) {
		return false // "10km", "10kg", "10ks": another word
	}
	rest := strings.TrimLeft(text[end:], " ")
	if r, _ := utf8.DecodeRuneInString(rest); rest == "" || !isWordRune(r) {
		return true
	}
	next := ownerTokens(rest)
	return saysNow(next[:1])
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
