package flows

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop/lexicon"
)

// value turns raw text into the slot's normalized value and validates it. A
// non-empty problem is the message to show (the validator's own, or a default);
// err is a custom validator that could not be reached.
func (e *Engine) value(ctx context.Context, t parley.Turn, s *State, sl *slot, raw string, direct bool) (any, string, error) {
	v, ok := e.parse(t, sl, raw, direct)
	if !ok && sl.typ == TypeTime && direct && typed(t) {
		// An hour alone open before and after noon is asked about by name
		// ("11 am or 11 pm?"), and "pm" or "in the evening" answers it.
		if h, open := sl.openHour(raw, t.Message.SentAt); open {
			return nil, fill(e.text["am_or_pm"], "am", fmt.Sprintf("%d am", h), "pm", fmt.Sprintf("%d pm", h)), nil
		}
		if h, asked := sl.openHour(previousUserText(s), t.Message.SentAt); asked {
			v, ok = nlu.HourWithMeridiem(h, raw)
		}
	}
	if !ok {
		return nil, e.invalidText(sl, nil), nil
	}
	return e.check(ctx, t, s, sl, v)
}

// openHour reads raw as an hour alone (nlu.BareHour) that timeAnswer leaves
// open: 1 to 12 with both readings, before and after noon, passing the slot's
// built-in validators.
func (sl *slot) openHour(raw string, sentAt time.Time) (int, bool) {
	h, ok := nlu.BareHour(raw)
	if !ok || h == 0 || h > 12 {
		return 0, false
	}
	_, read := sl.timeAnswer(raw, true, sentAt)
	return h, !read
}

// previousUserText is the user's message before this turn's, "" when none.
func previousUserText(s *State) string {
	users := 0
	for i := len(s.Messages) - 1; i >= 0; i-- {
		if s.Messages[i].Role == "user" {
			if users++; users == 2 {
				return s.Messages[i].Content
			}
		}
	}
	return ""
}

func (e *Engine) invalidText(sl *slot, v *validator) string {
	if v != nil && v.def.Message != "" {
		return v.def.Message
	}
	return fill(e.text["invalid"], "label", sl.label)
}

// parse extracts a value of the slot's type from raw text and normalizes it.
func (e *Engine) parse(t parley.Turn, sl *slot, raw string, direct bool) (any, bool) {
	raw = strings.TrimSpace(raw)
	if sl.noPreference(raw) {
		return DontCare, true // "any day is fine", at a slot that allows it
	}
	return e.parseTyped(t, sl, raw, direct)
}

// parseTyped is parse by the slot's type.
func (e *Engine) parseTyped(t parley.Turn, sl *slot, raw string, direct bool) (any, bool) {
	switch sl.typ {
	case TypeNumber:
		return sl.wholeCount(raw, direct && typed(t), parseNumber)
	case TypeInteger:
		return sl.wholeCount(raw, direct && typed(t), parseInteger)
	case TypeBoolean:
		return nlu.ParseBoolean(raw)
	case TypeDate:
		return sl.dateAnswer(raw, t, direct)
	case TypeTime:
		return sl.timeAnswer(raw, direct && typed(t), t.Message.SentAt)
	case TypeCity:
		return sl.cityAnswer(raw, direct, t.Message.NLU != nil)
	case TypeEmail:
		return nlu.ExtractEmail(raw)
	case TypePhone:
		return nlu.ExtractPhone(raw)
	case TypeEnum:
		return sl.enumAnswer(raw)
	}
	if sl.records != nil && typed(t) {
		return recordAnswer(t, sl, raw, true)
	}
	return sl.textAnswer(raw, direct)
}

// parseNumber reads a number slot's value: a number, else a count ("a couple").
func parseNumber(raw string) (any, bool) {
	if v, ok := nlu.ParseNumber(raw); ok {
		return v, true
	}
	return nlu.ParseCount(raw)
}

// parseInteger reads an integer slot's value: an integer, else a whole count.
func parseInteger(raw string) (any, bool) {
	if v, ok := nlu.ParseInteger(raw); ok {
		return v, true
	}
	if v, ok := nlu.ParseCount(raw); ok && v == math.Trunc(v) {
		return int64(v), true
	}
	return nil, false
}

// dateReader reads a date out of a slot's raw text.
type dateReader func(text string, now time.Time) (nlu.Date, bool)

// dateReaderOf is the reader of a date slot's raw text: an upstream parse's
// entity as its parser gave it (nlu.ParseDateValue); a typed answer wholly, or
// not at all (nlu.ReadDate); a date inside a typed sentence only when it is the
// sentence's one date (nlu.FindDate).
func dateReaderOf(t parley.Turn, direct bool) dateReader {
	switch {
	case !typed(t):
		return nlu.ParseDateValue
	case direct:
		return nlu.ReadDate
	}
	return nlu.FindDate
}

// typed reports whether the turn's text is what the user typed, not read by
// an upstream parse (a model's, a caller's) nor a button's meaning.
func typed(t parley.Turn) bool { return t.Message.NLU == nil }

// parseDate reads a date slot's value as "YYYY-MM-DD", relative to the day the
// message was sent.
func parseDate(raw string, sentAt time.Time, read dateReader) (any, bool) {
	d, ok := read(raw, sentAt)
	if !ok {
		return nil, false
	}
	return d.String(), true
}

// dateAnswer reads a date slot's value. A typed answer that names a day on
// either side of today (Hindi "kal": yesterday and tomorrow) is the one
// reading the slot's built-in validators accept ("kal" is tomorrow where
// future_date_only stands); when both or neither pass it is not understood,
// and the question is asked again.
func (sl *slot) dateAnswer(raw string, t parley.Turn, direct bool) (any, bool) {
	if typed(t) {
		if nlu.SaysApproximately(t.Message.Text, t.Message.SentAt) {
			return nil, false // "the 20th or so": near it, no one day (asked)
		}
		raw = nlu.OrderNumericDates(raw, sl.dateOrder) // "7/6" in en-US: July 6
	}
	if v, ok := parseDate(raw, t.Message.SentAt, dateReaderOf(t, direct)); ok || !direct || !typed(t) {
		return v, ok
	}
	before, after, ok := nlu.ReadTwoWayDay(raw, t.Message.SentAt)
	if !ok {
		return nil, false
	}
	past, future := sl.builtinAccepts(before.String(), t.Message.SentAt), sl.builtinAccepts(after.String(), t.Message.SentAt)
	if past == future {
		return nil, false
	}
	if future {
		return after.String(), true
	}
	return before.String(), true
}

// wholeCount reads a number slot's value with read; a typed answer (whole)
// gives one only when its other words are the slot's own ("3 nights" for
// nights) or carry no value ("just", "please"): "2 adults" answering "how
// many nights?" counts something else, and is not understood.
//
// A typed answer may mistype a number word ("fiev"), and a count of nights or
// days may be said as a span ("a week": 7).
func (sl *slot) wholeCount(raw string, whole bool, read func(string) (any, bool)) (any, bool) {
	if !whole {
		return read(raw)
	}
	if v, ok := sl.onlyCount(raw, read); ok || !sl.days {
		return v, ok
	}
	return sl.countWithAside(raw, read) // "3 nights there", "tubwa, 2 nights"
}

