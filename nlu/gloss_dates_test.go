package nlu

import (
	"slices"
	"testing"
	"testing/fstest"
	"unicode"
)

// readDateOrGloss is how an answer is read: its own words, else its gloss.
func readDateOrGloss(text string) (string, bool) {
	if d, ok := ReadDate(text, friday); ok {
		return d.String(), true
	}
	d, ok := ReadDate(Gloss(text), friday)
	if !ok {
		return "", false
	}
	return d.String(), true
}

// TestRelativeDatesInEachLanguage reads the relative expressions of each
// language the seeds name, as their speakers say them (friday is Friday
// 2025-12-05): the value said, or none.
func TestRelativeDatesInEachLanguage(t *testing.T) {
	cases := []struct{ name, text, want string }{
		// In N days.
		{"fr in days", "dans 3 jours", "2025-12-08"},
		{"fr in days words", "dans trois jours", "2025-12-08"},
		{"es in days", "en 3 días", "2025-12-08"},
		{"es within days", "dentro de 3 días", "2025-12-08"},
		{"darija in days", "men daba 3 iyam", "2025-12-08"},
		{"darija in days words", "men daba tlata iyam", "2025-12-08"},
		{"ar in days", "بعد 3 أيام", "2025-12-08"},
		{"ar in days words", "بعد ثلاثة أيام", "2025-12-08"},
		// Next <weekday>.
		{"fr next weekday", "vendredi prochain", "2025-12-12"},
		{"fr next weekday, qui vient", "vendredi qui vient", "2025-12-12"},
		{"fr last weekday", "vendredi dernier", "2025-11-28"},
		{"es last weekday", "el viernes pasado", "2025-11-28"},
		{"es next weekday after", "el viernes próximo", "2025-12-12"},
		{"darija arabic next weekday", "الجمعة الجاية", "2025-12-12"},
		{"fr last friday of the month is no past friday", "le dernier vendredi", ""},
		{"es next weekday", "el próximo viernes", "2025-12-12"},
		{"es weekday que viene", "el lunes que viene", "2025-12-08"},
		{"darija next weekday", "jjem3a jaya", "2025-12-12"},
		{"darija nhar weekday next", "nhar jem3a jaya", "2025-12-12"},
		{"ar next weekday", "الجمعة القادمة", "2025-12-12"},
		{"ar next weekday muqbila", "الجمعة المقبلة", "2025-12-12"},
		// The day after tomorrow.
		{"fr after tomorrow", "après-demain", "2025-12-07"},
		{"es after tomorrow", "pasado mañana", "2025-12-07"},
		{"darija after tomorrow", "ba3d ghda", "2025-12-07"},
		{"darija after tomorrow spelling", "ba3d ghedda", "2025-12-07"},
		{"ar after tomorrow", "بعد غد", "2025-12-07"},
		// Tomorrow, with a part of the day, and the Arabic clitic "and".
		{"es tomorrow morning", "mañana por la mañana", "2025-12-06"},
		{"fr tomorrow evening", "demain soir", "2025-12-06"},
		{"darija tomorrow", "ghda", "2025-12-06"},
		{"ar tomorrow with and", "وغدا", "2025-12-06"},
		{"en tomorrow with and", "and tomorrow", "2025-12-06"},
		// No day: a week, a span, a day relative to another day, two dates.
		{"fr next week", "la semaine prochaine", ""},
		{"es next week", "la próxima semana", ""},
		{"fr day after another", "le surlendemain", ""},
		{"fr following monday", "le lundi suivant", ""},
		{"and between two days", "demain and après-demain", ""},
		{"and left hanging", "tomorrow and", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := readDateOrGloss(c.text)
			if c.want == "" {
				if ok {
					t.Fatalf("%q: read %s, want no date", c.text, got)
				}
				return
			}
			if got != c.want {
				t.Fatalf("%q: read %q (%v), want %s", c.text, got, ok, c.want)
			}
		})
	}
}

// TestRelativeDaysAndPartsOfDayAreData checks that the code keeps English
// only: every other language's relative day and part of the day comes from a
// [word] entry of the gloss files.
func TestRelativeDaysAndPartsOfDayAreData(t *testing.T) {
	for p := range englishRelativeDays {
		if !isASCIIWords(p) {
			t.Errorf("relative day %q is not English: it belongs in a gloss file", p)
		}
	}
	for w := range englishMeridiem {
		if !isASCIIWords(w) {
			t.Errorf("part of the day %q is not English: it belongs in a gloss file", w)
		}
	}
	for _, w := range []string{"apres-demain", "pasado manana", "ba3d ghda", "بعد غد", "غدوة", "hoy", "lyouma"} {
		if !slices.ContainsFunc(relativeDays, func(r relativeDay) bool { return slices.Equal(r.words, phraseWords(w)) }) {
			t.Errorf("relative day %q: not read from the gloss files", w)
		}
	}
	for _, w := range []string{"matin", "soir", "manana", "tarde", "noche", "sba7", "l3chiya"} {
		if _, ok := meridiemWords[w]; !ok {
			t.Errorf("part of the day %q: not read from the gloss files", w)
		}
	}
	for _, w := range []string{"prochain", "que viene", "jaya", "الجاية", "القادمة", "المقبلة", "dernier", "pasado"} {
		ws := phraseWords(w)
		if !slices.ContainsFunc(weekdaySuffixes[ws[0]], func(s weekdaySuffix) bool { return slices.Equal(s.words, ws) }) {
			t.Errorf("modifier after a weekday %q: not read from the gloss files", w)
		}
	}
	if !nightWords["noche"] {
		t.Error(`"noche" is the night`)
	}
}

func isASCIIWords(s string) bool {
	for _, r := range s {
		if r > unicode.MaxASCII {
			return false
		}
	}
	return true
}

// TestRelativeDaysLongestFirst checks the order the date reader tries the
// phrases in: the longest first, then by their words, whatever the order of
// the files.
func TestRelativeDaysLongestFirst(t *testing.T) {
	for i := 1; i < len(relativeDays); i++ {
		a, b := relativeDays[i-1], relativeDays[i]
		if len(a.words) < len(b.words) || len(a.words) == len(b.words) && slices.Compare(a.words, b.words) >= 0 {
			t.Fatalf("%q before %q", a.words, b.words)
		}
	}
}

// TestGlossWordPhrases loads [word] phrases: kept as the readers' tables'
// entries by their words, one meaning each, and never rewritten.
func TestGlossWordPhrases(t *testing.T) {
	fsys := fstest.MapFS{"gloss/x.txt": {Data: []byte("pasado mañana = day after tomorrow [word]\nmañana = tomorrow [word]\nmañana = morning [word]\n")}}
	g, err := loadGlosses(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.asWord["pasado manana"]; !slices.Equal(got, []string{"day after tomorrow"}) {
		t.Errorf("pasado mañana: %q", got)
	}
	if got := g.asWord["manana"]; !slices.Equal(got, []string{"tomorrow", "morning"}) {
		t.Errorf("mañana: %q", got)
	}
	if len(g.byFirst) != 0 {
		t.Errorf("[word] entries are no phrases to rewrite: %v", g.byFirst)
	}
	bad := fstest.MapFS{"gloss/x.txt": {Data: []byte("x = y [article]\n")}}
	if _, err := loadGlosses(bad); err == nil {
		t.Error("[article] on no prefix: want an error")
	}
}
