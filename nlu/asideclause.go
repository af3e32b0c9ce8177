package nlu

import (
	_ "embed"
	"slices"
	"strings"
)

//go:embed aside_clauses.txt
var asideClausesText string

// asideReason, asideSubordinate, asideAnchor, asideSubject and asideLeads are
// aside_clauses.txt's lists, each phrase as its lower-case words, by first
// word (as side_clauses.txt's).
var asideReason, asideSubordinate, asideAnchor, asideSubject, asideLeads, hedgeWords, tripVerbs, conclusionWords, asideValueless = func() (r, s, a, sub, l, h, v, c, vl map[string][][]string) {
	x := phraseListsByFirst(asideClausesText, "reason", "subordinate", "anchor", "subject", "lead", "hedge", "trip_verb", "conclusion", "valueless")
	return x["reason"], x["subordinate"], x["anchor"], x["subject"], x["lead"], x["hedge"], x["trip_verb"], x["conclusion"], x["valueless"]
}()

// AsideKind is what opens an aside clause (AsideClause).
type AsideKind int

const (
	// AsideNone: the message is all answer.
	AsideNone AsideKind = iota
	// AsideReason: a reason, a plan or a parenthesis; the answer before it
	// stands ("oakland since sfo is a zoo", "two, then heading to porto").
	AsideReason
	// AsideSubject: a clause of its own opened by a subject after a comma or
	// a dash ("Austin, we play there thursday night"), or any clause after a
	// spaced dash ("Scottsdale - showing a house"): an aside only when what
	// comes before it is the answer (the caller checks).
	AsideSubject
	// AsideAnchor: a subordinate clause, no comma before it, that a day may
	// be counted from ("the day after I get back from Tokyo"): the bot
	// cannot know it, so a relative day before it ("the day") is unread,
	// though a day of its own ("tmrw after my shift") stands.
	AsideAnchor
	// AsideParen: a parenthesis after a space ("BK-77310 (Flight NYC-MIA)"):
	// an aside only when what comes before it is the answer (the caller
	// checks); a date's own parenthesis ("3/21 (Fri)") is the caller's.
	AsideParen
)

// AsideClause is the byte offset in text where its first aside clause starts
// (aside_clauses.txt: a reason, a subordinate clause with its subject, a
// plan, a subject's clause of its own, a parenthesis) and what opens it;
// AsideNone and -1 when there is none. Words come before it: an aside is
// never a message's first word. It allocates nothing.
func AsideClause(text string) (int, AsideKind) {
	var buf [48]sideWord
	words := sideWords(text, buf[:0])
	for i := 1; i < len(words); i++ {
		if at, k := asideAt(text, words, i); k != AsideNone {
			return at, k
		}
	}
	return -1, AsideNone
}

// asideAt is AsideClause's reading at words[i], a word after the first.
func asideAt(text string, words []sideWord, i int) (int, AsideKind) {
	w := words[i]
	if p := parenBefore(text, words[i-1].end, w.start); p >= 0 {
		return p, AsideParen // "BK-77310 (Flight NYC-MIA)"
	}
	if d := spacedDashBefore(text, words[i-1].end, w.start); d >= 0 && !isDigit(text[w.start]) {
		return d, AsideSubject // "Scottsdale - showing a house", the answer checked
	}
	if asideReasonOpens(text, words[i:]) {
		return w.start, AsideReason
	}
	if k, ok := subordinateAt(text, words[i:]); ok {
		if w.clause || !phraseAtWords(text, words[i:], asideAnchor) {
			return w.start, AsideReason
		}
		return w.start, k
	}
	switch {
	case !w.clause || w.sentence:
		return -1, AsideNone
	case phraseAtWords(text, words[i:], asideLeads), participleOpens(text, words[i:]), pastClauseOpens(text, words[i:]):
		return w.start, AsideReason
	case phraseAtWords(text, words[i:], asideSubject) && len(words) > i+1 && !tripClause(text, words[i:]):
		return w.start, AsideSubject
	}
	return -1, AsideNone
}

// asideReasonOpens reports whether words open a reason ("since sfo is a zoo"),
// or a condition or a purpose that names no value ("unless a cow calves
// early", "for the marathon"; "unless Lisbon has rooms" names one).
func asideReasonOpens(text string, words []sideWord) bool {
	return phraseAtWords(text, words, asideReason) ||
		phraseAtWords(text, words, asideValueless) && !holdsValue(text[words[0].start:])
}

// participleOpens reports whether a clause opens with a participle and goes
// on ("4, visiting my aunt", "the 4th, commuting from the coast"): a plan or
// a reason beside the answer. The word is no verb of the trip itself
// (trip_verb: "arriving around 10pm" gives the arrival), no day part
// ("morning"), no noun of the -ing kind (ingNouns) and no place ("Reading",
// "Beijing").
func participleOpens(text string, words []sideWord) bool {
	if len(words) < 2 {
		return false
	}
	w := strings.ToLower(text[words[0].start:words[0].end])
	if len(w) <= 5 || !strings.HasSuffix(w, "ing") || ingNouns[w] {
		return false
	}
	if phraseAtWords(text, words, tripVerbs) || knownDateWord(w) {
		// "Friday, arriving around 10pm": the trip's own clause, its values
		// read (a stay's end is countWithEnd's: "3, flying out tuesday").
		return false
	}
	_, place := FindCity(w)
	return !place
}