// onlyCount is wholeCount of a typed answer that is a count and words that
// carry no value.
func (sl *slot) onlyCount(raw string, read func(string) (any, bool)) (any, bool) {
	raw = withoutCountOpener(raw) // "so 2 nigths, thanks"
	if head, cut := nlu.CutCountTotal(raw); cut {
		raw = head // "6 nights in all": the whole count, as said
	}
	if days, ok := nlu.ParseDays(raw); ok && sl.days {
		return read(strconv.Itoa(days))
	}
	raw, ok := nlu.DropRestatedDigits(raw) // "five (5) nights"
	if !ok {
		return nil, false
	}
	raw = sl.unglued(nlu.CorrectNumberTypos(raw))
	if heard, ok := nlu.HeardAsCount(raw, sl.ownWord); ok {
		raw = heard // "too nights", "three knights" as dictated
	}
	v, ok := read(raw)
	if !ok {
		if head, cut := nlu.CutCourtesyTail(raw); cut {
			raw = head // "tres noches, grasias": a thanks of any language after a comma
			v, ok = read(raw)
		}
	}
	if !ok {
		// "Four nights, please.", "we stay 4 night": the count read without
		// the polite words around it, then without any word but its number's,
		// which the check below accounts for.
		if v, ok = read(withoutPolite(raw)); !ok {
			if v, ok = read(numberWordsOf(raw)); !ok {
				return nil, false
			}
		}
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(raw), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if !sl.countWord(w) {
			return nil, false
		}
	}
	return v, true
}

// countWithAside reads a typed answer to a stay's count (nights, days) that
// says the count with its unit and words beside it that carry no value of
// their own ("3 nights there", "10 nights, long trip", "tubwa, 2 nights",
// "3 nights sain", "one night, hens don't wait"): the count. "N of them"
// counts what was asked ("three of them"). A people count beside it ("3
// nights for the 2 of us") is another slot's, no count of nights. Any other
// number, a date word, a unit, a second count, a hedge, a change or a
// question (nlu.RefusesCountAside) makes it no aside, and the question is
// asked again ("3 nights, maybe 4", "2 nights each", "3 nights from
// monday").
func (sl *slot) countWithAside(raw string, read func(string) (any, bool)) (any, bool) {
	if strings.Contains(raw, "?") || decimalRe.MatchString(raw) || nlu.SaysUnsure(raw) || nlu.SaysChange(raw) || nlu.HedgesCount(raw, sl.ownWord) {
		return nil, false // ".5 nights": a decimal is asked (TestDecimalCountsAsked)
	}
	ws := strings.FieldsFunc(strings.ToLower(raw), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	v, first, end, ok := sl.oneCountCore(ws, read)
	if !ok || compoundAfter(ws, first, end) {
		return nil, false
	}
	for j := range ws {
		if (j < first || j >= end) && !sl.asideWordFits(ws, j) {
			return nil, false
		}
	}
	return v, true
}

// oneCountCore is the one count with its unit said in ws (countCoreAt), its
// value and its words ws[first:end]; ok is false when there is none or two
// ("2 nights, 3 nights").
func (sl *slot) oneCountCore(ws []string, read func(string) (any, bool)) (v any, first, end int, ok bool) {
	first = -1
	for k := 0; k+1 < len(ws); k++ {
		core, e, at := sl.countCoreAt(ws, k)
		if !at {
			continue
		}
		got, counted := sl.onlyCount(core, read)
		if !counted {
			continue
		}
		if first >= 0 {
			return nil, 0, 0, false
		}
		first, end, v = k, e, got
		k = e - 1
	}
	return v, first, end, first >= 0
}

// decimalRe finds a number with a decimal point or comma (".5", "2.5",
// "1,5"), which the words of countWithAside would cut in two.
var decimalRe = regexp.MustCompile(`(^|[^0-9])[.,][0-9]|[0-9][.,][0-9]`)

// compoundAfter reports whether the count ws[first:end] is a modifier of the
// noun after it: a count other than one with its unit in the singular and a
// word after it that is no stay's noun ("two night buses", "3 night
// shifts"); "a 3 night stay" counts the stay's nights.
func compoundAfter(ws []string, first, end int) bool {
	unit := ws[end-1]
	if end >= len(ws) || end-first != 2 || strings.HasSuffix(unit, "s") || oneWords[ws[first]] {
		return false
	}
	return !stayNouns[ws[end]]
}

// oneWords say a count of one.
var oneWords = map[string]bool{"1": true, "one": true, "a": true, "an": true, "single": true}

// stayNouns are the nouns a count of nights in the singular may qualify ("a
// 3 night stay").
var stayNouns = map[string]bool{"stay": true, "trip": true, "visit": true, "break": true, "getaway": true, "booking": true, "reservation": true, "holiday": true, "vacation": true}

// countCoreAt is the count and its unit said at ws[k] ("3 nights", "a
// week"), or "N of them" as N of the slot's own unit, and the index past
// it; ok is false when ws[k] opens none: no number, or a word after it that
// carries no unit (a filler: "2 of us").
func (sl *slot) countCoreAt(ws []string, k int) (core string, end int, ok bool) {
	n := ws[k]
	if !isAllDigits(n) && !nlu.IsNumberWord(n) && n != "a" && n != "an" {
		return "", 0, false
	}
	unit := ws[k+1]
	if unit == "of" && k+2 < len(ws) && ws[k+2] == "them" {
		return n + " " + sl.name, k + 3, true
	}
	if countFillers[unit] || nlu.IsPoliteParticle(unit) || nlu.IsNumberWord(unit) || isAllDigits(unit) {
		return "", 0, false
	}
	return n + " " + unit, k + 2, true
}

// asideWordFits reports whether ws[j], a word beside a stay's count, may
// stand in an aside: no refusal, date word or unit; a number only as a
// people count ("the 2 of us", "2 adults": partyNouns).
func (sl *slot) asideWordFits(ws []string, j int) bool {
	w := ws[j]
	switch {
	case w == "a" || w == "an":
		return !sl.unitAfter(ws, j) // "a week" is a second count
	case isCountToken(w):
		return peopleCountAt(ws, j)
	case j > 0 && isCountToken(ws[j-1]) && (partyNouns[w] || w == "of"),
		w == "us" && j > 1 && ws[j-1] == "of",
		countFillers[w] || nlu.IsPoliteParticle(w):
		return true // "the 2 of us", "for", "the"
	}
	return !nlu.RefusesCountAside(w) && !nlu.IsDateWord(w) && !nlu.IsCountUnit(w) && !sl.ownWord(w)
}

// unitAfter reports whether ws[j+1] is a unit of days or the slot's own.
func (sl *slot) unitAfter(ws []string, j int) bool {
	return j+1 < len(ws) && (nlu.IsCountUnit(ws[j+1]) || sl.ownWord(ws[j+1]))
}

// isCountToken reports whether w holds a digit of any script or is a
// number word.
func isCountToken(w string) bool {
	return strings.IndexFunc(w, unicode.IsDigit) >= 0 || nlu.IsNumberWord(w)
}

// peopleCountAt reports whether the number ws[j] counts people: a party
// noun or "of us" after it.
func peopleCountAt(ws []string, j int) bool {
	return j+1 < len(ws) && (partyNouns[ws[j+1]] || ws[j+1] == "of" && j+2 < len(ws) && ws[j+2] == "us")
}

// partyNouns count the people a stay is for ("2 adults", "3 guests"): a
// number before them is no count of nights.
var partyNouns = map[string]bool{"people": true, "persons": true, "person": true, "adults": true, "adult": true, "guests": true, "guest": true, "kids": true, "children": true, "pax": true}

// withoutCountOpener is a count's answer without the one discourse opener
// or hesitation it opens with, marked off by a comma or not ("so 2
// nights", "oh, a week": nlu.OpensCount), when words follow it; else raw as
// written.
func withoutCountOpener(raw string) string {
	w, rest, ok := strings.Cut(strings.TrimSpace(raw), " ")
	w = strings.TrimRight(w, ",")
	rest = strings.TrimSpace(rest)
	if !ok || rest == "" || !nlu.OpensCount(w) {
		return raw
	}
	return rest
}

// countWord reports whether w may stand in a count's answer: a word of the
// number, the slot's own word, one that carries no value (countFillers, a
// polite particle: "2 nights ka"), or no word (digits, signs).
func (sl *slot) countWord(w string) bool {
	return countFillers[w] || nlu.IsPoliteParticle(w) || nlu.IsNumberWord(w) || sl.ownWord(w) || strings.IndexFunc(w, unicode.IsLetter) < 0
}

// unglued is raw with a count written glued to a sign or a letter split
// off: "x2 nights" (times two), "3n" (three of the slot's own unit, its first
// letter, as a smartwatch types it). Anything else is left as written.
func (sl *slot) unglued(raw string) string {
	w := strings.TrimSpace(raw)
	if split, ok := sl.countGluedToUnit(w); ok {
		return split // "sixnights", "6nights"
	}
	if len(w) < 2 || strings.IndexFunc(w, unicode.IsDigit) < 0 {
		return raw
	}
	head, rest, _ := strings.Cut(w, " ")
	lower := strings.ToLower(head)
	switch {
	case lower[0] == 'x' && isAllDigits(lower[1:]):
		return lower[1:] + " " + rest
	case rest == "" && isAllDigits(lower[:len(lower)-1]) && sl.unitOf(lower[len(lower)-1]) != "":
		return lower[:len(lower)-1] + " " + sl.unitOf(lower[len(lower)-1])
	}
	return raw
}

// countGluedToUnit splits the answer's first word when it is a count, digits
// or a number word, glued to the slot's own word or its singular
// ("sixnights", "6nights", "onenight" at the nights question): a space
// missed. Nothing else is split.
func (sl *slot) countGluedToUnit(w string) (string, bool) {
	head, rest, _ := strings.Cut(w, " ")
	lower := strings.ToLower(head)
	for _, own := range strings.FieldsFunc(strings.ToLower(sl.name), func(r rune) bool { return !unicode.IsLetter(r) }) {
		for _, unit := range []string{own, strings.TrimSuffix(own, "s")} {
			count, glued := strings.CutSuffix(lower, unit)
			if !glued || len(unit) < 3 || count == "" || !nlu.IsNumberWord(count) && !isAllDigits(count) {
				continue
			}
			return strings.TrimSpace(count + " " + own + " " + rest), true
		}
	}
	return "", false
}

// unitOf is the slot's own word (a word of its name) that starts with the
// letter c, or "" when none does.
func (sl *slot) unitOf(c byte) string {
	for _, own := range strings.FieldsFunc(strings.ToLower(sl.name), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if own[0] == c {
			return own
		}
	}
	return ""
}

// numberWordsOf is raw's number words and digits alone, in order.
func numberWordsOf(raw string) string {
	ws := fieldsKeepingDecimals(strings.ToLower(raw), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	ws = slices.DeleteFunc(ws, func(w string) bool { return !nlu.IsNumberWord(w) && !isAllDigits(w) })
	return strings.Join(ws, " ")
}

// politeWords end or start a count without being part of it.
var politeWords = map[string]bool{"please": true, "pls": true, "plz": true, "thanks": true, "thank": true, "you": true, "ok": true, "okay": true, "merci": true, "gracias": true}

// withoutPolite is raw without its polite words and punctuation.
func withoutPolite(raw string) string {
	ws := fieldsKeepingDecimals(raw, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) && r != '-' })
	ws = slices.DeleteFunc(ws, func(w string) bool { return politeWords[strings.ToLower(w)] })
	return strings.Join(ws, " ")
}

