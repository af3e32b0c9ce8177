package gates

import (
	_ "embed"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/nlu"
)

// levelsText is the data of levels.txt: present-time markers, level frames
// and the words a level clause may start with.
//
//go:embed levels.txt
var levelsText string

// levelWords are levels.txt's lists by name, a hyphened word ("a-nis") as
// the words a clause's tokens split it into (remarkTokens).
var levelWords = hyphensSplit(nlu.WordLists(levelsText))

// hyphensSplit adds to each list the phrases with a hyphened word, split at
// its hyphens into words, and the phrases a clause's tokens split otherwise
// (remarkTokens: Tibetan "ད་ལྟ" at its tsheg).
func hyphensSplit(lists map[string][][]string) map[string][][]string {
	for name, list := range lists {
		for _, p := range list {
			joined := strings.Join(p, " ")
			if split := strings.Fields(strings.ReplaceAll(joined, "-", " ")); len(split) != len(p) {
				lists[name] = append(lists[name], split)
			}
			if toks := remarkTokens(joined); len(toks) > 0 && !slices.Equal(toks, p) {
				lists[name] = append(lists[name], toks)
			}
		}
	}
	return lists
}

// nowFuzzy holds the single-word present markers of six letters or more, to
// read one mistyped ("curently", "presntly").
var nowFuzzy = func() *nlu.Fuzzy {
	var long []string
	for _, p := range levelWords["now"] {
		if len(p) == 1 && len(p[0]) >= 6 {
			long = append(long, p[0])
		}
	}
	return nlu.NewFuzzy(long)
}()

// presentLevelAsCue writes the clause of a goal answer that states where the
// user stands today as node n's present-level fact's own cue reads it (issue
// 38 item 6): "bench 120kg, at 100 now" is "bench 120kg, currently at 100",
// "bench 70 kg po, 55 kg ngayon" is "..., currently at 55 kg". The present
// level is the number extractor one of whose cues is a present marker (now in
// levels.txt); the clause must hold exactly one quantity, say a present
// marker or start with a level frame right before its number, and say no
// word of aiming (aim in remarks.txt) nor another number fact's cue. Only a
// message with another quantity outside the clause (the target) is read so,
// and only when one clause alone is a level clause: otherwise the text is
// left as it is, and a second number without a marker stays unread.
func presentLevelAsCue(n *Node, text string) string {
	level, cue := presentLevelExtractor(n)
	if level == nil || len(text) != len(strings.ToLower(text)) {
		return text
	}
	if read, ok := levelClauseAsCue(n, level, cue, text); ok {
		return read
	}
	if split := levelFrameSplit(text); split != text {
		if read, ok := levelClauseAsCue(n, level, cue, split); ok {
			return read
		}
	}
	return text
}

