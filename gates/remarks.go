package gates

import (
	_ "embed"
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// remarksText is the data of remarks.txt: the words that make a clause a
// remark about the past or the present, a tag question, a request, and the
// words that make a sentence French.
//
//go:embed remarks.txt
var remarksText string

// remarkWords are remarks.txt's lists by name, each a list of phrases (a
// phrase is its words).
var remarkWords = nlu.WordLists(remarksText)

// remarkTokens are text's words in lower case, apostrophes kept ("isn't"),
// and a number's decimal mark kept inside it ("1.5", "2,5"): a number cut
// at its mark would be read as two ("swim 1.5 km" as 1 and 5).
func remarkTokens(text string) []string {
	text = strings.NewReplacer("’", "'", "‘", "'").Replace(strings.ToLower(text))
	return nlu.WordsWhere(text, func(i int, r rune) bool {
		return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == '\'' ||
			(r == '.' || r == ',') && isDecimalMark(text, i)
	})
}

// isDecimalMark reports whether the byte at i (a point or a comma) stands
// between two digits: inside one number, as a decimal or thousands mark.
func isDecimalMark(text string, i int) bool {
	return i > 0 && i+1 < len(text) && isDigitByte(text[i-1]) && isDigitByte(text[i+1])
}

// saysAny reports whether words hold one of the phrases of list name.
func saysAny(words []string, name string) bool {
	return nlu.HoldsPhrase(words, remarkWords[name])
}

// withoutRemarks returns text without its clauses that are remarks: a clause
// in the past tense or describing the weather, the gym or how the day feels,
// with no word of wanting, proposing or booking ("nice weather today", "the
// gym was packed on Tuesday"). A message with a tag question ("lovely day
// today, isn't it") and no such word is a remark whole. A day said in a remark
// is no answer to the booking question: storing it would book a day the user
// only mentioned (issue 38: parse or ask).
func withoutRemarks(text string) string {
	all := remarkTokens(text)
	if saysAny(all, "request") {
		return text
	}
	if saysAny(all, "tag") {
		return ""
	}
	var b strings.Builder
	for _, clause := range clauseRe.FindAllString(text, -1) {
		words := remarkTokens(clause)
		if !saysAny(beforePending(words), "past") && !saysAny(words, "descriptive") {
			b.WriteString(clause)
		}
	}
	return b.String()
}

// beforePending is words up to a word that opens what must happen first
// (pending in remarks.txt: "after", "once", "when"): "session tuesday after
// i've slept" books Tuesday; its perfect tells when, not what happened.
func beforePending(words []string) []string {
	for i := 1; i < len(words); i++ {
		if nlu.HoldsPhrase(words[i:i+1], remarkWords["pending"]) {
			return words[:i]
		}
	}
	return words
}

// withDaysBesideKinds writes out a weekday's abbreviation that is another
// word too ("tue", "sun", "mon") when it stands right before or after one of
// node n's category keywords ("workout tue", "tue call"): beside a kind of
// session it can only be the day. In a French sentence "tue" is a verb and
// stays unread ("la séance me tue").
func withDaysBesideKinds(n *Node, text string) string {
	if saysAny(remarkTokens(text), "french") {
		return text
	}
	keywords := map[string]bool{}
	for _, x := range n.Extract {
		for _, kws := range x.Categories {
			for _, kw := range kws {
				keywords[strings.ToLower(kw)] = true
			}
		}
	}
	spans := wordRe.FindAllStringIndex(text, -1)
	word := func(i int) string { return strings.ToLower(text[spans[i][0]:spans[i][1]]) }
	var b strings.Builder
	last := 0
	for i := range spans {
		day, ok := nlu.WeekdayAbbreviation(word(i))
		if !ok || !(i > 0 && keywords[word(i-1)] || i+1 < len(spans) && keywords[word(i+1)]) {
			continue
		}
		b.WriteString(text[last:spans[i][0]])
		b.WriteString(strings.ToLower(day.String()))
		last = spans[i][1]
	}
	if last == 0 {
		return text
	}
	return b.String() + text[last:]
}

// wordRe is a word: letters and digits.
var wordRe = regexp.MustCompile(`[\pL\pN]+`)

// numbersText is text as the number extractors read it: number words as
// digits, a range's unit on both numbers, and no amount of change.
func numbersText(text string) string {
	return withoutAmounts(rangeUnits(numberWordsAsDigits(text)))
}

// amountRe is a change word of remarks.txt ("drop", "put on"), fillers, and
// the quantity it says.
var amountRe = regexp.MustCompile(`(?i)\b(` + phrasesPattern("change") + `)((?:\s+(?:` + phrasesPattern("change-filler") + `))*)\s+\d+(?:[.,]\d+)?(?:\s*[\pL.]+)?`)

// withoutAmounts removes from text the quantities said as an amount to lose
// or gain ("want to drop 10 kg", "lose another 5 kg"): such an amount is no
// level, so neither the target nor the baseline may take it (a target of 10
// kg with a baseline of 80 kg is a value the user did not say); the change
// word is kept, so a category still reads it, and amountMark stands for the
// amount (see saysAmountFirst).
func withoutAmounts(text string) string {
	return amountRe.ReplaceAllString(text, "$1$2 "+amountMark)
}

// amountMark stands where an amount of change was said (no number reads it).
const amountMark = "§"

// saysAmountFirst reports whether text, what follows a cue, says an amount
// of change before any number: the cue's quantity is that amount, no level.
func saysAmountFirst(text string) bool {
	mark := strings.Index(text, amountMark)
	digit := strings.IndexAny(text, "0123456789")
	return mark >= 0 && (digit < 0 || mark < digit)
}

// phrasesPattern is list name's phrases as a regexp alternation.
func phrasesPattern(name string) string {
	var alts []string
	for _, p := range remarkWords[name] {
		alts = append(alts, regexp.QuoteMeta(strings.Join(p, " ")))
	}
	return strings.Join(alts, "|")
}

// dateBesideKind reads node n's date that the sentence reader left unread
// (nlu.FindDate) from the message as an answer (nlu.ReadDate: a weekday
// mistyped by two letters, a side clause after the day) once the words of
// the node's kinds are set aside: "intro cal wensday" is an intro call on
// Wednesday, "training on the 7th, my first day off" a session on the 7th.
// Only a message that names a kind is read again so; the answer reader takes
// the day only when every other word is accounted for.
func dateBesideKind(n *Node, msg parley.Message, values map[string]string, put func(raw, value string)) {
	for i := range n.Extract {
		x := &n.Extract[i]
		if x.Kind != ExtractDate {
			continue
		}
		own := ownWords(msg.Text, x.Kind)
		if values[x.Fact] != "" {
			dropBesideMistypedDay(x, own, msg, values)
			continue
		}
		if _, _, corrected := nlu.SplitCorrection(own); corrected {
			continue
		}
		text := withoutRemarks(withoutLevelClauses(nlu.WithoutQuestions(own)))
		rest := withoutKindWords(n, text)
		if rest == text {
			continue
		}
		d, ok := nlu.ReadDate(rest, msg.SentAt)
		if !ok {
			d, ok = futureTwoWayDay(x, rest, msg)
		}
		if !ok || x.Validate == ValidateFutureDate && (d.Before(nlu.DateOf(msg.SentAt)) || recentPastRolled(d, msg)) {
			continue
		}
		put(x.Fact, d.String())
	}
}

// withoutKindWords is text without the words of node n's category keywords,
// or a word one edit from one of four letters or more ("cal" for "call").
func withoutKindWords(n *Node, text string) string {
	kinds := map[string]bool{}
	for _, x := range n.Extract {
		for _, kws := range x.Categories {
			for _, kw := range kws {
				for _, w := range strings.Fields(strings.ToLower(kw)) {
					kinds[w] = true
				}
			}
		}
	}
	if len(kinds) == 0 {
		return text
	}
	return wordRe.ReplaceAllStringFunc(text, func(w string) string {
		lower := strings.ToLower(w)
		if kinds[lower] {
			return ""
		}
		for k := range kinds {
			if len(k) >= 4 && len(lower) >= 3 && oneEdit(lower, k) {
				return ""
			}
		}
		return w
	})
}

// dropBesideMistypedDay drops fact x's date read from text when another word
// of it is a day mistyped past the sentence reader ("intro cal wensday or
// thursday": Wednesday or Thursday?) that the answer reader reads as another
// day: two days are no answer.
func dropBesideMistypedDay(x *Extractor, text string, msg parley.Message, values map[string]string) {
	for _, w := range wordRe.FindAllString(text, -1) {
		if len(w) < 5 || nlu.IsLexiconWord(w) || strings.ContainsAny(w, "0123456789") {
			continue
		}
		if d, ok := nlu.ReadDate(w, msg.SentAt); ok && d.String() != values[x.Fact] {
			delete(values, x.Fact)
			return
		}
	}
}

// withoutEventReason is text without a last clause, after a comma, that
// places the booking around an event named with a determiner (event-after,
// event-determiner of remarks.txt: "after the easter rush"), when that
// clause alone reads no day and holds no number: it is the user's reason, and
// the day before it the booking's. ok is false when text has no such clause.
func withoutEventReason(text string, now time.Time) (string, bool) {
	i := strings.LastIndexByte(text, ',')
	if i <= 0 {
		return text, false
	}
	tail := text[i+1:]
	ws := remarkTokens(tail)
	if len(ws) < 3 || len(ws) > 5 || strings.ContainsAny(tail, "0123456789") ||
		!nlu.HoldsPhrase(ws[:1], remarkWords["event-after"]) || !nlu.HoldsPhrase(ws[1:2], remarkWords["event-determiner"]) {
		return text, false
	}
	if _, ok := nlu.FindDate(tail, now); ok {
		return text, false
	}
	return text[:i], true
}

// eitherCategory reports whether text names two categories of categories
// joined by a word of either-or ("call or session, what do you think?", "a
// call or a session"): the words right before the joiner (up to three)
// name one and those right after it another. The user has not chosen.
func eitherCategory(text string, categories map[string][]string) bool {
	if !strings.Contains(text, "o") && !strings.Contains(text, "O") {
		return false // no joiner of the list can be there: the common answer pays nothing
	}
	ws := remarkTokens(text)
	for i := 1; i+1 < len(ws); i++ {
		if !nlu.HoldsPhrase(ws[i:i+1], remarkWords["either-or"]) {
			continue
		}
		left, ok1 := nlu.Categorize(strings.Join(ws[max(0, i-3):i], " "), categories)
		right, ok2 := nlu.Categorize(strings.Join(ws[i+1:min(len(ws), i+4)], " "), categories)
		if ok1 && ok2 && left != right {
			return true
		}
	}
	return false
}
