package nlu

import (
	"github.com/parleyhq/parley/shop/lexicon"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
)

// questionOpeners are the words a question starts with, in the languages of
// the seeds (folded). "may" and "will" are left out: "May 15", "will be there".
var questionOpeners = wordSet(`what whats which when where why how who whom whose can could do does did is are should shall
quel quelle quels quelles quand pourquoi comment combien
cual cuales cuando donde como cuanto cuanta cuantos cuantas
wach wash fin imta fo9ach fou9ach chno achno 3lach kifach chhal
هل متى اين ماذا لماذا كيف كم`)

// AsksQuestion reports whether a message asks something back rather than
// answers: it ends with a question mark, or starts with a question word ("what
// day is it today", "which cities do you have"). An answer to a slot's
// question that asks one gives no value: the bot asks again. A question mark
// that only hedges the answer ("I think maybe the 25th?", "maybe the belt?")
// or ends a second question naming no value of the answer's kind ("Madrid,
// and can I bring my dog?": frame.go) leaves the answer an answer.
func AsksQuestion(text string) bool {
	if !asksQuestion(text) {
		return false
	}
	if core, ok := CutDiscourseFrame(text); ok {
		text = core // "quick one, are you flying on friday?": "one" is no answer
	}
	u := unframe(text)
	return u == text || asksQuestion(u)
}

// asksQuestion is AsksQuestion of text as typed, frame and all.
func asksQuestion(text string) bool {
	t := strings.TrimRightFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '.' || r == '!' })
	if strings.HasSuffix(t, "?") || strings.HasSuffix(t, "؟") {
		return !politePlaceRequest(t)
	}
	var buf [16]token
	toks := appendTokens(buf[:0], key(text))
	return len(toks) > 0 && (questionOpeners[toks[0].text] && !prepositionBeforeCity(text) || endsWithTag(toks))
}

// politePlaceRequest reports whether t, a question its last mark ends and
// none before, asks leave to travel from, to or in one known city ("Could
// I fly out of Nashville, please?"): a polite answer (PoliteRequest), not a
// question back. Two cities ("could I fly to Rome or Paris?") or none stay a
// question.
func politePlaceRequest(t string) bool {
	body := strings.TrimRight(t, "?؟ ")
	if strings.ContainsAny(body, "?؟") {
		return false
	}
	rest, ok := PoliteRequest(t)
	return ok && len(FindCities(rest)) == 1 && !NamesAlternatives(body)
}

// prepositionBeforeCity reports whether text, without a question mark, is a
// preposition of another language that writes like an English question's
// opener and a known city after it, nothing else: Polish and Czech "do
// Krakowa" (to Kraków), Lithuanian "iš Vilniaus" typed "is Vilniaus".
func prepositionBeforeCity(text string) bool {
	core, ok := PlaceCore(text)
	if !ok {
		return false
	}
	_, known := MatchCityExact(core)
	return known
}

// tagQuestions end a remark that asks to be agreed with ("lovely weather
// today, isn't it", "c'est calme, n'est-ce pas"): small talk, not an answer,
// whatever date or place words it holds (folded words).
var tagQuestions = func() [][]string {
	var out [][]string
	for _, p := range []string{
		"isn't it", "is it not", "aren't they", "aren't you", "don't you think", "wouldn't you say", "innit", "ain't it",
		"n'est-ce pas", "pas vrai", "tu trouves pas", "verdad", "no crees", "no es cierto", "أليس كذلك", "ياك",
	} {
		out = append(out, phraseWords(p))
	}
	return out
}()

