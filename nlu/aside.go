package nlu

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Values set aside (issue 38, zero wrong values): an answer may name a value
// it does not want ("not Friday", "anywhere but Paris"), one of the past ("I
// was there last Monday") or one it only asks about ("would Monday be
// cheaper"). The lists are answer_words.txt's aside_* and city_word.
var (
	asideNot      = answerWords["aside_not"]
	asidePast     = answerWords["aside_past"]
	asideLead     = answerWords["aside_lead"]
	asideBound    = answerWords["aside_bound"]
	asideBoundNum = answerWords["aside_bound_number"]
	asideLabels   = answerWords["aside_label"]
	asideLeadKeep = answerWords["aside_lead_keep"]
	asideTurn     = answerWords["aside_turn"]
	cityWords     = wordSet(strings.Join(flatten(answerWords["city_word"]), " "))
	cityWordNext  = wordSet(strings.Join(flatten(answerWords["city_word_next"]), " "))
)

// asideStarts are the first words of the phrases setsAsideAt looks for: a word
// that starts none of them is passed over at once (most words of an answer).
var asideStarts = func() map[string]bool {
	m := map[string]bool{}
	for _, list := range [][][]string{asideNot, asidePast, asideBound, asideBoundNum, asideLabels} {
		for _, p := range list {
			if len(p) > 0 {
				m[p[0]] = true
			}
		}
	}
	return m
}()

// clauseBreak splits an answer into clauses: punctuation, a dash between
// spaces, and "but" (English, French, Spanish).
var clauseBreak = regexp.MustCompile(`(?i)[,;.!?؟،]+|\s[-–—]+\s|\b(?:but|mais|pero|sino)\b`)

// anyWords before "but" make it an exception ("any day but Monday"), not a
// break between clauses.
var anyWords = wordSet(`any anything anywhere anytime anyday everything everywhere all whenever wherever`)

// SetAside splits a typed answer into the clauses that set a value aside
// (aside_not, aside_past, aside_lead of answer_words.txt, a question before
// the answer: "can I fly to Rome? Paris") and the others. It
// returns the others joined by ", " and whether any clause was set aside;
// rest is "" when every clause with words was. "not to Rome, to Milan" gives
// "to Milan"; "any day but Monday" and "I was there last Monday" give "".
func SetAside(text string) (rest string, aside bool) { return setAside(text, true) }

// SetAsideStated is SetAside without aside_lead: a condition or a question
// ("would Friday work?") is left to the caller, for an engine that reads a
// proposal as an answer (the gates coach: "how about Friday?").
func SetAsideStated(text string) (rest string, aside bool) { return setAside(text, false) }

func setAside(text string, leads bool) (rest string, aside bool) {
	// The kept clauses are substrings of text, in an array on the stack: an
	// answer kept whole (most) allocates nothing.
	var keptBuf [8]string
	kept := keptBuf[:0]
	start, anyBefore, asked := 0, false, false
	flush := func(end int) {
		c := strings.TrimSpace(text[start:end])
		if c == "" {
			return
		}
		if (anyBefore || asked || clauseAside(c, leads)) && holdsValue(c) {
			aside = true
			if at, ok := turnedClause(c, leads); ok && !anyBefore {
				kept = append(kept, c[at:])
			}
		} else {
			kept = append(kept, c)
		}
	}
	var breaks [][]int
	if mayBreak(text) {
		breaks = clauseBreak.FindAllStringIndex(text, -1)
	}
	for _, m := range breaks {
		if isBut(text[m[0]:m[1]]) && holdsAny(text[start:m[0]]) {
			anyBefore = true // "anywhere but Paris": one clause, set aside
			continue
		}
		asked = leads && askedBefore(text, start, m)
		flush(m[0])
		start, anyBefore, asked = m[1], false, false
	}
	flush(len(text))
	if !aside {
		return text, false
	}
	return strings.Join(kept, ", "), true
}

