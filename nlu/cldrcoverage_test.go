package nlu

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parleyhq/parley/nlu/cldr"
)

// TestCLDRCoverage measures, for every language of CLDR (each locale of
// cldr-dates-full without a region), whether its own words read as English
// reads them: tomorrow and the day after (dateFields day relative-type 1
// and 2), the seven weekday names (wide and abbreviated, format and
// stand-alone), and "3 <night>" (cldr-units-full's duration-night pattern).
// A word equal to English's is a fallback, not the locale's own, and is not
// counted. The languages a fresh set brings are ones nobody has seen, so the
// figure is generic. It needs the CLDR JSON (scripts/cldr-fetch.sh; the
// directory in PARLEY_CLDR, /work/cldr by default) and is skipped without.
// It fails on a word read as another date (a wrong value), never on one
// left unread (a collision the guards keep out reads nothing, as it should).
func TestCLDRCoverage(t *testing.T) {
	dir := os.Getenv("PARLEY_CLDR")
	if dir == "" {
		dir = "/work/cldr"
	}
	locs, err := filepath.Glob(filepath.Join(dir, "cldr-dates-full", "main", "*"))
	if err != nil || len(locs) == 0 {
		t.Skip("no CLDR JSON at", dir)
	}
	en := coverageWords(t, dir, "en")
	c := coverage{own: map[string]int{}, read: map[string]int{}, meanings: map[string]map[int]bool{}}
	words := map[string]localeWords{}
	for _, p := range locs {
		loc := filepath.Base(p)
		if regionLocale.MatchString(loc) || loc == "en" || loc == "root" {
			continue
		}
		words[loc] = coverageWords(t, dir, loc)
		c.note(words[loc])
	}
	for loc, w := range words {
		c.measure(loc, w, en)
	}
	t.Logf("CLDR coverage of %d languages: %s", c.langs, c.summary())
	if testing.Verbose() {
		sort.Strings(c.misses)
		t.Logf("unread:\n%s", strings.Join(c.misses, "\n"))
	}
	for _, w := range c.wrong {
		t.Errorf("read as another date: %s", w)
	}
}

// regionLocale is a locale with a region ("fr-CA", "es-419"): its
// language's words, measured once.
var regionLocale = regexp.MustCompile(`-([A-Z]{2}|[0-9]{3})$`)

// coverageNow is a Wednesday; each word's date is counted from it.
var coverageNow = time.Date(2027, 4, 14, 12, 0, 0, 0, time.UTC)

// localeWords are a locale's words to read: a phrase and its days from
// coverageNow (tomorrow 1, Saturday 3), and its night pattern.
type localeWords struct {
	days   map[string]map[string]int // kind ("tomorrow", "weekday") → phrase → days ahead
	nights string                    // "{0} нощи", "" without one
}

// coverageWords reads a locale's words from the CLDR JSON.
func coverageWords(t *testing.T, dir, loc string) localeWords {
	w := localeWords{days: map[string]map[string]int{"tomorrow": {}, "after": {}, "weekday": {}, "abbreviated": {}}}
	var fields struct {
		Main map[string]struct {
			Dates struct {
				Fields map[string]map[string]any `json:"fields"`
			} `json:"dates"`
		} `json:"main"`
	}
	readCoverageJSON(t, filepath.Join(dir, "cldr-dates-full", "main", loc, "dateFields.json"), &fields)
	for _, m := range fields.Main {
		if s, ok := m.Dates.Fields["day"]["relative-type-1"].(string); ok {
			w.days["tomorrow"][s] = 1
		}
		if s, ok := m.Dates.Fields["day"]["relative-type-2"].(string); ok {
			w.days["after"][s] = 2
		}
	}
	var greg struct {
		Main map[string]struct {
			Dates struct {
				Calendars struct {
					Gregorian struct {
						Days map[string]map[string]map[string]string `json:"days"`
					} `json:"gregorian"`
				} `json:"calendars"`
			} `json:"dates"`
		} `json:"main"`
	}
	readCoverageJSON(t, filepath.Join(dir, "cldr-dates-full", "main", loc, "ca-gregorian.json"), &greg)
	ahead := map[string]int{"sun": 4, "mon": 5, "tue": 6, "wed": 7, "thu": 1, "fri": 2, "sat": 3}
	for _, m := range greg.Main {
		for _, ctx := range m.Dates.Calendars.Gregorian.Days {
			for _, width := range []string{"wide", "abbreviated"} {
				for d, name := range ctx[width] {
					if width == "wide" {
						w.days["weekday"][name] = ahead[d]
					} else if len([]rune(strings.TrimSuffix(name, "."))) >= 3 {
						w.days["abbreviated"][name] = ahead[d]
					}
				}
			}
		}
	}
	w.nights = coverageNights(t, dir, loc)
	return w
}

// coverageNights is the locale's long night pattern for three ("{0} нощи").
func coverageNights(t *testing.T, dir, loc string) string {
	var units struct {
		Main map[string]struct {
			Units struct {
				Long map[string]map[string]string `json:"long"`
			} `json:"units"`
		} `json:"main"`
	}
	p := filepath.Join(dir, "cldr-units-full", "main", loc, "units.json")
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	readCoverageJSON(t, p, &units)
	for _, m := range units.Main {
		n := m.Units.Long["duration-night"]
		for _, k := range []string{"unitPattern-count-few", "unitPattern-count-other"} {
			if s := n[k]; s != "" {
				return s
			}
		}
	}
	return ""
}

