package nlu

import (
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"
)

func TestLocaleDateOrder(t *testing.T) {
	for loc, want := range map[string]DateOrder{"en-US": OrderMonthFirst, "en_us": OrderMonthFirst, "en": OrderMonthFirst, "en-GB": OrderDayFirst, "de-DE": OrderDayFirst, "fr": OrderDayFirst, "ja": OrderYearFirst, "en-CA": OrderYearFirst} {
		if got, ok := LocaleDateOrder(loc); !ok || got != want {
			t.Errorf("LocaleDateOrder(%q) = %v, %v; want %v", loc, got, ok, want)
		}
	}
	for _, loc := range []string{"", "english", "xx-YY", "US"} {
		if _, ok := LocaleDateOrder(loc); ok {
			t.Errorf("LocaleDateOrder(%q) is a locale", loc)
		}
	}
}

func TestOrderNumericDates(t *testing.T) {
	now := time.Date(2027, 6, 29, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		text  string
		order DateOrder
		want  string // "" when no date
	}{
		{"7/6", OrderMonthFirst, "2027-07-06"},
		{"8/12", OrderMonthFirst, "2027-08-12"},
		{"7/9", OrderDayFirst, "2027-09-07"},
		{"7/6", OrderDayFirst, ""}, // 7 June, just gone: asked again
		{"7/6", OrderYearFirst, "2027-07-06"},
		{"7/6", OrderOpen, ""},
		{"on 3/4/28 please", OrderMonthFirst, "2028-03-04"},
		{"on 3/4/28 please", OrderDayFirst, "2028-04-03"},
		{"3/4/28", OrderYearFirst, ""}, // not ja's form
		{"7/20", OrderDayFirst, "2027-07-20"},
		{"20/7", OrderMonthFirst, "2027-07-20"},
		{"7.9.", OrderMonthFirst, "2027-09-07"}, // dots: day.month everywhere
		{"7-6", OrderMonthFirst, ""},            // a range
		{"7/7", OrderOpen, "2027-07-07"},
		{"2/30/27", OrderMonthFirst, ""},
		{"2027/11/06", OrderMonthFirst, "2027-11-06"}, // year first: as written
		{"2027-11-06", OrderDayFirst, "2027-11-06"},
		{"1/2/3/4", OrderMonthFirst, ""},
	} {
		d, ok := ReadDate(OrderNumericDates(c.text, c.order), now)
		got := ""
		if ok {
			got = d.String()
		}
		if got != c.want {
			t.Errorf("%q in order %d: %q, want %q", c.text, c.order, got, c.want)
		}
	}
}

// An open numeric date is read in the locale's order, one only one order
// gives is left as written whatever the order, and without an order nothing
// changes.
func TestOrderNumericDatesProperty(t *testing.T) {
	now := time.Date(2027, 6, 29, 10, 0, 0, 0, time.UTC)
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.IntRange(1, 12).Draw(t, "a")
		b := rapid.IntRange(1, 12).Filter(func(b int) bool { return b != a }).Draw(t, "b")
		y := rapid.IntRange(28, 35).Draw(t, "year")
		text := fmt.Sprintf("%d/%d/%d", a, b, y)
		if got := OrderNumericDates(text, OrderOpen); got != text {
			t.Fatalf("open order changed %q to %q", text, got)
		}
		for order, md := range map[DateOrder][2]int{OrderMonthFirst: {a, b}, OrderDayFirst: {b, a}} {
			d, ok := ReadDate(OrderNumericDates(text, order), now)
			if want := (Date{2000 + y, time.Month(md[0]), md[1]}); !ok || d != want {
				t.Fatalf("%q in order %d: %v %v, want %v", text, order, d, ok, want)
			}
		}
		big := rapid.IntRange(13, 31).Draw(t, "day")
		for _, s := range []string{fmt.Sprintf("%d/%d", big, a), fmt.Sprintf("%d/%d", a, big)} {
			for _, order := range []DateOrder{OrderOpen, OrderMonthFirst, OrderDayFirst, OrderYearFirst} {
				if got := OrderNumericDates(s, order); got != s {
					t.Fatalf("%q, one order only, written %q", s, got)
				}
			}
		}
	})
}
