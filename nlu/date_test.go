package nlu

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// friday is seed 001 example 1's "now": a Friday in early December 2025.
var friday = time.Date(2025, 12, 5, 10, 0, 0, 0, time.UTC)

func TestParseDate(t *testing.T) {
	seed002 := time.Date(2026, 1, 17, 9, 0, 0, 0, time.UTC) // a Saturday, seed 002's v1.0 date
	newYork, err := time.LoadLocation("America/New_York")
	if err != nil {
		newYork = time.FixedZone("EST", -5*3600)
	}
	tests := []struct {
		name string
		text string
		now  time.Time
		want string // "" means no date
	}{
		{"seed 001 example 1", "Next Friday", friday, "2025-12-12"},
		{"seed 002 trace", "Schedule me for next Tuesday", seed002, "2026-01-20"},
		{"next tuesday from friday", "Schedule me for next Tuesday", friday, "2025-12-09"},
		{"bare weekday excludes today", "friday", friday, "2025-12-12"},
		{"this weekday includes today", "this Friday", friday, "2025-12-05"},
		{"this later weekday", "this sunday", friday, "2025-12-07"},
		{"last weekday", "last friday", friday, "2025-11-28"},
		{"on weekday", "on Monday please", friday, "2025-12-08"},
		{"abbreviation after next", "next tue", friday, "2025-12-09"},
		{"abbreviation alone", "Sat", friday, "2025-12-06"},
		{"abbreviation inside prose is a word", "I saw the sun", friday, ""},
		{"abbreviation after a non-English modifier", "I had sat down", friday, ""},
		{"french weekday", "vendredi prochain", friday, "2025-12-12"},
		{"french bare weekday", "lundi", friday, "2025-12-08"},
		{"spanish weekday", "el próximo viernes", friday, "2025-12-12"},
		{"spanish que viene", "el martes que viene", friday, "2025-12-09"},
		{"spanish accent", "sábado", friday, "2025-12-06"},
		{"arabic weekday", "الجمعة الجاية", friday, "2025-12-12"},
		{"arabic alef variant", "الأحد", friday, "2025-12-07"},
		{"darija weekday", "nhar ljem3a jaya", friday, "2025-12-12"},
		{"year rollover", "next monday", time.Date(2025, 12, 30, 8, 0, 0, 0, time.UTC), "2026-01-05"},

		{"today", "today", friday, "2025-12-05"},
		{"tomorrow", "Tomorrow!", friday, "2025-12-06"},
		{"day after tomorrow", "the day after tomorrow", friday, "2025-12-07"},
		{"apres-demain", "après-demain", friday, "2025-12-07"},
		{"demain", "demain matin", friday, "2025-12-06"},
		{"manana", "mañana", friday, "2025-12-06"},
		{"pasado manana", "pasado mañana", friday, "2025-12-07"},
		{"aujourd'hui", "aujourd’hui", friday, "2025-12-05"},
		{"darija tomorrow", "ghda", friday, "2025-12-06"},
		{"arabic tomorrow", "غدا", friday, "2025-12-06"},

		{"in days", "in 3 days", friday, "2025-12-08"},
		{"in weeks", "in 2 weeks", friday, "2025-12-19"},
		{"in a week", "in a week", friday, "2025-12-12"},
		{"in words", "in two weeks", friday, "2025-12-19"},
		{"in a month", "in a month", friday, "2026-01-05"},
		{"month clamps", "in 1 month", time.Date(2026, 1, 31, 8, 0, 0, 0, time.UTC), "2026-02-28"},
		{"dans jours", "dans 3 jours", friday, "2025-12-08"},
		{"en dias", "en 3 días", friday, "2025-12-08"},
		{"dentro de", "dentro de 2 semanas", friday, "2025-12-19"},
		{"from now", "3 days from now", friday, "2025-12-08"},
		{"arabic offset", "بعد ٣ أيام", friday, "2025-12-08"},

		{"month day", "Dec 12", friday, "2025-12-12"},
		{"full month day ordinal", "December 12th", friday, "2025-12-12"},
		{"day month", "12 December", friday, "2025-12-12"},
		{"day abbreviated month", "12 dec", friday, "2025-12-12"},
		{"month day is today", "Dec 5", friday, "2025-12-05"},
		{"month day just passed is asked again", "Dec 4", friday, ""},
		{"month day passed a month ago is asked again", "11 November", friday, ""},
		{"month day passed within a quarter is asked again", "Oct 4", friday, ""},
		{"month day passed June 2 said late August is asked again", "june 2", time.Date(2026, 8, 26, 12, 0, 0, 0, time.UTC), ""},
		{"month day passed more than a quarter ago rolls over", "Aug 4", friday, "2026-08-04"},
		{"month day early next year rolls over", "January 5", time.Date(2026, 8, 26, 12, 0, 0, 0, time.UTC), "2027-01-05"},
		{"month day to come this calendar year", "December 3", time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC), "2026-12-03"},
		{"month day of last year's end just passed", "Dec 20", time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC), ""},
		{"month day with year", "December 12, 2026", friday, "2026-12-12"},
		{"day of month", "the 3rd of March", friday, "2026-03-03"},
		{"french", "le 1er janvier", friday, "2026-01-01"},
		{"french accent", "le 12 décembre 2026", friday, "2026-12-12"},
		{"spanish", "12 de diciembre de 2026", friday, "2026-12-12"},
		// A day that does not come in the next twelve months is none, never
		// one years away.
		{"leap day not within a year", "29 feb", time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC), ""},
		{"leap day within a year", "29 feb", time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC), "2028-02-29"},
		{"invalid day", "Feb 30", friday, ""},
		{"may as a verb", "may I book a room", friday, ""},

		{"iso", "2026-12-12", friday, "2026-12-12"},
		{"iso in sentence", "departing 2026-01-02 at noon", friday, "2026-01-02"},
		{"iso invalid", "2026-13-45", friday, ""},
		{"us numeric", "12/12/2026", friday, "2026-12-12"},
		// Day and month in an order only the writer's country knows: asked again.
		{"numeric day and month both 12 or less", "03/04/2026", friday, ""},
		{"numeric day and month both 12 or less, no year", "4/5", friday, ""},
		{"numeric day and month both 12 or less, in a sentence", "arriving 3/2 please", friday, ""},
		{"numeric same day and month", "3/3", friday, "2026-03-03"},
		{"month first when the day is above 12", "4/25", friday, "2026-04-25"},
		{"day first when unambiguous", "25/12/2026", friday, "2026-12-25"},
		{"dotted is day first", "04.03.2026", friday, "2026-03-04"},
		{"two digit year", "1/22/26", friday, "2026-01-22"},
		{"numeric without year", "12/25", friday, "2025-12-25"},
		{"invalid numeric", "31/02/2026", friday, ""},
		{"a range is not a date", "10-20", friday, ""},

		{"leftmost wins", "not tomorrow but friday", friday, "2025-12-06"},
		{"now's location", "today", time.Date(2025, 12, 5, 23, 30, 0, 0, newYork), "2025-12-05"},
		{"empty", "", friday, ""},
		{"no date", "New York", friday, ""},
		{"number is not a date", "300 lbs", friday, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, ok := ParseDate(tt.text, tt.now)
			got := ""
			if ok {
				got = d.String()
			}
			if got != tt.want {
				t.Errorf("ParseDate(%q, %s) = %q, want %q", tt.text, tt.now.Format(time.RFC3339), got, tt.want)
			}
		})
	}
}

