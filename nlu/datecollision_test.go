package nlu

import (
	"maps"
	"pgregory.net/rapid"
	"slices"
	"strings"
	"testing"
	"time"
)

// Collision date words: Latvian "rīt" (tomorrow) is short, Kurmanji "şemî"
// (Saturday) folds to English "semi", Yoruba "ọla" (tomorrow) folds to
// Spanish "ola", Icelandic "fim" (Thursday) is short. Alone they are
// nothing; beside a date word of their own language they are read.
func TestDateCollisionsReadWithSupport(t *testing.T) {
	now := time.Date(2027, 3, 4, 10, 0, 0, 0, time.UTC) // a Thursday
	cases := []readDateCase{
		{"rīt", ""},
		{"rit", ""},
		{"semi", ""},
		{"şemî", ""},
		{"ola", ""},
		{"rīt vakarā", "2027-03-05"},
		{"rit vakara", "2027-03-05"},
		{"rīt naktī", "2027-03-05"},
		{"şemî", ""},
		{"rīt sibê", ""},     // a Kurmanji word is no Latvian support
		{"semi evening", ""}, // English is no support
	}
	checkReadDates(t, now, cases)
}

// partWordsOf are the kept one-word parts of the day the time reader reads,
// by language, none a collision word.
func partWordsOf(t dateCollisionTables) map[string][]string {
	out := map[string][]string{}
	for _, w := range slices.Sorted(maps.Keys(t.langs)) {
		if _, part := meridiemWords[w]; !part || t.words[w].langs != nil {
			continue
		}
		for _, l := range t.langs[w] {
			out[l] = append(out[l], w)
		}
	}
	return out
}

// Property: a collision date word alone is never read, but for a "!" one
// (its other meaning a town's name or a word that answers no date question),
// read alone as its meaning; beside a part of the
// day of one of its languages it is read as its English word there would be;
// beside one of no language of its own it is not read.
func TestDateCollisionsProperty(t *testing.T) {
	tables := dateCollisions()
	parts := partWordsOf(tables)
	var words []string
	for _, w := range slices.Sorted(maps.Keys(tables.words)) {
		if c := tables.words[w]; c.to != "" && !strings.HasSuffix(c.to, "ing") && c.to != "afternoon" && c.to != "night" {
			words = append(words, w)
		}
	}
	if len(words) < 50 {
		t.Fatalf("only %d collision day words", len(words))
	}
	var langs []string
	for l := range parts {
		langs = append(langs, l)
	}
	slices.Sort(langs)
	rapid.Check(t, func(rt *rapid.T) {
		w := rapid.SampledFrom(words).Draw(rt, "word")
		c := tables.words[w]
		now := time.Date(2027, 1, 1, 9, 0, 0, 0, time.UTC).AddDate(0, 0, rapid.IntRange(0, 400).Draw(rt, "day"))
		got, ok := ReadDate(w, now)
		// Today's weekday alone is asked (today or a week on?) in its word
		// and in the collision's: both none.
		if want, wantOK := ReadDate(c.to, now); c.alone && (ok != wantOK || got != want || !wantOK && !namesWeekdayOf(c.to, now)) {
			rt.Fatalf("%q (\"!\") alone = %v %v, want %q's %v", w, got, ok, c.to, want)
		} else if !c.alone && ok {
			rt.Fatalf("%q alone read", w)
		}
		other := rapid.SampledFrom(langs).Draw(rt, "other")
		if own := slices.DeleteFunc(slices.Clone(c.langs), func(l string) bool { return parts[l] == nil }); len(own) > 0 && rapid.Bool().Draw(rt, "own") {
			other = rapid.SampledFrom(own).Draw(rt, "own language")
		}
		p := rapid.SampledFrom(parts[other]).Draw(rt, "part")
		got, ok = ReadDate(w+" "+p, now)
		if !slices.ContainsFunc(tables.langs[p], func(l string) bool { return slices.Contains(c.langs, l) }) {
			if ok {
				rt.Fatalf("%q (%v) read beside %q (%v): %v", w, c.langs, p, tables.langs[p], got)
			}
			return
		}
		want, wantOK := ReadDate(c.to+" "+p, now)
		if ok != wantOK || got != want {
			rt.Fatalf("%q beside %q = %v %v, want %q's %v %v", w, p, got, ok, c.to, want, wantOK)
		}
	})
}

// readDateCase is a message and the date ReadDate must read from it ("" for
// none).
type readDateCase struct{ text, want string }

// checkReadDates reads each case's text at now and compares.
func checkReadDates(t *testing.T, now time.Time, cases []readDateCase) {
	t.Helper()
	for _, c := range cases {
		d, ok := ReadDate(c.text, now)
		got := ""
		if ok {
			got = d.String()
		}
		if got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// namesWeekdayOf reports whether the English word w is now's weekday's name.
func namesWeekdayOf(w string, now time.Time) bool {
	day, ok := weekdayNames[w]
	return ok && day == now.Weekday()
}
