package nlu

import (
	_ "embed"
	"strconv"
	"strings"
	"time"
)

// The weekday names, relative days and parts of the day of every CLDR
// locale: cldr/dates_words.txt, generated from CLDR by internal/cldrdates
// (`go run ./cmd/parley-tools cldr-dates -cldr DIR -o
// nlu/cldr/dates_words.txt`; its header says what is taken and what is left
// out). They are read as calendar_names.txt is: a word the gloss files or
// English already give a meaning is theirs; a one-word weekday joins the
// weekday names, a weekday phrase ("juma kuni", "is sibt") the gloss phrases,
// a relative day ("kusasa", "oormôre") the relative days, a one-word part of
// the day ("ntambama", "õhtul") the parts of the day.

//go:embed cldr/dates_words.txt
var cldrDatesFile string

// cldrDates are the generated entries by their kind, keyed as messages are.
type cldrDates struct {
	weekdays       map[string]time.Weekday
	weekdayPhrases map[string]time.Weekday // two words or more
	days           map[string]int          // relative days: today 0, tomorrow 1, the day after 2
	parts          map[string]bool         // parts of the day: after noon
}

var generatedDates = parseCLDRDates(cldrDatesFile)

// parseCLDRDates reads "phrase\tkind\tvalue\tlanguages" lines. A key two
// lines give different meanings (folding may join two words) is dropped.
func parseCLDRDates(text string) cldrDates {
	out := cldrDates{weekdays: map[string]time.Weekday{}, weekdayPhrases: map[string]time.Weekday{},
		days: map[string]int{}, parts: map[string]bool{}}
	seen := make(map[string][2]string, strings.Count(text, "\n"))
	dropped := map[string]bool{}
	for line := range strings.Lines(text) {
		// The phrase, kind and value of a line, without a slice a line.
		phrase, rest, ok1 := strings.Cut(strings.TrimRight(line, "\n"), "\t")
		kind, rest, ok2 := strings.Cut(rest, "\t")
		value, _, _ := strings.Cut(rest, "\t")
		if !ok1 || !ok2 || strings.HasPrefix(phrase, "#") {
			continue
		}
		k, ok := cldrDateKey(phrase)
		if !ok {
			continue
		}
		meaning := [2]string{kind, value}
		if old, dup := seen[k]; dup && old != meaning || dropped[k] {
			dropped[k] = true
			continue
		}
		seen[k] = meaning
		out.add(k, kind, value)
	}
	for k := range dropped {
		delete(out.weekdays, k)
		delete(out.weekdayPhrases, k)
		delete(out.days, k)
		delete(out.parts, k)
	}
	return out
}

// cldrDateKey is a phrase's key, its words joined by single spaces; false
// when the tokenizer would split a word (a vowel sign of an Indic script)
// other than at a hyphen or apostrophe, where the parts are read as a
// phrase (gd "a-màireach" is "a maireach", br "warcʼhoazh" "warc hoazh").
func cldrDateKey(phrase string) (string, bool) {
	k := key(phrase)
	toks := tokenize(k)
	if len(toks) == 0 {
		return "", false
	}
	joined, _ := joinedWords(k)
	return joined, len(toks) == len(strings.Fields(wordJoinersApart.Replace(phrase)))
}

// wordJoinersApart puts a space for the hyphen, the apostrophes and the
// Tibetan tsheg inside a word, where the tokenizer splits it.
var wordJoinersApart = strings.NewReplacer("-", " ", "'", " ", "ʼ", " ", "’", " ", "་", " ")

// add files one entry.
func (c *cldrDates) add(k, kind, value string) {
	n, err := strconv.Atoi(value)
	one := !strings.Contains(k, " ")
	weekday := kind == "weekday" && err == nil && n >= 0 && n <= 6
	switch {
	case weekday && one:
		c.weekdays[k] = time.Weekday(n)
	case weekday:
		c.weekdayPhrases[k] = time.Weekday(n)
	case kind == "day" && err == nil && n >= 0 && n <= 2:
		c.days[k] = n
	case kind == "part" && one:
		c.parts[k] = value != "morning"
	}
}