// endsWithTag reports whether toks end with a tag question after other words.
func endsWithTag(toks []token) bool {
	for _, p := range tagQuestions {
		if len(toks) <= len(p) {
			continue
		}
		tail := toks[len(toks)-len(p):]
		same := true
		for i, w := range p {
			if tail[i].text != w {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

// clauseEndRe ends a clause: a comma, semicolon, full stop, exclamation or
// question mark followed by a space or the end ("15.04.2026" and "a.m." hold
// together).
var clauseEndRe = regexp.MustCompile(`[,;.!?؟]+(?:\s+|$)`)

// clauseEndMarks are clauseEndRe's ASCII marks (its "؟" is looked for on its own).
const clauseEndMarks = ",;.!?"

// whOpeners are questionOpeners that ask for information ("what", "when",
// "quand", "cuando", "imta", "متى"), not for a yes or no ("is", "can", "هل"):
// a yes-no question may propose a value ("is Tuesday ok?", "any chance of
// Friday?"); an information question asks one back ("what day is it today?").
var whOpeners = wordSet(`what whats which when where why how who whom whose
quel quelle quels quelles quand pourquoi comment combien
cual cuales cuando donde como cuanto cuanta cuantos cuantas
fin imta fo9ach fou9ach chno achno 3lach kifach chhal
متى اين ماذا لماذا كيف كم`)

// WithoutQuestions returns text without its clauses that ask for information
// back (a clause that starts with a wh-word: whOpeners): "next Tuesday works,
// what do you mean?" keeps "next Tuesday works, "; "what day is it today?"
// keeps nothing, so the "today" of a question is read as no answer. A yes-no
// question proposing a value ("is Tuesday ok?") stays. text is returned as it
// is when no clause asks.
func WithoutQuestions(text string) string {
	var ends [][]int
	// Every match of clauseEndRe holds one of its marks: a text without any
	// is one clause, and the expression is not run (a turn's cost).
	if strings.ContainsAny(text, clauseEndMarks) || strings.Contains(text, "؟") {
		ends = clauseEndRe.FindAllStringIndex(text, -1)
	}
	if len(ends) == 0 || ends[len(ends)-1][1] < len(text) {
		ends = append(ends, []int{len(text), len(text)})
	}
	var b strings.Builder
	start, asked := 0, false
	for _, e := range ends {
		clause := text[start:e[1]]
		start = e[1]
		if startsWithWh(clause) {
			asked = true
			continue
		}
		b.WriteString(clause)
	}
	if !asked {
		return text
	}
	return b.String()
}

// startsWithWh reports whether clause's first word is a wh-word. "How
// about" and "what about" propose rather than ask ("how about today?").
func startsWithWh(clause string) bool {
	var buf [4]token
	toks := appendTokens(buf[:0], key(clause))
	if len(toks) > 1 && proposingWh[toks[0].text+" "+toks[1].text] {
		return false
	}
	return len(toks) > 0 && whOpeners[toks[0].text]
}

// proposingWh are wh-words with the word that makes them a proposal, or no
// question at all: Geordie "why aye" (of course) is a yes (reply_words_world.txt).
var proposingWh = map[string]bool{"how about": true, "what about": true, "why aye": true}

// correctionRe finds the words by which a speaker takes back what they just
// said ("to Rome, sorry, to Milan", "Friday. Actually no, Saturday", "three,
// no, four"): a "no" counts after a comma, dash or full stop, an "or" or a
// hesitation between them or not ("Porto, um no, Lisbon", "the 4th, or no,
// the 5th"); a pause to check ("BK-1... let me check... BK-2", "hang on")
// and "I mean" in German, Italian, Portuguese, Spanish, French, Dutch,
// Indonesian, Tagalog and Swedish ("anzi", "aliás", "o sea", "ik bedoel").
// A pause and a hesitation between two values ("tagus view... hmm, alfama
// garden", "Lisbon… um, Porto") take the first back: the speaker stopped,
// thought again, and said another; here only the ellipsis makes it one ("Lisbon,
// hmm" or "hmm, Lisbon" corrects nothing; "austin, hmm, dallas", set off by
// commas, is read by HesitationEdit where its tail reads wholly as the value). "or well" edits the value just
// said ("seattle or well portland": "well" is English's marker of a
// self-correction, Svartvik's "claim editing",
// https://spectator.co.uk/article/mind-your-language-3-july-2004); "well"
// alone opens as many answers as it corrects, and is not read.
var correctionRe = regexp.MustCompile(`(?i)(?:\b(?:sorry|i mean|i meant|no wait|wait|actually|make that|make it|scratch that|correction|or rather|or,? well|oops|en fait|plut[oô]t|pardon|perd[oó]n|mejor dicho|bueno no|let me check|let me see|hang on|hold on|let'?s say|let us say|disons|digamos|diciamo|sagen wir|laten we zeggen|ich meine|nein,? warte|anzi|cioe|no,? aspetta|volevo dire|ali[aá]s|quer dizer|ou melhor|o sea|quiero decir|no,? espera|je veux dire|non,? attends|ik bedoel|nee,? wacht|maksud saya|maksudnya|ay mali|jag menar|nej,? v[aä]nta)\b|\bcioè|[,.;–—-]\s*(?:or\s+)?(?:(?:um+|uh+|er+m?|hmm+|oh)[\s,]+)?no\b|[,.;–—-]\s*non\b|(?:\.{2,}|…)\s*(?:hmm+|um+|uh+|erm|er)\b[\s,.]*)`)

// noneOfAfter reports whether the correction match m is a "no" that says
// there is none of a thing ("thursday, no patients booked", "the 4th, no
// classes planned", "friday, no school"): "no" said with no pause before the
// words of its clause, which hold a none_of word ("no school") or, after
// the thing, a participle (-ed, -ing), and no number. "three, no four", "Porto, no, Lisbon" stay corrections.
func noneOfAfter(text string, m []int) bool {
	if !strings.EqualFold(strings.TrimSpace(text[m[1]-2:m[1]]), "no") || m[1] >= len(text) || text[m[1]] != ' ' {
		return false
	}
	clause := text[m[1]:]
	if i := strings.IndexAny(clause, ",.;!?"); i >= 0 {
		clause = clause[:i]
	}
	var buf [8]token
	return noneOfWords(appendTokens(buf[:0], key(clause)))
}

// noneOfWords is noneOfAfter of the words after the "no".
func noneOfWords(toks []token) bool {
	if len(toks) == 0 || len(toks) > 6 || knownDateWord(toks[0].text) || IsNumberWord(toks[0].text) {
		return false
	}
	for i, t := range toks {
		w := t.text
		if hasDigit(w) {
			return false
		}
		// A participle only after the thing there is none of: "London,
		// no Reading" is a correction to a town.
		if asideNoneOf[w] || i > 0 && len(w) > 4 && (strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing")) {
			return true
		}
	}
	return thingPlaced(toks)
}

// thingPlaced reports whether toks, the words after a "no", are the thing
// there is none of and what places it: "saturday, no deliveries", "sunday,
// no fittings on sundays" (the plural thing alone or before a preposition
// that places it); "lisbon, no ice there", "sunday, no ice to clear" (a noun
// of the dictionary and a word that places it or says what for).
func thingPlaced(toks []token) bool {
	if pluralThing(toks[0].text) && (len(toks) == 1 || thingPlacers[toks[1].text]) {
		return true
	}
	return len(toks) > 1 && (thingPlacers[toks[1].text] || toks[1].text == "to") && determinedNoun(toks[0].text)
}

// determinedNoun reports whether w, said right after a "no", may be the noun
// that "no" determines: an English word (wamerican) and none that reads as
// a value or an answer's own word, a place, a date or number word, a
// function word, a correction's or an action's verb ("no, go to porto" said
// without its comma stays a correction).
func determinedNoun(w string) bool {
	if len(w) < 3 || !lowerASCIILetters(w) || !lexicon.IsEnglishWord(w) || functionWords[w] || correctionLeads[w] ||
		knownDateWord(w) || IsNumberWord(w) || slices.Contains(englishActionVerbs, w) || IsCountry(w) {
		return false
	}
	_, city := cityIndex[w]
	return !city
}

// notInterjection reports whether the correction match m of text is no
// interjection that takes the answer back: a "no" that determines a noun
// (noneOfAfter) or a "wait" that is a verb or a noun (waitNotTakingBack).
func notInterjection(text string, m []int) bool {
	return noneOfAfter(text, m) || waitNotTakingBack(text, m)
}

// waitWordsBefore are the words after which "wait" is a verb ("the
// paperwork can wait", "will have to wait") or a noun ("worth the wait"),
// not the interjection that takes back what was said (folded, apostrophes
// dropped as key drops them).
var waitWordsBefore = wordSet(`can cant cannot could will wont would should must may might shall to the a long`)

// waitVerbWords reports whether words[i] is a "wait" after a word of
// waitWordsBefore ("can wait", "can't wait": key's "can" "t" are "cant").
func waitVerbWords(words []string, i int) bool {
	if words[i] != "wait" || i == 0 {
		return false
	}
	before := words[i-1]
	if before == "t" && i > 1 {
		before = words[i-2] + before
	}
	return waitWordsBefore[before]
}

// waitVerbAt is waitVerbWords of tokens.
func waitVerbAt(toks []token, i int) bool {
	if i == 0 || toks[i].text != "wait" {
		return false
	}
	before := toks[i-1].text
	if before == "t" && i > 1 {
		before = toks[i-2].text + before
	}
	return waitWordsBefore[before]
}

// waitNotTakingBack reports whether m matches a bare "wait" whose word
// before is a modal, an auxiliary's "to" or a determiner (waitWordsBefore).
func waitNotTakingBack(text string, m []int) bool {
	if !strings.EqualFold(text[m[0]:m[1]], "wait") {
		return false
	}
	before := strings.Fields(text[:m[0]])
	if len(before) == 0 {
		return false
	}
	// "can't" is two tokens to key ("can", "t"): their letters together
	// are the word as waitWordsBefore spells it.
	var buf [3]token
	w := ""
	for _, t := range appendTokens(buf[:0], key(before[len(before)-1])) {
		w += t.text
	}
	return waitWordsBefore[w]
}

// thingPlacers follow the plural thing there is none of and say when or
// where there is none ("no fittings on sundays", "no lessons that week",
// "no bookings then": round 19).
var thingPlacers = wordSet(`on at in during that this those these till until before after over for there here then`)

// pluralThing reports whether w, said alone after "no", is the plural of a
// thing there is none of ("saturday, no deliveries", "monday, no lessons"):
// five letters or more ending in a single s, no place's name ("Porto, no
// Brussels" corrects to a city) and no word of a date.
func pluralThing(w string) bool {
	if len(w) < 5 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || IsDateWord(w) {
		return false
	}
	_, city := cityIndex[w]
	return !city && !IsCountry(w)
}

var leadingNoRe = regexp.MustCompile(`(?i)^(?:no|non)\b[\s,.;–—-]+`)

// SplitCorrection splits a message that corrects itself into what was said
// before the first correction word and what was said after the last one: the
// tail holds the values that stand. ok is false when the message corrects
// nothing or nothing follows the correction.
func SplitCorrection(text string) (head, tail string, ok bool) {
	if !mayCorrect(text) {
		return "", text, false
	}
	ms := correctionRe.FindAllStringIndex(text, -1)
	ms = slices.DeleteFunc(ms, func(m []int) bool { return notInterjection(text, m) })
	if len(ms) == 0 {
		return unpausedDateCorrection(text)
	}
	head = strings.TrimRightFunc(text[:ms[0][0]], isTrimmable)
	tail = strings.TrimFunc(text[ms[len(ms)-1][1]:], isTrimmable)
	// "Actually no, Tuesday": the no belongs to the correction.
	if m := leadingNoRe.FindStringIndex(tail); m != nil && m[1] < len(tail) {
		tail = strings.TrimLeftFunc(tail[m[1]:], isTrimmable)
	}
	if tail == "" {
		return postfixCorrection(text, ms)
	}
	if movesSaidDate(tail) {
		// "tomorrow, actually the day after": the new day is counted from
		// the one just said, so the message is read whole (findDate's
		// shiftAfter); alone, the tail names no day and the head a wrong one.
		return "", text, false
	}
	return head, tail, true
}

// unpausedDateCorrection is SplitCorrection of two dates with a "no"
// between them typed without the pause correctionRe needs ("7/20 no 7/21",
// "friday no saturday"): the words on either side of the message's one "no"
// each wholly a date (a date on some day of the year: the day said is not
// what is checked here). Anything else ("friday no school") is none.
func unpausedDateCorrection(text string) (head, tail string, ok bool) {
	words := strings.Fields(text)
	at := -1
	for i, w := range words {
		if strings.EqualFold(w, "no") {
			if at >= 0 {
				return "", text, false
			}
			at = i
		}
	}
	if at <= 0 || at == len(words)-1 {
		return "", text, false
	}
	head, tail = strings.Join(words[:at], " "), strings.Join(words[at+1:], " ")
	if !wholeDate(head) || !wholeDate(tail) {
		return "", text, false
	}
	return head, tail, true
}

// wholeDate reports whether text is wholly a date on one of two days half a
// year apart (a day of the month just passed on one is to come on the other),
// a numeric one whose order is open ("7/9") read in either.
func wholeDate(text string) bool {
	text = OrderNumericDates(text, OrderMonthFirst)
	for _, now := range [2]time.Time{time.Date(2000, 1, 15, 12, 0, 0, 0, time.UTC), time.Date(2000, 7, 15, 12, 0, 0, 0, time.UTC)} {
		if _, ok := readDate(text, now); ok {
			return true
		}
	}
	return false
}

// movesSaidDate reports whether a correction's tail is only an offset from
// the date said before it: an anchorShifts phrase ("the day after", "la
// veille"), a count of days or weeks with a direction ("a day later", "two
// days after that") or a weekday with one ("the friday before",
// weekdayShift), "that", "it" or "then" after any.
func movesSaidDate(tail string) bool {
	_, ok := saidDateShift(tail)
	_, _, byWeekday := weekdayShift(tail) // "the friday before"
	return ok || byWeekday
}

// saidDateShift is the days the offset tail moves the date said before it
// by, when tail is wholly one (movesSaidDate).
func saidDateShift(tail string) (int, bool) {
	var buf [8]token
	toks := appendTokens(buf[:0], key(tail))
	if n := len(toks); n > 1 && anchorBacks[toks[n-1].text] {
		toks = toks[:n-1]
	}
	for _, a := range anchorShifts {
		if len(toks) == len(a.words) && startsWithPhrase(toks, a.words) {
			return a.days, true
		}
	}
	if len(toks) != 3 {
		return 0, false
	}
	n, u, ok := countUnitAt(toks, 0)
	dir := laterDirections[toks[2].text]
	return dir * n * u.days, ok && u.months == 0 && dir != 0
}

// shiftedCorrection reads a date answer corrected by an offset from it
// ("the 29th, wait, the day after", "march 3rd, sorry, two days later"):
// the head before the correction words reads wholly as a date (readDate,
// where a bare day of the month is one), the tail after them is wholly an
// offset (saidDateShift): the date moved by it. The relative correction
// counts from the date said first. A head of more than headWords words is
// a sentence, not an answer's date: none is read.
func shiftedCorrection(text string, now time.Time, headWords int) (Date, bool) {
	if strings.Contains(text, "?") || !mayCorrect(text) {
		return Date{}, false // "the 29th, wait, the day after?" asks
	}
	ms := correctionRe.FindAllStringIndex(text, -1)
	if len(ms) == 0 {
		return Date{}, false
	}
	head := strings.TrimRightFunc(text[:ms[0][0]], isTrimmable)
	tail := strings.TrimFunc(text[ms[len(ms)-1][1]:], isTrimmable)
	days, ok := saidDateShift(tail)
	wd, dir, byWeekday := weekdayShift(tail)
	if !ok && !byWeekday || head == "" || len(strings.Fields(head)) > headWords {
		return Date{}, false
	}
	d, ok := readDate(head, now)
	if !ok {
		return Date{}, false
	}
	if byWeekday {
		return weekdayBeside(d, wd, dir), true // "labor day, actually the friday before"
	}
	return d.AddDays(days), true
}

// weekdayShift reads a correction's tail that is wholly a weekday before or
// after the date said before it ("the friday before", "the monday after
// that"): the weekday and the direction, -1 before, 1 after (issue 38,
// dates29: round 28's "labor day, actually the friday before").
func weekdayShift(tail string) (time.Weekday, int, bool) {
	var buf [8]token
	toks := appendTokens(buf[:0], key(tail))
	if n := len(toks); n > 1 && anchorBacks[toks[n-1].text] {
		toks = toks[:n-1]
	}
	if len(toks) != 3 || toks[0].text != "the" {
		return 0, 0, false
	}
	wd, isDay := englishWeekdays[toks[1].text]
	switch toks[2].text {
	case "before":
		return wd, -1, isDay
	case "after":
		return wd, 1, isDay
	}
	return 0, 0, false
}

// weekdayBeside is the nearest day on wd strictly before d (dir -1) or after
// it (dir 1).
func weekdayBeside(d Date, wd time.Weekday, dir int) Date {
	for n := 1; n <= 7; n++ {
		if e := d.AddDays(dir * n); e.Weekday() == wd {
			return e
		}
	}
	return d
}

// postfixMarkers are correctionRe's words that may follow the value they
// correct to ("boston, wait, providence actually", "Denver, Dallas I mean").
var postfixMarkers = wordSet(`actually rather mean meant fait plutot plutôt`)

// postfixCorrection is SplitCorrection of a text whose last correction word
// ends it: the value it corrects to is the clause before that word, from the
// correction word before it or else from the last comma; what was said before
// that clause is the head. ok is false when the last word may not follow its
// value, or no clause stands before it.
func postfixCorrection(text string, ms [][]int) (head, tail string, ok bool) {
	last := ms[len(ms)-1]
	words := strings.Fields(strings.ToLower(text[last[0]:last[1]]))
	if len(words) == 0 || !postfixMarkers[words[len(words)-1]] {
		return "", text, false
	}
	start, headEnd := -1, -1
	if len(ms) > 1 {
		start, headEnd = ms[len(ms)-2][1], ms[0][0]
	} else if c := strings.LastIndexAny(text[:last[0]], ",;"); c >= 0 {
		start, headEnd = c+1, c
	}
	if start < 0 {
		return "", text, false
	}
	head = strings.TrimRightFunc(text[:headEnd], isTrimmable)
	tail = strings.TrimFunc(text[start:last[0]], isTrimmable)
	if head == "" || tail == "" {
		return "", text, false
	}
	return head, tail, true
}

// correctionLeads are the first words of correctionRe's phrases (folded): a
// message without one corrects nothing, and the expression is not run.
var correctionLeads = wordSet(`sorry mean meant no wait actually make scratch correction rather well oops fait plutot pardon perdon dicho bueno non ` +
	// Hesitations and "I mean" in more languages (issue 38, clauses14).
	`hmm hmmm um umm uh uhh er erm ` +
	`let hang hold meine warte anzi cioe aspetta volevo alias quer melhor sea quiero espera veux attends bedoel wacht maksud maksudnya mali menar vanta`)

// mayCorrect reports whether text holds a word that may start a correction.
func mayCorrect(text string) bool {
	var buf [24]token
	for _, t := range appendTokens(buf[:0], key(text)) {
		if correctionLeads[t.text] {
			return true
		}
	}
	return false
}

// infoOpeners open a question that asks for information ("which airport in
// Paris?", "when does it leave?", "où est l'hôtel ?"), folded; "what" and
// "how" do only when no proposal follows them ("what about Boston?", "how
// about Friday?").
var infoOpeners = wordSet(`which where when why who whom whose what how whats
quel quelle quels quelles quand pourquoi ou combien qui
cual cuales cuando donde por quien cuanto cuanta
fin imta fo9ach fou9ach 3lach chhal chkon
متى اين أين لماذا كم من`)

// proposalWords after "what" or "how" make the question a proposal: a new
// value offered ("what about Boston?", "how about the 5th?", "et si ...").
var proposalWords = wordSet(`about if abt si`)

// AsksForInformation reports whether a message is a question asking for
// information and proposing nothing: it asks (AsksQuestion), opens with an
// information question word, and holds no word of change ("instead",
// "rather"). At a yes/no confirmation such a question is no answer and no
// correction, whatever place or date it names ("which airport in Paris?"):
// the bot asks again.
func AsksForInformation(text string) bool {
	if !AsksQuestion(text) {
		return false
	}
	var buf [24]token
	toks := appendTokens(buf[:0], key(text))
	if len(toks) < 2 || !infoOpeners[toks[0].text] || proposalWords[toks[1].text] {
		return false
	}
	for _, t := range toks[1:] {
		if t.text == "instead" || t.text == "rather" || t.text == "plutot" || t.text == "mejor" {
			return false
		}
	}
	return true
}

// wellEditRe finds a "well" set off by a pause on both sides after a value
// ("austin, well, san antonio", "two nights, well, three"): English's marker
// of a self-correction (Svartvik's "claim editing"; see correctionRe, which
// reads it after "or"). Alone at the start ("well, boston") or the end
// ("boston, well") it opens or closes an answer and corrects nothing.
var wellEditRe = regexp.MustCompile(`(?i)[,;–—-]\s*well\s*[,;–—-]\s*`)

// wellTailMarkers may close the value a "well" edits to ("san antonio
// really", "three actually"): they say it is the value meant.
var wellTailMarkers = wordSet(`really actually rather instead`)

// WellCorrection splits text at a "well" set off by pauses (wellEditRe):
// head is what was said before it, tail the value said after it, less a
// closing wellTailMarkers word. The caller takes the tail only when it reads
// wholly as the value asked; "well" opens as many remarks as it corrects
// ("boston, well, i think so").
func WellCorrection(text string) (head, tail string, ok bool) {
	if !containsFoldASCII(text, "well") {
		return "", text, false // the common answer skips the expression
	}
	m := wellEditRe.FindStringIndex(text)
	if m == nil {
		return "", text, false
	}
	head = strings.TrimRightFunc(text[:m[0]], isTrimmable)
	tail = strings.TrimFunc(text[m[1]:], isTrimmable)
	if fields := strings.Fields(tail); len(fields) > 1 && wellTailMarkers[strings.ToLower(fields[len(fields)-1])] {
		tail = strings.Join(fields[:len(fields)-1], " ")
	}
	if head == "" || tail == "" {
		return "", text, false
	}
	return head, tail, true
}

// EndsTakingBack reports whether text ends with a correction word that
// nothing follows ("tuesday, no, wait", "the 4th... hang on", "boston, no"):
// the value said before it is taken back and no other is given, so none is
// read. An apology ("boston, sorry") and a word that may close the value it
// corrects to ("boston actually", postfixMarkers) take nothing back.
func EndsTakingBack(text string) bool {
	if !mayEndCorrection(text) || !mayCorrect(text) {
		return false
	}
	ms := correctionRe.FindAllStringIndex(text, -1)
	ms = slices.DeleteFunc(ms, func(m []int) bool { return notInterjection(text, m) })
	if len(ms) == 0 || strings.TrimFunc(text[:ms[0][0]], isTrimmable) == "" {
		return false
	}
	last := ms[len(ms)-1]
	if strings.TrimFunc(text[last[1]:], isTrimmable) != "" {
		return false
	}
	words := strings.Fields(strings.ToLower(strings.TrimFunc(text[last[0]:last[1]], isTrimmable)))
	if len(words) == 0 {
		return false
	}
	w := words[len(words)-1]
	return !postfixMarkers[w] && !apologyWords[w] && !apologyWords[strings.Join(words, " ")]
}

// correctionPhraseEnds are the last words of correctionRe's phrases (folded): a
// message whose last word is none of them does not end with a correction.
var correctionPhraseEnds = wordSet(`sorry mean meant wait actually that it rather well oops fait plutot pardon perdon dicho no non ` +
	`check see on say meine warte anzi cioe aspetta dire melhor dizer sea decir espera veux attends bedoel wacht saya ` +
	`maksudnya mali menar vanta hmm hmmm um umm uh uhh er erm wir digamos disons diciamo zeggen`)

// mayEndCorrection is a cheap test that text's last word may end a
// correction phrase: an ASCII last word not in correctionPhraseEnds cannot; any
// other is left to the full test.
func mayEndCorrection(text string) bool {
	text = strings.TrimRightFunc(text, isTrimmable)
	last := text[strings.LastIndexFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == '-' })+1:]
	var buf [16]byte
	if len(last) == 0 || len(last) > len(buf) {
		return len(last) > 0
	}
	for i := 0; i < len(last); i++ {
		c := last[i]
		if c >= 0x80 {
			return true
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return correctionPhraseEnds[string(buf[:len(last)])]
}

// containsFoldASCII reports whether text holds word, an ASCII lowercase
// word, in any letter case.
func containsFoldASCII(text, word string) bool {
	for i := 0; i+len(word) <= len(text); i++ {
		if strings.EqualFold(text[i:i+len(word)], word) {
			return true
		}
	}
	return false
}
