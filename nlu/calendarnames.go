package nlu

import (
	_ "embed"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The month and weekday names of the world's most used languages, beyond
// those of the gloss files: calendar_names.txt, generated from CLDR by
// internal/calendarnames (`go run ./cmd/parley-tools calendar-names -o
// nlu/calendar_names.txt`; a test fails when it is not current). A name the
// gloss files or the English tables already give a meaning is theirs; a month
// name is read only beside a day number ("20 Mart", "den 26 mars"), a weekday
// name alone is a weekday ("Cuma", "sa Biyernes").

//go:embed calendar_names.txt
var calendarNamesFile string

// calendarNames are the generated names by their key: weekdays and months.
type calendarNames struct {
	weekdays map[string]time.Weekday
	months   map[string]time.Month
}

var generatedCalendar = withCLDRWeekdays(parseCalendarNames(calendarNamesFile), generatedDates.weekdays)

// parseCalendarNames reads "word kind number languages" lines; a key two
// lines give different meanings is dropped (the generator keeps none; the
// tests check it).
func parseCalendarNames(text string) calendarNames {
	out := calendarNames{weekdays: map[string]time.Weekday{}, months: map[string]time.Month{}}
	seen := map[string]string{}
	for line := range strings.Lines(text) {
		f := strings.Fields(line)
		if len(f) < 3 || strings.HasPrefix(f[0], "#") {
			continue
		}
		n, err := strconv.Atoi(f[2])
		k := key(f[0])
		if toks := tokenize(k); err != nil || len(toks) != 1 || toks[0].text != k {
			continue // a word the tokenizer splits (a vowel sign of an Indic script)
		}
		meaning := f[1] + " " + f[2]
		if old, dup := seen[k]; dup && old != meaning {
			delete(out.weekdays, k)
			delete(out.months, k)
			continue
		}
		seen[k] = meaning
		switch {
		case f[1] == "weekday" && n >= 0 && n <= 6:
			out.weekdays[k] = time.Weekday(n)
		case f[1] == "month" && n >= 1 && n <= 12:
			out.months[k] = time.Month(n)
		}
	}
	return out
}

// withCalendarNames adds to known (a table built from English and the gloss
// files) the generated names it lacks, leaving out any word the gloss files
// give a meaning of their own ("tlata" is three and Tuesday there).
func withCalendarNames[V any](known map[string]V, generated map[string]V) map[string]V {
	for w, v := range generated {
		if _, ok := known[w]; ok || len(glosses.words[w]) > 0 || dateFillers[w] {
			continue
		}
		known[w] = v
	}
	return known
}

// generatedMonthOnly reports whether w is a month name only the generated
// file gives: one read only beside a day number, never a stray date word alone.
func generatedMonthOnly(w string) bool {
	_, gen := generatedCalendar.months[w]
	_, glossed := glosses.words[w]
	return gen && !glossed && englishMonths[w] == 0
}

// calendarFillers are the little words other languages say around a date
// and that carry no value of their own: Tagalog "sa" (on) and "po" (the
// polite particle), Swedish and Danish "den" ("den 26 mars"), Dutch "op",
// Scandinavian "på", Indonesian and Malay "pada" and "hari" ("hari Jumat"),
// Italian "il", Turkish "günü" ("Cuma günü"), chat "poss" ("today if
// poss"), Arabic "inshallah" (God willing: "Thursday inshallah" is
// Thursday), and the polite particles that close a sentence
// (politeParticles); and the prepositions of the Slavic languages and
// Icelandic before a weekday or a date (issue 38 round 10: Czech and
// Slovak "v piatok", Serbian "у понедељак", Bulgarian "в събота", "на 5
// септември", Icelandic "á föstudaginn"). Left out: Slavic "do" and "za",
// which say until and within ("do piątku" is by Friday).
var calendarFillers = wordSet(`sa po den op pa pada hari il gunu poss inshallah inshalla inshaallah inchallah nshallah v ve vo u у в во на na á í ` + politeParticles)

// politeParticles close a sentence politely and say nothing of their own:
// Thai "ka", "kha", "krub", "khrap" ("Wednesday ka", "2 nights krub"),
// Singlish "lah", Hindi and Urdu "ji".
const politeParticles = `ka kha krub krab khrap khrup lah ji`

// IsPoliteParticle reports whether w (lower case) is a polite particle
// that closes a sentence in another language ("2 night ka").
func IsPoliteParticle(w string) bool { return strings.Contains(" "+politeParticles+" ", " "+w+" ") }

func init() {
	for w := range calendarFillers {
		dateFillers[w] = true
	}
}

// worldPhraseFirsts are the first words of days-world.txt's phrases that
// start no other relative day ("i" of "i morgen", "bu" of "bu akşam", "leo"
// of "leo usiku"): alone they are no date word.
var worldPhraseFirsts = func() map[string]bool {
	data, err := glossFiles.ReadFile("gloss/days-world.txt")
	if err != nil {
		panic("nlu: " + err.Error())
	}
	entries, err := parseGlossFile("gloss/days-world.txt", string(data))
	if err != nil {
		panic("nlu: " + err.Error())
	}
	out := map[string]bool{}
	for _, e := range entries {
		if len(e.words) > 1 {
			out[e.words[0]] = true
		}
	}
	for w := range out {
		for _, r := range relativeDaysByFirst[w] {
			if len(r.words) == 1 || !worldPhrase(entries, r.words) {
				delete(out, w)
			}
		}
	}
	return out
}()

// worldPhrase reports whether words are a phrase of entries.
func worldPhrase(entries []glossEntry, words []string) bool {
	return slices.ContainsFunc(entries, func(e glossEntry) bool { return slices.Equal(e.words, words) })
}

// relativeDayWord reports whether w, alone, is a word of a relative day: a
// relative day's word or the first word of an English, French, Spanish,
// Portuguese or Darija one ("day", "this", "pasado", "ba3d").
func relativeDayWord(w string) bool {
	return relativeDaysByFirst[w] != nil && !worldPhraseFirsts[w] && !cldrPhraseFirsts[w]
}

// cldrPhraseFirsts are the short words (four letters or fewer) that begin
// generated relative days of several words and no one-word one (Danish "i morgen", Dutch "over morgen", Scottish Gaelic
// "a-màireach" read "a màireach"): alone, "i", "over" and "a" are no date
// words.
var cldrPhraseFirsts = func() map[string]bool {
	out := map[string]bool{}
	for p := range generatedDates.days {
		f, _, several := strings.Cut(p, " ")
		if several && len([]rune(f)) <= 4 && !slices.ContainsFunc(relativeDaysByFirst[f], func(r relativeDay) bool {
			return len(r.words) == 1
		}) {
			out[f] = true
		}
	}
	return out
}()

// monthWordAlone reports whether w, alone, is a month's name: one of English
// or the gloss files ("Augusta", Czech August's genitive, is a city alone).
func monthWordAlone(w string) bool {
	_, ok := monthNames[w]
	return ok && !generatedMonthOnly(w)
}
