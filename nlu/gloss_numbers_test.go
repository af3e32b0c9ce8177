package nlu

import (
	"testing"
	"time"
)

// A count said in words, in each language the seeds name, reads as its
// number, as a speaker of each would say it: the message's own words or,
// where they do not read, its gloss (as flows reads a message).
func TestCountsInEveryLanguage(t *testing.T) {
	cases := []struct {
		in   string
		want float64
	}{
		// A French family booking a long stay.
		{"vingt et un", 21}, {"vingt-et-un", 21}, {"soixante-douze", 72}, {"quatre-vingts", 80},
		{"quatre-vingt-dix", 90}, {"dix-sept", 17}, {"cent vingt", 120}, {"douze", 12},
		// A Spanish speaker counting guests.
		{"veintiuno", 21}, {"veintidós", 22}, {"veintitres", 23}, {"treinta y uno", 31}, {"dieciséis", 16},
		{"once", 11}, {"ciento cinco", 105},
		// A Moroccan writing Darija in chat spelling.
		{"tnash", 12}, {"hdach", 11}, {"khmstach", 15}, {"3ashrin", 20}, {"wahed w 3ishrin", 21},
		{"tlata", 3}, {"3chra", 10},
		// Darija and Arabic in Arabic script.
		{"طناش", 12}, {"حداش", 11}, {"خمسة عشر", 15}, {"اثنا عشر", 12}, {"عشرين", 20},
		{"خمسة وعشرين", 25}, {"ثلاثون", 30}, {"خمسة", 5},
	}
	for _, c := range cases {
		v, ok := ParseNumber(c.in)
		if !ok {
			v, ok = ParseNumber(Gloss(c.in))
		}
		if !ok || v != c.want {
			t.Errorf("ParseNumber(%q) (gloss %q) = %v %v, want %v", c.in, Gloss(c.in), v, ok, c.want)
		}
	}
}

// Number words said out of order are no number: read as a sum they would be
// a wrong one ("quatre vingt" is not 24, "five three" not 8).
func TestNumberWordsOutOfOrderAreNoNumber(t *testing.T) {
	for _, in := range []string{"five three", "quatre vingt", "twenty twenty", "five ten", "two twenty", "tres dos"} {
		if v, ok := ParseNumber(in); ok {
			t.Errorf("ParseNumber(%q) = %v, want no number", in, v)
		}
	}
	// A pattern's capture of a number's last words ("et une" of "vingt et
	// une nuits") is no count.
	for _, in := range []string{"et une", "y uno", "w wahed", "quatre vingt", "five three"} {
		if v, ok := ParseCount(in); ok {
			t.Errorf("ParseCount(%q) = %v, want no count", in, v)
		}
	}
}

// Counts with their unit, in words above ten, read in every language.
func TestCountsAboveTenWithUnits(t *testing.T) {
	cases := []struct {
		in   string
		want float64
	}{
		{"douze nuits", 12}, {"vingt et une nuits", 21}, {"one hundred and five nights", 105}, {"veintiuno noches", 21}, {"tnash lyali", 12}, {"خمسة عشر ليلة", 15}, {"tnash lila", 12}, {"عشرين ليلة", 20}, {"ليلة", 1}, {"lila", 1}, {"طناش ليالي", 12},
	}
	for _, c := range cases {
		v, ok := ParseCount(c.in)
		if !ok {
			v, ok = ParseCount(Gloss(c.in))
		}
		if !ok || v != c.want {
			t.Errorf("ParseCount(%q) (gloss %q) = %v %v, want %v", c.in, Gloss(c.in), v, ok, c.want)
		}
	}
}