// levelClauseAsCue is presentLevelAsCue's reading of text for the level fact
// level and its cue, and whether it found the level clause.
func levelClauseAsCue(n *Node, level *Extractor, cue, text string) (string, bool) {
	clauses := clauseRe.FindAllStringIndex(text, -1)
	at, withNumbers := -1, 0
	for i, c := range clauses {
		clause := text[c[0]:c[1]]
		if !strings.ContainsAny(clause, "0123456789") {
			continue
		}
		withNumbers++
		if isLevelClause(n, level, clause) {
			if at >= 0 {
				return text, false // two level clauses: which is which is a guess
			}
			at = i
		}
	}
	if at < 0 && withNumbers == 2 {
		at = unplacedLevelClauseOf(n, level, text, clauses)
	}
	if at < 0 && withNumbers == 1 {
		at = copulaLevelClause(text, clauses)
	}
	if at < 0 || withNumbers < 2 && !saysCopulaLevel(text[clauses[at][0]:clauses[at][1]]) {
		return text, false
	}
	c := clauses[at]
	qs := nlu.ExtractQuantities(strings.ToLower(numbersText(text[c[0]:c[1]])))
	level1 := formatQuantity(qs[0])
	end := strings.TrimRightFunc(text[c[0]:c[1]], func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	tail := text[c[0]+len(end) : c[1]]
	return text[:c[0]] + " " + cue + " " + level1 + tail + text[c[1]:], true
}

// unplacedLevelClauseOf is unplacedLevelClause of text, or of its head when
// a thanks or polite phrase of any language ends it after a comma (nlu.CutCourtesyTail):
// "run 42 km, xuvo 20 km, erokamano" states its level as "run 42 km, xuvo 20
// km" does; the courtesy says nothing of the numbers.
func unplacedLevelClauseOf(n *Node, level *Extractor, text string, clauses [][]int) int {
	if at := unplacedLevelClause(n, level, text, clauses); at >= 0 {
		return at
	}
	head, cut := nlu.CutCourtesyTail(text)
	if !cut {
		return -1
	}
	return unplacedLevelClause(n, level, head, clauseRe.FindAllStringIndex(head, -1))
}

// presentLevelExtractor is node n's number extractor cued by a present marker,
// with that cue; nil when it has none.
func presentLevelExtractor(n *Node) (*Extractor, string) {
	for i := range n.Extract {
		x := &n.Extract[i]
		if x.Kind != ExtractNumber {
			continue
		}
		for _, cue := range x.Cues {
			if words := remarkTokens(cue); len(words) > 0 && nlu.HoldsPhrase(words[:1], levelWords["now"]) {
				return x, cue
			}
		}
	}
	return nil, ""
}

// isLevelClause reports whether clause states the present level of fact
// level: one quantity, a present marker or a level frame before its number,
// and no word of aiming nor another number fact's cue.
func isLevelClause(n *Node, level *Extractor, clause string) bool {
	if len(nlu.ExtractQuantities(strings.ToLower(numbersText(clause)))) != 1 {
		return false
	}
	words := ownerTokens(clause)
	if saysAny(words, "aim") {
		return false
	}
	cueText := clause
	if j := framedNumberAt(words); j > 0 {
		// A level frame's words are no other fact's cue: the "to" of "up
		// to 4 km" (levels.txt frame) is not the target's "to" (issue 38,
		// coach28: "run 10 km, up to 4 km").
		cueText = strings.Join(words[j:], " ")
	}
	for i := range n.Extract {
		if x := &n.Extract[i]; x != level && x.Kind == ExtractNumber && hasCue(x, cueText) {
			return false
		}
	}
	return saysNow(words) || framesNumber(words) || saysCopulaLevel(clause)
}

// notLevelsOf is fits, the quantities left for node n's uncued number fact
// x, without those said in a clause of text stating where the user stands
// (isLevelClause: "at 4 km", "i'm up to 4 km", "right now 4 km") when x is
// not the present level: a quantity framed as the level now is never another
// fact's by elimination. "currently 10 km, at 4 km" says two present levels
// and no target; the target is asked, never taken as 4 km (issue 38,
// coach28).
func notLevelsOf(n *Node, x *Extractor, text string, fits []nlu.Quantity) []nlu.Quantity {
	level, _ := presentLevelExtractor(n)
	if len(fits) == 0 || level == nil || x == level {
		return fits
	}
	clauses := clauseRe.FindAllString(text, -1)
	if len(clauses) < 2 {
		return fits
	}
	out := fits
	for _, c := range clauses {
		if !isLevelClause(n, level, c) {
			continue
		}
		q := nlu.ExtractQuantities(strings.ToLower(numbersText(c)))[0]
		out = slices.DeleteFunc(slices.Clone(out), func(f nlu.Quantity) bool { return f.Value == q.Value })
	}
	return out
}

// ascentQuantities are the quantities in a length unit of text said as a
// height climbed (ascent-verb right before one, ascent-noun right after:
// "skin up 1000 m", "1200 m of vert"): a vertical gain, no distance.
func ascentQuantities(text string) []string {
	words := remarkTokens(text)
	var out []string
	for i := range words {
		j, ok := lengthAt(words, i)
		if !ok {
			continue
		}
		before := i > 0 && nlu.HoldsPhrase(words[i-1:i], levelWords["ascent-verb"])
		if before || saysAscentNoun(words, j) {
			if qs := nlu.ExtractQuantities(strings.Join(words[i:j], " ")); len(qs) == 1 {
				out = append(out, formatQuantity(qs[0]))
			}
		}
	}
	return out
}

// lengthAt reports whether words[i] opens a quantity in metres, kilometres
// or feet ("1000m", "1000 m"), and the index of the word after it.
func lengthAt(words []string, i int) (int, bool) {
	if !startsWithDigit(words[i]) {
		return 0, false
	}
	j, unit := i+1, ""
	if qs := nlu.ExtractQuantities(words[i]); len(qs) == 1 && qs[0].Unit != "" {
		unit = qs[0].Unit
	} else if j < len(words) {
		if qs := nlu.ExtractQuantities("1 " + words[j]); len(qs) == 1 {
			unit, j = qs[0].Unit, j+1
		}
	}
	u := normalizeUnit(unit)
	return j, u == "m" || u == "km" || u == "ft"
}

// saysAscentNoun reports whether words from j open with an ascent-noun
// phrase of one or two words ("of vert", "elevation").
func saysAscentNoun(words []string, j int) bool {
	for _, p := range levelWords["ascent-noun"] {
		if j+len(p) <= len(words) && slices.Equal(words[j:j+len(p)], p) {
			return true
		}
	}
	return false
}

// withoutAscents drops node n's number facts in values when one holds a
// height climbed (ascentQuantities): the number is a level of no fact, so
// the others are not placed either, and the question is asked again.
func withoutAscents(n *Node, text string, values map[string]string) {
	if !strings.ContainsAny(text, "0123456789") {
		return
	}
	ascents := ascentQuantities(text)
	if len(ascents) == 0 {
		return
	}
	hit := false
	for i := range n.Extract {
		if x := &n.Extract[i]; x.Kind == ExtractNumber && slices.Contains(ascents, values[x.Fact]) {
			hit = true
		}
	}
	if !hit {
		return
	}
	for i := range n.Extract {
		if x := &n.Extract[i]; x.Kind == ExtractNumber {
			delete(values, x.Fact)
		}
	}
}

// saysNow reports whether words hold a present marker, a long one maybe
// mistyped by one edit.
func saysNow(words []string) bool {
	if nlu.HoldsPhrase(words, levelWords["now"]) || saysCLDRNow(words) {
		return true
	}
	for _, w := range words {
		if len(w) >= 6 && strings.IndexFunc(w, unicode.IsDigit) < 0 {
			if m, ok := nowFuzzy.Closest(w); ok && m.Distance == 1 {
				return true
			}
		}
	}
	return false
}

// framesNumber reports whether words start, after the user's own words
// (self), with a level frame right before a number: "at 185", "I'm sitting
// at 455", "longest so far is 60 km".
func framesNumber(words []string) bool {
	return framedNumberAt(words) >= 0
}

// framedNumberAt is the index in words of the number a level frame opens
// (framesNumber), or -1.
func framedNumberAt(words []string) int {
	i := 0
	for i < len(words) && nlu.HoldsPhrase(words[i:i+1], levelWords["self"]) {
		i++
	}
	if j := frameAt(words, i); j >= 0 {
		return j
	}
	if i+2 < len(words) && nlu.HoldsPhrase(words[i:i+1], levelWords["superlative"]) && isActivityWord(words[i+1]) {
		// "longest run is 12 km", "my furthest ride was 90 km": the
		// activity named between a superlative frame and its verb. The
		// verb must follow: "PR deadlift 500 lbs" names the record aimed
		// at, no level.
		rest := append(slices.Clone(words[i:i+1]), words[i+2:]...)
		if j := frameAt(rest, 0); j >= 2 {
			return i + j + 1
		}
	}
	return -1
}

// frameAt is the index in words of the number a level frame starting at
// words[i] opens, or -1.
func frameAt(words []string, i int) int {
	for _, frame := range levelWords["frame"] {
		j := i + len(frame)
		if j < len(words) && slices.EqualFunc(words[i:j], frame, sameSpokenWord) && startsWithDigit(words[j]) {
			return j
		}
	}
	return -1
}

// isActivityWord reports whether w is a one-word form of an activity
// (activity-* in levels.txt): "run", "swim", "ride", "hike".
func isActivityWord(w string) bool {
	for name, list := range levelWords {
		if strings.HasPrefix(name, "activity-") && nlu.HoldsPhrase([]string{w}, list) {
			return true
		}
	}
	return false
}

// saysCopulaLevel reports whether clause opens with the user's "I am" (copula
// in levels.txt) right before its one quantity, said with a unit: "i'm 95 kg"
// is where the user is now, as "I weigh 95 kg" is, and never the target,
// even with no other number in the message (the target is then asked).
func saysCopulaLevel(clause string) bool {
	words := ownerTokens(clause)
	for _, cop := range levelWords["copula"] {
		n := len(cop)
		if n < len(words) && slices.Equal(words[:n], cop) && startsWithDigit(words[n]) {
			qs := nlu.ExtractQuantities(strings.ToLower(numbersText(clause)))
			return len(qs) == 1 && qs[0].Unit != ""
		}
	}
	return false
}

// copulaLevelClause is the index of the clause of clauses that saysCopulaLevel,
// or -1.
func copulaLevelClause(text string, clauses [][]int) int {
	for i, c := range clauses {
		if saysCopulaLevel(text[c[0]:c[1]]) {
			return i
		}
	}
	return -1
}

// sameSpokenWord reports whether typed is word, or word's "-ing" written
// with its g dropped as it is said ("sittin' at 245", "walkin around at 70").
func sameSpokenWord(typed, word string) bool {
	if typed == word {
		return true
	}
	stem, ok := strings.CutSuffix(word, "ing")
	if !ok || len(stem) < 2 {
		return false
	}
	return typed == stem+"in'" || typed == stem+"in"
}

// mendNowTypos writes a word one edit from a long present marker as that
// marker ("squat 315lb currentley 275" is "... currently 275"), so that the
// present level's cue reads it, in a message with a number for a node with a
// present-level fact. A word that is itself a marker is kept.
func mendNowTypos(n *Node, text string) string {
	if level, _ := presentLevelExtractor(n); level == nil {
		return text
	}
	return longWordRe.ReplaceAllStringFunc(text, func(w string) string {
		lower := strings.ToLower(w)
		if nlu.HoldsPhrase([]string{lower}, levelWords["now"]) || cldrNow()[lower] {
			return w
		}
		return nearNowMarker(lower, w)
	})
}

// nearNowMarker is the one long present marker one edit (a swap of two
// letters included: "currenlty") from word lower, else typed as it was.
func nearNowMarker(lower, typed string) string {
	near := ""
	for _, p := range levelWords["now"] {
		if len(p) != 1 || len(p[0]) < 6 || !oneEdit(lower, p[0]) {
			continue
		}
		if near != "" {
			return typed
		}
		near = p[0]
	}
	if near == "" {
		return typed
	}
	return near
}

// longWordRe is a word of six ASCII letters or more, the length of the
// markers mended.
var longWordRe = regexp.MustCompile(`\b[A-Za-z]{6,}\b`)

func startsWithDigit(w string) bool {
	return w != "" && w[0] >= '0' && w[0] <= '9'
}
