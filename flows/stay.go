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
	if count, read, ok := tu.countToEnd(f, tu.text); read {
		return count, true, ok
	}
	return tu.countWithEnd(f, sl)
}

// countToEnd is the count of nights from the stay's start to the day text
// says it ends (nlu.ReadStayEnd); read is false when text says no end day,
// ok false when no count can be made of it.
func (tu *turn) countToEnd(f *flow, text string) (count string, read, ok bool) {
	end, read := nlu.ReadStayEnd(text, tu.now)
	if !read {
		return "", false, false
	}
	start, ok := tu.stayStart(f)
	if !ok {
		return "", true, false
	}
	days := daysBetween(start, end)
	if days < 1 {
		// Read from today the end falls before the start: a weekday ("until
		// Sunday") is the one in the week after the start; any other day is
		// asked again ("until the 18th" for a check-in on the 20th).
		if again, _ := nlu.ReadStayEnd(text, start); daysBetween(start, again) <= 7 {
			days = daysBetween(start, again)
		}
	}
	if days < 1 {
		return "", true, false
	}
	return strconv.Itoa(days), true, true
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