// fieldsKeepingDecimals is strings.FieldsFunc(text, sep) with a point or a
// comma right before a digit kept in its word: ".5 nights" and "2.5 nights"
// keep their decimals, so a count read from the words left is never the
// number's digits cut off from its mark (".5" read as 5, issue 38 round 19).
func fieldsKeepingDecimals(text string, sep func(rune) bool) []string {
	return nlu.WordsWhere(text, func(i int, r rune) bool {
		decimal := (r == '.' || r == ',') && i+1 < len(text) && text[i+1] >= '0' && text[i+1] <= '9'
		return decimal || !sep(r)
	})
}

// countFillers are the words around a count that carry no value.
var countFillers = map[string]bool{
	"a": true, "an": true, "of": true, "just": true, "only": true, "the": true, "please": true, "pls": true, "plz": true, "thanks": true, "thank": true, "you": true, "ok": true, "okay": true,
	"for": true, "make": true, "it": true, "we": true, "i": true, "ll": true, "stay": true, "staying": true,
	"need": true, "want": true, "would": true, "like": true, "d": true, "couple": true, "pair": true,
	"single": true, "me": true, "myself": true, "about": true, "around": true, "total": true, "in": true,
	"quantity": true, "qty": true, // a ledger's label ("quantity: 6 nights")
}

// countsDays reports whether the slot counts days or nights (its name or
// label says so), so that a span of weeks answers it.
func (sl *slot) countsDays() bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(sl.name+" "+sl.label), func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch strings.TrimSuffix(w, "s") {
		case "night", "day":
			return true
		}
	}
	return false
}

// ownWord reports whether w names what the slot counts: a word of its name or
// label, singular or plural, or one of them mistyped by two letters at most
// ("nites").
func (sl *slot) ownWord(w string) bool {
	for _, own := range strings.FieldsFunc(strings.ToLower(sl.name+" "+sl.label), func(r rune) bool { return !unicode.IsLetter(r) }) {
		own = strings.TrimSuffix(own, "s")
		base := strings.TrimSuffix(w, "s")
		if base == own || len(own) >= 4 && len(base) >= 3 && base[0] == own[0] && nlu.Levenshtein(base, own) <= 2 {
			return true
		}
	}
	return false
}

