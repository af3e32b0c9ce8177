package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/parleyhq/parley/nlu"
)

// runCLDRCities writes nlu/cldr/cities.txt: the names every CLDR locale gives
// the time-zone cities (exemplarCity: "Muqdisho", "Rīga", "Lisabon") that name
// a city of the lexicon, by that city's English name:
//
//	parley-tools cldr-cities -cldr /work/cldr -o nlu/cldr/cities.txt
func runCLDRCities(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("cldr-cities", stderr, "-cldr DIR [-words FILE] [-o FILE]")
	dir := fs.String("cldr", "", "the CLDR JSON `DIR` (scripts/cldr-fetch.sh): cldr-dates-full/main/<locale>/timeZoneNames.json")
	words := fs.String("words", "/usr/share/dict/words", "an English word list `FILE`, one a line: a name that is an English word is left out")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" {
		return fmt.Errorf("cldr-cities: -cldr DIR is required")
	}
	english, err := readWordList(*words)
	if err != nil {
		return err
	}
	exemplars, err := readExemplars(filepath.Join(*dir, "cldr-dates-full", "main"))
	if err != nil {
		return err
	}
	data := cldrCities(exemplars, english)
	return writeOutput(stdout, *out, data)
}

// readWordList is the lower-case words of a word list (its common words: a
// capitalized entry is a name), accents folded.
func readWordList(path string) (map[string]bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	set := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := strings.TrimSpace(sc.Text())
		if r, _ := utf8.DecodeRuneInString(w); w == "" || unicode.IsUpper(r) || strings.ContainsRune(w, '\'') {
			continue
		}
		set[foldName(w)] = true
	}
	return set, sc.Err()
}

// exemplars are each locale's exemplar city names, by zone ("Africa/Mogadishu").
type exemplars map[string]map[string]string

