package cldrdates

import (
	_ "embed"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// The typed forms of CLDR's words, as data: the letters people cannot type
// (letters.txt), the case forms of the weekday names (inflections.txt) and
// the romanization of words CLDR writes in another script (romanized.txt).

//go:embed letters.txt
var lettersFile string

//go:embed inflections.txt
var inflectionsFile string

//go:embed romanized.txt
var romanizedFile string

//go:embed hand.txt
var handFile string

// addHand adds hand.txt's words as their language's own, covered words:
// they pass the guards CLDR's words pass, and a collision among them is
// written as one. Its "place" lines are place names GeoNames gives only as
// another name of a city (Javanese "Setu", Saturday, is Seto's): they join
// places.
func addHand(ws *words, places map[string]bool) {
	for _, f := range dataLines(handFile) {
		switch {
		case f[0] == "place":
			places[stripAccents(strings.ToLower(strings.Join(f[1:], " ")))] = true
		case len(f) >= 4:
			ws.covered[f[0]] = true
			ws.add(strings.Join(f[3:], " "), meaning{f[1], f[2]}, f[0])
		}
	}
}

// dataLines are the fields of a data file's lines, comments and blank lines
// left out.
func dataLines(text string) [][]string {
	var out [][]string
	for line := range strings.Lines(text) {
		f := strings.Fields(line)
		if len(f) >= 2 && !strings.HasPrefix(f[0], "#") {
			out = append(out, f)
		}
	}
	return out
}

// typedLetters replaces each letter of letters.txt by its typed form.
var typedLetters = sync.OnceValue(func() *strings.Replacer {
	var pairs []string
	for _, f := range dataLines(lettersFile) {
		pairs = append(pairs, f[0], f[1])
	}
	return strings.NewReplacer(pairs...)
})

// ending is one case form's rule: the ending stripped from the nominative
// and the one put in its place.
type ending struct{ strip, add string }

// inflections are the endings of inflections.txt by locale or language.
var inflections = sync.OnceValue(func() map[string][]ending {
	out := map[string][]ending{}
	for _, f := range dataLines(inflectionsFile) {
		for _, rule := range f[1:] {
			strip, add, ok := strings.Cut(rule, ">")
			if ok {
				out[f[0]] = append(out[f[0]], ending{strip, add})
			}
		}
	}
	return out
})

// inflectionsOf are a locale's endings: its own line's, or its language's
// when the locale differs only by region (sr-Latn has its own).
func inflectionsOf(loc string) []ending {
	if es, ok := inflections()[loc]; ok {
		return es
	}
	lang, region, _ := strings.Cut(loc, "-")
	if region != "" && strings.ToUpper(region) != region {
		return nil
	}
	return inflections()[lang]
}

// addInflected adds a weekday's wide name in its language's case forms
// ("sabato": "sabaton"; "leygardagur": "leygardag", "leygardagin").
func addInflected(ws *words, name, day, loc string) {
	lower := strings.ToLower(name)
	for _, e := range inflectionsOf(loc) {
		stem, ok := strings.CutSuffix(lower, e.strip)
		if ok && stem != "" && !strings.Contains(lower, " ") {
			ws.add(stem+e.add, meaning{"weekday", day}, loc)
		}
	}
}

// romanized are romanized.txt's romanizations by locale and word.
var romanized = sync.OnceValue(func() map[[2]string]string {
	out := map[[2]string]string{}
	for _, f := range dataLines(romanizedFile) {
		if len(f) == 3 {
			out[[2]string{f[0], f[1]}] = f[2]
		}
	}
	return out
})

// romanizedOf is a word's romanization in its locale (or its language's),
// false when romanized.txt has none.
func romanizedOf(loc, phrase string) (string, bool) {
	w := strings.ToLower(strings.TrimSpace(phrase))
	if r, ok := romanized()[[2]string{loc, w}]; ok {
		return r, true
	}
	lang, _, _ := strings.Cut(loc, "-")
	r, ok := romanized()[[2]string{lang, w}]
	return r, ok
}

// readPlaces reads the city names (before the colon) of geo/cities.txt and
// the town names of geo/towns.txt, lower case and without accents.
func readPlaces(geo string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, name := range []string{"cities.txt", "towns.txt"} {
		names, err := readPlaceFile(filepath.Join(geo, name))
		if err != nil {
			return nil, err
		}
		for n := range names {
			out[n] = true
		}
	}
	return out, nil
}

// readTowns are the names of nlu/geo's towns.txt that cities.txt lacks: a
// town is read only at a place question, so such a name alone answering a
// date question is the date (Bambara "sini", tomorrow; Sini, Sardinia).
func readTowns(geo string) (map[string]bool, error) {
	towns, err := readPlaceFile(filepath.Join(geo, "towns.txt"))
	if err != nil {
		return nil, err
	}
	cities, err := readPlaceFile(filepath.Join(geo, "cities.txt"))
	if err != nil {
		return nil, err
	}
	for n := range cities {
		delete(towns, n)
	}
	return towns, nil
}

// readPlaceFile reads one GeoNames names file, lower case and folded.
func readPlaceFile(path string) (map[string]bool, error) {
	out := map[string]bool{}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		place, _, _ := strings.Cut(strings.TrimSpace(line), ":")
		out[stripAccents(strings.ToLower(place))] = true
	}
	return out, nil
}