// timeAnswer reads a time slot's value as "HH:MM". A typed answer that is an
// hour alone ("11") is that hour when only one of its readings, before or
// after noon, passes the slot's built-in validators ("5" for opening hours
// of 08:00 to 17:59 is 17:00), or when it is 0 or 13 to 23; when both are open
// it is not understood, and the question is asked again.
func (sl *slot) timeAnswer(raw string, whole bool, sentAt time.Time) (any, bool) {
	// A date with its year is never a time; "15.05" answering the time's
	// question is 15:05.
	if v, ok := nlu.ParseTimeOutsideYearDate(raw); ok {
		return v, true
	}
	h, ok := nlu.BareHour(raw)
	if !whole || !ok {
		return nil, false
	}
	if h == 0 || h > 12 {
		return fmt.Sprintf("%02d:00", h), true
	}
	var open []string
	for _, c := range [2]string{fmt.Sprintf("%02d:00", h%12), fmt.Sprintf("%02d:00", h%12+12)} {
		if sl.builtinAccepts(c, sentAt) {
			open = append(open, c)
		}
	}
	if len(open) != 1 {
		return nil, false
	}
	return open[0], true
}

// builtinAccepts reports whether every built-in validator of the slot accepts
// v (a webhook's is not asked here).
func (sl *slot) builtinAccepts(v any, sentAt time.Time) bool {
	for _, val := range sl.validators {
		if val.def.Type != ValidateCustom && !val.accepts(v, sentAt) {
			return false
		}
	}
	return true
}

// enumAnswer reads an enum slot's value: one of its values, or a count written
// as one of them.
func (sl *slot) enumAnswer(raw string) (any, bool) {
	v, ok := sl.enum.Match(raw)
	if !ok {
		v, ok = sl.countValue(raw)
	}
	if !ok {
		return nil, false
	}
	return sl.normalize(v), true
}

// textAnswer reads a text slot's value: a direct answer's pattern capture (the
// first pattern that captures), else the whole text, without trailing
// punctuation.
func (sl *slot) textAnswer(raw string, direct bool) (any, bool) {
	if direct {
		for _, re := range sl.patterns {
			if v := groupValue(re, raw); v != "" {
				if capturesTwo(sl, re, raw) {
					return nil, false // "BK-20001 and BK-20002": which one?
				}
				raw = v
				break
			}
		}
	}
	raw = trimValueEnd(raw)
	if raw != "" {
		raw = sl.asReference(raw) // "" for a reference with a digit astray
	}
	if raw == "" {
		return nil, false
	}
	return sl.normalize(raw), true
}

// trimValueEnd drops the punctuation and spaces that end a typed value, but
// not a closing bracket that closes one in the value ("Citadines Opera Paris
// (Apart Hotel Paris)").
func trimValueEnd(v string) string {
	for {
		v = strings.TrimRightFunc(v, func(r rune) bool {
			return unicode.IsSpace(r) || unicode.IsPunct(r) && !strings.ContainsRune(")]", r)
		})
		switch {
		case strings.HasSuffix(v, ")") && strings.Count(v, "(") >= strings.Count(v, ")"),
			strings.HasSuffix(v, "]") && strings.Count(v, "[") >= strings.Count(v, "]"):
			return v
		case strings.HasSuffix(v, ")"), strings.HasSuffix(v, "]"):
			v = v[:len(v)-1]
		default:
			return v
		}
	}
}

// countValue maps a count ("two", "a couple", "3 people") to the enum value
// that writes it in digits, for enums of numbers.
func (sl *slot) countValue(raw string) (string, bool) {
	n, ok := nlu.ParseCount(raw)
	if !ok || n != math.Trunc(n) {
		return "", false
	}
	want := strconv.FormatInt(int64(n), 10)
	for _, v := range sl.def.Values {
		if v == want {
			return v, true
		}
	}
	return "", false
}

// cityAnswer reads a city slot's answer: a typed direct answer may carry the
// slot's own cue words ("from Bergen"), which its patterns strip.
//
// Typed text offering a choice or leaving a city out ("Lisbon or Porto",
// "anywhere but Boston") names no one city: not understood.
func (sl *slot) cityAnswer(raw string, direct, upstream bool) (any, bool) {
	if !upstream {
		var c any
		var ok, done bool
		if raw, c, ok, done = sl.typedCityFirst(raw); done {
			return c, ok
		}
	}
	if direct && !upstream {
		for _, re := range sl.patterns {
			if v := groupValue(re, raw); v != "" {
				if _, whole := nlu.MatchCityExact(raw); whole {
					// "Rio de Janeiro": a cue word inside a known city's
					// name ("de") cues nothing.
					return sl.city(raw, false, false)
				}
				if c, ok := sl.city(v, false, true); ok && !tailOfKnownCity(sl, raw, v) {
					return c, true
				}
			}
		}
	}
	// Not direct, raw is a cue's capture ("to nice on friday"), or text a
	// caller gives as the slot's: a city that is also a word may start it.
	return sl.city(raw, upstream, !direct)
}

// typedCityFirst reads a typed answer's readings that come before its
// patterns: a town and its state ("eugene or", "austin ny": "or" here is
// Oregon, no choice), a choice ("Lisbon or Porto", none), a city with an
// ending glued on ("Bilbora"); done says the answer is read (ok) or asked.
// Otherwise rest is raw without the words around the place (placeCoreOf).
func (sl *slot) typedCityFirst(raw string) (rest string, c any, ok, done bool) {
	if c, read, ask := sl.stateTown(raw); read || ask {
		return raw, c, read, true
	}
	if nlu.NamesAlternatives(raw) {
		if cue, rest, ok := strings.Cut(strings.TrimSpace(raw), " "); ok && nlu.IsPlaceCue(cue) {
			// "into portland or": after an English place cue, a town and
			// its state's code, the "or" Oregon's, no choice.
			if c, read, _ := sl.stateTown(rest); read {
				return raw, c, true, true
			}
		}
		return raw, nil, false, true
	}
	if g, read := sl.gluedPlace(raw); read {
		if g == "" {
			return raw, nil, false, true
		}
		return raw, sl.normalize(g), true, true
	}
	rest, ask := placeCoreOf(raw)
	// "ji Hewlêrê": a name after a preposition no list holds is asked.
	return rest, nil, false, ask
}

// placeCoreOf is raw without the words and endings around the place
// ("Ankara'dan", "sa Cebu po", "Busan is my destination": nlu.PlaceCore),
// unless the whole is a known city's name; ask says a preposition read only
// before a known place stands before a name no list holds ("ji Hewlêrê").
func placeCoreOf(raw string) (core string, ask bool) {
	if _, whole := nlu.MatchCityExact(raw); whole {
		return raw, false
	}
	core, ok, ask := nlu.PlaceCoreOrAsk(raw)
	if !ok {
		return raw, ask
	}
	return core, false
}

