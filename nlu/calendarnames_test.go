package nlu

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parleyhq/parley/internal/calendarnames"
)

// TestCalendarNamesFileIsCurrent: calendar_names.txt is what the generator
// writes from CLDR (regenerate with `go run ./cmd/parley-tools calendar-names
// -o nlu/calendar_names.txt`).
func TestCalendarNamesFileIsCurrent(t *testing.T) {
	if got := string(calendarnames.Generate()); got != calendarNamesFile {
		t.Fatal("nlu/calendar_names.txt is stale: run `go run ./cmd/parley-tools calendar-names -o nlu/calendar_names.txt`")
	}
}

// TestCalendarNamesOneMeaning: no key of the file means two things, and a
// word the gloss files read is theirs.
func TestCalendarNamesOneMeaning(t *testing.T) {
	seen := map[string]string{}
	for line := range strings.Lines(calendarNamesFile) {
		f := strings.Fields(line)
		if len(f) < 3 || strings.HasPrefix(f[0], "#") {
			continue
		}
		k, meaning := key(f[0]), f[1]+" "+f[2]
		if old, ok := seen[k]; ok && old != meaning {
			t.Errorf("%q (%s) means %s and %s", f[0], k, old, meaning)
		}
		seen[k] = meaning
	}
	if len(generatedCalendar.weekdays) < 150 || len(generatedCalendar.months) < 600 {
		t.Errorf("only %d weekdays and %d months read", len(generatedCalendar.weekdays), len(generatedCalendar.months))
	}
	for _, w := range []string{"mar", "out", "set", "sat", "die", "do", "so", "mi", "minggu", "linggo", "luni", "senin", "juma"} {
		if _, ok := generatedCalendar.weekdays[w]; ok {
			t.Errorf("%q is read as a weekday", w)
		}
		if _, ok := generatedCalendar.months[w]; ok {
			t.Errorf("%q is read as a month", w)
		}
	}
}

// calendarNow is a Friday, 2 January 2026: every day and month ahead.
var calendarNow = time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)

// TestCalendarWordsByLanguage: the answers people in many languages and
// dialects type at a date question.
func TestCalendarWordsByLanguage(t *testing.T) {
	for _, tc := range []struct{ lang, text, want string }{
		{"tr", "20 Mart", "2026-03-20"},
		{"tr", "4 Ağustos", "2026-08-04"},
		{"tr", "4 agustos", "2026-08-04"},
		{"tr", "Cuma", "2026-01-09"},
		{"tr", "Cuma günü", "2026-01-09"},
		{"tr", "çarşamba", "2026-01-07"},
		{"tr", "carsamba", "2026-01-07"},
		{"tr", "yarın", "2026-01-03"},
		{"tr", "yarin", "2026-01-03"},
		{"tr", "bu akşam", "2026-01-02"},
		{"sv", "den 26 mars", "2026-03-26"},
		{"sv", "fredag", "2026-01-09"},
		{"sv", "i morgon", "2026-01-03"},
		{"sv", "imorgon", "2026-01-03"},
		{"da", "på lørdag", "2026-01-03"},
		{"nb", "onsdag", "2026-01-07"},
		{"nl", "12 maart", "2026-03-12"},
		{"nl", "op donderdag", "2026-01-08"},
		{"nl", "vandaag", "2026-01-02"},
		{"nl", "overmorgen", "2026-01-04"},
		{"pl", "15 lutego", "2026-02-15"},
		{"pl", "w piątek", "2026-01-09"},
		{"pl", "piątek", "2026-01-09"},
		{"pl", "jutro", "2026-01-03"},
		{"pl", "pojutrze", "2026-01-04"},
		{"cs", "3. března", "2026-03-03"},
		{"cs", "zítra", "2026-01-03"},
		{"ru", "20 марта", "2026-03-20"},
		{"ru", "завтра", "2026-01-03"},
		{"ru", "zavtra", "2026-01-03"},
		{"ru", "в пятницу", "2026-01-09"}, // the accusative: the supplement's
		{"uk", "післязавтра", "2026-01-04"},
		{"id", "hari Jumat", "2026-01-09"},
		{"id", "besok", "2026-01-03"},
		{"id", "lusa", "2026-01-04"},
		{"id", "5 Agustus", "2026-08-05"},
		{"ms", "Khamis", "2026-01-08"},
		{"fil", "sa Biyernes", "2026-01-09"},
		{"fil", "sa Sabado po", "2026-01-03"},
		{"fil", "Miyerkoles", "2026-01-07"},
		{"fil", "bukas po", "2026-01-03"},
		{"fil", "ngayon", "2026-01-02"},
		{"sw", "Ijumaa", "2026-01-09"},
		{"sw", "kesho", "2026-01-03"},
		{"sw", "keshokutwa", "2026-01-04"},
		{"hi", "aaj", "2026-01-02"},
		{"hi", "aaj raat", "2026-01-02"},
		{"hi", "kal", ""}, // yesterday or tomorrow
		{"hi", "shukravar", "2026-01-09"},
		{"ar", "بكرة", "2026-01-03"},
		{"ar", "bokra", "2026-01-03"},
		{"ja", "明日", "2026-01-03"},
		{"ja", "金曜日", "2026-01-09"},
		{"zh", "明天", "2026-01-03"},
		{"zh", "后天", "2026-01-04"},
		{"ko", "내일", "2026-01-03"},
		{"vi", "ngày mai", "2026-01-03"},
		{"hu", "május 3", "2026-05-03"},
		{"fi", "perjantaina", "2026-01-09"},
		{"el", "Παρασκευή", "2026-01-09"},
		{"ro", "vineri", "2026-01-09"},
		{"ro", "luni", ""}, // Monday and months
		{"hr", "u petak", "2026-01-09"},
		{"hr", "petak", "2026-01-09"},
		{"sco", "the morra", "2026-01-03"},
		{"sco", "the morra night", "2026-01-03"},
		{"sco", "the morn", "2026-01-03"},
		{"en-au", "this arvo", "2026-01-02"},
		{"en-au", "s'arvo", "2026-01-02"},
		{"en-au", "tomorrow arvo", "2026-01-03"},
		{"chat", "2moro", "2026-01-03"},
		{"chat", "tmr", "2026-01-03"},
		{"sw", "Leo", ""}, // a name
		{"id", "2 minggu", ""},
	} {
		d, ok := weekOnOrAsked(ReadDate, tc.text, calendarNow)
		got := ""
		if ok {
			got = d.String()
		}
		if got != tc.want {
			t.Errorf("%s: ReadDate(%q) = %q, want %q", tc.lang, tc.text, got, tc.want)
		}
	}
}

