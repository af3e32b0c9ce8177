package flows

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/parleyhq/parley/nlu"
)

// TestRelativeDaysCLDRLacks: a relative day or weekday of a language whose
// words CLDR lacks or holds only as English fallbacks (nlu/gloss/dates-hand.txt,
// round 15 block), one table row a language, is that day at the
// departure-date question and in a first message; a collision
// (internal/cldrdates/hand.txt) is read only beside a date word of its
// language, never alone or beside English or another language's word.
func TestRelativeDaysCLDRLacks(t *testing.T) {
	booking := demo(t)
	today := nlu.Date{Year: 2026, Month: 12, Day: 20} // a Sunday
	for _, tc := range []struct{ lang, answer, want string }{
		{"Papiamento", "mañan", "2026-12-21"},
		{"Papiamento", "pasado mañan", "2026-12-22"},
		{"Tok Pisin", "tumora", "2026-12-21"},
		{"Tok Pisin", "hap tumora", "2026-12-22"},
		{"Esperanto", "postmorgaŭ", "2026-12-22"},
		{"Esperanto x-system", "postmorgaux", "2026-12-22"},
		{"Yiddish", "ibermorgn", "2026-12-22"},
		{"Tajik", "пасфардо", "2026-12-22"},
		{"West Frisian", "Oermoarn", "2026-12-22"},
		{"West Frisian", "moarn", "2026-12-21"},
		{"Javanese", "dina Jemuwah", "2026-12-25"},
		{"Javanese", "dina Setu", "2026-12-26"},
		{"Javanese, a collision with support", "setu esuk", "2026-12-26"},
		{"Haitian Creole, a collision with support", "jedi maten", "2026-12-24"},
		{"Papiamento, a collision with support", "awe mainta", "2026-12-20"},
		{"Sicilian", "vènniri", "2026-12-25"},
		{"Sicilian", "doppudumani", "2026-12-22"},
		{"Samoan", "Aso Gafua", "2026-12-21"},
		{"Samoan", "Aso Toʻonaʻi", "2026-12-26"},
		{"Samoan", "taeao", "2026-12-21"},
		{"Haitian Creole", "apre demen", "2026-12-22"},
		{"Haitian Creole", "madi", "2026-12-22"},
		{"Sundanese", "isukan", "2026-12-21"},
		{"Neapolitan", "pescrai", "2026-12-22"},
		{"Gujarati", "shukravare", "2026-12-25"},
		{"Gujarati", "Somvare", "2026-12-21"},
		{"Nepali", "bihibar", "2026-12-24"},
		{"Bengali", "sonibar", "2026-12-26"},
		{"Bulgarian", "chetvartak", "2026-12-24"},
	} {
		slots := playTexts(t, booking, today, "I need a flight from Denver to Chicago", tc.answer)
		if got := format(slots["departure_date"]); got != tc.want {
			t.Errorf("%s %q: departure_date = %s, want %s", tc.lang, tc.answer, got, tc.want)
		}
	}
	slots := playTexts(t, booking, today, "i need a flight from Denver to Miami mañan")
	if got := format(slots["departure_date"]); got != "2026-12-21" {
		t.Errorf("first message with Papiamento mañan: departure_date = %s, want 2026-12-21", got)
	}
	slots = playTexts(t, booking, today, "I need a flight from Denver to Setu")
	if v := slots["departure_date"]; v != nil {
		t.Errorf("to Setu (Seto, Japan): departure_date = %v, want none", v)
	}
	for _, left := range []string{"freed", "jedi", "awe", "setu", "morn", "hut", "fardo", "nedelya", "aso", "jedi morning", "awe maten"} {
		slots := playTexts(t, booking, today, "I need a flight from Denver to Chicago", left)
		if v := slots["departure_date"]; v != nil {
			t.Errorf("%q alone, a collision left out: departure_date = %v, want none", left, v)
		}
	}
}

// TestReldaysHandWordsAllRead: every entry of the round 15 block of the hand
// file, as written, capitalized or upper case, on any day, reads as its own
// day at the departure-date question (never another day, never none).
func TestReldaysHandWordsAllRead(t *testing.T) {
	booking := demo(t)
	all := handDateWords(t)
	var words []handDateWord
	for i, w := range all {
		if w.text == "mañan" { // the block's first entry
			words = all[i:]
			break
		}
	}
	if len(words) < 50 {
		t.Fatalf("round 15 block: %d entries", len(words))
	}
	rapid.Check(t, func(rt *rapid.T) {
		w := rapid.SampledFrom(words).Draw(rt, "word")
		today := notOwnWeekday(w, nlu.Date{Year: 2026, Month: 1, Day: 1}.AddDays(rapid.IntRange(0, 700).Draw(rt, "today")))
		form := rapid.SampledFrom([]func(string) string{func(s string) string { return s }, capitalized, strings.ToUpper}).Draw(rt, "form")
		slots := playTexts(rt, booking, today, "I need a flight from Denver to Chicago", form(w.text))
		if got := format(slots["departure_date"]); got != w.want(today) {
			rt.Fatalf("%q on %s: departure_date = %s, want %s", form(w.text), today, got, w.want(today))
		}
	})
}