// city reads a city: a known one by its usual name (nlu.MatchCity: "la",
// "Seattle, WA", "philadelfia"); inside a longer text (a pattern's capture, "new
// york next friday") the longest known city its first words name. An unknown
// name is accepted when written as one (capitalized words, "Vacaville") or when
// an upstream parse gave it (its NLU knows more places than Parley's list); an
// unknown lower-case word typed as an answer ("wakha") is not a city.
//
// cued says a cue stood before raw ("to nice pls"): a city that is also an
// ordinary word may then start a longer text.
func (sl *slot) city(raw string, upstream, cued bool) (any, bool) {
	if city, own, typo := sl.cueTypo(strings.TrimSpace(raw)); typo && !upstream {
		if !own {
			return nil, false // "Form A Coruña" asked where to
		}
		return sl.normalize(city), true
	}
	if c, read, done := sl.regionTown(raw, upstream); done {
		return c, read
	}
	c, _, ok := cityPrefix(raw, upstream, cued)
	if !ok && !upstream {
		if p, read := sl.townTyped(raw, cued); read {
			return sl.normalize(p), true
		}
	}
	// A country ("Portugal", "do you fly to Iceland?") is no city.
	if !ok || !upstream && nlu.IsCountry(c) {
		return nil, false
	}
	if _, known := nlu.MatchCityExact(c); !known && !upstream {
		if c, ok = sl.typedPlace(c); !ok {
			return nil, false
		}
	}
	return sl.normalize(c), true
}

// stateTown reads raw as a US town said with its state ("pittsburg pa",
// "baton rouge la": nlu.CityInState) or, asked again (ask), a state or
// province said alone ("florida": a region is no city) or a town said with
// a state it is not in ("austin ny").
func (sl *slot) stateTown(raw string) (c any, read, ask bool) {
	if nlu.RegionAlone(raw) || nlu.RegionAnyPlace(raw) {
		return nil, false, true // "florida", "florida, any city": no city
	}
	city, read, ask := nlu.CityInState(raw)
	if read {
		return sl.normalize(city), true, false
	}
	return nil, false, ask
}

// regionTown is stateTown of typed text (not upstream), else a town then a
// state or province of another country, or one the airport list lacks
// ("madison wi", "Gary, Indiana", "gary indiana, the yard's there":
// nlu.TownInRegion); done says raw is read (read) or asked.
func (sl *slot) regionTown(raw string, upstream bool) (c any, read, done bool) {
	if upstream {
		return nil, false, false
	}
	if c, read, ask := sl.stateTown(raw); read || ask {
		return c, read, true
	}
	if p, inRegion := nlu.TownInRegion(raw); inRegion {
		return sl.normalize(p), true, true
	}
	return nil, false, false
}

// townTyped reads raw, which names no known city at its start, as a town:
// "bozeman", "st paul", "kalispell, small airport up here", typed plainly in
// lower case by the towns list's spelling, or, after a cue, a place of the
// gazetteer.
func (sl *slot) townTyped(raw string, cued bool) (string, bool) {
	if p, _, plain := plainPlace(raw); plain {
		return p, true
	}
	if p, ok := nlu.AirportTown(raw); ok {
		return p, true // "palm springs", "key west": a town airlines fly to
	}
	if cued {
		if p, _, read := sl.gazetteerPlace(raw); read {
			return p, true
		}
	}
	return "", false
}

// typedPlace reads c, a typed name no known city has: a known city after a
// typo of a cue ("Fro Portland"), none when the cue is another slot's; else
// the name without a country after it, a listed place it is near, or none
// when it looks like a misspelt one.
func (sl *slot) typedPlace(c string) (string, bool) {
	c, known, ok := sl.withoutCueTypo(c)
	if !ok {
		return "", false // "Fro Portland" asked where to: the cue says from
	}
	if known {
		return c, true
	}
	if head, ok := nlu.CutCountry(c); ok {
		c = head // "Braga Portugal": the place is Braga
	}
	if nlu.IsGeoNamesTown(c) {
		// "Paro", "Asheville", "Hagatna": a town GeoNames lists is that
		// town as typed, never a typo of a known city ("Faro").
		return c, true
	}
	if town, ok := nlu.UndoubledCity(c); ok {
		return town, true // "Chattanoga": a city's doubled letter typed once
	}
	// "Corcaigh", "Bilbora", "kuHarare": another language's name of a
	// city, or a known one with an ending glued on, is that city; "Dé
	// Sathairn", "Bilbotik" where to, a name two cities share: asked again.
	if city, ask := nlu.PlaceOrAsk(c, sl.placeDirection()); city != "" || ask {
		return city, !ask
	}
	if nlu.HidesKnownCity(c) {
		// "Lisabonoje", "Kutoka Nairobi": a known city declined, or after
		// a word of a language not listed, is asked again, never stored
		// as a place of its own.
		return "", false
	}
	// The bot searches its records by the name as written: an unknown
	// name typed near a place they list is that place, and one a few
	// typos from a known place or a listed one, or sounding like a known
	// city it cannot be told from ("Sinsinatty"), is asked again, never
	// stored misspelt. A name near none is a place of its own ("Bergen").
	p, near := sl.recordCity(c)
	switch {
	case near:
		return p, true
	case nlu.LooksMisspelt(c, sl.places):
		return "", false
	}
	return c, true
}

// gluedPlace reads raw, one word typed that no known city is as it is, as
// a city with a case ending of sl's direction glued on ("Bilbora" where to)
// or a prefix ("kuHarare"): the city, or "" (asked again) when the ending
// says the other direction ("Bilbotik" where to) or no list holds it; read
// is false when raw is no such word.
func (sl *slot) gluedPlace(raw string) (city string, read bool) {
	raw = strings.TrimSpace(raw)
	if raw == "" || strings.ContainsFunc(raw, unicode.IsSpace) {
		return "", false
	}
	if _, whole := nlu.MatchCityExact(raw); whole {
		return "", false
	}
	c, ask := nlu.PlaceOrAsk(raw, sl.placeDirection())
	return c, c != "" || ask
}

// placeDirection is what sl asks by its cues: where from ("from"), where
// to ("to"), else where (a hotel's city).
func (sl *slot) placeDirection() nlu.PlaceDirection {
	switch {
	case slices.Contains(sl.cues, "from"):
		return nlu.PlaceFrom
	case slices.Contains(sl.cues, "to"):
		return nlu.PlaceTo
	}
	return nlu.PlaceAt
}

// withoutCueTypo is name without a typo of a cue before a known city
// (cueTypo): the city, known; ok is false when the cue is another slot's.
func (sl *slot) withoutCueTypo(name string) (c string, known, ok bool) {
	city, own, typo := sl.cueTypo(name)
	switch {
	case typo && !own:
		return "", false, false
	case typo:
		return city, true, true
	}
	return name, false, true
}

