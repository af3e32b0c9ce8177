package nlu

import (
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// TestDateClassesEveryLocale: the CLDR locales without a coverage level
// (Tok Pisin, Papiamento, Guarani, Lingala), the letters users cannot type
// (Lingala "mokɔlɔ" typed "mokolo"), the Latin typing of Yiddish (YIVO) and
// the case forms of the weekday names (Esperanto "-n", Faroese "-in",
// Polish and Russian accusatives), with their fallbacks and collisions left
// unread.
func TestDateClassesEveryLocale(t *testing.T) {
	for _, tc := range []struct{ class, text, want string }{
		{"uncovered locale (tpi)", "Sarere", "2027-03-13"},
		{"uncovered locale with its preposition (tpi)", "long Fraide", "2027-03-12"},
		{"uncovered locale (pap)", "djasabra", "2027-03-13"},
		{"uncovered locale, typed without accents (pap)", "djabierne", "2027-03-12"},
		{"uncovered locale, accents (pap)", "djabièrnè", "2027-03-12"},
		{"uncovered locale (gn)", "Arapoteĩ", "2027-03-12"},
		{"uncovered locale (ln)", "mokɔlɔ mwa yambo", "2027-03-15"},
		{"letters typed (ln)", "mokolo mwa yambo", "2027-03-15"},
		{"letters typed (ln)", "mposo", "2027-03-13"},
		{"romanized Yiddish (YIVO)", "montik", "2027-03-15"},
		{"romanized Yiddish (YIVO)", "fraytik", "2027-03-12"},
		{"romanized Yiddish (YIVO)", "morgn", "2027-03-11"},
		{"Yiddish as CLDR writes it", "פֿרײַטיק", "2027-03-12"},
		{"Yiddish ligature typed as two letters", "פֿרייטיק", "2027-03-12"},
		{"accusative (eo)", "sabaton", "2027-03-13"},
		{"accusative (eo)", "vendredon", "2027-03-12"},
		{"definite accusative (fo)", "leygardagin", "2027-03-13"},
		{"definite accusative (fo)", "fríggjadagin", "2027-03-12"},
		{"definite accusative (is)", "laugardaginn", "2027-03-13"},
		{"accusative (pl)", "w sobotę", "2027-03-13"},
		{"accusative (ru)", "в субботу", "2027-03-13"},
		{"accusative (lt)", "šeštadienį", "2027-03-13"},
		{"day before the name (tg)", "рӯзи шанбе", "2027-03-13"},
		{"day before the name (jv)", "dina Sabtu", "2027-03-13"},
		{"a town's name is no date in a sentence (xog Kuta, Friday)", "to kuta", ""},
		{"a town's name alone answering a date question is its date: towns are read only at a place question (xog Kuta)", "kuta", "2027-03-12"},
		{"root fallback never read (English abbreviation)", "tpi", ""},
	} {
		if got := readRound14(tc.text, round14Now); got != tc.want {
			t.Errorf("%s: %q = %q, want %q", tc.class, tc.text, got, tc.want)
		}
	}
}

// TestCLDRFallbacksLeftOut: a locale without a coverage level holds root's
// and English's words where it has none of its own; they are not its words.
func TestCLDRFallbacksLeftOut(t *testing.T) {
	for line := range strings.Lines(cldrDatesFile) {
		f := strings.Split(strings.TrimRight(line, "\n"), "\t")
		if len(f) < 4 || strings.HasPrefix(f[0], "#") {
			continue
		}
		for _, l := range strings.Split(f[3], ",") {
			if (l == "tpi" || l == "pap" || l == "gn") && (f[0] == "sun" || f[0] == "tomorrow" || f[0] == "today") {
				t.Errorf("%q kept for %s: a fallback", f[0], l)
			}
		}
	}
}

// TestGeneratedDateFormsProperty: a generated weekday or relative-day word,
// in any language and any of its forms (as written, without accents, with
// the letters typed), reads as that day or not at all, never another day.
func TestGeneratedDateFormsProperty(t *testing.T) {
	type entry struct {
		phrase, kind string
		value        int
	}
	var entries []entry
	for line := range strings.Lines(cldrDatesFile) {
		f := strings.Split(strings.TrimRight(line, "\n"), "\t")
		if len(f) < 4 || strings.HasPrefix(f[0], "#") {
			continue
		}
		kind := strings.TrimSuffix(f[1], "!") // a "!" collision is read alone
		if kind != "weekday" && kind != "day" {
			continue
		}
		f[1] = kind
		n := int(f[2][0] - '0')
		entries = append(entries, entry{f[0], f[1], n})
	}
	rapid.Check(t, func(t *rapid.T) {
		e := rapid.SampledFrom(entries).Draw(t, "entry")
		text := e.phrase
		if rapid.Bool().Draw(t, "capitalised") {
			// By its first letter, not byte: a cut rune is no word anyone types.
			r, n := utf8.DecodeRuneInString(text)
			text = string(unicode.ToUpper(r)) + text[n:]
		}
		if strings.ContainsFunc(text, func(r rune) bool { return unicode.Is(unicode.Tibetan, r) }) {
			text += "་" // as Tibetan writes it, the last syllable closed
		}
		got, ok := ReadDate(Gloss(text), round14Now)
		if !ok {
			return
		}
		want := round14Now.AddDate(0, 0, e.value)
		if e.kind == "weekday" {
			want = nextWeekdayAfter(round14Now, time.Weekday(e.value))
		}
		if got.Weekday() != want.Weekday() {
			t.Fatalf("%q (%s %d) read as %s, a %s", text, e.kind, e.value, got, got.Weekday())
		}
	})
}

// nextWeekdayAfter is the first day after now with weekday d.
func nextWeekdayAfter(now time.Time, d time.Weekday) time.Time {
	for i := 1; i <= 7; i++ {
		if t := now.AddDate(0, 0, i); t.Weekday() == d {
			return t
		}
	}
	return now
}
