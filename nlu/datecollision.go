package nlu

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Date words that collide: cldr/dates_words.txt keeps, as the kinds "day?",
// "weekday?" and "part?", the one-meaning words its generator drops only
// because they are another language's word too or short (Kurmanji "şemî",
// Saturday, folds to English "semi"; Latvian "rīt", tomorrow). Alone such a
// word is nothing: the bot asks. Beside another date word of one of its
// languages that is no collision itself (Kurmanji "şemî sibê", Latvian "rīt
// vakarā") the message is that language, and the word is read as its meaning,
// written over with an English word of that meaning before the date tables
// read the words. English's own entries (and the root locale's, "und") are left to the English
// tables.

// dateCollision is one collision word's meaning and its languages.
type dateCollision struct {
	to    string // the English word the tables read for the meaning
	langs []string
	alone bool // "!": the word alone answering a date question is its date
}

// dateCollisionTables are the collision words and, for support, the
// languages of every kept one-word date entry.
type dateCollisionTables struct {
	words map[string]dateCollision
	langs map[string][]string
}

// dateCollisions is built on the first date read that needs it, never at init.
var dateCollisions = sync.OnceValue(func() dateCollisionTables {
	return parseDateCollisions(cldrDatesFile)
})

// parseDateCollisions reads the "?" kinds of the generated file and the
// languages of its kept one-word entries.
func parseDateCollisions(text string) dateCollisionTables {
	t := dateCollisionTables{words: map[string]dateCollision{}, langs: map[string][]string{}}
	for line := range strings.Lines(text) {
		f := strings.Split(strings.TrimRight(line, "\n"), "\t")
		if len(f) == 4 && !strings.HasPrefix(f[0], "#") && !strings.Contains(f[0], " ") {
			t.add(f[0], f[1], f[2], strings.Split(f[3], ","))
		}
	}
	return t
}

// add files one line's word: a kept one as support, a collision as one.
func (t dateCollisionTables) add(word, kind, value string, ls []string) {
	k, ok := cldrDateKey(word)
	kind, alone := strings.CutSuffix(kind, "!")
	kind, collides := strings.CutSuffix(kind, "?")
	collides = collides || alone
	switch {
	case !ok || strings.Contains(k, " "):
		return
	case !collides:
		t.langs[k] = append(t.langs[k], ls...)
		return
	case utf8.RuneCountInString(k) < 3:
		return // an abbreviation of one or two letters (Arabic "ل" is "for" too; "yo")
	}
	ls = slices.DeleteFunc(ls, func(l string) bool { return l == "en" || l == "und" })
	to := collisionEnglish(kind, value)
	if readByTables(k) {
		to = "" // another table reads it: that reading stands, this one is never tried
	}
	if old, dup := t.words[k]; dup && old.to != to || to == "" || len(ls) == 0 {
		t.words[k] = dateCollision{} // two meanings after folding, or none: neither
		return
	}
	t.words[k] = dateCollision{to: to, langs: ls, alone: alone}
}

// collisionEnglish is the one English word the date tables read for a
// meaning: a weekday's name, "today" or "tomorrow", a one-word day after
// tomorrow of the relative days, the part of the day's name.
func collisionEnglish(kind, value string) string {
	switch kind {
	case "weekday":
		if n, err := strconv.Atoi(value); err == nil && n >= 0 && n <= 6 {
			return strings.ToLower(time.Weekday(n).String())
		}
	case "day":
		switch value {
		case "0":
			return "today"
		case "1":
			return "tomorrow"
		case "2":
			return oneWordRelativeDay(2)
		}
	case "part":
		if _, ok := englishMeridiem[value]; ok {
			return value
		}
	}
	return ""
}

// oneWordRelativeDay is the first one-word relative day of the offset n
// (the day after tomorrow has no one English word; German "übermorgen" is
// one), so that the word written over is one token as the collision was.
func oneWordRelativeDay(n int) string {
	for _, r := range relativeDays {
		if len(r.words) == 1 && r.offset == n {
			return r.words[0]
		}
	}
	return ""
}

// readSupportedCollisions writes over each collision word of toks the
// English word of its meaning when another word of toks is a date word of
// one of its languages and no collision itself. Cheap when no word of toks
// is a collision: one map look-up a word.
func readSupportedCollisions(toks []token) {
	t := dateCollisions()
	for j := range toks {
		c, ok := t.words[toks[j].text]
		if ok && c.to != "" && t.supported(toks, j, c.langs) {
			toks[j].text = c.to
		}
	}
}

// readAloneCollision writes over a lone collision word the English word of
// its meaning when its kind is "!" (its other meaning, a town's name or
// Swahili "juma", week, never answers a date question): Bambara "sini"
// answering "when?" is tomorrow.
func readAloneCollision(toks []token) {
	if len(toks) != 1 {
		return
	}
	if c, ok := dateCollisions().words[toks[0].text]; ok && c.alone && c.to != "" {
		toks[0].text = c.to
	}
}

// supported reports whether a word of toks other than the j-th is a kept
// date word of one of langs and is no collision word itself.
func (t dateCollisionTables) supported(toks []token, j int, langs []string) bool {
	for i, tk := range toks {
		if i == j {
			continue
		}
		if _, collides := t.words[tk.text]; collides {
			continue
		}
		for _, l := range t.langs[tk.text] {
			if slices.Contains(langs, l) {
				return true
			}
		}
	}
	return false
}

// readByTables reports whether another table of the date reader reads w
// (English "wed", a gloss word, a typo of a weekday): that reading stands.
func readByTables(w string) bool {
	_, weekday := weekdayNames[w]
	_, abbr := weekdayAbbreviations[w]
	_, chat := dateChatWords[w]
	_, typo := dateTypoFor(w)
	return weekday || abbr || chat || typo || !freeDateWord(w) || relativeDaysByFirst[w] != nil
}