// cueTypo reads an unknown name whose first word is a typo of a cue of the
// flow's patterns and whose other words name a known city ("Fro Portland",
// "Form Boston", "tto Miami"): the city, and own when the cue is sl's own.
// The typo is a frame word, never part of a place's name.
func (sl *slot) cueTypo(name string) (city string, own, typo bool) {
	head, rest, ok := strings.Cut(name, " ")
	if !ok || utf8.RuneCountInString(head) < 3 {
		return "", false, false
	}
	head = strings.ToLower(head)
	near := func(cue string) bool { return nlu.NearWord(head, cue) }
	own = slices.ContainsFunc(sl.cues, near)
	if !own && !slices.ContainsFunc(sl.frameCues, near) && !slices.ContainsFunc(placeFrameWords, near) {
		return "", false, false // the head is no cue's typo: most names stop here
	}
	city, known := nlu.MatchCityExact(rest)
	switch {
	case !known:
		return "", false, false
	case own:
		return city, true, true
	}
	return "", false, true
}

// placeFrameWords are the words that frame a place in any flow, whatever its
// patterns: a typo of one before a known city is no part of its name.
var placeFrameWords = []string{"from", "to", "into", "in", "near"}

// trimPunctSpace is text without the punctuation and spaces around it. An
// ASCII letter or digit at both ends, as most texts have, is never trimmed:
// no rune is decoded.
func trimPunctSpace(text string) string {
	if len(text) > 0 && asciiAlnum(text[0]) && asciiAlnum(text[len(text)-1]) {
		return text
	}
	return strings.TrimFunc(text, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
}

// asciiAlnum reports whether c is an ASCII letter or digit: a byte no
// multi-byte rune starts, neither punctuation nor space.
func asciiAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// cityPrefix reads a city at the start of text and says how many of its words
// it took: the whole text or its first words naming a known city, else (typed
// text) its leading capitalized words; an upstream entity is a city as given.
func cityPrefix(text string, upstream, cued bool) (string, int, bool) {
	text = trimPunctSpace(text)
	words := 0
	for range strings.FieldsSeq(text) {
		words++
	}
	if words == 0 {
		return "", 0, false
	}
	if upstream {
		// An upstream parse names the place as it is: a known one by its usual
		// name, any other as given, never typo-corrected ("Pittsburg" is a
		// city of its own).
		if c, ok := nlu.MatchCityExact(text); ok {
			return c, words, true
		}
		return text, words, true
	}
	if c, ok := nlu.MatchCity(text); ok {
		return c, words, true
	}
	for n := min(words-1, 3); n >= 1; n-- {
		// The first n words as typed: MatchCity reads a text by its words
		// (keyed, the spaces between them folded to one), so they need not be
		// joined into a string of their own.
		// A city that is an ordinary word in lower case ("nice day today")
		// is the word: it names the city alone or after a cue only.
		head := text[:wordsEnd(text, n)]
		if n == 1 && beginsLongerName(head, text[len(head):]) {
			continue // "La Paz", "La Rochelle": no "LA"
		}
		if c, ok := nlu.MatchCity(head); ok && (!nlu.IsCityWord(head) || cued && nlu.CityWordMayEnd(text[len(head):])) && typoHeadAccounted(head, text[len(head):]) {
			return c, n, true
		}
	}
	// An unknown name: the capitalized words it starts with ("Bergen" of
	// "Bergen tomorrow"). In a text without a lower-case letter capitals say
	// nothing ("I NEED A FLIGHT TOMORROW"): no unknown name is read there.
	return capitalizedName(text)
}

// typoHeadAccounted reports whether head, the first words of a text that
// name a known city, may be read with the rest after it: always when head
// is a known name as typed; when it is read only as a typo of one ("hana",
// one letter from Hága), only when every word of rest is a word the readers
// know ("chigaco next friday"). A typo guessed inside a phrase of unknown
// words ("hana lon teupeu": a sentence in another language) would store a
// city nobody named: the phrase is asked again.
func typoHeadAccounted(head, rest string) bool {
	if _, exact := nlu.MatchCityExact(head); exact || nlu.IsRegionName(rest) {
		return true // "houstn tx": a typo of a city, then its state
	}
	for _, w := range nlu.FoldWords(rest) {
		if !nlu.IsLexiconWord(w) && !lexicon.IsEnglishWord(w) {
			return false
		}
	}
	return true
}

// plainPlace reads text, or its words before a comma ("kalispell, small
// airport up here"), as a town typed plainly in lower case (nlu.PlainPlace);
// else its first words, the longest that name a town, when the word after
// them may end a place's name ("bozeman to salt lake city", "bozeman for
// the marathon": nlu.CityWordMayEnd), as it may a city that is a word. n is
// the number of words the town took.
func plainPlace(text string) (town string, n int, ok bool) {
	return leadingName(text, 4, nlu.PlainPlace)
}

// leadingName is the name read reads in text, or in its words before a
// comma, or in its first words (up to most) when the word after them may end
// a place's name (nlu.CityWordMayEnd): the name and the words it took.
func leadingName(text string, most int, read func(string) (string, bool)) (name string, n int, ok bool) {
	head, _, _ := strings.Cut(text, ",")
	head = strings.TrimSpace(head)
	words := 0
	for range strings.FieldsSeq(head) {
		words++
	}
	if words > 0 && words <= most {
		if p, ok := read(head); ok {
			return p, words, true
		}
	}
	if words < 2 {
		return "", 0, false
	}
	// A name holds a word no lexicon holds: the first words up to the first
	// such one name none ("book a flight": most captures stop here, before
	// the costlier tests). The words are sliced from head, never joined.
	named := 0
	for w := range strings.FieldsSeq(head) {
		named++
		if named >= words || !nlu.IsLexiconWord(strings.ToLower(w)) {
			break
		}
	}
	for n := min(words-1, most); n >= named; n-- {
		end := wordsEnd(head, n)
		if !nlu.CityWordMayEnd(head[end:]) {
			continue
		}
		if p, ok := read(head[:end]); ok {
			return p, n, true
		}
	}
	return "", 0, false
}

// gazetteerPlace reads text's first word, typed in lower case after a cue,
// as a city of the gazetteer named as it is (gluedPlace: "savannah" of "to
// savannah for the marathon"; no ending or other name: "stadium" is no
// "Stadi") when it is the whole text or the word after it may end a place's
// name; n is 1 when read. Uncued, such a word is the word ("surprise me").
func (sl *slot) gazetteerPlace(text string) (city string, n int, ok bool) {
	head, _, _ := strings.Cut(text, ",")
	w, rest, _ := strings.Cut(strings.TrimSpace(head), " ")
	if w == "" || nlu.IsLexiconWord(w) && (rest != "" || ordinaryWord(w)) || rest != "" && !nlu.CityWordMayEnd(rest) {
		// "flight", "book a flight": most captures stop here; a word alone
		// in lower case the lexicons hold as a name or another language's
		// ("salem") reads on.
		return "", 0, false
	}
	c, _ := sl.gluedPlace(w)
	return c, 1, c != "" && strings.EqualFold(c, w)
}

// ordinaryWord reports whether w, a word of the lexicons, is an ordinary
// English word ("flight", "home"), not a name only (wamerican's "Salem")
// nor a word of another language's lists alone (Kazakh "salem", hello):
// after a place's cue ("out of salem") such a word typed in lower case may
// be the gazetteer's city of that name. A capitalized word counts as
// ordinary here: capitalized names are read as names elsewhere.
func ordinaryWord(w string) bool {
	if strings.ContainsFunc(w, unicode.IsUpper) {
		return true // "York" of "New York": a capitalized name is typedPlace's
	}
	return lexicon.IsEnglishWord(w) && !lexicon.IsNameOnly(w)
}

// beginsLongerName reports whether head, a word of two letters or fewer (a
// city's short alias: "LA", "SD"), is the first of a longer capitalized name
// that rest goes on with ("La Paz"): a word of the lexicons after it ("LA
// Friday", "LA Thanks") leaves it the alias.
func beginsLongerName(head, rest string) bool {
	next, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
	r, _ := utf8.DecodeRuneInString(next)
	return len(strings.TrimSpace(head)) <= 2 && unicode.IsUpper(r) && strings.ContainsFunc(next, unicode.IsLower) &&
		!nlu.IsLexiconWord(strings.TrimFunc(next, unicode.IsPunct))
}

// capitalizedName is the unknown name a typed text starts with: its leading
// capitalized words, "I" and "I'm" (the speaker) not among them, nor a word of
// a date or time ("a week from Monday", "from Tomorrow": nlu.IsDateWord), which
// no place is named by: dates are read before places. In a text without a
// lower-case letter capitals say nothing ("I NEED A FLIGHT TOMORROW"): no name
// is read there.
func capitalizedName(text string) (string, int, bool) {
	if !strings.ContainsFunc(text, unicode.IsLower) {
		return "", 0, false
	}
	var name []string
	rest := text
	for w := range strings.FieldsSeq(text) {
		r, _ := utf8.DecodeRuneInString(w)
		if len(name) == 4 || !unicode.IsUpper(r) || w == "I" || strings.HasPrefix(w, "I'") || nlu.IsDateWord(w) {
			break // "I", "I'm" are the speaker, "Monday" a date, not a place
		}
		if strings.HasSuffix(w, ":") {
			// "From: Denver": a word before a colon labels what follows; a
			// name read past it would hold the label.
			if len(name) == 0 {
				return "", 0, false
			}
			break
		}
		name = append(name, nameWord(w))
		_, rest, _ = strings.Cut(rest, w)
		if endsSentence(w) {
			// "Norfolk. Over.": the name ends with its sentence; one said
			// before another sentence is not the whole answer.
			if strings.ContainsFunc(rest, unicode.IsLetter) {
				return "", 0, false
			}
			break
		}
	}
	if len(name) == 0 || nlu.IsFormLabel(strings.Join(name, " ")) || !nameLike(name) {
		return "", 0, false // "From — Boston", "Departure city: Lisbon": a label's words
	}
	return strings.Join(name, " "), len(name), true
}

// nameWord is w, a word of a typed name, without the marks around it; an
// abbreviation keeps its period ("St." of "St. John's": nlu.IsPlaceAbbreviation).
func nameWord(w string) string {
	t := strings.TrimFunc(w, unicode.IsPunct)
	if strings.HasPrefix(w[len(t):], ".") && strings.HasPrefix(w, t) && nlu.IsPlaceAbbreviation(t) {
		return t + "."
	}
	return t
}

// endsSentence reports whether the word w ends a sentence ("Norfolk.",
// "question?"): a short abbreviation ("St.", "Mt.") does not.
func endsSentence(w string) bool {
	trimmed := strings.TrimRight(w, ".!?")
	return len(trimmed) < len(w) && (len(trimmed) > 3 || !strings.HasSuffix(w, "."))
}

// nameLike reports whether the capitalized words of an unknown name can name a
// place the gazetteer does not know: none of them is an ordinary word of the
// lexicons ("Good" of "Good question", "Over"), nor a code in capitals that
// the gazetteer's codes do not hold ("DEN" of "near DEN airport", "XQZ"): a
// code is a city only through its table (issue 38, "parse or ask"); nor a
// name with a case ending after an apostrophe no list reads away
// ("Simferopol'xy": nlu.HasUnreadCaseEnding), which is asked again.
func nameLike(name []string) bool {
	for _, w := range name {
		if nlu.IsCommonWord(w) || len(w) > 1 && !strings.ContainsFunc(w, unicode.IsLower) || nlu.HasUnreadCaseEnding(w) {
			return false
		}
	}
	return true
}

// wordsEnd returns the byte offset in text just after its first n words.
func wordsEnd(text string, n int) int {
	end, inWord := 0, false
	for i, r := range text {
		if unicode.IsSpace(r) {
			if inWord {
				n--
				if n == 0 {
					return end
				}
			}
			inWord = false
			continue
		}
		inWord = true
		end = i + utf8.RuneLen(r)
	}
	return len(text)
}

func groupValue(p *pattern, text string) string {
	m := p.find(text)
	if m == nil {
		return ""
	}
	g := p.group
	if 2*g+1 >= len(m) || m[2*g] < 0 {
		return ""
	}
	return strings.TrimSpace(text[m[2*g]:m[2*g+1]])
}

// normalize applies the slot's lookup table and case.
func (sl *slot) normalize(v string) string {
	if sl.lookup != nil {
		if c, ok := sl.lookup[foldKey(v)]; ok {
			return c
		}
	}
	switch sl.caseMode {
	case "lower":
		return strings.ToLower(v)
	case "upper":
		return strings.ToUpper(v)
	case "title":
		words := strings.Fields(strings.ToLower(v))
		for i, w := range words {
			r, n := utf8.DecodeRuneInString(w)
			words[i] = string(unicode.ToUpper(r)) + w[n:]
		}
		return strings.Join(words, " ")
	}
	return v
}

// check runs the slot's validators in order; the first failure wins. A custom
// validator's call whose outcome is not known is an *unknownOutcome error.
func (e *Engine) check(ctx context.Context, t parley.Turn, s *State, sl *slot, v any) (any, string, error) {
	if v == DontCare && sl.allowsNoPreference() {
		return v, "", nil // no value to check: any will do
	}
	for _, val := range sl.validators {
		if val.def.Type == ValidateDiffers {
			if s != nil && holdsAlready(s.Slots[val.def.Slot], sl, v) {
				return nil, e.invalidText(sl, val), nil
			}
			continue
		}
		if val.def.Type == ValidateCustom {
			res, err := e.call(ctx, t, s, e.checkRequest(t, s, sl, val.def.Webhook, v))
			if err != nil {
				return nil, "", err
			}
			if res.Valid != nil && !*res.Valid {
				if res.Message != "" {
					return nil, res.Message, nil
				}
				return nil, e.invalidText(sl, val), nil
			}
			if res.Value != nil {
				v = res.Value
			}
			continue
		}
		if !val.accepts(v, t.Message.SentAt) {
			return nil, e.invalidText(sl, val), nil
		}
	}
	return v, "", nil
}

// builtinChecks are the built-in validators by type; a type not listed (custom,
// which a webhook answers) accepts every value here.
var builtinChecks = map[string]func(val *validator, v any, sentAt time.Time) bool{
	ValidateFormat: func(val *validator, v any, _ time.Time) bool { return formatOK(val.def.Format, v) },
	ValidateRange: func(val *validator, v any, _ time.Time) bool {
		n, isNum := number(v)
		return isNum && val.def.within(n)
	},
	ValidateLength: func(val *validator, v any, _ time.Time) bool {
		return val.def.within(float64(utf8.RuneCountInString(format(v))))
	},
	ValidateEnum: func(val *validator, v any, _ time.Time) bool {
		return slices.ContainsFunc(val.def.Values, func(x string) bool { return strings.EqualFold(x, format(v)) })
	},
	ValidateRegex: func(val *validator, v any, _ time.Time) bool {
		return val.pattern != nil && val.pattern.MatchString(format(v))
	},
	ValidateFutureDate: func(_ *validator, v any, sentAt time.Time) bool {
		today := nlu.DateOf(sentAt).String()
		str, isStr := v.(string)
		return isStr && len(str) == 10 && str >= today
	},
}

// accepts runs a built-in validator on v; sentAt dates "today" for future_date_only.
func (val *validator) accepts(v any, sentAt time.Time) bool {
	check, ok := builtinChecks[val.def.Type]
	return !ok || check(val, v, sentAt)
}

// within reports whether n is inside the validator's min and max (each optional).
func (d *Validator) within(n float64) bool {
	return (d.Min == nil || n >= *d.Min) && (d.Max == nil || n <= *d.Max)
}

func formatOK(kind string, v any) bool {
	s := format(v)
	switch kind {
	case "email":
		got, ok := nlu.ExtractEmail(s)
		return ok && got == s
	case "phone":
		_, ok := nlu.ExtractPhone(s)
		return ok
	case "date":
		return len(s) == 10 && s[4] == '-' && s[7] == '-'
	case "number", "integer":
		_, ok := number(v)
		return ok
	}
	return true
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case int:
		return float64(x), true
	case string:
		f, err := strconv.ParseFloat(x, 64)
		return f, err == nil
	}
	return 0, false
}

