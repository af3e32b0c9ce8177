package nlu

import (
	"testing"
	"time"
)

func TestParseTime(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for no time
	}{
		{"18:30", "18:30"},
		{"6:30 pm", "18:30"},
		{"7:20 am", "07:20"},
		{"evening 6:30", "18:30"},
		{"afternoon 3:30", "15:30"},
		{"4:15 in the evening", "16:15"},
		{"half past 11 in the morning", "11:30"},
		{"quarter past 5 in the evening", "17:15"},
		{"quarter to 6 pm", "17:45"},
		{"ten am", "10:00"},
		{"three pm", "15:00"},
		{"five in the evening", "17:00"},
		{"2 pm", "14:00"},
		{"3pm", "15:00"},
		{"12 pm", "12:00"},
		{"12 am", "00:00"},
		{"noon", "12:00"},
		{"midnight", "00:00"},
		{"at 7 o'clock", "07:00"},
		{"I need 2 tickets for tonight at 8", "20:00"},
		{"3 rooms, arriving around half past 6 in the evening", "18:30"},
		{"5", ""},
		{"two tickets please", ""},
		{"25:00", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, ok := ParseTime(tt.in)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("ParseTime(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

func TestParseDateValue(t *testing.T) {
	now := time.Date(2019, 3, 1, 10, 0, 0, 0, time.UTC) // a Friday
	tests := []struct {
		in   string
		want string
	}{
		{"the 10th", "2019-03-10"},
		{"on the 1st", "2019-03-01"},
		{"14th of this month", "2019-03-14"},
		{"the 6th of this month", "2019-03-06"},
		{"the 3rd of next month", "2019-04-03"},
		{"March 5th", "2019-03-05"},
		{"next Tuesday", "2019-03-05"},
		{"day after tomorrow", "2019-03-03"},
		{"later today", "2019-03-01"},
		{"10", ""},
		{"I have 10 bags", ""},
	}
	for _, tt := range tests {
		got, ok := ParseDateValue(tt.in, now)
		if ok != (tt.want != "") || ok && got.String() != tt.want {
			t.Errorf("ParseDateValue(%q) = %v, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
	// A day of this month already past is next month's.
	if got, ok := ParseDayOfMonth("the 2nd", time.Date(2019, 3, 20, 9, 0, 0, 0, time.UTC)); !ok || got.String() != "2019-04-02" {
		t.Errorf("the 2nd on March 20 = %v, %v", got, ok)
	}
}

func TestParseCount(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"2", 2, true},
		{"two", 2, true},
		{"a couple", 2, true},
		{"a couple of", 2, true},
		{"just me", 1, true},
		{"3 people", 3, true},
		{"three tickets", 3, true},
		{"make it 4", 4, true},
		{"some", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseCount(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseCount(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzParseTime: any text gives no time or a valid HH:MM, never a panic.
func FuzzParseTime(f *testing.F) {
	for _, s := range []string{"6:30 pm", "quarter to 6", "half past", "99:99", "12 am", "ten to"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := ParseTime(s)
		if !ok {
			return
		}
		tm, err := time.Parse("15:04", got)
		if err != nil || tm.Format("15:04") != got {
			t.Fatalf("ParseTime(%q) = %q", s, got)
		}
	})
}

// FuzzParseDayOfMonth: any text gives no date or a valid one, never a panic.
func FuzzParseDayOfMonth(f *testing.F) {
	for _, s := range []string{"the 31st", "30th of next month", "the 29th of this month", "1st of"} {
		f.Add(s)
	}
	now := time.Date(2019, 1, 31, 10, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, s string) {
		if d, ok := ParseDayOfMonth(s, now); ok && !validDate(d.Year, d.Month, d.Day) {
			t.Fatalf("ParseDayOfMonth(%q) = %v", s, d)
		}
	})
}
