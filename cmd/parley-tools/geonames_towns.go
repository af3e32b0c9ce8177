package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/nlu"
)

// runGeoNamesTowns writes nlu/geo/towns.txt: the names of GeoNames's smaller
// towns ("Bozeman", "Moab", "Sintra"), one a line, that a user may type in
// lower case at a place question:
//
//	parley-tools geonames-towns -in cities5000.txt -out nlu/geo/towns.txt
//
// The dump is GeoNames's cities export in its full columns, or its short
// export "Name<TAB>AsciiName<TAB>Timezone" (no population: every row kept).
func runGeoNamesTowns(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("geonames-towns", stderr, "-in FILE [-min-pop N] [-words FILE] [-out FILE]")
	in := fs.String("in", "", "a GeoNames cities dump `FILE` (full or Name/AsciiName/Timezone columns)")
	minPop := fs.Int("min-pop", 1000, "the fewest people a town must have, where the dump says")
	words := fs.String("words", "/usr/share/dict/american-english", "an English word list `FILE`: a name made of English words is left out")
	out := fs.String("out", "", "write to `FILE` instead of standard output")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" {
		return fmt.Errorf("geonames-towns: -in FILE is required")
	}
	english, err := readWordList(*words)
	if err != nil {
		return err
	}
	f, err := os.Open(*in)
	if err != nil {
		return err
	}
	defer f.Close()
	names, err := readTownNames(f, *minPop, stderr)
	if err != nil {
		return err
	}
	data := geoNamesTowns(names, english, *in)
	return writeOutput(stdout, *out, data)
}

// readTownNames reads a dump's town names of minPop people or more; a
// malformed row is counted and reported, never skipped in silence.
func readTownNames(r io.Reader, minPop int, report io.Writer) ([]string, error) {
	var names []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	var bad malformedRows
	for line := 1; sc.Scan(); line++ {
		name, pop, err := decodeTownRow(sc.Text())
		switch {
		case err != nil:
			bad.add(line, err)
		case name != "" && (pop < 0 || pop >= minPop):
			names = append(names, name)
		}
	}
	bad.report(report)
	return names, sc.Err()
}

// decodeTownRow decodes a row of either export: the name and its people (-1
// where the short export does not say). A comment or the short export's
// header is no row and no error: name "".
func decodeTownRow(line string) (name string, pop int, err error) {
	if line == "" || strings.HasPrefix(line, "#") || line == "Name\tAsciiName\tTimezone" {
		return "", -1, nil
	}
	cols := strings.Split(line, "\t")
	if len(cols) == 3 {
		if strings.TrimSpace(cols[0]) == "" || !strings.Contains(cols[2], "/") {
			return "", 0, fmt.Errorf("no name and time zone in %q", line)
		}
		return cols[0], -1, nil
	}
	row, err := decodeGeoRow(line)
	return row.name, row.pop, err
}

// geoNamesTowns is towns.txt's text: the kept names, sorted, one a line,
// the first spelling of each key.
func geoNamesTowns(names []string, english map[string]bool, source string) []byte {
	seen := map[string]bool{}
	var kept []string
	slices.Sort(names)
	for _, n := range names {
		k := nlu.CityKey(n)
		if seen[k] || !townNameKept(n, english) {
			continue
		}
		seen[k] = true
		kept = append(kept, n)
	}
	var b strings.Builder
	fmt.Fprintf(&b, townsHeader, source)
	for _, n := range kept {
		b.WriteString(n)
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// townNameKept reports whether a town's name may be read when typed plainly
// in lower case: a name of four letters or more in Latin letters and a
// name's punctuation, not the lexicon's city already, nor a country, a date
// word, a word of the lexicons, or a name made of English words only ("Home",
// "Grand Rapids", "The Valley"): those are the words, never a town.
func townNameKept(n string, english map[string]bool) bool {
	_, _, _, ok := geoNameShape(n)
	if !ok || letterCount(n) < 4 || !strings.ContainsFunc(n, func(r rune) bool { return unicode.Is(unicode.Latin, r) }) {
		return false
	}
	if _, known := nlu.MatchCityExact(n); known || nlu.IsCountry(n) || nlu.IsDateWord(n) {
		return false
	}
	f := foldName(n)
	if homeWords[f] {
		return false
	}
	if english[strings.ReplaceAll(f, " ", "")] || english[strings.ReplaceAll(f, " ", "-")] {
		return false
	}
	for _, w := range strings.Fields(strings.ReplaceAll(f, "'", " ")) {
		if !english[w] && !nlu.IsLexiconWord(w) && len(w) > 2 {
			return true // "Bozeman", "Saint Paul": a word no dictionary holds
		}
	}
	return false
}

// homeWords are words of other languages for home, work and here that are
// also towns' names ("Doma", Nigeria, is Czech for at home): typed at a
// place question they name the user's own place, never the town. Written
// from knowledge: Czech, Slovak, Slovene, Croatian, Finnish, Hungarian,
// Romanian, Norwegian, Swedish, Icelandic, Dutch, German, Spanish,
// Portuguese, Italian, Tagalog, Malay, Swahili, Zulu, Hausa, Igbo, Māori.
var homeWords = map[string]bool{
	"doma": true, "domov": true, "domu": true, "kotona": true, "otthon": true, "acasa": true,
	"hjemme": true, "hemma": true, "heima": true, "thuis": true, "zuhause": true, "casa": true,
	"bahay": true, "rumah": true, "nyumbani": true, "ekhaya": true, "gida": true, "ulo": true,
	"kainga": true, "aqui": true, "aca": true, "qui": true, "hier": true, "tady": true, "tu": true,
}

// letterCount is how many letters n has.
func letterCount(n string) int {
	c := 0
	for _, r := range n {
		if unicode.IsLetter(r) {
			c++
		}
	}
	return c
}

const townsHeader = `# Generated by ` + "`go run ./cmd/parley-tools geonames-towns -in %s -out nlu/geo/towns.txt`" + `
# from GeoNames (geonames.org, CC BY 4.0: README.md and LICENSE beside this
# file): never edit by hand. Each line is the name of a town GeoNames lists
# (its cities export), read when a user types it plainly in lower case at a
# place question ("bozeman"). Left out: a name of three letters or fewer, one
# with digits or signs, the lexicon's cities (read already), a country's
# name, a date word, a word of Parley's lexicons, and a name made of English
# words only ("Home", "Grand Rapids", "The Valley"): those are the words.
`
