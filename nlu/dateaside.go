package nlu

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
	"time"
)

//go:embed date_asides.txt
var dateAsidesText string

// dateAsideList is date_asides.txt's list name as a set of words.
func dateAsideList(name string) map[string]bool {
	for _, line := range strings.Split(dateAsidesText, "\n") {
		if n, list, ok := strings.Cut(line, ":"); ok && n == name {
			return wordSet(list)
		}
	}
	panic("nlu: date_asides.txt: no list " + name) // embedded, checked by the tests
}

var (
	asideRefuse    = dateAsideList("refuse")
	asidePredicate = dateAsideList("predicate")
	asidePraise    = dateAsideList("praise")
	asideDangling  = dateAsideList("dangling")
	asideBetween   = dateAsideList("between")
	asideNoneOf    = dateAsideList("none_of")
	offDayWords    = dateAsideList("off_day")
	denyVerbs      = dateAsideList("deny_verb")
	denyWords      = dateAsideList("deny")
)

// deniesDate reports whether text turns down the day it says ("Friday is no
// good", "Friday's out", "Saturday doesn't work"): a deny_verb of
// date_asides.txt after the first word, then in its clause a deny word;
// a side clause's ("the 20th, because the 19th is full") is its own, and a
// condition's ("if there's no storm") none. It allocates nothing: it looks at every date read.
func deniesDate(text string) bool {
	if cut := SideClause(text); cut > 0 {
		text = text[:cut]
	}
	var buf [24]sideWord
	words := sideWords(text, buf[:0])
	verb, cond := false, false
	for i, w := range words {
		if w.clause {
			verb, cond = false, false
		}
		var low [12]byte
		n, ok := foldInto(&low, text[w.start:w.end])
		if !ok {
			continue
		}
		if verb && deniedAt(text, words, i, low[:n]) {
			return true
		}
		// A condition ("wednesday, if there's no storm") says when the
		// day holds, never that it is turned down: its verb denies nothing.
		cond = cond || n == 2 && low[0] == 'i' && low[1] == 'f'
		verb = verb || i > 0 && !cond && denyVerbs[string(low[:n])]
	}
	return false
}

// foldInto writes word, ASCII-folded to lower case, into low, and its
// length; false when it is longer than low.
func foldInto(low *[12]byte, word string) (int, bool) {
	if len(word) > len(low) {
		return 0, false
	}
	for j := 0; j < len(word); j++ {
		low[j] = word[j] | 0x20
	}
	return len(word), true
}

// deniedAt reports whether words[i], folded as low, is a deny word that
// turns the day down there (not "no rush", not a day "off" work).
func deniedAt(text string, words []sideWord, i int, low []byte) bool {
	return denyWords[string(low)] && !noneOfNext(text, words, i) && !timeOffAt(text, words, i)
}

// timeOffHeads are the nouns "off" makes a time free of work ("my day off",
// "a week off", "time off"): there "off" says the day suits, not that it is
// called off.
var timeOffHeads = readerWords("time_off_head")

// timeOffAt reports whether words[i] is the "off" of a time off.
func timeOffAt(text string, words []sideWord, i int) bool {
	if i == 0 || !strings.EqualFold(text[words[i].start:words[i].end], "off") || words[i].clause {
		return false
	}
	prev := strings.ToLower(text[words[i-1].start:words[i-1].end])
	return timeOffHeads[prev]
}

// noneOfNext reports whether words[i] is a "no" saying there is none of a
// thing ("rain's forecast so no combining"), not that the day is no good.
func noneOfNext(text string, words []sideWord, i int) bool {
	if i+1 >= len(words) || words[i+1].clause || words[i].end-words[i].start != 2 {
		return false
	}
	var low [16]byte
	next := text[words[i+1].start:words[i+1].end]
	if len(next) > len(low) {
		return false
	}
	for j := 0; j < len(next); j++ {
		low[j] = next[j] | 0x20
	}
	return asideNoObject(string(low[:len(next)]))
}

// dayBesideOffDay reads two clauses cut by a comma or "and", each saying a
// day, one of them labelled a day off (off_day: "workout monday, rest day
// sunday", "rest sunday, train monday"): the other's day, read as read
// reads an answer. None when both or neither are labelled.
func dayBesideOffDay(text string, now time.Time, read func(string, time.Time) (Date, bool)) (Date, bool) {
	head, tail, ok := strings.Cut(text, ",")
	if !ok || strings.Contains(tail, ",") {
		return Date{}, false
	}
	offHead, offTail := saysOffDay(head), saysOffDay(tail)
	if offHead == offTail {
		return Date{}, false
	}
	answer, off := head, tail
	if offHead {
		answer, off = tail, head
	}
	if _, ok := findDate(off, now); !ok {
		return Date{}, false // the day off must be a day of its own
	}
	return read(answer, now)
}

