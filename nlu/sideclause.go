package nlu

import (
	_ "embed"
	"slices"
	"strings"
)

//go:embed side_clauses.txt
var sideClausesText string

// sideAnywhere and sideAtClause are side_clauses.txt's lists, each phrase as
// its lower-case words (an apostrophe splits a word), by first word.
var sideAnywhere, sideAtClause, unsurePhrases, takeBackPhrases, changePhrases, reasonFirstPhrases = func() (a, c, u, t, ch, r map[string][][]string) {
	l := phraseListsByFirst(sideClausesText, "anywhere", "clause", "unsure", "take_back", "change", "reason_first")
	return l["anywhere"], l["clause"], l["unsure"], l["take_back"], l["change"], l["reason_first"]
}()

// sideAnywhereStarts and sideAtClauseStarts are the first bytes of their
// lists' first words: a word starting with no other starts none of their
// phrases, and the list is not looked up (SideClause reads every word).
var sideAnywhereStarts, sideAtClauseStarts = keyStarts(sideAnywhere), keyStarts(sideAtClause)

// keyStarts marks the first bytes of m's keys: a word starting with no other
// is no key of m. The map is read once, when the package starts.
func keyStarts[V any](m map[string]V) (t [256]bool) {
	for k := range m {
		if k != "" {
			t[k[0]] = true
		}
	}
	return t
}

// lowerByte is c in lower case when it is an ASCII capital, as phraseAtWords
// lowers a word's bytes.
func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// phraseListsByFirst reads "name: phrase, phrase" lines of a list file (lines
// starting with # aside) into each named list's phrases, as lower-case words
// (an apostrophe splits a word), by first word. Other names are skipped.
func phraseListsByFirst(text string, names ...string) map[string]map[string][][]string {
	lists := map[string]map[string][][]string{}
	for _, n := range names {
		lists[n] = map[string][][]string{}
	}
	for _, line := range strings.Split(text, "\n") {
		name, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") || lists[name] == nil {
			continue
		}
		for _, p := range strings.Split(list, ",") {
			ws := strings.Fields(strings.ToLower(strings.ReplaceAll(p, "'", " ")))
			if len(ws) > 0 {
				lists[name][ws[0]] = append(lists[name][ws[0]], ws)
			}
		}
	}
	return lists
}

// ReasonFirst is the byte offset of the comma that ends a reason said before
// the answer ("when half-term starts, Monday 26th"): a reason_first phrase of
// side_clauses.txt opens text and its clause, up to the first comma, holds no
// digit. 0 when text opens with none.
func ReasonFirst(text string) int {
	comma := strings.IndexByte(text, ',')
	if comma <= 0 || strings.ContainsAny(text[:comma], "0123456789") {
		return 0
	}
	var buf [8]sideWord
	words := sideWords(text[:comma], buf[:0])
	if len(words) == 0 || !phraseAtWords(text, words, reasonFirstPhrases) {
		return 0
	}
	return comma
}

// SaysUnsure reports whether text takes back or leaves undecided the day it
// says: an unsure phrase (side_clauses.txt) in a text of one sentence ("maybe
// Monday, I don't know yet"), or in a sentence opened by a take-back word
// ("Fri 3 Jul? no wait, I'm not sure yet"). A sentence of its own that only
// says it ("next Tuesday works. not sure", "not sure. next Tuesday works") may
// be unsure of anything else.
func SaysUnsure(text string) bool {
	var buf [48]sideWord
	words := sideWords(text, buf[:0])
	one := !slices.ContainsFunc(words, func(w sideWord) bool { return w.sentence })
	sentence := 0
	for i, w := range words {
		if w.sentence {
			sentence = i
		}
		if phraseAtWords(text, words[i:], unsurePhrases) &&
			(one || sentence > 0 && phraseAtWords(text, words[sentence:], takeBackPhrases)) {
			return true
		}
	}
	return false
}

