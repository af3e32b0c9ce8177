package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley/nlu"
)

// runGeoNamesCities writes nlu/geo/cities.txt: the names, in every language
// and script GeoNames lists, of its cities of -min-pop people or more, by the
// city's name (the lexicon's name where the lexicon has the city):
//
//	parley-tools geonames-cities -in cities15000.txt -out nlu/geo/cities.txt
func runGeoNamesCities(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("geonames-cities", stderr, "-in FILE [-min-pop N] [-words FILE] [-out FILE]")
	in := fs.String("in", "", "a GeoNames cities dump `FILE` (cities15000.txt's tab-separated columns)")
	minPop := fs.Int("min-pop", 100000, "the fewest people a city must have")
	words := fs.String("words", "/usr/share/dict/american-english", "an English word list `FILE`, one a line: a name that is an English word is left out")
	out := fs.String("out", "", "write to `FILE` instead of standard output")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" {
		return fmt.Errorf("geonames-cities: -in FILE is required")
	}
	english, err := readWordList(*words)
	if err != nil {
		return err
	}
	proper, err := readProperNames(*words)
	if err != nil {
		return err
	}
	f, err := os.Open(*in)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := readGeoNames(f, *minPop, stderr)
	if err != nil {
		return err
	}
	data := geoNamesCities(rows, english, proper, *minPop)
	return writeOutput(stdout, *out, data)
}

// geoRow is one GeoNames city: its name, its other names and its people.
type geoRow struct {
	name  string
	names []string
	pop   int
}

// readGeoNames reads a GeoNames cities dump's cities of minPop people or
// more. A row that is no city row (too few columns, a population that is no
// number) is no city, but it is never skipped in silence: a dump cut short
// or of other columns would leave out cities unseen, so the rows are counted
// and the first of them named on report.
func readGeoNames(r io.Reader, minPop int, report io.Writer) ([]geoRow, error) {
	var rows []geoRow
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	var bad malformedRows
	for line := 1; sc.Scan(); line++ {
		row, err := decodeGeoRow(sc.Text())
		switch {
		case err != nil:
			bad.add(line, err)
		case row.pop >= minPop:
			rows = append(rows, row)
		}
	}
	bad.report(report)
	return rows, sc.Err()
}

// decodeGeoRow decodes one row of a GeoNames cities dump (tab-separated:
// geonameid, name, asciiname, alternatenames, ..., population in the 15th
// column). A comment line ("#") is no row and no error.
func decodeGeoRow(line string) (geoRow, error) {
	if line == "" || strings.HasPrefix(line, "#") {
		return geoRow{pop: -1}, nil
	}
	cols := strings.Split(line, "\t")
	if len(cols) < 15 {
		return geoRow{}, fmt.Errorf("%d columns, want 15 or more", len(cols))
	}
	pop, err := strconv.Atoi(cols[14])
	if err != nil || pop < 0 {
		return geoRow{}, fmt.Errorf("population %q is no count", cols[14])
	}
	if strings.TrimSpace(cols[1]) == "" {
		return geoRow{}, fmt.Errorf("no name")
	}
	names := []string{cols[1], cols[2]}
	if cols[3] != "" {
		names = append(names, strings.Split(cols[3], ",")...)
	}
	return geoRow{name: cols[1], names: names, pop: pop}, nil
}

// malformedRows counts a dump's rows that are no rows, with the first few.
type malformedRows struct {
	n     int
	first []string
}

func (m *malformedRows) add(line int, err error) {
	m.n++
	if len(m.first) < 5 {
		m.first = append(m.first, fmt.Sprintf("line %d: %v", line, err))
	}
}

func (m *malformedRows) report(w io.Writer) {
	if m.n == 0 || w == nil {
		return
	}
	fmt.Fprintf(w, "%d malformed rows left out (%s)\n", m.n, strings.Join(m.first, "; "))
}

// geoClaim is a city's claim on a folded name: the city, its people, the
// name as GeoNames writes it.
type geoClaim struct {
	city string
	pop  int
	name string
}

// geoNamesCities is nlu/geo/cities.txt's text: "City: name | name" lines,
// then "?: name | name" lines of the names two cities share.
func geoNamesCities(rows []geoRow, english, proper map[string]bool, minPop int) []byte {
	names, ask := splitGeoClaims(geoClaims(rows, english, proper))
	var b strings.Builder
	fmt.Fprintf(&b, geoHeader, minPop)
	for _, city := range sortedMapKeys(names) {
		ns := names[city]
		slices.Sort(ns)
		fmt.Fprintf(&b, "%s: %s\n", city, strings.Join(ns, " | "))
	}
	slices.Sort(ask)
	for i := 0; i < len(ask); i += 20 {
		fmt.Fprintf(&b, "?: %s\n", strings.Join(ask[i:min(i+20, len(ask))], " | "))
	}
	return []byte(b.String())
}

