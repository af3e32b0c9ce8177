package flows

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley/nlu"
)

// stay reports whether a flow counts the nights or days of a stay (a slot of
// it countsDays): its dates are the stay's start, and a day said as its end
// ("until Sunday") gives the count, never the start.
func stay(f *flow) bool {
	for _, sl := range f.slotOrder {
		if sl.days {
			return true
		}
	}
	return false
}

// stayCount reads a typed answer to sl's question, when sl counts a stay's
// nights or days, that gives the day the stay ends instead ("checking out on
// the 24th", "until Sunday", nlu.ReadStayEnd): the days from the flow's one
// filled date (its start) to that day, read after the start, as the answer's
// text. read is false when the answer gives no end day; ok is false when it
// gives one but no count can be made of it (no start, or two).
func (tu *turn) stayCount(f *flow, sl *slot) (count string, read, ok bool) {
	if !sl.days || tu.in.Message.NLU != nil || tu.in.Message.Meaning != "" {
		return "", false, false
	}
	if count, read, ok := tu.namedNights(f); read {
		return count, true, ok
	}
	if count, read, ok := tu.correctedEnd(f); read {
		return count, true, ok
	}
	if count, read, ok := tu.countToEnd(f, tu.text); read {
		return count, true, ok
	}
	return tu.countWithEnd(f, sl)
}

// correctedEnd reads a stay's end corrected in the same message ("till
// sunday, actually monday", "out saturday, no wait, sunday"): when what comes
// before the correction says the day the stay ends, the day after it is the
// stay's end too, the last one said; it is never the stay's start, which
// only its own cue moves ("actually check in saturday" is no end and is read
// as before). read is false when the message is no such correction.
func (tu *turn) correctedEnd(f *flow) (count string, read, ok bool) {
	head, tail, corrected := tu.correction()
	if !corrected {
		return "", false, false
	}
	if _, isEnd := tu.endReadFrom(f, head, nlu.ReadStayEnd); !isEnd {
		return "", false, false
	}
	if count, read, ok := tu.countToEnd(f, tail); read {
		return count, true, ok
	}
	return tu.countFrom(f, tail, nlu.ReadDate)
}

// countToEnd is the count of nights from the stay's start to the day text
// says it ends (nlu.ReadStayEnd); read is false when text says no end day,
// ok false when no count can be made of it.
func (tu *turn) countToEnd(f *flow, text string) (count string, read, ok bool) {
	return tu.countFrom(f, text, nlu.ReadStayEnd)
}

// countFrom is the count of nights from the stay's start to the day text
// says, read by read from the time endReadFrom gives; read is false when it
// reads no day.
func (tu *turn) countFrom(f *flow, text string, read func(string, time.Time) (nlu.Date, bool)) (count string, _, ok bool) {
	from, said := tu.endReadFrom(f, text, read)
	if !said {
		return "", false, false
	}
	return tu.countToDay(f, func(now time.Time) (nlu.Date, bool) {
		if now.Equal(tu.now) {
			now = from
		}
		return read(text, now)
	})
}

// endReadFrom is the time text's stay end is read from by read: today; or
// the stay's start when that is after today and today reads no day: today's
// weekday ("till friday" sent on a Friday) names no day from today (today,
// or a week on?), but a stay that starts later ends on the first such day
// after its start. said is false when neither reads a day.
func (tu *turn) endReadFrom(f *flow, text string, read func(string, time.Time) (nlu.Date, bool)) (from time.Time, said bool) {
	if _, said := read(text, tu.now); said {
		return tu.now, true
	}
	start, ok := tu.stayStart(f)
	if !ok || !start.After(tu.now) {
		return time.Time{}, false
	}
	_, said = read(text, start)
	return start, said
}

// countToDay is the count of nights from the stay's start to the day read
// (read relative to a time: today, else the start); ok is false when no
// count can be made of it.
func (tu *turn) countToDay(f *flow, read func(time.Time) (nlu.Date, bool)) (count string, _, ok bool) {
	end, _ := read(tu.now)
	start, ok := tu.stayStart(f)
	if !ok {
		return "", true, false
	}
	days := daysBetween(start, end)
	if days < 1 {
		// Read from today the end falls before the start: a weekday ("until
		// Sunday") is the first such day after the start; any other day is
		// asked again ("until the 18th" for a check-in on the 20th).
		days = weekdayAfter(start, read)
	}
	if days < 1 {
		return "", true, false
	}
	return strconv.Itoa(days), true, true
}

// weekdayAfter is the nights from start to the end day read from it, when
// that is a day of the week after it. The check-in's own weekday ("until
// friday" for a Friday check-in: the day itself, or a week on?) reads no day
// from it and is 0, asked again, as a weekday said on its own day is (round
// 25); so is a day more than a week on ("until the 18th" for a check-in on
// the 20th: next month's).
func weekdayAfter(start time.Time, read func(time.Time) (nlu.Date, bool)) int {
	again, ok := read(start)
	if days := daysBetween(start, again); ok && days >= 1 && days <= 7 {
		return days
	}
	return 0
}