// saysOffDay reports whether text holds an off_day word.
func saysOffDay(text string) bool {
	var buf [16]token
	for _, t := range appendTokens(buf[:0], key(text)) {
		if offDayWords[t.text] {
			return true
		}
	}
	return false
}

// maxAsideWords bounds an aside: a longer tail is a sentence of its own;
// maxAsideAnswerWords bounds a date and its aside together.
const (
	maxAsideWords       = 8
	maxAsideAnswerWords = 14
)

// dateWithAside reads a date answer followed by an aside about it (see
// date_asides.txt): the longest head of text that reads wholly as a date,
// whose rest is an aside: after a comma, a full stop, a dash or a bracket, words that name no
// other day and take nothing back ("Friday, tidy", "the 9th, day after we
// dock"), or, without a break, a predicate praising the date ("Saturday is
// best").
func dateWithAside(text string, now time.Time) (Date, bool) {
	var buf [24]sideWord
	words := sideWords(text, buf[:0])
	if len(words) < 2 || len(words) > maxAsideAnswerWords {
		return Date{}, false // a longer text is a sentence, no answer and its aside
	}
	for i := len(words) - 1; i > 0 && len(words)-i <= maxAsideWords; i-- {
		if d, ok, done := dateWithAsideAt(text, words, i, now); done {
			return d, ok
		}
	}
	return Date{}, false
}

// dateWithAsideAt tries the aside starting at words[i]: done reports that
// text was decided there, ok that it is the date d and its aside.
func dateWithAsideAt(text string, words []sideWord, i int, now time.Time) (d Date, ok, done bool) {
	broken := words[i].clause || strings.ContainsAny(text[words[i-1].end:words[i].start], "(")
	opener := strings.ToLower(text[words[i].start:words[i].end])
	head, tail := text[:words[i].start], text[words[i].start:]
	if broken && courtesyTail(tail) {
		d, ok = dateBeforeCourtesy(text, head, now)
		return d, ok, ok
	}
	if !broken && asideBetween[opener] && i+1 < len(words) {
		// "thursday between closings": when in the day, no other day.
		head, tail, broken = text[:words[i].start], text[words[i+1].start:], true
	} else if !broken && !asidePredicate[opener] {
		return Date{}, false, false // an aside starts at a break or with a predicate
	}
	if d, ok := readDate(head, now); ok && asideOf(tail, d, now, broken) {
		return d, asideAlone(text, d, now) && !seasonAnchorAsks(head, tail), true
	}
	return Date{}, false, false
}

// seasonAnchoredAnswer reports whether text is a day and, after a comma, an
// anchor clause that places it by a season (seasonAnchorAsks): a sentence's
// reader asks it as the answer's does. Most texts have no comma: nothing
// read.
func seasonAnchoredAnswer(text string) bool {
	if strings.IndexByte(text, ',') < 0 {
		return false
	}
	var buf [24]sideWord
	words := sideWords(text, buf[:0])
	for i := 1; i < len(words); i++ {
		if words[i].clause {
			return seasonAnchorAsks(text[:words[i].start], text[words[i].start:])
		}
	}
	return false
}

// seasonAnchorAsks reports whether tail, an aside after head, a day said
// without its day number, places it by a holiday that is a season of days
// ("sunday, after ringing for advent": this Sunday, or Advent's first?):
// which is asked, as for an anchor clause naming a day (anchorAsks).
func seasonAnchorAsks(head, tail string) bool {
	if !anchorOpeners[firstKeyWord(tail)] {
		return false
	}
	var hb [8]token
	return !hasDayNumber(appendTokens(hb[:0], key(head))) && namesASeason(tail)
}

// asideAlone reports whether text, a date d and an aside, reads no other way:
// no other clock ("tomorrow, local time": whose tomorrow?) and no other day
// in a sentence's reading ("Friday, the day after the party": Saturday?).
// Asked only once a date and an aside are read: it allocates.
func asideAlone(text string, d Date, now time.Time) bool {
	found, ok := findDate(text, now)
	return (!ok || found == d) && !SaysOtherClock(text)
}

// asideOf reports whether tail, said on now after the date d, is an aside:
// no date of its own, no digit, number, date word (a weekday only as d's own:
// "the 29th (a Wednesday)"), nor refuse word; a dangling word not at its end;
// after a break (broken), or else a predicate with a praise word.
func asideOf(tail string, d Date, now time.Time, broken bool) bool {
	var buf [16]token
	toks := appendTokens(buf[:0], key(tail))
	if len(toks) == 0 || SaysUnsure(tail) || SaysChange(tail) || strings.Contains(tail, "?") {
		return false
	}
	praised, restated := false, false
	for j, t := range toks {
		if !asideWordFits(toks, j, d) {
			return false
		}
		_, wd := weekdayNames[t.text]
		praised, restated = praised || asidePraise[t.text], restated || wd
	}
	// A date of its own, unless the aside restates the date's weekday ("(a
	// Wednesday, I think)"), which a sentence reads as the next one.
	if _, ok := findDate(tail, now); ok && !restated {
		return false
	}
	if asideDangling[toks[len(toks)-1].text] {
		return false
	}
	return broken || asidePredicate[toks[0].text] && praised
}