// format renders a slot value for replies and comparisons.
func format(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatInt(int64(x), 10)
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case bool:
		if x {
			return "yes"
		}
		return "no"
	}
	return ""
}

// holds evaluates a branch condition against the slots: every test it sets holds.
func holds(c *Condition, slots map[string]any) bool {
	v, present := slots[c.Slot]
	filled := present && v != nil
	if c.Filled != nil && *c.Filled != filled {
		return false
	}
	return c.textHolds(format(v)) && c.boundsHold(v)
}

// textHolds runs the condition's equals, not_equals and in tests (case-insensitive).
func (c *Condition) textHolds(str string) bool {
	if c.Equals != nil && !strings.EqualFold(str, *c.Equals) {
		return false
	}
	if c.NotEquals != nil && strings.EqualFold(str, *c.NotEquals) {
		return false
	}
	return c.In == nil || slices.ContainsFunc(c.In, func(x string) bool { return strings.EqualFold(x, str) })
}

// boundsHold runs the condition's gt and lt tests: both need a number.
func (c *Condition) boundsHold(v any) bool {
	if c.GT == nil && c.LT == nil {
		return true
	}
	n, ok := number(v)
	// Written as the refusals, so that NaN (which compares false) is not refused.
	return ok && !(c.GT != nil && n <= *c.GT) && !(c.LT != nil && n >= *c.LT)
}