// withCLDRWeekdays adds the generated one-word weekday names to those of
// calendar_names.txt; a word the two give different days is neither's.
func withCLDRWeekdays(names calendarNames, generated map[string]time.Weekday) calendarNames {
	for w, d := range generated {
		if old, ok := names.weekdays[w]; ok && old != d {
			delete(names.weekdays, w)
			continue
		}
		if _, month := names.months[w]; month {
			delete(names.months, w)
			continue
		}
		names.weekdays[w] = d
	}
	return names
}

// withCLDRDays adds the generated relative days to byPhrase (English's and
// the gloss files'), leaving out a phrase it holds and a word another table
// reads (a gloss word, a weekday or month, a filler).
func withCLDRDays(byPhrase map[string]int, generated map[string]int) map[string]int {
	for p, n := range generated {
		if _, ok := byPhrase[p]; ok || !freeDateWord(p) {
			continue
		}
		byPhrase[p] = n
	}
	return byPhrase
}

// withCLDRParts adds the generated parts of the day to known, on the same
// terms.
func withCLDRParts(known map[string]bool, generated map[string]bool) map[string]bool {
	for w, pm := range generated {
		if _, ok := known[w]; ok || !freeDateWord(w) {
			continue
		}
		known[w] = pm
	}
	return known
}

// freeDateWord reports whether no word of the phrase p is one the gloss
// files, the weekday or month tables or the fillers read otherwise.
func freeDateWord(p string) bool {
	if strings.Contains(p, " ") {
		return len(glosses.words[p]) == 0
	}
	_, weekday := generatedCalendar.weekdays[p]
	_, month := generatedCalendar.months[p]
	return len(glosses.words[p]) == 0 && !weekday && !month && !dateFillers[p] && englishWeekdays[p] == 0 && englishMonths[p] == 0
}

// cldrWeekdayGlosses are the generated weekday phrases as gloss entries
// ("juma kuni" is "friday"), those the gloss files hold left out.
func cldrWeekdayGlosses(t glossTables) {
	for p, d := range generatedDates.weekdayPhrases {
		ws := strings.Fields(p)
		if slicesHavePhrase(t.byFirst[ws[0]], ws) {
			continue
		}
		t.byFirst[ws[0]] = append(t.byFirst[ws[0]], glossEntry{words: ws, to: strings.ToLower(d.String()), fromTag: "cldr/dates_words.txt"})
		sortGlossEntries(t.byFirst[ws[0]])
	}
}

// slicesHavePhrase reports whether es holds an entry of the words ws.
func slicesHavePhrase(es []glossEntry, ws []string) bool {
	for _, e := range es {
		if strings.Join(e.words, " ") == strings.Join(ws, " ") {
			return true
		}
	}
	return false
}

// TodayWords are the words and two-word phrases for today of the languages
// the date lexicon reads (cldr/dates_words.txt: CLDR's relative-type-0 and
// internal/cldrdates/hand.txt's, collision words left out), as written
// there, with their accents and without: a present-time marker as English
// "today" is one ("lamuhla 120 kg" says where a goal stands today). A new
// slice each call: callers build their sets once.
func TodayWords() []string {
	var out []string
	for line := range strings.Lines(cldrDatesFile) {
		phrase, rest, _ := strings.Cut(strings.TrimRight(line, "\n"), "\t")
		if !strings.HasPrefix(rest, "day\t0\t") || strings.Count(phrase, " ") > 1 {
			continue
		}
		if k, ok := cldrDateKey(phrase); ok && generatedDates.days[k] == 0 {
			if _, kept := generatedDates.days[k]; kept {
				out = append(out, phrase)
			}
		}
	}
	return out
}