// SaysChange reports whether text says a value given before changes
// ("actually", "instead", "plutôt": change of side_clauses.txt).
func SaysChange(text string) bool {
	var buf [48]sideWord
	words := sideWords(text, buf[:0])
	for i := range words {
		if phraseAtWords(text, words[i:], changePhrases) {
			return true
		}
	}
	return false
}

// opensWithChange reports whether text opens with a change phrase of
// side_clauses.txt ("rather two days after that", "actually the 5th").
func opensWithChange(text string) bool {
	var buf [8]sideWord
	words := sideWords(text, buf[:0])
	return len(words) > 0 && phraseAtWords(text, words, changePhrases)
}

// SideClause is the byte offset in text where a side clause starts (a
// reason, the way back: side_clauses.txt), or -1 when there is none. Words
// come before it: an answer that is only a reason has no answer before it.
// Words are runs of letters and digits, compared folding ASCII case; it
// allocates nothing, for it looks at every typed sentence.
func SideClause(text string) int {
	var buf [48]sideWord
	words := sideWords(text, buf[:0])
	for i, w := range words {
		first := lowerByte(text[w.start])
		if i > 0 && (sideAnywhereStarts[first] && phraseAtWords(text, words[i:], sideAnywhere) || w.clause && (sideAtClauseStarts[first] && phraseAtWords(text, words[i:], sideAtClause) || sideEventAt(text, words[i:]) || ownClauseAt(text, words[i:]))) {
			if i <= maxGreetingWords && greetingOnly(text[:w.start]) {
				return -1 // "Good afternoon, I need to fly from Norfolk": the message itself
			}
			return w.start
		}
	}
	return -1
}

// maxGreetingWords is the most words of a greeting greetingOnly reads
// ("how are you today"): a longer head is an answer, read without a copy.
const maxGreetingWords = 4

// greetingOnly reports whether head, what a message says before a side
// clause, is a greeting alone ("Hello,", "Good afternoon."): no answer comes
// before the clause, which is then the message's own sentence, not a side
// clause of an answer.
func greetingOnly(head string) bool {
	return SmallTalkOf(head) == Greeting
}

// sideWord is a word of a text, by its bytes, and whether it starts a clause
// (after , ; : or a dash) or a sentence (after . ! ?).
type sideWord struct {
	start, end       int
	clause, sentence bool
}

// sideWords cuts text into words: runs of ASCII letters and digits and of
// other bytes above ASCII, an apostrophe (' or ’) splitting them.
func sideWords(text string, dst []sideWord) []sideWord {
	var clause, sentence bool
	start := -1
	for i := 0; i <= len(text); {
		// Each byte is classed by a table: every reader of side clauses cuts
		// the same message again, and this loop is most of their cost. Only
		// the lead bytes of ’ and of wideMarks need sideByte's look ahead.
		size, kind := 1, uint8(sideOther)
		if i < len(text) {
			if kind = sideKinds[text[i]]; kind == sideLead {
				c, n, inWord := sideByte(text, i)
				size, kind = n, sideKinds[c]
				if inWord {
					kind = sideInWord
				}
			}
		}
		inWord := kind == sideInWord
		if !inWord && start >= 0 {
			if len(dst) == cap(dst) {
				return dst
			}
			dst = append(dst, sideWord{start, i, clause || sentence, sentence})
			// Tibetan script spaces no words: a space after a word's closing
			// tsheg breaks a phrase ("ནངས་པ་ ཀ་དྲིན་ཆེ་", tomorrow, thank you).
			clause = strings.HasSuffix(text[start:i], "་")
			start, sentence = -1, false
		}
		if inWord && start < 0 {
			start = i
		}
		clause = clause || kind == sideClauseMark
		sentence = sentence || kind == sideSentenceMark && !abbreviationDot(text, i, dst)
		if i += size; inWord {
			i = pastSideWordBytes(text, i)
		}
	}
	return dst
}