func readCoverageJSON(t *testing.T, path string, v any) {
	b, err := os.ReadFile(path)
	if err != nil {
		return
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// coverage counts, per kind, the languages with a word of their own and
// those where every such word reads.
type coverage struct {
	langs         int
	own, read     map[string]int
	meanings      map[string]map[int]bool // a word's key → its days ahead in every language
	misses, wrong []string
}

// coverageKinds are the kinds of date words measured.
var coverageKinds = []string{"tomorrow", "after", "weekday", "abbreviated"}

// note files the meanings of a locale's words: a word two languages give two
// meanings (mgh "Sabato", Sunday; Italian Saturday) is read by neither, and
// measured as neither's.
func (c *coverage) note(w localeWords) {
	for _, kind := range coverageKinds {
		for phrase, ahead := range w.days[kind] {
			k := key(phrase)
			if c.meanings[k] == nil {
				c.meanings[k] = map[int]bool{}
			}
			c.meanings[k][ahead] = true
		}
	}
}

func (c *coverage) measure(loc string, w, en localeWords) {
	c.langs++
	for _, kind := range coverageKinds {
		own, all := 0, true
		for phrase, ahead := range w.days[kind] {
			if _, fallback := en.days[kind][phrase]; fallback || len(c.meanings[key(phrase)]) > 1 {
				continue
			}
			own++
			want := coverageNow.AddDate(0, 0, ahead).Format("2006-01-02")
			switch got := readRound14(phrase, coverageNow); got {
			case want:
			case "":
				all = false
				c.misses = append(c.misses, fmt.Sprintf("%s %s %q", loc, kind, phrase))
			default:
				all = false
				c.wrong = append(c.wrong, fmt.Sprintf("%s %s %q = %s, want %s", loc, kind, phrase, got, want))
			}
		}
		c.tally(kind, own > 0, all)
	}
	c.measureNightWords(loc, w)
	if w.nights != "" && !strings.Contains(w.nights, "night") {
		phrase := strings.ReplaceAll(strings.Replace(w.nights, "{0}/", "{0} ", 1), "{0}", "3")
		ok := strings.Contains(" "+Gloss(phrase)+" ", " 3 nights ")
		if !ok {
			c.misses = append(c.misses, fmt.Sprintf("%s nights %q", loc, phrase))
		}
		c.tally("nights", true, ok)
	}
}

// measureNightWords tallies "nights words": a language with a night word
// of its own (its CLDR pattern, or nlu/count_words.txt's) whose count of
// three said in words (the phrases for three of nlu/cldr/counts_nights.txt
// under its locale, CLDR's number spell-out or count_words.txt's numbers)
// reads as three nights, every such phrase.
func (c *coverage) measureNightWords(loc string, w localeWords) {
	own := w.nights != "" && !strings.Contains(w.nights, "night")
	threes := coverageThrees()[loc]
	if own && len(threes) == 0 { // its phrases are filed under another locale ("tre netter": da) or are hand data
		threes = threesWith(strings.Replace(w.nights, "{0}/", "{0} ", 1))
	}
	if len(threes) == 0 && !own {
		return
	}
	ok := len(threes) > 0
	for _, ph := range threes {
		if g := Gloss(ph); g != "three nights" && g != "3 nights" {
			ok = false
			c.misses = append(c.misses, fmt.Sprintf("%s nights-words %q", loc, ph))
		}
	}
	if len(threes) == 0 {
		c.misses = append(c.misses, fmt.Sprintf("%s nights-words (no count of three)", loc))
	}
	c.tally("nights-words", true, ok)
}

// coverageThrees are the generated phrases for three nights by the locale
// they are filed under.
var coverageThrees = sync.OnceValue(func() map[string][]string {
	out := map[string][]string{}
	loc := ""
	for _, line := range strings.Split(cldr.CountsNights, "\n") {
		if name, ok := strings.CutPrefix(line, "# "); ok && !strings.ContainsAny(name, " :") {
			loc = name
			continue
		}
		if ph, ok := strings.CutPrefix(line, "3 "); ok && loc != "" {
			out[loc] = append(out[loc], ph)
		}
	}
	return out
})

// threesWith are the phrases for three nights of the merged table (CLDR's
// and the hand lists') that say a night pattern's words around the number
// ("{0} netter": "tre netter").
func threesWith(pattern string) []string {
	before, after, _ := strings.Cut(pattern, "{0}")
	b, a := glossKeys(before), glossKeys(after)
	if len(b)+len(a) == 0 {
		return nil // a night word the gloss does not read as a word (Sinhala)
	}
	var out []string
	for _, es := range countedNights().byFirst {
		for _, e := range es {
			if e.to == "three nights" && len(e.words) > len(b)+len(a) &&
				slices.Equal(e.words[:len(b)], b) && slices.Equal(e.words[len(e.words)-len(a):], a) {
				out = append(out, strings.Join(e.words, " "))
			}
		}
	}
	return out
}

func (c *coverage) tally(kind string, own, all bool) {
	if own {
		c.own[kind]++
		if all {
			c.read[kind]++
		}
	}
}

func (c *coverage) summary() string {
	var parts []string
	for _, k := range append(coverageKinds, "nights", "nights-words") {
		parts = append(parts, fmt.Sprintf("%s %d/%d", k, c.read[k], c.own[k]))
	}
	return strings.Join(parts, ", ") + fmt.Sprintf("; %d words unread, %d wrong", len(c.misses), len(c.wrong))
}
