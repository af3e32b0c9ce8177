package nlu

import (
	"testing"
	"time"
)

// dateReadNow is a Tuesday: 2026-11-10 09:00 UTC.
var dateReadNow = time.Date(2026, 11, 10, 9, 0, 0, 0, time.UTC)

// TestReadDate checks the grammar class by class on answers to a date
// question; "" means no date (the bot asks again).
func TestReadDate(t *testing.T) {
	for _, tc := range []struct{ class, text, want string }{
		{"weekday of month", "the 3rd Thursday in December", "2026-12-17"},
		{"weekday of month", "first Friday of January", "2027-01-01"},
		{"weekday of month", "the last Monday of the month", "2026-11-30"},
		{"weekday of month", "the second Wednesday of next month", "2026-12-09"},
		{"weekday of month", "last Sunday in February 2027", "2027-02-28"},
		{"weekday of month", "the fifth Monday of December", ""},
		{"day and month", "12 December", "2026-12-12"},
		{"day and month", "December 12th", "2026-12-12"},
		{"day and month", "the twelfth of December", "2026-12-12"},
		{"day and month", "december twelfth", "2026-12-12"},
		{"day and month", "December the 12th", "2026-12-12"},
		{"day and month", "twenty-first of January", "2027-01-21"},
		{"day and month", "the thirty first of december", "2026-12-31"},
		{"day and month", "the 3rd", "2026-12-03"}, // a week gone this month (10 November): next month's
		{"day and month", "the 8th", ""},           // two days gone: asked again
		{"day and month", "the 13th", "2026-11-13"},
		{"day and month", "the 2nd", "2026-12-02"},  // 8 days passed: next month's
		{"day and month", "the 20th", "2026-11-20"}, // still to come
		{"day and month", "on the seventeenth", "2026-11-17"},
		{"day and month", "17", "2026-11-17"},
		{"a clock time is no day", "at 14", ""},
		{"a clock time is no day", "around 2", ""},
		{"a clock time is no day", "about 9 please", ""},
		{"a clock time is no day", "the 17th at 14", "2026-11-17"},
		{"relative span", "in a fortnight", "2026-11-24"},
		{"relative span", "a week from Thursday", "2026-11-19"},
		{"relative span", "three days from tomorrow", "2026-11-14"},
		{"relative span", "a week tomorrow", "2026-11-18"},
		{"relative span", "Friday week", "2026-11-20"},
		{"relative span", "the monday after next", "2026-11-23"},
		{"relative span", "thursday next week", "2026-11-19"},
		{"relative span", "next week monday", "2026-11-16"},
		{"relative span", "this coming sunday", "2026-11-15"},
		{"relative span", "in 3 weeks' time", "2026-12-01"},
		{"part of day", "tomorrow afternoon", "2026-11-11"},
		{"part of day", "friday at 8pm", "2026-11-13"},
		{"part of day", "sunday around 10 in the morning", "2026-11-15"},
		{"part of day", "SUN NIGHT", "2026-11-15"},
		{"part of day", "fri evening", "2026-11-13"},
		{"part of day", "sat morning", "2026-11-14"},
		{"part of day", "friday evening", "2026-11-13"},
		{"part of day", "sun am", "2026-11-15"}, // the whole answer: the day
		{"leftover", "sun and sea", ""},
		{"leftover", "4/5", ""},
		{"weekday check", "Friday the 13th", "2026-11-13"},
		{"weekday check", "Thu 3 December", "2026-12-03"},
		{"weekday check", "Friday the 12th", ""},
		{"typo", "wednseday", "2026-11-11"},
		{"typo", "decmber 1", "2026-12-01"},
		{"caps", "NEXT MONDAY", "2026-11-16"},
		{"leftover", "sometime in december", ""},
		{"leftover", "in two or three days", ""},
		{"leftover", "monday or tuesday", ""},
		{"leftover", "the 3rd or 4th", ""},
		{"leftover", "not tomorrow", ""},
		{"leftover", "around christmas", ""},
		{"leftover", "december", ""},
		{"filler", "I'd like to leave on the 13th please", "2026-11-13"},
	} {
		got, ok := ReadDate(tc.text, dateReadNow)
		gotS := ""
		if ok {
			gotS = got.String()
		}
		if gotS != tc.want {
			t.Errorf("%s: ReadDate(%q) = %q, want %q", tc.class, tc.text, gotS, tc.want)
		}
	}
}

// TestFindDate checks dates taken out of sentences.
func TestFindDate(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"I want to fly from Paris to Oslo on the first Tuesday of December", "2026-12-01"},
		{"book me a room for the last Friday of the month in Porto", "2026-11-27"},
		{"I need a flight the fourth Monday of next month to Rome", "2026-12-28"},
		{"flying out the third Saturday of next month", "2026-12-19"},
		// The way back is a side clause: the day before it is the one.
		{"we leave friday and come back sunday", "2026-11-13"},
		{"we leave friday and sunday", ""},
		{"the third Friday in a month", ""},
		{"I need 2 rooms tomorrow", "2026-11-11"},
		// An abbreviation that is no word of the seeds' languages, anywhere.
		{"flight to oslo thurs", "2026-11-12"},
		{"I had sat down when the sun came out", ""},
		// A day counted from the date said before it.
		{"flying in on 3 December and out the day after", "2026-12-04"},
		{"school ends on 20 November, the following day works", "2026-11-21"},
		{"the 5th of December or the day before that", ""},
		// A day and month just passed is a mistake: none.
		{"we fly on November 2", ""},
		// Its month is no stray word to drop, in any spelling, so the day alone
		// is not read as next month's.
		{"on second thought, Nov the 2nd", ""},
		{"Nov 9th please", ""},
		{"the 1st of nov", ""},
		// "march" and "may" are months only beside a day.
		{"we march on the 20th", "2026-11-20"},
		{"March the 20th", "2027-03-20"},
	} {
		got, ok := FindDate(tc.text, dateReadNow)
		gotS := ""
		if ok {
			gotS = got.String()
		}
		if gotS != tc.want {
			t.Errorf("FindDate(%q) = %q, want %q", tc.text, gotS, tc.want)
		}
	}
}

// TestABareDayPassedLongAgoIsNextMonths: a day of the month said alone that
// passed within recentBareDays (three days) is asked again; one that passed longer ago
// is next month's, the reading a person gives "the 2nd" on the 28th and "the
// 20th" on the 28th.
func TestABareDayPassedLongAgoIsNextMonths(t *testing.T) {
	now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct{ text, want string }{
		{"the 2nd", "2026-12-02"},
		{"on the 10th please", "2026-12-10"},
		{"the 20th", "2026-12-20"}, // 8 days passed: next month's
		{"the 21st", "2026-12-21"}, // a week passed: next month's
		{"the 24th", "2026-12-24"}, // 4 days passed: next month's
		{"the 25th", ""},           // 3 days passed: a slip, asked
		{"the 27th", ""},
		{"the 31st", ""}, // no 31 November; 31 December is no reading of it
		{"the 29th", "2026-11-29"},
	} {
		got, ok := ReadDate(tc.text, now)
		gotS := ""
		if ok {
			gotS = got.String()
		}
		if gotS != tc.want {
			t.Errorf("ReadDate(%q) on 28 November = %q, want %q", tc.text, gotS, tc.want)
		}
	}
}
