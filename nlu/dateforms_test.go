package nlu

import (
	"testing"
	"time"
)

// TestDateFormsTable: the forms of dateforms.go as answers (ReadDate) and in
// sentences (FindDate), on Monday 9 March 2026; "" is no date.
func TestDateFormsTable(t *testing.T) {
	now := time.Date(2026, 3, 9, 11, 0, 0, 0, time.UTC)
	for _, tc := range []struct{ class, text, read, find string }{
		// day.month and day-month without a year
		{"day.month", "23.03", "2026-03-23", ""},
		{"day.month", "from 21.03", "2026-03-21", "2026-03-21"},
		{"day.month", "Call on 18.03", "", "2026-03-18"},
		{"day.month", "am 02.04", "2026-04-02", "2026-04-02"},
		{"day.month", "1.04", "2026-04-01", ""},
		{"day.month", "23.03.26", "2026-03-23", "2026-03-23"},
		{"day-month", "23-03", "2026-03-23", ""},
		{"day-month", "03-23", "2026-03-23", ""},
		{"a range", "10-12", "", ""},
		{"a decimal", "2.5", "", ""},
		{"a price", "12.50", "", ""},
		{"a price", "12.05 eur", "", ""},
		{"a price in a sentence", "the total is 12.05", "", ""},
		{"a clock time", "at 10.05", "", ""},
		{"a clock time", "tomorrow at 18.30", "2026-03-10", "2026-03-10"},
		{"past a month", "12.13", "", ""},
		{"past a day", "32.03", "", ""},
		// East-Asian dates
		{"cjk", "3月25日", "2026-03-25", "2026-03-25"},
		{"cjk", "3月25号", "2026-03-25", "2026-03-25"},
		{"cjk", "2026年4月2日", "2026-04-02", "2026-04-02"},
		{"cjk", "３月２５日", "2026-03-25", "2026-03-25"},
		{"cjk", "3월 19일", "2026-03-19", "2026-03-19"},
		{"cjk", "2026년 3월 19일", "2026-03-19", "2026-03-19"},
		{"cjk", "I want intro call 3月19日", "", "2026-03-19"},
		{"cjk", "3月20日(金)", "2026-03-20", "2026-03-20"},
		{"cjk", "3月20日（金曜日）", "2026-03-20", "2026-03-20"},
		{"cjk", "3월 20일 (금)", "2026-03-20", "2026-03-20"},
		{"cjk wrong weekday", "3月21日(金)", "", ""},
		{"cjk month alone", "3月", "", ""},
		{"cjk impossible", "2月30日", "", ""},
		// a weekday after a numeric date
		{"weekday after", "4/3(Fri)", "2026-04-03", "2026-04-03"},
		{"weekday after", "3/20(Fri)", "2026-03-20", "2026-03-20"},
		{"weekday after", "3/20 (金)", "2026-03-20", "2026-03-20"},
		{"weekday after", "20.03 (Fri)", "2026-03-20", "2026-03-20"},
		{"weekday after, wrong", "3/21(Fri)", "", ""},
		{"weekday after, wrong", "4/3(Sat)", "", ""},
		// ISO weeks
		{"iso week", "Monday in week 12", "2026-03-16", "2026-03-16"},
		{"iso week", "week 12 Friday", "2026-03-20", "2026-03-20"},
		{"iso week", "Fri w12", "2026-03-20", "2026-03-20"},
		{"iso week", "KW 13 Dienstag", "2026-03-24", "2026-03-24"},
		{"iso week", "tuesday, KW 13", "2026-03-24", "2026-03-24"},
		{"iso week", "Wednesday vecka 12", "2026-03-18", "2026-03-18"},
		{"iso week", "2026-W12-1", "2026-03-16", "2026-03-16"},
		{"iso week", "2026-W14-5", "2026-04-03", "2026-04-03"},
		{"iso week without its day", "week 12", "", ""},
		{"iso week without its day", "w14", "", ""},
		{"iso week without its day", "sometime in week 13", "", ""},
		{"iso week without its day", "book a session week 12", "", ""},
		{"iso week just passed", "Monday in week 10", "", ""},
		{"iso week 53 of a year that has it", "Monday in week 53", "2026-12-28", "2026-12-28"},
		{"iso week the year has not", "2027-W53-1", "", ""},
		// an answer, then a clause about another event
		{"side event", "Friday 20th, the wedding is Saturday", "2026-03-20", "2026-03-20"},
		{"side event", "the 12th, my exam ends on the 11th", "2026-03-12", "2026-03-12"},
		{"side event", "Thursday, the wedding's on the Saturday", "2026-03-12", "2026-03-12"},
		{"side event", "the 28th, the kids are off school then", "2026-03-28", "2026-03-28"},
		{"side event restating the answer", "Friday, the 20th is fine", "2026-03-20", "2026-03-20"},
		{"side event restating another day", "Friday, the 21st is fine", "", ""},
		{"side event naming the day meant", "Friday, the flight is the 20th", "", ""},
		{"purpose clause", "Tuesday the 17th, to talk about my knee", "2026-03-17", "2026-03-17"},
		{"purpose clause", "an intro call first, Tuesday the 17th, to talk about my knee", "", "2026-03-17"},
	} {
		for _, c := range []struct {
			name string
			read func(string, time.Time) (Date, bool)
			want string
		}{{"ReadDate", ReadDate, tc.read}, {"FindDate", FindDate, tc.find}} {
			got, ok := c.read(tc.text, now)
			gotS := ""
			if ok {
				gotS = got.String()
			}
			if gotS != c.want {
				t.Errorf("%s: %s(%q) = %q, want %q", tc.class, c.name, tc.text, gotS, c.want)
			}
		}
	}
}

// TestStayEndDaysTable: a day the stay ends at the nights question.
func TestStayEndDaysTable(t *testing.T) {
	now := time.Date(2026, 3, 9, 11, 0, 0, 0, time.UTC)
	checkStayEnds(t, now, []stayEnd{
		{"Till 25th March", "2026-03-25"},
		{"until 25.03", "2026-03-25"},
		{"until Monday, the wedding is on the Saturday", ""}, // Monday on a Monday: asked; a flow reads it from the stay's start (flows/stay.go endReadFrom)
		{"checking out 3月25日", "2026-03-25"},
		{"leaving on the 25th", "2026-03-25"},
		{"out Sunday", "2026-03-15"},
		{"till 3 or 4", ""},
	})
	// "till 25th" is an end day, no bound on a count; "up to 5" is one.
	if rest, aside := SetAside("Till 25th March"); aside {
		t.Errorf("SetAside(Till 25th March) = %q, set aside", rest)
	}
	if _, aside := SetAside("up to 5"); !aside {
		t.Errorf("SetAside(up to 5) kept")
	}
}
