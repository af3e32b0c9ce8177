package nlu

import (
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// natNow is a Sunday in May 2026.
var natNow = time.Date(2026, 5, 10, 9, 0, 0, 0, time.UTC)

func TestReadDateNationalForms(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // "" for no date
	}{
		{"14. 6.", "2026-06-14"},
		{"14. 6. 2026", "2026-06-14"},
		{"am 3. 7.", "2026-07-03"},
		{"2026. 07. 03.", "2026-07-03"},
		{"2026.07.03.", "2026-07-03"},
		{"2026. július 3.", "2026-07-03"},
		{"2026. julius 3", "2026-07-03"},
		{"07.23.", "2026-07-23"},    // month.day: no month 23
		{"ngày 23/7", "2026-07-23"}, // Vietnamese
		{"ngay 23/7", "2026-07-23"},
		{"tanggal 23 Juli", "2026-07-23"}, // Indonesian
		{"tgl 23 Juli", "2026-07-23"},
		{"dnia 23 lipca", "2026-07-23"}, // Polish
		{"dne 23. července", "2026-07-23"},
		{"no dia 23 de julho", "2026-07-23"},
		{"Wednesday 27 May ka", "2026-05-27"},
		{"Thursday inshallah", "2026-05-14"},
		{"this Fri lah", "2026-05-15"},
		// parse or ask
		{"14. 6. or 15. 6.", ""},
		{"2026. 07. 03. or 04.", ""},
		{"2026. blah 3.", ""},
		{"2 ngày", ""},     // two days, no date
		{"ngày", ""},       // "day" alone
		{"tanggal", ""},    // "date" alone
		{"dia 2 ou 3", ""}, // two days
		{"4/5", ""},        // April or May: asked
		{"4. 5. or 5. 4.", ""},
	} {
		d, ok := ReadDate(c.in, natNow)
		got := ""
		if ok {
			got = d.String()
		}
		if got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestWeekdaysInOtherScriptsAndPhrases(t *testing.T) {
	friday := "2026-05-15"
	for _, in := range []string{
		"Paraskevi", "paraskevi", "pyatnitsa", "pyatnytsia", "jumaa", "jomeh", "shukravar",
		"shukrobar", "kinyoubi", "kinyōbi", "geumyoil", "xingqiwu", "zhouwu", "libaiwu",
		// phrases, read through the gloss
		"thứ Sáu", "thứ sáu", "wan suk", "yom shishi", "xingqi wu", "zhou wu", "kin youbi",
	} {
		d, ok := ReadDate(Gloss(in), natNow)
		if !ok || d.String() != friday {
			t.Errorf("ReadDate(Gloss(%q)) = %v %v, want %s", in, d, ok, friday)
		}
	}
	for in, want := range map[string]string{
		"chủ nhật": "", "kyriaki": "", "voskresenye": "", // Sunday on a Sunday: asked (round 19)
		"thứ hai": "2026-05-11", "deftera": "2026-05-11", "getsuyoubi": "2026-05-11", "doshanbe": "2026-05-11",
		"shabbat": "2026-05-16", "subbota": "2026-05-16", "wan sao": "2026-05-16",
	} {
		got := ""
		if d, ok := ReadDate(Gloss(in), natNow); ok {
			got = d.String()
		}
		if got != want {
			t.Errorf("ReadDate(Gloss(%q)) = %q, want %q", in, got, want)
		}
	}
}

func TestRelativeDaysInMoreLanguages(t *testing.T) {
	for in, want := range map[string]string{
		"farda": "2026-05-11", "avrio": "2026-05-11", "machar": "2026-05-11", "ashita": "2026-05-11",
		"mingtian": "2026-05-11", "naeil": "2026-05-11", "huomenna": "2026-05-11", "holnap": "2026-05-11",
		"sutra": "2026-05-11", "bholi": "2026-05-11", "simera": "2026-05-10", "hayom": "2026-05-10",
		"methavrio": "2026-05-12", "pasfarda": "2026-05-12", "asatte": "2026-05-12", "parsi": "2026-05-12",
	} {
		if d, ok := ReadDate(in, natNow); !ok || d.String() != want {
			t.Errorf("ReadDate(%q) = %v %v, want %s", in, d, ok, want)
		}
	}
	for _, in := range []string{"kal", "parso", "kal ya parso", "homme", "more"} {
		if d, ok := ReadDate(in, natNow); ok {
			t.Errorf("ReadDate(%q) = %v, want none (two days, or no day word)", in, d)
		}
	}
}

func TestReadTwoWayDay(t *testing.T) {
	for in, want := range map[string][2]string{
		"kal":       {"2026-05-09", "2026-05-11"},
		"kal ko":    {"2026-05-09", "2026-05-11"},
		"Kal ji":    {"2026-05-09", "2026-05-11"},
		"parso":     {"2026-05-08", "2026-05-12"},
		"parson ji": {"2026-05-08", "2026-05-12"},
	} {
		b, a, ok := ReadTwoWayDay(in, natNow)
		if !ok || b.String() != want[0] || a.String() != want[1] {
			t.Errorf("ReadTwoWayDay(%q) = %v %v %v, want %v", in, b, a, ok, want)
		}
	}
	for _, in := range []string{"kal ya parso", "kal parso", "kal Friday", "Friday", "kal morning meeting", ""} {
		if _, _, ok := ReadTwoWayDay(in, natNow); ok {
			t.Errorf("ReadTwoWayDay(%q) read, want none", in)
		}
	}
}

func TestNightsInOtherLanguagesGloss(t *testing.T) {
	for in, want := range map[string]string{
		"5 đêm":        "5 nights",
		"tiga malam":   "three nights",
		"3 malam":      "3 nights",
		"do raat":      "two nights",
		"4 gece":       "4 nights",
		"dve nochi":    "two nights",
		"2 Nächte":     "2 nights",
		"3 noce":       "3 nights",
		"két éjszaka":  "two nights",
		"hai đêm":      "two nights",
		"tatlong gabi": "three nights",
		"3 notti":      "3 nights",
		// a number word alone is no count
		"Lima":      "Lima",
		"malam ini": "malam ini",
	} {
		if got := Gloss(in); got != want {
			t.Errorf("Gloss(%q) = %q, want %q", in, got, want)
		}
	}
}

// Hungarian, Indonesian and Polish month names, as the generator below writes
// them.
var (
	propHuMonths = []string{"január", "február", "március", "április", "május", "június", "július", "augusztus", "szeptember", "október", "november", "december"}
	propIdMonths = []string{"Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober", "November", "Desember"}
	propPlMonths = []string{"stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"}
)

// genNationalForm writes d in one of the national forms: spaced day.month.,
// year-first dotted, year-first with the month's name, a day number after
// another language's date word, or month.day. (Hungarian, when the day is
// above 12: no other reading).
func genNationalForm(t *rapid.T, d Date) string {
	day, m := d.Day, int(d.Month)
	switch rapid.IntRange(0, 7).Draw(t, "form") {
	case 0:
		return fmt.Sprintf("%d. %d.", day, m)
	case 1:
		return fmt.Sprintf("%d. %d. %d", day, m, d.Year)
	case 2:
		return fmt.Sprintf("%d. %02d. %02d.", d.Year, m, day)
	case 3:
		return fmt.Sprintf("%d. %s %d.", d.Year, propHuMonths[m-1], day)
	case 4:
		return fmt.Sprintf("tanggal %d %s", day, propIdMonths[m-1])
	case 5:
		return fmt.Sprintf("dnia %d %s", day, propPlMonths[m-1])
	case 6:
		return fmt.Sprintf("ngày %d/%d", day, m) // day first: asked when both may be a month
	}
	if day <= 12 {
		// "06.01." is the 6th of January wherever dots are written day
		// first, as all but Hungarian write them: the dots' rule reads it
		// so (a Hungarian's month-first "06.01." is the known exception).
		return fmt.Sprintf("%02d.%02d.", day, m)
	}
	return fmt.Sprintf("%02d.%02d.", m, day) // month first: no month above 12
}

// The value read from a national form is the date written, or none.
func TestPropertyNationalFormsReadRightOrNotAtAll(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := Date{2026, time.Month(rapid.IntRange(6, 12).Draw(t, "month")), 0}
		d.Day = rapid.IntRange(1, daysIn(d.Year, d.Month)).Draw(t, "day")
		text := genNationalForm(t, d)
		if got, ok := ReadDate(text, natNow); ok && got != d {
			t.Fatalf("ReadDate(%q) = %v, want %v or none", text, got, d)
		}
		if got, ok := FindDate("we arrive "+text+" thanks", natNow); ok && got != d {
			t.Fatalf("FindDate(%q) = %v, want %v or none", text, got, d)
		}
	})
}