// noneOfAt reports whether toks[j] is a "no" inside an aside (not its first
// word) before a thing there is none of: "rain's forecast so no combining".
func noneOfAt(toks []token, j int) bool {
	return toks[j].text == "no" && j > 0 && j+1 < len(toks) && asideNoObject(toks[j+1].text)
}

// asideNoObject reports whether w, after a "no" inside an aside (not its
// first word), is what the aside says there is none of ("so no combining",
// "no rush": none_of), not a turn against the day ("no good", "no wait",
// "no, Saturday").
func asideNoObject(w string) bool {
	return asideNoneOf[w] || len(w) > 5 && strings.HasSuffix(w, "ing") && !IsDateWord(w)
}

// asideWordFits reports whether toks[j] may stand in an aside about d.
func asideWordFits(toks []token, j int, d Date) bool {
	w := toks[j].text
	if strings.IndexFunc(w, func(r rune) bool { return r >= 0x80 }) >= 0 {
		return false // the lists are English: "3月21日(金)" names a weekday
	}
	if fits, said := asideDayWord(w, d); said {
		return fits
	}
	_, unit := dayUnits[w]
	if asideRefuse[w] && !noneOfAt(toks, j) || IsNumberWord(w) && w != "a" && w != "an" || strings.ContainsAny(w, "0123456789") || unit && w != "day" {
		return false
	}
	if _, ok := ordinalWords[w]; ok {
		return j+1 < len(toks) && (toks[j+1].text == "day" || toks[j+1].text == "night")
	}
	return !strayDateWord(toks, j)
}

// asideDayWord reads w, a word of an aside about d, when it names a day
// (said): a weekday in full or short ("tue is better", "sat works") fits
// only as the date's own, another is another day said and none is read; the
// weekend fits about a Saturday or a Sunday ("saturday, weekend away").
func asideDayWord(w string, d Date) (fits, said bool) {
	if weekendWords[w] && weekendDay(d) {
		return true, true
	}
	if wd, ok := weekdayOrAbbreviation(w); ok {
		return wd == d.Weekday(), true
	}
	return false, false
}

// weekendWords name the weekend in an aside; about a Saturday or a Sunday
// they say the date's own ("saturday, weekend away", "sunday, weekend with
// the kids"), about another day another span (asked).
var weekendWords = wordSet(`weekend weekends`)

// weekendDay reports whether d is a Saturday or a Sunday.
func weekendDay(d Date) bool {
	wd := d.Weekday()
	return wd == time.Saturday || wd == time.Sunday
}

// courtesyTails are the thanks, greetings and polite words of every language
// the reply lexicons hold (politePhrases, thanksPhrases, greetingPhrases:
// reply_words.txt, reply_words_world.txt and the Go lists), as confirmKey
// keys them; a phrase that names a value or holds a digit is left out.
// Built on the first date read with an aside that needs it.
var courtesyTails = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, lex := range []map[string][]string{politePhrases, thanksPhrases, greetingPhrases} {
		for _, ps := range lex {
			for _, p := range ps {
				ws := phraseWords(p)
				if len(ws) == 0 || slices.ContainsFunc(ws, namesAValue) || strings.ContainsAny(p, "0123456789") {
					continue
				}
				out[confirmKey(p)] = true
			}
		}
	}
	return out
})

// dateBeforeCourtesy reads head, the words before a courtesy phrase of any
// language and script after a break ("иртәгә, рәхмәт", "دوشنبه، مننه"), as
// the answer's date, when text reads no other way.
func dateBeforeCourtesy(text, head string, now time.Time) (Date, bool) {
	d, ok := readDate(head, now)
	return d, ok && asideAlone(text, d, now)
}

// courtesyTail reports whether tail, the words after a date's break, is
// wholly one courtesy phrase of some language ("grazia", "sag boluň",
// "рәхмәт", "مننه"): an aside that says nothing of the day. An unknown word
// is none.
//
// A thanks written in chat's short spelling before the words that say it
// warmly ("thx a lot", "ty so much") is the phrase those words make with
// "thanks" ("thanks a lot"): the spelling changes no courtesy phrase.
func courtesyTail(tail string) bool {
	if len(tail) > 48 {
		return false
	}
	k := confirmKey(tail)
	if courtesyTails()[k] {
		return true
	}
	first, rest, ok := strings.Cut(k, " ")
	return ok && first != "thanks" && thanksWords()[first] && courtesyTails()["thanks "+rest]
}

// thanksWords are the one-word thanks phrases of every language, keyed as
// confirmKey keys them ("thx", "ty", "merci").
var thanksWords = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, ps := range thanksPhrases {
		for _, p := range ps {
			if k := confirmKey(p); k != "" && !strings.Contains(k, " ") {
				out[k] = true
			}
		}
	}
	return out
})