// TestParseDateGolden runs every line of testdata/dates.txt against seed 001's
// "now" and compares with testdata/dates.golden (go test -run Golden -update).
func TestParseDateGolden(t *testing.T) {
	in, err := os.Open(filepath.Join("testdata", "dates.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var out strings.Builder
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		got := "-"
		if d, ok := ParseDate(line, friday); ok {
			got = d.String() + " " + d.Weekday().String()[:3]
		}
		fmt.Fprintf(&out, "%-40s %s\n", line, got)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "dates.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), out.String()); diff != "" {
		t.Errorf("dates (-golden +got):\n%s", diff)
	}
}

func TestDate(t *testing.T) {
	d := Date{2025, time.December, 31}
	if got := d.AddDays(1).String(); got != "2026-01-01" {
		t.Errorf("AddDays = %s", got)
	}
	if got := (Date{5, time.January, 2}).String(); got != "0005-01-02" {
		t.Errorf("String = %s", got)
	}
	if !(Date{2025, 1, 1}).Before(d) || d.Before(d) {
		t.Error("Before is wrong")
	}
	if !(Date{}).IsZero() || d.IsZero() {
		t.Error("IsZero is wrong")
	}
	if got := DateOf(d.Time(time.UTC)); got != d {
		t.Errorf("DateOf(Time) = %v", got)
	}
	if got := (Date{2024, 1, 31}).addMonths(1); got != (Date{2024, 2, 29}) {
		t.Errorf("addMonths clamp = %v", got)
	}
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"Next Friday", "Schedule me for next Tuesday", "12/12/2026", "in 999 weeks",
		"29 feb", "2026-02-31", "le 1er janvier", "بعد ٣ أيام", "dans 1000 mois", "9999-12-31"} {
		f.Add(s, int64(1764928800))
	}
	f.Fuzz(func(t *testing.T, s string, unix int64) {
		now := time.Unix(unix%(400*365*86400), 0).UTC()
		d, ok := ParseDate(s, now)
		d2, ok2 := ParseDate(s, now)
		if d != d2 || ok != ok2 {
			t.Fatalf("ParseDate(%q) not deterministic", s)
		}
		if !ok {
			return
		}
		if _, err := time.Parse(time.DateOnly, d.String()); err != nil && d.Year >= 0 && d.Year <= 9999 {
			t.Fatalf("ParseDate(%q) = invalid date %v: %v", s, d, err)
		}
	})
}

func BenchmarkParseDate(b *testing.B) {
	for b.Loop() {
		ParseDate("Schedule me for next Tuesday", friday)
	}
}
