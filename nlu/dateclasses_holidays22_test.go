package nlu

import (
	"testing"
	"time"
)

// Named days computed, not listed by year (issue 38, round 20: "cybr
// monday", "first sunday of advent", "till advent sunday"): the US retail
// days counted from Thanksgiving, the Sundays of Advent counted back from
// Christmas Day, Orthodox Easter and the days counted from it; one that has
// just passed, or a season alone, is asked.
func TestDateClassesHolidays22(t *testing.T) {
	now := time.Date(2028, 11, 22, 16, 40, 0, 0, time.UTC) // Wednesday, the day before Thanksgiving
	cases := []struct {
		text, want string // want "" is no date (asked again)
	}{
		{"black friday", "2028-11-24"},
		{"small business saturday", "2028-11-25"},
		{"cyber monday", "2028-11-27"},
		{"cybr monday", "2028-11-27"}, // one edit, "monday" beside it
		{"cyber mondya", "2028-11-27"},
		{"giving tuesday", "2028-11-28"},
		{"givingtuesday", "2028-11-28"},
		{"first sunday of advent", "2028-12-03"},
		{"the first sunday of advent, my choir sings that night", "2028-12-03"},
		{"advent sunday", "2028-12-03"},
		{"1st sunday in advent", "2028-12-03"},
		{"second sunday of advent", "2028-12-10"},
		{"gaudete sunday", "2028-12-17"},
		{"the fourth sunday of advent", "2028-12-24"},
		{"advent", ""}, // the season
		{"orthodox easter", ""},
		{"orthodox easter sunday", "2029-04-08"},
		{"orthodox easter monday", "2029-04-09"},
		{"orthodox good friday", "2029-04-06"},
		{"the day after orthodox easter", "2029-04-09"},
	}
	for _, c := range cases {
		if got := readDateString(c.text, now); got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	// Just passed: asked, never next year's.
	after := time.Date(2028, 11, 29, 9, 0, 0, 0, time.UTC)
	for _, text := range []string{"cyber monday", "giving tuesday", "small business saturday"} {
		if got := readDateString(text, after); got != "" {
			t.Errorf("ReadDate(%q) on 2028-11-29 = %q, want none", text, got)
		}
	}
}

// Orthodox Easter by the Julian computus and the first Sunday of Advent, by
// year (the published tables: Wikipedia "List of dates for Easter";
// Advent Sunday, the fourth Sunday before Christmas Day).
func TestComputedFeastsByYear(t *testing.T) {
	orthodox := map[int]string{2024: "2024-05-05", 2025: "2025-04-20", 2026: "2026-04-12",
		2027: "2027-05-02", 2028: "2028-04-16", 2029: "2029-04-08", 2030: "2030-04-28"}
	for y, want := range orthodox {
		if got := OrthodoxEasterSunday(y).String(); got != want {
			t.Errorf("OrthodoxEasterSunday(%d) = %s, want %s", y, got, want)
		}
	}
	advent := map[int]string{2024: "2024-12-01", 2025: "2025-11-30", 2026: "2026-11-29",
		2027: "2027-11-28", 2028: "2028-12-03", 2022: "2022-11-27"}
	for y, want := range advent {
		if got := AdventSunday(y, 1).String(); got != want {
			t.Errorf("AdventSunday(%d, 1) = %s, want %s", y, got, want)
		}
	}
	for y := 2000; y <= 2099; y++ {
		first, fourth := AdventSunday(y, 1), AdventSunday(y, 4)
		if first.Weekday() != time.Sunday || fourth.Month != time.December || fourth.Day < 18 || fourth.Day > 24 ||
			first.AddDays(21) != fourth {
			t.Fatalf("Advent %d: first %s, fourth %s", y, first, fourth)
		}
		if e := OrthodoxEasterSunday(y); e.Weekday() != time.Sunday || e.Before(EasterSunday(y)) {
			t.Fatalf("Orthodox Easter %d = %s (%s), Western %s", y, e, e.Weekday(), EasterSunday(y))
		}
	}
}

// A yearless numeric date whose numbers are both 12 or less (round 20:
// "12/01", "12/02", "until 12/2" sent on 22 November) is a date a month
// first reading and a day first one both give in the year ahead (1 December,
// 12 January): asked again by a bot without a locale, read in the order of
// a bot that has one (OrderNumericDates). One order alone is read anyway.
func TestYearlessNumericOrderRound20(t *testing.T) {
	now := time.Date(2028, 11, 22, 16, 40, 0, 0, time.UTC)
	cases := []struct{ text, open, us, gb string }{
		{"12/01", "", "2028-12-01", "2029-01-12"},
		{"12/2", "", "2028-12-02", "2029-02-12"},
		{"11/24", "2028-11-24", "2028-11-24", "2028-11-24"},
		{"30/11", "2028-11-30", "2028-11-30", "2028-11-30"},
	}
	for _, c := range cases {
		for _, o := range []struct {
			order DateOrder
			want  string
		}{{OrderOpen, c.open}, {OrderMonthFirst, c.us}, {OrderDayFirst, c.gb}} {
			if got := readDateString(OrderNumericDates(c.text, o.order), now); got != o.want {
				t.Errorf("order %d: ReadDate(%q) = %q, want %q", o.order, c.text, got, o.want)
			}
		}
	}
}

// A date answer and a reason that names another day (round 20): the answer
// is the day said first when the reason is its own clause, after an opener
// ("monday, after sunday's ringing": the Monday after that Sunday) or saying
// an event and a verb ("saturday, the alert level drops friday"); an anchor
// that is a season ("after ringing for advent") leaves a bare weekday open,
// and to be home or back for a holiday is to arrive some day before it.
func TestDateReasonClassesRound20(t *testing.T) {
	now := time.Date(2028, 11, 22, 16, 40, 0, 0, time.UTC) // Wednesday
	cases := []struct{ text, want string }{
		{"monday, after sunday's ringing", "2028-11-27"},
		{"saturday, the alert level drops friday", "2028-11-25"},
		{"saturday, the survey resumes friday", "2028-11-25"},
		{"sunday, after ringing for advent", ""},
		{"friday, after the thanksgiving rush", ""},
		{"the 3rd, after ringing for advent", "2028-12-03"},
		{"sunday, after church", "2028-11-26"},
		{"home for thanksgiving", ""},
		{"back in time for christmas", ""},
		{"book it for thanksgiving", "2028-11-23"},
	}
	for _, c := range cases {
		if got := readDateString(c.text, now); got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	if got, ok := FindDate("buffalo, home for thanksgiving there", now); ok {
		t.Errorf("FindDate(home for thanksgiving) = %s, want none", got)
	}
}

// A sentence's reader asks a bare weekday placed by a season as the answer's
// reader does.
func TestFindDateSeasonAnchorRound20(t *testing.T) {
	now := time.Date(2028, 11, 22, 16, 40, 0, 0, time.UTC)
	for _, c := range []struct{ text, want string }{
		{"sunday, after ringing for advent", ""},
		{"flying sunday, after ringing for advent", ""},
		{"sunday, after church", "2028-11-26"},
		{"the 3rd, after ringing for advent", "2028-12-03"},
		{"flight to denver on sunday", "2028-11-26"},
	} {
		got, ok := FindDate(c.text, now)
		if s := map[bool]string{true: got.String(), false: ""}[ok]; s != c.want {
			t.Errorf("FindDate(%q) = %q, want %q", c.text, s, c.want)
		}
	}
}
