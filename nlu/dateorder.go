package nlu

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/parleyhq/parley/nlu/cldr"
)

// DateOrder is the order a bot's users write a numeric date's day and month
// in, from the bot's locale (LocaleDateOrder): "7/6" is July 6 in en-US, 7 June
// in en-GB. OrderOpen, a bot without a locale, decides nothing: a date whose
// two numbers are both 12 or less and differ is asked again (numericDate).
type DateOrder uint8

// The orders of a numeric date's fields.
const (
	OrderOpen       DateOrder = iota
	OrderMonthFirst           // en-US M/d/yy
	OrderDayFirst             // en-GB dd/MM/y
	OrderYearFirst            // ja y/MM/dd: a yearless "7/6" is month/day
)

var (
	dateOrdersOnce sync.Once
	dateOrders     map[string]DateOrder
)

// LocaleDateOrder is the numeric date order of a locale tag ("en-US",
// "en_GB", any case) from CLDR's short date pattern (cldr.DateOrders); ok
// is false for a locale CLDR does not have.
func LocaleDateOrder(locale string) (DateOrder, bool) {
	dateOrdersOnce.Do(func() {
		dateOrders = map[string]DateOrder{}
		for line := range strings.Lines(cldr.DateOrders) {
			loc, order, ok := strings.Cut(strings.TrimSpace(line), " ")
			if !ok || strings.HasPrefix(loc, "#") {
				continue
			}
			switch order {
			case "MDY":
				dateOrders[strings.ToLower(loc)] = OrderMonthFirst
			case "DMY":
				dateOrders[strings.ToLower(loc)] = OrderDayFirst
			case "YMD":
				dateOrders[strings.ToLower(loc)] = OrderYearFirst
			}
		}
	})
	o, ok := dateOrders[strings.ToLower(strings.ReplaceAll(strings.TrimSpace(locale), "_", "-"))]
	return o, ok
}

// OrderNumericDates writes the numeric dates of text whose order is open
// ("7/6", "7/6/27": both numbers 12 or less, and different) in the order
// given, as forms every reader reads one way: with a year, the ISO date
// ("2027-07-06"); without one, the month's English name and the day ("July
// 6", the next such day). Dots (day.month everywhere), dashes without a year
// (ranges), a date one order alone gives (day above 12) and an order that
// does not say where the year goes are left as written; OrderOpen leaves text
// as it is.
func OrderNumericDates(text string, order DateOrder) string {
	if order == OrderOpen || !digitBeforeSeparator(text) {
		return text
	}
	var b strings.Builder
	last := 0
	for m, ok := nextNumericDate(text, 0); ok; m, ok = nextNumericDate(text, m[1]) {
		if partOfLonger(text, m[0], m[1]) {
			continue // "2026/02/05": the year-first date's month and day
		}
		if w, ok := orderedNumeric(text, m[:], order); ok {
			b.WriteString(text[last:m[0]])
			b.WriteString(w)
			last = m[1]
		}
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// partOfLonger reports whether text[start:end] is joined to more digits by
// a date separator before or after it ("2026/02/05", "1/2/3/4"): part of
// another number, never a date of its own.
func partOfLonger(text string, start, end int) bool {
	before := start >= 2 && isDateSeparator(text[start-1]) && isDigitByte(text[start-2])
	after := end+1 < len(text) && isDateSeparator(text[end]) && isDigitByte(text[end+1])
	return before || after
}

// orderedNumeric is the numeric date of the match m of text written as
// OrderNumericDates says, when its order is open and order decides it.
func orderedNumeric(text string, m []int, order DateOrder) (string, bool) {
	a, _ := strconv.Atoi(text[m[2]:m[3]])
	sep := text[m[4]:m[5]]
	b, _ := strconv.Atoi(text[m[6]:m[7]])
	hasYear := m[8] >= 0
	if sep == "." || a == b || a < 1 || b < 1 || a > 12 || b > 12 || !hasYear && sep != "/" {
		return "", false
	}
	month, day := a, b
	switch {
	case order == OrderDayFirst:
		month, day = b, a
	case order == OrderYearFirst && hasYear:
		return "", false // "7/6/27" is not this locale's form
	}
	if !hasYear {
		return fmt.Sprintf("%s %d", time.Month(month), day), true
	}
	y := fullYear(text[m[8]:m[9]])
	if !validDate(y, time.Month(month), day) {
		return "", false
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, month, day), true
}