// Normalize returns the value a slot of the bot takes for raw, as an upstream
// parse's entity would give it (a date relative to now as YYYY-MM-DD, a time as
// HH:MM, a city by its usual name), and whether raw is a value of the slot.
// Tools comparing the engine's state with another record of the same
// conversation use it to read both alike.
func (e *Engine) Normalize(slotName, raw string, now time.Time) (string, bool) {
	sl := e.slotByName[slotName]
	if sl == nil {
		return "", false
	}
	t := parley.Turn{Message: parley.Message{Text: raw, SentAt: now, NLU: &parley.NLU{}}}
	v, ok := e.parse(t, sl, raw, true)
	if !ok {
		return "", false
	}
	return format(v), true
}

// Accepts reports whether raw, typed as the answer to the question of slot slotName
// of flow flowName at now, is a value the slot takes: it reads as the slot's type
// and passes the slot's validators in order. failed is the index of the validator
// that refused it, -1 when it does not read as the type (or the slot is unknown),
// len(validators) when it is taken. A custom validator (a webhook's or a
// function's) is not called: it takes every value here. parley check picks its
// sample values with it, so that they pass exactly what the engine checks.
func (e *Engine) Accepts(flowName, slotName, raw string, now time.Time) (ok bool, failed int) {
	f := e.flows[flowName]
	if f == nil || f.slots[slotName] == nil {
		return false, -1
	}
	sl := f.slots[slotName]
	t := parley.Turn{Message: parley.Message{Text: raw, SentAt: now}}
	v, read := e.parse(t, sl, raw, true)
	if !read {
		return false, -1
	}
	for i, val := range sl.validators {
		if val.def.Type != ValidateCustom && !val.accepts(v, now) {
			return false, i
		}
	}
	return true, len(sl.validators)
}

// entityText is the text of an entity value that is not a string, as a user would
// type it: a number in plain digits, true or false; anything else (an object, a
// list) has no text and is not understood.
func entityText(v any) string {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

// capturesTwo reports whether p captures two different values of sl in text
// ("BK-20001 and BK-20002", "bk12345 or BK-54321" as the slot normalizes
// them): two values give none, and the bot asks which.
func capturesTwo(sl *slot, p *pattern, text string) bool {
	first := ""
	for _, m := range overlappingMatches(p, text) {
		g := p.group
		if 2*g+1 >= len(m) || m[2*g] < 0 {
			continue
		}
		v := sl.normalize(strings.TrimSpace(text[m[2*g]:m[2*g+1]]))
		switch {
		case first == "":
			first = v
		case !strings.EqualFold(v, first):
			return true
		}
	}
	return false
}

// holdsAlready reports whether other, another slot's value (nil: none), is
// v, the value of sl: as people write it, or for a city the same city in
// two spellings ("from Uzhgorod to Uzhhorod" is no trip).
func holdsAlready(other any, sl *slot, v any) bool {
	return sameValue(other, v) || sl.typ == TypeCity && other != nil && nlu.SamePlace(format(other), format(v))
}

// sameValue says another slot's value (nil: none) is v, as people write it:
// "new york" is New York.
func sameValue(other, v any) bool {
	return other != nil && strings.EqualFold(format(other), format(v))
}