// pastSideWordBytes is where the run of word bytes (sideInWord) at i ends:
// the rest of a word's plain bytes change nothing in sideWords, and are
// passed in a tight loop (a word's bytes are most of a text).
func pastSideWordBytes(text string, i int) int {
	for i < len(text) && sideKinds[text[i]] == sideInWord {
		i++
	}
	return i
}

// The kinds of byte sideWords tells apart (sideKinds).
const (
	sideOther        = iota // a space, an apostrophe, any other ASCII mark
	sideInWord              // an ASCII letter or digit, a byte above ASCII
	sideClauseMark          // , ; : -
	sideSentenceMark        // . ! ? and a line break
	sideLead                // a lead byte of ’ or of a wideMark: sideByte reads on
)

// sideKinds is the kind of each byte, as sideByte and its marks class it.
var sideKinds = func() (t [256]uint8) {
	for c := range t {
		switch b := byte(c); {
		case b == 0xE2 || b == 0xD8 || b == 0xE3 || b == 0xEF:
			t[c] = sideLead
		case b >= 0x80 || b >= '0' && b <= '9' || b|0x20 >= 'a' && b|0x20 <= 'z':
			t[c] = sideInWord
		case strings.IndexByte(",;:-", b) >= 0:
			t[c] = sideClauseMark
		case strings.IndexByte(".!?\n", b) >= 0:
			t[c] = sideSentenceMark
		}
	}
	return t
}()

// sideByte is the character of text at i for sideWords (a space past the
// end, an ASCII apostrophe for ’), its size, and whether it is a word's.
func sideByte(text string, i int) (c byte, size int, inWord bool) {
	if i >= len(text) {
		return ' ', 1, false
	}
	if c = text[i]; c == 0xE2 && strings.HasPrefix(text[i:], "’") {
		return '\'', len("’"), false // "that’s" is "that s"
	}
	if c == 0xD8 || c == 0xE3 || c == 0xEF { // the lead bytes of wideMarks
		for _, m := range wideMarks {
			if strings.HasPrefix(text[i:], m.mark) {
				return m.ascii, len(m.mark), false // Arabic "دوشنبه، مننه": the comma breaks as ","
			}
		}
	}
	return c, 1, c >= 0x80 || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
}

// phraseAtWords reports whether one of the phrases starting with the first
// word's lower-case form starts at words[0].
func phraseAtWords(text string, words []sideWord, byFirst map[string][][]string) bool {
	var low [16]byte
	word := text[words[0].start:words[0].end]
	if len(word) > len(low) {
		return false
	}
	for i := 0; i < len(word); i++ {
		c := word[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[i] = c
	}
	for _, p := range byFirst[string(low[:len(word)])] {
		if len(p) <= len(words) && sideWordsAre(text, words, p) {
			return true
		}
	}
	return false
}

// sideWordsAre reports whether words start with the phrase p's words, folding case.
func sideWordsAre(text string, words []sideWord, p []string) bool {
	for j, w := range p {
		if !strings.EqualFold(text[words[j].start:words[j].end], w) {
			return false
		}
	}
	return true
}

// wideMarks are the commas, semicolons and full stops of other scripts
// (Arabic, Persian and Pashto "،" "؛" "؟", the ideographic and full-width
// marks), read as the ASCII mark they are.
var wideMarks = []struct {
	mark  string
	ascii byte
}{{"،", ','}, {"؛", ';'}, {"؟", '?'}, {"、", ','}, {"，", ','}, {"；", ';'}, {"。", '.'}, {"！", '!'}, {"？", '?'}}

// abbreviationDot reports whether text[i] is the period of a place name's
// abbreviation, the word just read ("St. John's", "Mt. Pleasant"): it ends
// no sentence.
func abbreviationDot(text string, i int, read []sideWord) bool {
	if text[i] != '.' || len(read) == 0 {
		return false
	}
	w := read[len(read)-1]
	return w.end == i && w.end-w.start <= 3 && IsPlaceAbbreviation(text[w.start:w.end])
}