// geoClaims are the cities' claims on each kept name, by its key ("~" before
// the key of a name read only as a stem), the most populous claim per city.
func geoClaims(rows []geoRow, english, proper map[string]bool) map[string][]geoClaim {
	byKey := map[string][]geoClaim{}
	for _, r := range rows {
		city := geoCityName(r)
		for _, n := range r.names {
			n = strings.TrimSpace(n)
			kept, stem := geoNameKept(n, english)
			if f := foldName(n); kept && proper[f] && n != r.name {
				// "Salisbury", Harare's old name, is a town of its own, and
				// "Bilbo" a name: read only with an ending glued on.
				kept, stem = utf8.RuneCountInString(f) >= 5 && !strings.Contains(f, " "), true
			}
			if !kept {
				continue
			}
			if c, ok := nlu.MatchCityExact(n); ok && c == city {
				continue // the lexicon reads it already
			}
			k := nlu.CityKey(n)
			if stem {
				k = "~" + k
			}
			i := slices.IndexFunc(byKey[k], func(c geoClaim) bool { return c.city == city })
			if i < 0 {
				byKey[k] = append(byKey[k], geoClaim{city, r.pop, n})
			} else if r.pop > byKey[k][i].pop {
				byKey[k][i].pop = r.pop
			}
		}
	}
	return byKey
}

// splitGeoClaims gives each name one city, the names by city, and the names
// two cities share (ask), unless one has ten times the other's people; a
// name the lexicon reads as another city stays the lexicon's.
func splitGeoClaims(byKey map[string][]geoClaim) (names map[string][]string, ask []string) {
	names = map[string][]string{}
	for k, cs := range byKey {
		slices.SortFunc(cs, func(a, b geoClaim) int { return b.pop - a.pop })
		if _, lexicon := nlu.MatchCityExact(strings.TrimPrefix(k, "~")); lexicon {
			continue
		}
		city := cs[0].city
		if strings.HasPrefix(k, "~") {
			city = "~" + city
		}
		if len(cs) == 1 || cs[0].pop >= 10*cs[1].pop {
			names[city] = append(names[city], cs[0].name)
		} else {
			ask = append(ask, cs[0].name)
		}
	}
	return names, ask
}

const geoHeader = `# Generated by ` + "`go run ./cmd/parley-tools geonames-cities -in cities15000.txt -out nlu/geo/cities.txt`" + `
# from GeoNames (geonames.org, CC BY 4.0: README.md and LICENSE beside this
# file): never edit by hand. Each line is a city of %d people or more, by
# the lexicon's name for it where the lexicon (with cldr/cities.txt) has it,
# else GeoNames's, with its other names in every language and script
# GeoNames lists ("Corcaigh", "Baile Átha Cliath", "Лисабон"). Left out: a name of three letters or
# fewer, one in lower-case ASCII (a machine romanization), one in capitals (a
# code), one with digits or signs, a country's name, a date word, a name the
# lexicon reads already, and a name another city shares unless that one has
# ten times fewer people. The shared names are the "?:" lines: a reader that
# meets one asks which city is meant. The "~" lines are names that are
# English words or names of five letters or more ("Bilbo", Basque Bilbao,
# "Salisbury", Harare's old name): read only as the stem of a word with a
# case ending glued on ("Bilbora"), never alone.
`

// readProperNames is the capitalized entries of a word list (the names
// English writes: "Salisbury", "Eugene"), accents folded: another city's
// name that is one is left out.
func readProperNames(path string) (map[string]bool, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	set := map[string]bool{}
	for w := range strings.Lines(string(raw)) {
		w = strings.TrimSpace(w)
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) && !strings.ContainsRune(w, '\'') {
			set[foldName(w)] = true
		}
	}
	return set, nil
}

// geoCityName is the lexicon's name of a GeoNames city, else GeoNames's.
func geoCityName(r geoRow) string {
	for _, n := range r.names[:2] {
		if c, ok := nlu.MatchCityExact(n); ok {
			return c
		}
	}
	return r.name
}

// geoNameKept reports whether a city's other name n passes the filters, and
// stem when it is an English word of five letters or more ("Bilbo", Basque
// Bilbao, is a sword too): kept only as the stem of a word with a case
// ending glued on ("Bilbora"), never read alone.
func geoNameKept(n string, english map[string]bool) (kept, stem bool) {
	if utf8.RuneCountInString(n) <= 3 || strings.ContainsAny(n, ":|,/()~?") {
		return false, false
	}
	lower, upper, ascii, ok := geoNameShape(n)
	if !ok {
		return false, false
	}
	if ascii && (lower || upper) {
		return false, false // "bilba'o", "BIO": a machine romanization or a code
	}
	if nlu.IsCountry(n) || nlu.IsDateWord(n) {
		return false, false
	}
	f := foldName(n)
	if english[f] || english[strings.ReplaceAll(f, " ", "")] {
		return utf8.RuneCountInString(f) >= 5 && !strings.Contains(f, " "), true
	}
	return true, false
}

func sortedMapKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// geoNameShape reports whether n is in lower case or capitals only, in ASCII
// only, and ok when it holds letters, marks and a name's punctuation only.
func geoNameShape(n string) (lower, upper, ascii, ok bool) {
	lower, upper, ascii = true, true, true
	for _, r := range n {
		switch {
		case unicode.IsLetter(r), unicode.Is(unicode.M, r):
			lower = lower && !unicode.IsUpper(r)
			upper = upper && !unicode.IsLower(r)
			ascii = ascii && r < utf8.RuneSelf
		case r == ' ', r == '-', r == '\'', r == '.', r == '’':
		default:
			return false, false, false, false
		}
	}
	return lower, upper, ascii, true
}
