package nlu

import (
	_ "embed"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// This file reads what frames an answer without being part of it, for every
// engine at once through the gloss layer (Gloss): a letter held down
// ("berlinnn", "tmrwww", "moreee"), a sound or a laugh ("ugh. warsaw"), a
// frame ("the 20th, like I told the other guy"), a hedge ("I think maybe the
// 25th would work best?") and a second, separate question ("Madrid, and can I
// bring my dog?"). The words are data (frame_words.txt). The gloss of such a
// message is its answer alone; the readers read it as they read any gloss,
// wholly or not at all, and only when the message's own words give nothing.
// A message made only of such words keeps its words (an interjection alone is
// no answer), as does one that opens with a yes or a no or holds a negation
// (their meaning is the yes/no rule's, answer.go).

//go:embed frame_words.txt
var frameWordsText string

var frameWords = readPhraseLists(frameWordsText)

// framePhrase is one phrase of frame_words.txt read as nothing: hedge says it
// is a hedge, whose question mark asks nothing.
type framePhrase struct {
	words []string
	hedge bool
}

var (
	// frameByFirst are the interjections, frames and hedges by first word,
	// longest first.
	frameByFirst    = buildFrameIndex()
	questionLeads   = frameWords["question_lead"]
	questionJoiners = frameWords["question_joiner"]
	hedgeTags       = frameWords["hedge_tag"]
	// questionFirsts are the first words of question_lead and
	// question_joiner: a message holding none has no question clause.
	questionFirsts = firstWords(questionLeads, questionJoiners, hedgeTags)
	// unframeFirsts are frameByFirst's keys and questionFirsts in one set
	// (mayUnframe looks each word up once, not twice).
	unframeFirsts = func() map[string]struct{} {
		out := make(map[string]struct{}, len(frameByFirst)+len(questionFirsts))
		for k := range frameByFirst {
			out[k] = struct{}{}
		}
		for k, in := range questionFirsts {
			if in {
				out[k] = struct{}{}
			}
		}
		return out
	}()
)

// frameLeadIns are the interjections and hedges of one word ("ooh",
// "maybe"), which may open an answer.
var frameLeadIns = func() map[string]bool {
	out := map[string]bool{}
	for _, name := range []string{"interjection", "hedge"} {
		for _, p := range frameWords[name] {
			if len(p) == 1 {
				out[p[0]] = true
			}
		}
	}
	return out
}()

func buildFrameIndex() map[string][]framePhrase {
	out := map[string][]framePhrase{}
	for _, name := range []string{"interjection", "frame", "hedge"} {
		for _, p := range frameWords[name] {
			out[p[0]] = append(out[p[0]], framePhrase{words: p, hedge: name == "hedge"})
		}
	}
	for _, ps := range out {
		for i := 1; i < len(ps); i++ { // longest first (insertion sort: short lists)
			for j := i; j > 0 && len(ps[j].words) > len(ps[j-1].words); j-- {
				ps[j], ps[j-1] = ps[j-1], ps[j]
			}
		}
	}
	return out
}

// hasElongation reports whether w holds a letter written three times or more
// in a row ("berlinnn", "sooo"): no word of the lexicons does, and people
// hold a key down for emphasis. Digits never count ("1000", "BK-90909").
func hasElongation(w string) bool {
	var prev rune
	n := 0
	for _, r := range w {
		r = unicode.ToLower(r)
		if r == prev && unicode.IsLetter(r) {
			n++
			if n >= 3 {
				return true
			}
			continue
		}
		prev, n = r, 1
	}
	return false
}

// shortenRuns writes w with every run of three or more of one letter (case
// aside) cut to its first keep letters: "berlinnn" is "berlinn" (keep 2) or
// "berlin" (keep 1).
func shortenRuns(w string, keep int) string {
	var b strings.Builder
	b.Grow(len(w))
	var prev rune
	n := 0
	runes := []rune(w)
	for i, r := range runes {
		lr := unicode.ToLower(r)
		if i > 0 && lr == prev && unicode.IsLetter(lr) {
			n++
		} else {
			prev, n = lr, 1
		}
		if n > keep && runLength(runes, i-n+1) >= 3 {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// runLength is the length of the run of one letter (case aside) starting at
// runes[i].
func runLength(runes []rune, i int) int {
	first := unicode.ToLower(runes[i])
	n := 0
	for j := i; j < len(runes) && unicode.ToLower(runes[j]) == first; j++ {
		n++
	}
	return n
}

// Unelongated is w with its held-down letters cut ("tmrwww" is "tmrw",
// "lisboaaa" "lisboa", "tallinnn" "tallinn") when known says the cut word is
// a word: runs cut to two letters first, then to one. ok is false when w
// holds no such run or neither cut is known: a word the vocabulary does not
// hold is never made up.
func Unelongated(w string, known func(string) bool) (string, bool) {
	if !hasElongation(w) || oneKeyRepeated(w) {
		return w, false // "kkkkkkkk" is a key held or hit again and again: no word
	}
	for _, keep := range []int{2, 1} {
		if c := shortenRuns(w, keep); utf8.RuneCountInString(c) > 1 && known(c) {
			return c, true
		}
	}
	return w, false
}

// oneKeyRepeated reports whether w is one letter and nothing else.
func oneKeyRepeated(w string) bool {
	r, size := utf8.DecodeRuneInString(w)
	return size > 0 && strings.Count(w, string(r))*size == len(w)
}

// lexiconWords are the words of the built-in lexicons that no other table of
// knownWord holds: function words, the reply and small-talk words, the cancel
// phrases, the built-in intents' examples, the date words, the shop's default
// category words and these frame words.
var lexiconWords = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, set := range []map[string]bool{functionWords, fillerWords, shopMoreWords} {
		for w := range set {
			out[w] = true
		}
	}
	for w := range replyVocabulary() {
		out[w] = true
	}
	phrases := lexiconPhrases()
	for _, w := range flatten(phrases) {
		out[w] = true
	}
	for _, w := range append(slices.Collect(maps.Keys(monthNames)), weekdayWords...) {
		out[w] = true
	}
	for _, l := range BuiltinExamples() {
		for _, ex := range l.Examples {
			for _, w := range words(key(ex)) {
				out[w] = true
			}
		}
	}
	for _, ws := range DefaultShopCategories() {
		for _, w := range ws {
			for _, k := range words(key(w)) {
				out[k] = true
			}
		}
	}
	return out
})

// lexiconHolds reports whether the word w (any case) is, as written, a word
// of the built-in lexicons: knownWord's tables but the date words' typos, a
// count's unit, a word of lexiconWords, or a plural of one ("nights").
func lexiconHolds(w string) bool {
	k := key(w)
	if _, ok := lexiconKeys()[k]; ok || IsNumberWord(k) {
		return true
	}
	s, plural := strings.CutSuffix(k, "s")
	return plural && !strings.HasSuffix(s, "s") && lexiconWords()[s]
}

// lexiconKeys is every word lexiconHolds takes as it is, in one set built once:
// the gloss's first words, cityIndex's keys, the count units (IsCountUnit) and
// lexiconWords; one look-up where a word in none of them took five.
var lexiconKeys = sync.OnceValue(func() map[string]struct{} {
	out := make(map[string]struct{}, len(cityIndex)+len(glossByFirst)+len(lexiconWords()))
	for k := range glossByFirst {
		out[k] = struct{}{}
	}
	for k := range cityIndex {
		out[k] = struct{}{}
	}
	for k := range dayUnits {
		out[k] = struct{}{}
	}
	for _, set := range []map[string]bool{countUnits, lexiconWords()} {
		for k, in := range set {
			if in {
				out[k] = struct{}{}
			}
		}
	}
	return out
})

// lexiconKnows is lexiconHolds, or a date word as the date reader reads one,
// a typo of a weekday or of "tomorrow" too.
func lexiconKnows(w string) bool { return lexiconHolds(w) || IsDateWord(w) }

// unelongate rewrites text's words that hold a letter held down into the
// lexicons' word (Unelongated, lexiconKnows); other bytes are kept.
func unelongate(text string) string {
	var b strings.Builder
	last := 0
	for start, end := nextWord(text, 0); start >= 0; start, end = nextWord(text, end) {
		w := text[start:end]
		if inAddress(text, start, end) {
			continue // "www.example.com", "mmm@mail.com"
		}
		c, ok := Unelongated(w, lexiconHolds)
		if !ok {
			if c, ok = Unelongated(w, lexiconKnows); !ok {
				continue
			}
		}
		growOnce(&b, len(text))
		b.WriteString(text[last:start])
		b.WriteString(c)
		last = end
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// inAddress reports whether the word at text[start:end] is part of an
// address (an email, a web address or a file's name): a "@" or "/" next to
// it, or a dot between it and another word.
func inAddress(text string, start, end int) bool {
	if start > 0 && strings.IndexByte("@/.", text[start-1]) >= 0 && (text[start-1] != '.' || start > 1 && text[start-2] != ' ') {
		return true
	}
	return end < len(text) && strings.IndexByte("@/.-", text[end]) >= 0 && end+1 < len(text) && text[end+1] != ' '
}

// mayElongate reports whether a word of text has a letter held down: a quick
// test before unelongate.
func mayElongate(text string) bool {
	var prev byte
	n := 0
	for i := 0; i < len(text); i++ {
		c := text[i] | 0x20
		if c == prev && c >= 'a' && c <= 'z' {
			if n++; n >= 3 {
				return true
			}
			continue
		}
		prev, n = c, 1
		if text[i] >= utf8.RuneSelf {
			return hasElongation(text[i:])
		}
	}
	return false
}

// span is a stretch of a message's bytes.
type span struct{ start, end int }

// unframe leaves out of text the interjections, frames and hedges around its
// answer, and a second clause that asks a question naming no value of the
// answer's kind (frame_words.txt). It returns text itself when nothing is
// left out, when nothing but such words is there, or when what is left opens
// with a yes or a no or holds a negation.
func unframe(text string) string {
	if !mayUnframe(text) {
		return text
	}
	var buf [32]glossWord
	ws := glossWords(buf[:0], text)
	var kb [64]byte
	drop, hedged := framePhraseSpans(text, ws, questionClauses(text), kb[:0])
	if tags := edgeTagSpans(text, liveWords(ws, drop), kb[:0]); len(tags) > 0 {
		drop = append(drop, tags...)
		hedged = true // "tmr can?": the tag's question mark asks nothing
	}
	if len(drop) == 0 {
		return text
	}
	rest := withoutSpans(text, drop)
	if !keepsAnAnswer(rest) {
		return text
	}
	if hedged && !opensQuestion(rest) {
		rest = strings.Map(func(r rune) rune {
			if r == '?' || r == '؟' {
				return -1
			}
			return r
		}, rest)
	}
	return strings.TrimFunc(rest, func(r rune) bool {
		return isTrimmable(r) && r != '?' && r != '؟' && !strings.ContainsRune(valueMarks, r)
	})
}

// valueMarks are marks that are part of the value they stand by: a phone's
// "+", a price's currency, a reference's "#" ("+65 9123 4567 can").
const valueMarks = "+#$€£¥"

// framePhraseSpans adds to drop the interjections, frames and hedges among
// ws outside it; hedged says one was a hedge.
func framePhraseSpans(text string, ws []glossWord, drop []span, kb []byte) ([]span, bool) {
	hedged := false
	for i := 0; i < len(ws); {
		if inSpans(drop, ws[i].start) {
			i++
			continue
		}
		p, ok := framePhraseAt(text, ws, i, kb)
		if !ok {
			i++
			continue
		}
		drop = append(drop, span{ws[i].start, ws[i+len(p.words)-1].end})
		hedged = hedged || p.hedge
		i += len(p.words)
	}
	return drop, hedged
}

// mayUnframe reports whether a word of text starts a frame phrase or a
// question clause, or its first or last word may be a tag (edgetags.go):
// most messages hold none.
func mayUnframe(text string) bool {
	var kb [64]byte
	first, last := true, ""
	for start, end := nextWord(text, 0); start >= 0; start, end = nextWord(text, end) {
		k, ok := wordKey(kb[:0], text[start:end])
		if !ok {
			continue
		}
		if _, hit := unframeFirsts[string(k)]; hit || first && mayHaveEdgeTag(string(k)) {
			return true
		}
		first, last = false, text[start:end]
	}
	k, _ := wordKey(kb[:0], last)
	return last != "" && mayHaveEdgeTag(string(k))
}

// liveWords are the words of ws outside drop.
func liveWords(ws []glossWord, drop []span) []glossWord {
	if len(drop) == 0 {
		return ws
	}
	live := make([]glossWord, 0, len(ws))
	for _, w := range ws {
		if !inSpans(drop, w.start) {
			live = append(live, w)
		}
	}
	return live
}

// framePhraseAt is the longest frame phrase whose words are ws from i on.
func framePhraseAt(text string, ws []glossWord, i int, kb []byte) (framePhrase, bool) {
	k, _ := wordKey(kb, text[ws[i].start:ws[i].end])
	ps := frameByFirst[string(k)]
	if len(ps) == 0 {
		return framePhrase{}, false
	}
	// The next word's key, as wordsAreFrom works it out after kb's bytes, is
	// worked out once, in a buffer of its own (wordsAreFrom writes over kb's):
	// a first word such as "i" opens many phrases, and most differ at the
	// second.
	var secondBuf [48]byte
	var second []byte
	if i+1 < len(ws) {
		second, _ = wordKey(append(secondBuf[:0], kb...), text[ws[i+1].start:ws[i+1].end])
	}
	for _, p := range ps {
		if i+len(p.words) > len(ws) || len(p.words) > 1 && string(second) != p.words[1] {
			continue
		}
		if wordsAreFrom(text, ws[i:i+len(p.words)], p.words, kb, 1) {
			return p, true
		}
	}
	return framePhrase{}, false
}

// keepsAnAnswer reports whether rest, a message without its frame, still has
// words, none a negation, opens with no yes or no and is no small talk: "yes
// maybe", "I think not" and "lol thanks" are the other rules' to read, as
// typed.
func keepsAnAnswer(rest string) bool {
	toks := words(key(rest))
	if len(toks) == 0 || negationAt(toks) >= 0 || refusalWords[toks[0]] {
		return false
	}
	if a, _ := LeadingYesNo(rest); a != Unknown {
		return false
	}
	return SmallTalkOf(rest) == NoSmallTalk
}

// questionClauses are the clauses of text after its first that ask a
// question (question_lead, after a question_joiner or not) when the other
// clauses name a date, a number or a place and the question names no value
// of the same kind: "and is breakfast included?" after "the 21st". A
// question naming a value of the same kind ("the 21st, and is the 22nd
// cheaper?") is kept, and the answer names two; one after words naming no
// such value ("hi, can I book a session?") is the message's own question.
func questionClauses(text string) []span {
	if !clauseMarks.In(text) {
		return nil
	}
	breaks := clauseBreak.FindAllStringIndex(text, -1)
	if len(breaks) == 0 {
		return nil
	}
	clauses := make([]span, 0, len(breaks)+1)
	start := 0
	for _, m := range breaks {
		clauses = append(clauses, span{start, m[0]})
		start = m[1]
	}
	clauses = append(clauses, span{start, len(text)})
	// The questions are the last clauses with words, after the answer's.
	end := len(clauses)
	for end > 1 && endsQuestion(text[clauses[end-1].start:clauses[end-1].end]) {
		end--
	}
	var answer valueKind
	for _, c := range clauses[:end] {
		answer |= kindsOf(text[c.start:c.end])
	}
	if end == len(clauses) || answer == 0 && !onlyTags(text, clauses[end:]) {
		return nil
	}
	var out []span
	for _, c := range clauses[end:] {
		if hasWord(text[c.start:c.end]) && kindsOf(text[c.start:c.end])&answer != 0 {
			return nil // "the 21st, and is the 22nd cheaper?": two values
		}
	}
	// The questions go with their marks: "Madrid, and can I bring my dog?" is
	// "Madrid".
	out = append(out, span{clauses[end].start, len(text)})
	return out
}

// endsQuestion reports whether a clause may be part of the questions that
// end a message: a question, a joiner alone ("also, can I..."), a hedge tag
// ("..., ok?") or no words.
func endsQuestion(c string) bool {
	if !hasWord(c) || asksAQuestion(c) {
		return true
	}
	var buf [8]token
	toks := appendTokens(buf[:0], key(c))
	return isPhrase(toks, questionJoiners) || isPhrase(toks, hedgeTags)
}

// isPhrase reports whether toks are one of phrases, whole.
func isPhrase(toks []token, phrases [][]string) bool {
	for _, p := range phrases {
		if len(p) == len(toks) && startsWithPhrase(toks, p) {
			return true
		}
	}
	return false
}

// onlyTags reports whether the clauses are hedge tags, joiners and marks
// only ("..., ok?"): they leave any answer, one naming no value too.
func onlyTags(text string, clauses []span) bool {
	for _, c := range clauses {
		if hasWord(text[c.start:c.end]) && asksAQuestion(text[c.start:c.end]) {
			return false
		}
	}
	return true
}

// hasWord reports whether text has a letter or a digit.
func hasWord(text string) bool {
	s, _ := nextWord(text, 0)
	return s >= 0
}

// asksAQuestion reports whether a clause opens, after a joiner or not, with
// the first words of a question.
func asksAQuestion(c string) bool {
	var buf [32]token
	toks := appendTokens(buf[:0], key(c))
	for _, j := range questionJoiners {
		if startsWithPhrase(toks, j) {
			toks = toks[len(j):]
			break
		}
	}
	return len(toks) > 1 && startsAny(toks, questionLeads)
}

// opensQuestion reports whether a clause of text opens with the first words
// of a question: its question mark is a question's.
func opensQuestion(text string) bool {
	if !mayBreak(text) {
		return asksAQuestion(text)
	}
	start := 0
	for _, m := range clauseBreak.FindAllStringIndex(text, -1) {
		if asksAQuestion(text[start:m[0]]) {
			return true
		}
		start = m[1]
	}
	return asksAQuestion(text[start:])
}

// valueKind is the kinds of value a clause names, as bits.
type valueKind uint8

const (
	kindDate valueKind = 1 << iota
	kindNumber
	kindPlace
)

// kindsOf is the kinds of value a clause names in its words or their gloss:
// a date word, a number, a known city.
func kindsOf(c string) valueKind {
	var k valueKind
	if len(FindCities(c)) > 0 {
		k |= kindPlace
	}
	for _, t := range []string{c, glossPhrases(c)} {
		var buf [32]token
		for _, tok := range appendTokens(buf[:0], key(t)) {
			if IsDateWord(tok.text) {
				k |= kindDate
			}
			if _, ok := ordinalDay(tok.text); ok && len(tok.text) > 2 {
				k |= kindDate
			}
			if isNumberToken(tok.text) {
				k |= kindNumber
			}
		}
	}
	return k
}

// inSpans reports whether byte i is inside one of spans.
func inSpans(spans []span, i int) bool {
	for _, s := range spans {
		if i >= s.start && i < s.end {
			return true
		}
	}
	return false
}

// withoutSpans is text with the bytes of spans left out, a space in their
// place when words would otherwise touch.
func withoutSpans(text string, spans []span) string {
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); {
		if inSpans(spans, i) {
			for i < len(text) && inSpans(spans, i) {
				i++
			}
			b.WriteByte(' ')
			continue
		}
		b.WriteByte(text[i])
		i++
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// lexiconPhrases are the phrases of the answer and frame word lists, the
// cancel phrases, the shop's "more" phrases and the relative day words: the
// phrase lists lexiconWords and loneLexiconWords both read.
func lexiconPhrases() [][]string {
	var phrases [][]string
	for _, lists := range []map[string][][]string{answerWords, frameWords} {
		for _, list := range lists {
			phrases = append(phrases, list...)
		}
	}
	phrases = append(append(append(phrases, cancelAnywhere...), cancelWhole...), shopMorePhrases...)
	for _, r := range relativeDays {
		phrases = append(phrases, r.words)
	}
	return phrases
}

// clauseMarks are the marks questionClauses cuts a text at.
var clauseMarks = NewMarkSet(",;.!?؟،-–—")