// countWithEnd reads a count and the day the stay ends said in two clauses
// ("3 nights, until Sunday", "until the 25th, so 3 nights"): the count when
// the two agree; when they disagree neither is taken (ok false) and the
// question is asked again. read is false when the answer is not so made.
func (tu *turn) countWithEnd(f *flow, sl *slot) (count string, read, ok bool) {
	head, tail, cut := strings.Cut(tu.text, ",")
	if !cut || strings.Contains(tail, ",") {
		return "", false, false
	}
	for _, pair := range [2][2]string{{head, tail}, {tail, head}} {
		days, read, ok := tu.countToEnd(f, pair[1])
		if !read {
			continue
		}
		if nlu.NamesWeekend(pair[0]) {
			return days, true, ok && tu.inOneWeekend(f, days) // "just the weekend, out sunday"
		}
		v, said := tu.e.parse(tu.in, sl, strings.TrimSpace(pair[0]), true)
		if !said {
			return "", false, false
		}
		return days, true, ok && fmt.Sprint(v) == days
	}
	return "", false, false
}

// daysBetween is the count of days from start to the date d.
func daysBetween(start time.Time, d nlu.Date) int {
	return int(time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC).Sub(start).Hours() / 24)
}

// stayStart is the flow's one filled date slot's day, at midnight UTC.
func (tu *turn) stayStart(f *flow) (time.Time, bool) {
	var start time.Time
	n := 0
	for _, sl := range f.slotOrder {
		if sl.typ != TypeDate {
			continue
		}
		if v, ok := tu.s.Slots[sl.name].(string); ok {
			if d, err := time.Parse(time.DateOnly, v); err == nil {
				start, n = d, n+1
			}
		}
	}
	return start, n == 1
}

// namedNights reads nights named by their weekdays ("Friday and Saturday
// nights", nlu.ReadNamedNights) as their count, when the first is the
// weekday of the stay's start; read is false when the answer names none, ok
// false when it names nights that do not start on the check-in day.
func (tu *turn) namedNights(f *flow) (count string, read, ok bool) {
	first, n, read := nlu.ReadNamedNights(tu.text)
	if !read {
		return "", false, false
	}
	start, ok := tu.stayStart(f)
	if !ok || start.Weekday() != first {
		return "", true, false
	}
	return strconv.Itoa(n), true, true
}

// dropEndCorrected leaves out of after (the values read after a correction)
// the date that corrects a stay's end ("till sunday, actually monday"): what
// the head said was the day the stay ends, so the day after the correction
// is its end again (stayCount counts it), never its start, unless the tail
// names a date slot by its own words ("actually check in on monday").
func dropEndCorrected(f *flow, head, tail string, after map[string]any, now time.Time) {
	if !stay(f) || !nlu.SaysStayEnd(head, now) {
		return
	}
	for _, sl := range f.slotOrder {
		if sl.typ == TypeDate && !namesSlot(sl, tail) {
			delete(after, sl.name)
		}
	}
}

// correctsStayEnd reports whether a typed answer to the question of a slot
// that counts a stay corrects the day the stay ends (correctedEnd): the
// answer, not a change of course.
func (tu *turn) correctsStayEnd() bool {
	sl, f := tu.awaitedSlot(), tu.flow()
	if sl == nil || f == nil || !sl.days {
		return false
	}
	_, read, _ := tu.correctedEnd(f)
	return read
}

// inOneWeekend reports whether days nights from the stay's start fall in one
// weekend: a start on Friday or Saturday, the day it ends by the Monday
// after ("just the weekend, out sunday" from a Friday check-in).
func (tu *turn) inOneWeekend(f *flow, days string) bool {
	start, ok := tu.stayStart(f)
	n, err := strconv.Atoi(days)
	if !ok || err != nil {
		return false
	}
	wd := start.Weekday()
	return (wd == time.Friday || wd == time.Saturday) && int(wd)+n <= int(time.Saturday)+2
}

// anchorsOther reports whether a date volunteered in text at another slot's
// question (or in a first message) stands inside a clause picking out
// something else ("whichever port we tie up at friday",
// nlu.DateInRelativeClause): it anchors that thing and is not plainly the
// trip's day, so it is not stored; the date's own question asks for it.
func (tu *turn) anchorsOther(text string) bool {
	if sl := tu.awaitedSlot(); sl != nil && sl.typ == TypeDate {
		return false
	}
	// "from columbus, school let out thursday": the day of an event the
	// user tells of (nlu.DateInLifeClause) is no day of the trip either.
	return nlu.DateInRelativeClause(text) || nlu.DateInLifeClause(text)
}

// journeyAside is the offset of a clause about the journey to a stay after
// the answer to a stay's date question (nlu.JourneyAside: "friday, flying in
// thursday night"), or -1: the journey is another event than the stay, its
// day none of the stay's. At a flight's question the journey is the trip.
func (tu *turn) journeyAside(sl *slot, text string) int {
	f := tu.flow()
	if f == nil || sl.typ != TypeDate || !stay(f) {
		return -1
	}
	return nlu.JourneyAside(text)
}