// readExemplars reads every locale's timeZoneNames.json under main.
func readExemplars(main string) (exemplars, error) {
	locales, err := os.ReadDir(main)
	if err != nil {
		return nil, err
	}
	ex := exemplars{}
	for _, l := range locales {
		raw, err := os.ReadFile(filepath.Join(main, l.Name(), "timeZoneNames.json"))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var doc struct {
			Main map[string]struct {
				Dates struct {
					TimeZoneNames struct {
						Zone map[string]any `json:"zone"`
					} `json:"timeZoneNames"`
				} `json:"dates"`
			} `json:"main"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", l.Name(), err)
		}
		names := map[string]string{}
		for _, m := range doc.Main {
			walkZones(m.Dates.TimeZoneNames.Zone, "", names)
		}
		ex[l.Name()] = names
	}
	return ex, nil
}

// walkZones adds the exemplar cities of a zone tree to names, by zone id.
func walkZones(tree map[string]any, prefix string, names map[string]string) {
	for k, v := range tree {
		node, ok := v.(map[string]any)
		if !ok {
			continue
		}
		id := strings.TrimPrefix(prefix+"/"+k, "/")
		if c, ok := node["exemplarCity"].(string); ok {
			names[id] = c
			continue
		}
		walkZones(node, id, names)
	}
}

// foldName is a name as the lexicon compares names: lower case, accents
// folded, words apart by one space.
func foldName(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	f, _, err := transform.String(t, strings.ToLower(s))
	if err != nil {
		f = strings.ToLower(s)
	}
	return strings.Join(strings.Fields(strings.NewReplacer("-", " ", ".", " ", "’", "'").Replace(f)), " ")
}

// zoneCity is the lexicon's city a zone's English exemplar names: the en
// locale's, else the zone id's last part ("America/Sao_Paulo": "Sao Paulo").
func zoneCity(zone string, en map[string]string) (string, bool) {
	name, ok := en[zone]
	if !ok {
		name = strings.ReplaceAll(zone[strings.LastIndexByte(zone, '/')+1:], "_", " ")
	}
	return nlu.LexiconCity(name)
}

// cldrCities is the file: for each zone whose English exemplar is a known
// city, every locale's other name for it, left out when it reads as
// something else (usableNative), or when two cities share it.
func cldrCities(ex exemplars, english map[string]bool) []byte {
	byName := map[string]map[string]bool{} // keyed name: the cities it names
	spelled := map[string]string{}         // keyed name: a spelling of it
	for _, loc := range slices.Sorted(maps.Keys(ex)) {
		for _, zone := range slices.Sorted(maps.Keys(ex[loc])) {
			city, ok := zoneCity(zone, ex["en"])
			if !ok {
				continue
			}
			name := strings.TrimSpace(ex[loc][zone])
			f := nlu.CityKey(name) // "मिंस्क" and "मास्को" are one key: never kept
			if byName[f] == nil {
				byName[f] = map[string]bool{}
				spelled[f] = name
			}
			byName[f][city] = true
		}
	}
	names := map[string][]string{}
	for f, cs := range byName {
		if len(cs) != 1 {
			continue // two zones' cities share the name
		}
		city := slices.Collect(maps.Keys(cs))[0]
		if usableNative(spelled[f], f, city, english) {
			names[city] = append(names[city], spelled[f])
		}
	}
	return writeCLDRCities(names)
}

// usableNative reports whether name (folded f), a locale's name for city, is
// kept: a name of letters the lexicon does not already give city, of four
// letters or more in Latin script, that is no other known city, no country
// and no English word.
func usableNative(name, f, city string, english map[string]bool) bool {
	if f == "" || strings.ContainsFunc(name, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsMark(r) && !strings.ContainsRune(" -.'’", r)
	}) {
		return false
	}
	if _, known := nlu.LexiconCity(name); known {
		return false // city's own name already, or another city's
	}
	if c, near := nlu.LexiconTypoCity(name); near && c != city {
		return false // "Dehli" (Dili) is Delhi mistyped
	}
	if latin(f) && utf8.RuneCountInString(strings.ReplaceAll(f, " ", "")) < 4 {
		return false
	}
	return !english[f] && !english[strings.ReplaceAll(f, " ", "")] && !nlu.IsCountry(name) && !nlu.IsCountry(f)
}

// latin reports whether s is written in Latin letters.
func latin(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

func writeCLDRCities(names map[string][]string) []byte {
	var b strings.Builder
	b.WriteString(cldrCitiesHeader)
	for _, city := range slices.Sorted(maps.Keys(names)) {
		ns := names[city]
		slices.SortFunc(ns, func(a, b string) int { return strings.Compare(foldName(a)+a, foldName(b)+b) })
		fmt.Fprintf(&b, "%s: %s\n", city, strings.Join(ns, " | "))
	}
	return []byte(b.String())
}

const cldrCitiesHeader = `# Generated by ` + "`go run ./cmd/parley-tools cldr-cities -cldr DIR -o nlu/cldr/cities.txt`" + `
# from Unicode CLDR 48.2.0 (cldr-dates-full, main/<locale>/timeZoneNames.json):
# never edit by hand. Each CLDR locale names the cities of the time zones
# (exemplarCity: Somali "Muqdisho", Latvian "Rīga", Albanian "Lisbonë"); a
# zone whose English name (locale en, else the zone id) is a city of Parley's
# lexicon gives that city, on its line, every locale's other name for it. Left
# out (names compared as nlu keys them: case, accents and vowel signs folded,
# so that Hindi "मिंस्क", Minsk, and "मास्को", Moscow, are one name): a name
# the lexicon already reads (as that city or another) or reads as
# another city mistyped ("Dehli", Dili, is Delhi with a typo), a name two
# zones' cities share, a name of three letters or fewer in Latin script, a
# country's name, a common English word (the -words list), and a name with
# other characters than letters, spaces, hyphens, dots and apostrophes.
# nlu reads these names exactly, beside city_native.txt (hand-written, for
# the cities no zone names), never as typos.
`