// TestCalendarWordsInSentences: a sentence that says its day in another
// language's word, at the coach's booking question.
func TestCalendarWordsInSentences(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"a call on fredag", "2026-01-09"},
		{"a chat this arvo", "2026-01-02"},
		{"trainning sesion on wensday", "2026-01-07"},
		{"can we do it the morra", "2026-01-03"},
		{"put it in the fridge on friday", "2026-01-09"},
		{"call Marc on Monday", "2026-01-05"},
		{"I live in Augusta", ""},
		{"this sundae is great", ""},
	} {
		d, ok := weekOnOrAsked(FindDate, tc.text, calendarNow)
		got := ""
		if ok {
			got = d.String()
		}
		if got != tc.want {
			t.Errorf("FindDate(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestCalendarTypos: calendar words spelled by ear or mistyped, read as the
// one word they are near; two near readings are none.
func TestCalendarTypos(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"wensday", "2026-01-07"},
		{"thursdy", "2026-01-08"},
		{"thirsday", "2026-01-08"},
		{"febuary 3", "2026-02-03"},
		{"3 febuary", "2026-02-03"},
		{"the twenty secound of march", "2026-03-22"},
		{"the secound of march", "2026-03-02"},
		{"the twelth of may", "2026-05-12"},
		{"the fourty of may", ""}, // forty or fourth
		{"next wensday", "2026-01-07"},
		{"this sundae", ""},
	} {
		d, ok := ReadDate(tc.text, calendarNow)
		got := ""
		if ok {
			got = d.String()
		}
		if got != tc.want {
			t.Errorf("ReadDate(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestCalendarNamesPropertyRightOrAbsent: for every generated month name and
// day, every generated weekday name, and every relative day of every
// language, in the forms people write them, the date read is the right one or
// none, never another.
func TestCalendarNamesPropertyRightOrAbsent(t *testing.T) {
	today := DateOf(calendarNow)
	check := func(text string, want Date) {
		t.Helper()
		if d, ok := ReadDate(text, calendarNow); ok && d != want {
			t.Errorf("ReadDate(%q) = %v, want %v or none", text, d, want)
		}
		if d, ok := FindDate(text, calendarNow); ok && d != want {
			t.Errorf("FindDate(%q) = %v, want %v or none", text, d, want)
		}
	}
	read := 0
	for w, m := range monthNames {
		for _, day := range []int{1, 9, 17, 26} {
			want := Date{2026, m, day}
			if !want.Before(today) && want != today {
				for _, form := range []string{"%d %s", "%s %d", "den %d %s", "the %d of %s", "on %s %d"} {
					text := strings.Replace(strings.Replace(form, "%d", strconv.Itoa(day), 1), "%s", w, 1)
					check(text, want)
					if d, ok := ReadDate(text, calendarNow); ok && d == want {
						read++
					}
				}
			}
		}
	}
	for w, day := range weekdayNames {
		want := weekdayFrom(today, day, modeBare)
		for _, form := range []string{"%s", "on %s", "sa %s po", "next %s"} {
			check(strings.Replace(form, "%s", w, 1), want)
		}
	}
	for _, r := range relativeDays {
		want := today.AddDays(r.offset)
		p := strings.Join(r.words, " ")
		for _, form := range []string{"%s", "%s please", "ok %s"} {
			check(strings.Replace(form, "%s", p, 1), want)
		}
	}
	if read < 5000 {
		t.Errorf("only %d month-and-day answers read", read)
	}
}

// TestCalendarWordsAloneAreNoDateWords: the first word of another language's
// relative-day phrase, or a month name read only beside a day, is no date
// word alone (a city, a name, an English word).
func TestCalendarWordsAloneAreNoDateWords(t *testing.T) {
	for _, w := range []string{"I", "El", "Leo", "Bu", "Sa", "Augusta", "Marc", "Mart", "Hari"} {
		if IsDateWord(w) {
			t.Errorf("IsDateWord(%q) = true", w)
		}
	}
	for _, w := range []string{"Cuma", "fredag", "jutro", "bukas", "明天"} {
		if !IsDateWord(w) {
			t.Errorf("IsDateWord(%q) = false", w)
		}
	}
}