// The number tables hold every language's words from the gloss files, and
// nothing the gloss files do not say.
func TestNumberWordsComeFromTheGlossFiles(t *testing.T) {
	for w, want := range map[string]float64{"cinq": 5, "once": 11, "wahed": 1, "tnash": 12, "veintiuno": 21, "عشرين": 20} {
		if v, ok := numberWords[w]; !ok || v != want {
			t.Errorf("numberWords[%q] = %v %v, want %v", w, v, ok, want)
		}
	}
	if !numberJoiners["et"] || !numberJoiners["y"] || numberMultipliers["mil"] != 1000 {
		t.Error("joiners or multipliers of the gloss files missing")
	}
	for _, w := range []string{"matin", "de", "nhar"} {
		if _, ok := numberWords[w]; ok {
			t.Errorf("%q read as a number", w)
		}
	}
}

// A preposition or conjunction glued to its word in Arabic script is read
// as its meaning and the word, only where the word is known; a known word is
// never split.
func TestGlossArabicClitics(t *testing.T) {
	cases := []struct{ in, want string }{
		{"لمراكش", "to marrakech"},
		{"بالرباط", "in rabat"},
		{"من الدار البيضاء لمراكش", "from casablanca to marrakech"},
		{"وغدا", "and غدا"},
		{"فالصباح", "in the morning"},        // a known word: its own entry
		{"بعد غد", "the day after tomorrow"}, // "بعد" is known: not "ب" + "عد"
		{"لست", "لست"},                       // the rest, "ست", too short to read
		{"ولد", "ولد"},                       // the rest is no known word
		{"وعشرين", "and twenty"},
		{"لطنجة", "to tangier"},
		{"للرباط", "to rabat"}, // "لل" took the article's alif: "ل" + "الرباط"
		{"للست", "للست"},       // nor with the article given back
	}
	for _, c := range cases {
		if got := Gloss(c.in); got != c.want {
			t.Errorf("Gloss(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	now := time.Date(2026, 3, 3, 10, 0, 0, 0, time.UTC)
	if d, ok := ReadDate(Gloss("بعد غد"), now); !ok || d.String() != "2026-03-05" {
		t.Errorf("ReadDate(Gloss(بعد غد)) = %v %v", d, ok)
	}
	if c, ok := MatchCity("marrakech"); !ok || c != "Marrakesh" {
		t.Errorf("MatchCity = %q %v", c, ok)
	}
}

// The date grammar's weekday and month names of other languages come from
// the gloss files, each reader's meaning of a word in its own table ("tlata"
// is three to the numbers, Tuesday to the dates).
func TestDateNamesComeFromTheGlossFiles(t *testing.T) {
	weekdays := map[string]time.Weekday{"lundi": time.Monday, "miercoles": time.Wednesday, "tlata": time.Tuesday,
		"l7ed": time.Sunday, "الجمعة": time.Friday, "friday": time.Friday}
	for w, want := range weekdays {
		if d, ok := weekdayNames[w]; !ok || d != want {
			t.Errorf("weekdayNames[%q] = %v %v, want %v", w, d, ok, want)
		}
	}
	months := map[string]time.Month{"aout": time.August, "fevr": time.February, "setiembre": time.September,
		"dic": time.December, "يونيو": time.June, "may": time.May}
	for w, want := range months {
		if m, ok := monthNames[w]; !ok || m != want {
			t.Errorf("monthNames[%q] = %v %v, want %v", w, m, ok, want)
		}
	}
	if numberWords["tlata"] != 3 {
		t.Errorf("numberWords[tlata] = %v, want 3", numberWords["tlata"])
	}
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC) // a Monday: "tlata" (Tuesday) is the next day
	for in, want := range map[string]string{"le 9 août": "2026-08-09", "el 3 de diciembre": "2026-12-03", "nhar tlata": "2026-03-03", "vendredi": "2026-03-06"} {
		d, ok := ReadDate(in, now)
		if !ok {
			d, ok = ReadDate(Gloss(in), now)
		}
		if !ok || d.String() != want {
			t.Errorf("ReadDate(%q) = %v %v, want %s", in, d, ok, want)
		}
	}
}