// askedBefore reports whether the clause of text from start to the break m
// is a question the break's mark ends, with words after it: "Can I fly to
// Rome? Paris" only asks about Rome.
func askedBefore(text string, start int, m []int) bool {
	return strings.ContainsAny(text[m[0]:m[1]], "?؟") && hasWord(text[m[1]:]) && asksAQuestion(text[start:m[0]])
}

// turnedClause is where the part of a clause set aside from its last
// aside_turn phrase on starts ("this time we want Porto" of "we went to
// Portugal last year and this time we want Porto"), when that part sets
// nothing aside itself.
func turnedClause(c string, leads bool) (int, bool) {
	lower := strings.ToLower(c)
	if len(lower) != len(c) {
		return 0, false // a letter whose case changes its length: not split
	}
	at := -1
	for _, p := range asideTurn {
		if i := strings.LastIndex(" "+lower+" ", " "+strings.Join(p, " ")+" "); i > at {
			at = i
		}
	}
	if at <= 0 {
		return 0, false
	}
	return at, !clauseAside(c[at:], leads)
}

// mayBreak reports whether text may hold a clauseBreak: a punctuation mark, a
// dash after a space (the expression takes a dash only between spaces: a
// date's "2026-12-12" is no break), or a "but" word in any case. Most answers
// hold none, and the expression's backtracking is most of SetAside's cost.
func mayBreak(text string) bool {
	// One pass over the bytes (setAside and the clause readers ask it of
	// every answer): a "but" word can only start at its first letter in
	// either case, as containsFold says.
	for i := 0; i < len(text); i++ {
		if breakLead[text[i]] && (markAt(text, i) || butWordAt(text, i)) {
			return true
		}
	}
	return false
}

// breakLead marks the bytes markAt or butWordAt may find a break at: any
// other is passed by without a call.
var breakLead = func() (t [256]bool) {
	for _, c := range []byte(",;.!?\xd8 \t\n\v\f\rbBmMpPsS") {
		t[c] = true
	}
	return t
}()

// markAt reports whether a clause mark starts at byte i of text: a
// punctuation mark, or a space with a dash after it.
func markAt(text string, i int) bool {
	switch text[i] {
	case ',', ';', '.', '!', '?':
		return true
	case 0xD8: // the lead byte of ؟ (D8 9F) and ، (D8 8C)
		return i+1 < len(text) && (text[i+1] == 0x9F || text[i+1] == 0x8C)
	case ' ', '\t', '\n', '\v', '\f', '\r':
		r := text[i+1:]
		return strings.HasPrefix(r, "-") || strings.HasPrefix(r, "–") || strings.HasPrefix(r, "—")
	}
	return false
}

// butWordAt reports whether "but", "mais", "pero" or "sino" starts at byte i
// of text, in any case.
func butWordAt(text string, i int) bool {
	switch text[i] {
	case 'b', 'B':
		return hasFoldAt(text, i, "but")
	case 'm', 'M':
		return hasFoldAt(text, i, "mais")
	case 'p', 'P':
		return hasFoldAt(text, i, "pero")
	case 's', 'S':
		return hasFoldAt(text, i, "sino")
	}
	return false
}

// hasFoldAt reports whether text holds word, an ASCII word, at byte i in any
// case.
func hasFoldAt(text string, i int, word string) bool {
	return i+len(word) <= len(text) && strings.EqualFold(text[i:i+len(word)], word)
}

func isBut(s string) bool {
	s = strings.ToLower(s)
	return s == "but" || s == "mais" || s == "pero" || s == "sino"
}

func holdsAny(text string) bool {
	var buf [24]token
	for _, t := range appendTokens(buf[:0], key(text)) {
		if anyWords[t.text] {
			return true
		}
	}
	return false
}