// pastVerbs, pastAdverbs and pastObjects are reader_words.txt's lists of a
// past said without its subject (pastClauseOpens).
var pastVerbs, pastAdverbs, pastObjects = readerWords("past_verb"), readerWords("past_adverb"), readerWords("past_object")

// pastClauseOpens reports whether a clause opens with a past tense said
// without its subject and goes on ("a belt, lost weight", "hey, just saw
// your ad", "boston, moved there last year"): the speaker's story, an aside
// beside the answer. A past in -ed must be followed by its object's first
// word (past_object), so that an attribute ("lined with fleece") is no
// story; a place or a day is never one.
func pastClauseOpens(text string, words []sideWord) bool {
	if len(words) > 1 && pastAdverbs[strings.ToLower(text[words[0].start:words[0].end])] {
		words = words[1:]
	}
	if len(words) < 2 {
		return false
	}
	w := strings.ToLower(text[words[0].start:words[0].end])
	next := strings.ToLower(text[words[1].start:words[1].end])
	if !pastVerbs[w] && !regularPastOpens(w, next) && !gotPassiveOpens(w, next) && !aspectOpens(w, next) && !gotHomeOpens(text, words, w, next) {
		return false
	}
	if knownDateWord(w) {
		return false
	}
	_, place := FindCity(w)
	return !place
}

// regularPastOpens reports whether w, a past in -ed, opens a clause with
// next, its object's first word ("dropped my phone"): an attribute ("lined
// with fleece") is no story.
func regularPastOpens(w, next string) bool {
	return len(w) > 5 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed") && pastObjects[next]
}

// pastAspect and gotHome are reader_words.txt's past_aspect and got_home.
var pastAspect, gotHome = readerWords("past_aspect"), readerWords("got_home")

// aspectOpens reports whether w and next are an aspectual past and a gerund
// ("finished planting", "started packing"): a story.
func aspectOpens(w, next string) bool {
	return len(next) > 5 && strings.HasSuffix(next, "ing") && pastAspect[w] && !ingNouns[next]
}

// gotHomeOpens reports whether words open with "got" and where one returns
// to, alone or before "from" ("just got back from the beach", "got home"):
// a story.
func gotHomeOpens(text string, words []sideWord, w, next string) bool {
	if w != "got" || !gotHome[next] {
		return false
	}
	return len(words) == 2 || strings.EqualFold(text[words[2].start:words[2].end], "from")
}

// gotPassiveOpens reports whether w and next are "got" and a past
// participle in -ed ("just got released from the fire line", "got called
// in"): a story; "got" alone is chat's "have" ("hi, got kayaks?").
func gotPassiveOpens(w, next string) bool {
	return w == "got" && len(next) > 4 && strings.HasSuffix(next, "ed") && !strings.HasSuffix(next, "eed")
}

// PastStory reports whether clause opens with a past said without its
// subject and goes on ("just saw your ad"): the speaker's story
// (pastClauseOpens), where a subject's clause ("I'm looking for a present")
// may be a request.
func PastStory(clause string) bool {
	var buf [48]sideWord
	return pastClauseOpens(clause, sideWords(clause, buf[:0]))
}

// ingNouns end in -ing and are no participle.
var ingNouns = readerWords("ing_noun")