// clauseAside reports whether one clause sets its value aside; leads says
// whether a condition or a question does (aside_lead).
func clauseAside(c string, leads bool) bool {
	if !mayBeAside(c, leads) {
		return false
	}
	var buf [32]token
	toks := appendTokens(buf[:0], key(c))
	if len(toks) == 0 {
		return false
	}
	for i := range toks {
		if setsAsideAt(toks[i:]) && !monthTypoAfterDay(toks, i) {
			return true
		}
	}
	return leads && leadsAside(toks)
}

// monthTypoAfterDay reports whether toks[i], a word that may set a value
// aside elsewhere (Darija "mach", not), is a month's name mistyped within the
// date typo rules (dateTypoFor: "mach" march) said after an ordinal day,
// "of" between them or not ("the 1st of mach", "3rd mach"): there it is the
// month, no negation.
func monthTypoAfterDay(toks []token, i int) bool {
	best, ok := dateTypoFor(toks[i].text)
	if _, month := monthNames[best]; !ok || !month {
		return false
	}
	p := i - 1
	if p >= 0 && toks[p].text == "of" {
		p--
	}
	if p < 0 {
		return false
	}
	_, day := ordinalDay(toks[p].text)
	return day
}

// setsAsideAt reports whether the words from here on set a value aside: a
// negation or exclusion, a past verb, a bound ("up to 5") or a label before a
// number ("flight 22").
func setsAsideAt(toks []token) bool {
	if !asideStarts[toks[0].text] || startsGlossPhrase(toks) {
		return false // Persian "pas farda" (the day after tomorrow) is no "pas"
	}
	if startsAny(toks, asideNot) || startsAny(toks, asidePast) || startsAny(toks, asideBound) {
		return true
	}
	for _, p := range asideBoundNum {
		if startsWithPhrase(toks, p) && len(p) < len(toks) && isNumberToken(toks[len(p)].text) && !daySaid(toks[len(p):]) {
			return true // "up to 5"
		}
	}
	for _, p := range asideLabels {
		if startsWithPhrase(toks, p) && labelsNumber(toks[len(p):]) {
			return true // "flight 22"
		}
	}
	return false
}

// leadsAside reports whether the clause opens with a condition or a question
// that sets its value aside (aside_lead), not one kept (aside_lead_keep).
func leadsAside(toks []token) bool {
	if startsAny(toks, asideLeadKeep) {
		return false
	}
	return startsAny(toks, asideLead)
}

// IsCityWord reports whether a city's name, as typed, is an ordinary word in
// lower case ("nice", "reading": answer_words.txt city_word), which inside a
// longer answer and without a cue names no place.
func IsCityWord(typed string) bool {
	if strings.ToLower(typed) != typed {
		return false
	}
	return cityWords[key(typed)]
}

// startsAny reports whether toks start with one of phrases.
func startsAny(toks []token, phrases [][]string) bool {
	for _, p := range phrases {
		if startsWithPhrase(toks, p) {
			return true
		}
	}
	return false
}

// isNumberToken reports whether a folded word is a number: digits ("22",
// "14b") or a number word ("five").
func isNumberToken(w string) bool {
	if w != "" && w[0] >= '0' && w[0] <= '9' {
		return true
	}
	_, ok := ParseCount(w)
	return ok
}

// TypedAsWord reports whether city, one FindCities read in text, is written
// there in lower case and is an ordinary word too (IsCityWord): "somewhere
// nice" names no place.
func TypedAsWord(text, city string) bool {
	lower := strings.ToLower(city)
	if !cityWords[key(city)] {
		return false
	}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if w == lower {
			return true
		}
	}
	return opensSentenceAsWord(text, city)
}