// subordinateAt reports whether words open with a subordinate word (its
// phrase's words) and a subject after it ("after I", "as we", "once my").
func subordinateAt(text string, words []sideWord) (AsideKind, bool) {
	var low [16]byte
	word := text[words[0].start:words[0].end]
	if len(word) > len(low) {
		return AsideNone, false
	}
	for i := 0; i < len(word); i++ {
		c := word[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[i] = c
	}
	for _, p := range asideSubordinate[string(low[:len(word)])] {
		if len(p) < len(words) && sideWordsAre(text, words, p) && phraseAtWords(text, words[len(p):], asideSubject) {
			return AsideAnchor, true
		}
	}
	return AsideNone, false
}

// parenBefore is the offset of an opening parenthesis after a space between
// two words (from the end of one to the start of the next), or -1: "3/21(Fri)"
// has none.
func parenBefore(text string, from, to int) int {
	if i := strings.IndexAny(text[from:to], "(["); i > 0 && text[from+i-1] == ' ' {
		return from + i
	}
	return -1
}

// tripClause reports whether a subject's clause (words from the subject on)
// says more of the trip asked about: a trip verb after its subject and no
// place of its own ("Saturday, we land at half past eight"; "two, we land in
// Madrid" names another place, an aside).
func tripClause(text string, words []sideWord) bool {
	return tripVerbAfter(text, words[1:]) && len(FindCities(text[words[0].start:])) == 0
}

// tripVerbAfter reports whether words (after a subject) open with a verb of
// the trip (trip_verb), a word or two between allowed ("we should land",
// "I'll probably arrive").
func tripVerbAfter(text string, words []sideWord) bool {
	for i := 0; i < len(words) && i < 3; i++ {
		if phraseAtWords(text, words[i:], tripVerbs) {
			return true
		}
	}
	return false
}

// AnswerPart is text up to its first aside clause (AsideClause), trimmed of
// the marks that ended it, with the aside's kind; text and AsideNone when it
// has none.
func AnswerPart(text string) (string, AsideKind) {
	at, k := AsideClause(text)
	if k == AsideNone {
		return text, AsideNone
	}
	return strings.TrimRight(text[:at], " ,;.:-–—([\t"), k
}

// apologyWords are correctionRe's words that may say sorry for something
// else than the value before them ("Scottsdale - sorry, showing a house").
var apologyWords = readerWords("apology")

// CorrectsByApology reports whether the first correction word of text
// (SplitCorrection) is an apology: what follows it is a correction only when
// it gives a value; otherwise it is an aside, and the value before it stands.
func CorrectsByApology(text string) bool {
	m := correctionRe.FindStringIndex(text)
	if m == nil {
		return false
	}
	w := strings.ToLower(strings.TrimFunc(text[m[0]:m[1]], isTrimmable))
	return apologyWords[w]
}

// spacedDashBefore is the offset of a dash with a space before it between two
// words (from the end of one to the start of the next: "Boston - for work",
// "Boston — for work"), or -1; "NYC-MIA" has none.
func spacedDashBefore(text string, from, to int) int {
	gap := text[from:to]
	for _, d := range []string{" -", " –", " —"} {
		if i := strings.Index(gap, d); i >= 0 {
			return from + i + 1
		}
	}
	return -1
}

// HedgeSplit cuts text at its first hedge word (aside_clauses.txt) that has
// words before and after it ("lisbon maybe porto", "Boston, or perhaps
// Providence"): left is what comes before it, right what comes after the
// hedge words. ok is false when there is none; the caller reads both sides,
// and when each is a value of the slot asked, the answer is no answer.
func HedgeSplit(text string) (left, right string, ok bool) {
	var buf [48]sideWord
	words := sideWords(text, buf[:0])
	for i := 1; i < len(words)-1; i++ {
		if !phraseAtWords(text, words[i:], hedgeWords) {
			continue
		}
		j := i + 1
		for j < len(words) && phraseAtWords(text, words[j:], hedgeWords) {
			j++
		}
		if j == len(words) {
			return "", "", false
		}
		return strings.TrimRight(text[:words[i].start], " ,;.:-–—"), text[words[j].start:], true
	}
	return "", "", false
}

// relativeOpeners open a day counted from something else ("the day", "a
// week", "that weekend").
var relativeOpeners = readerWords("relative_opener")

// RelativeDayOnly reports whether an answer part before an anchor (AsideAnchor)
// is a day counted from it: it opens with an article and holds no digit ("the
// day", "the friday", "a week"), where "tmrw" or "oct 4th" is a day of its own.
func RelativeDayOnly(part string) bool {
	if strings.ContainsAny(part, "0123456789") {
		return false
	}
	first, _, _ := strings.Cut(strings.TrimSpace(strings.ToLower(part)), " ")
	return relativeOpeners[first]
}

// ConclusionSplit cuts text at its last conclusion word (aside_clauses.txt:
// "so", "hence", "donc") that has words before and after it ("we're in
// madison so madison", "Napa's closest, so Sacramento"): reason is what
// comes before it, answer what comes after the conclusion's words. A
// conclusion whose clause opens with a subject ("I leave Tuesday so I'll
// arrive Wednesday") is a consequence, no answer. ok is false when there is
// none; the caller keeps answer only when it alone reads as the value asked.
func ConclusionSplit(text string) (reason, answer string, ok bool) {
	var buf [48]sideWord
	words := sideWords(text, buf[:0])
	for i := len(words) - 2; i >= 1; i-- {
		for _, p := range conclusionWords[strings.ToLower(text[words[i].start:words[i].end])] {
			if len(p) < len(words)-i && sideWordsAre(text, words[i:], p) && !phraseAtWords(text, words[i+len(p):], asideSubject) {
				return strings.TrimRight(text[:words[i].start], " ,;.:-–—"), text[words[i+len(p)-1].end:], true
			}
		}
	}
	return "", "", false
}

// IsLoneApology reports whether text is nothing but apology words of
// reader_words.txt "apology" ("sorry", "oops!", "sorry sorry", "perdón"):
// said alone it apologizes for something before and names nothing, so it
// is never a search for the word.
func IsLoneApology(text string) bool {
	ws := FoldWords(text)
	return len(ws) > 0 && !slices.ContainsFunc(ws, func(w string) bool { return !apologyWords[w] })
}