// opensSentenceAsWord reports whether city, a city that is an ordinary word
// too, stands in text only as the capitalized first word of a sentence that
// goes on in lower case ("Tromso. Nice one.", "Nice question!"): a capital a
// sentence gives is no sign of a name.
func opensSentenceAsWord(text, city string) bool {
	seen := false
	for from := 0; ; {
		i := strings.Index(text[from:], city)
		if i < 0 {
			return seen
		}
		i += from
		from = i + len(city)
		before := strings.TrimRightFunc(text[:i], unicode.IsSpace)
		after := text[from:]
		r, _ := utf8.DecodeRuneInString(strings.TrimLeft(after, " "))
		opens := before == "" || strings.ContainsRune(".!?", rune(before[len(before)-1]))
		if !opens || len(after) == 0 || after[0] != ' ' || !unicode.IsLower(r) {
			return false
		}
		seen = true
	}
}

// CityWordMayEnd reports whether rest, the text after a cued city that is
// also an ordinary word, leaves it a city: nothing, or a first word of
// city_word_next, a date word or a number ("to nice on friday"), not a noun
// it describes ("a nice flight").
func CityWordMayEnd(rest string) bool {
	var buf [8]token
	toks := appendTokens(buf[:0], key(rest))
	if len(toks) == 0 {
		return true
	}
	w := toks[0].text
	return cityWordNext[w] || IsDateWord(w) || isNumberToken(w)
}

// holdsValue reports whether a clause names a value a clause could set
// aside: a word of a date, a number or a known city, in its words or its
// gloss ("pas lundi"). A clause without one ("not sure", "isn't it") sets
// nothing aside and is read with the others.
func holdsValue(c string) bool {
	if len(FindCities(c)) > 0 {
		return true
	}
	for _, t := range []string{c, Gloss(c)} {
		var buf [32]token
		for _, tok := range appendTokens(buf[:0], key(t)) {
			if IsDateWord(tok.text) || isNumberToken(tok.text) {
				return true
			}
			if _, ok := ordinalDay(tok.text); ok && len(tok.text) > 2 {
				return true
			}
			if _, ok := closestCity(tok.text); ok {
				return true // "we stayed in Asterdam": a city mistyped
			}
			if _, ok := shortTypoCity(tok.text); ok {
				return true // "we stayed in Prto": a short name mistyped
			}
		}
	}
	return false
}

// labelsNumber reports whether toks, the words after a label, start with a
// number in digits that no place follows ("22", "14b"; not "2 Seattle").
func labelsNumber(toks []token) bool {
	if len(toks) == 0 {
		return false
	}
	// Digits, with at most one letter after them ("14b"; not chat "2moro").
	t := toks[0].text
	d := strings.TrimRight(t, "abcdefghijklmnopqrstuvwxyz")
	if d == "" || strings.Trim(d, "0123456789") != "" || len(t)-len(d) > 1 {
		return false
	}
	if len(toks) == 1 {
		return true
	}
	// "a flight 3 weeks from Sunday", "a flight 2 Seattle": a count or a place
	// follows, so the number is no label's.
	next := toks[1].text
	return !IsCountUnit(next) && !IsDateWord(next) && len(FindCities(next)) == 0
}

// daySaid reports whether the number opening toks is a day of the month
// rather than a count: an ordinal ("till 25th March") or a number before a
// month's name ("until 25 March") or another number ("until 25.03").
func daySaid(toks []token) bool {
	w := toks[0].text
	if _, ok := ordinalDay(w); ok && !isDigits(w) {
		return true
	}
	if len(toks) < 2 {
		return false
	}
	_, month := monthNames[toks[1].text]
	return month || isDigits(toks[1].text) && toks[1].start == toks[0].end+1
}

// startsGlossPhrase reports whether toks begin with a gloss entry of two
// words or more, whose first word is then no word of its own.
func startsGlossPhrase(toks []token) bool {
	for _, e := range glossByFirst[toks[0].text] {
		if len(e.words) > 1 && len(e.words) <= len(toks) && slices.EqualFunc(e.words, toks[:len(e.words)], func(w string, t token) bool { return w == t.text }) {
			return true
		}
	}
	return false
}
