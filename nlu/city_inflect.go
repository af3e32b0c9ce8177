package nlu

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Cities named in the languages that decline nouns (issue 38 round 10): "iz
// Beograda", "v Lisabone", "в Москву", "Lisabonoje", "Budapestről". The
// native names are city_native.txt's, the case endings city_inflections.txt's;
// a declined word is read as a city only when putting its nominative ending
// back gives a known city's name, and an unknown word that is a known city
// with an ending is never taken for a new place (HidesKnownCity).

var (
	//go:embed city_native.txt
	cityNativeText string
	//go:embed city_inflections.txt
	cityInflectionsText string
	//go:embed cldr/cities.txt
	cldrCitiesText string
)

// cldrCityNames are cldr/cities.txt's names by city: every CLDR locale's name
// for the time-zone cities (generated: "Muqdisho", "Rīga", "Lisbonë"). They
// are read exactly, as city_native.txt's are, and never as a typo's target
// (cldrOnly).
var cldrCityNames = readCityNames(cldrCitiesText)

// cldrOnly are the folded names only cldr/cities.txt gives: the typo,
// sound and skeleton readers leave them out, so that a word near one of
// thousands of foreign names is not taken for a city.
// buildCityIndex makes it, sized for every CLDR name.
var cldrOnly map[string]bool

// cityNatives are city_native.txt's names by city.
var cityNatives = readCityNames(cityNativeText)

// readCityNames reads a "City: name | name" list, one city a line.
func readCityNames(text string) map[string][]string {
	out := map[string][]string{}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		city, names, _ := strings.Cut(line, ":")
		city = strings.TrimSpace(city)
		if _, seen := out[city]; !seen {
			out[city] = splitNames(names)
			continue
		}
		out[city] = append(out[city], splitNames(names)...)
	}
	return out
}

// splitNames is the names of a "name | name" list, trimmed, without empty ones.
func splitNames(list string) []string {
	out := make([]string, 0, strings.Count(list, "|")+1)
	for n := range strings.SplitSeq(list, "|") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// tellingEndings are city_inflections.txt's "telling:" endings in lower
// case, their marks kept ("dən" is no "-den" of Camden): an unknown name
// ending so is declined (HidesKnownCity).
var tellingEndings = sync.OnceValue(func() (out []string) {
	for _, line := range strings.Split(cityInflectionsText, "\n") {
		if rest, ok := strings.CutPrefix(line, "telling:"); ok {
			for _, e := range strings.Fields(rest) {
				out = append(out, strings.ToLower(e))
			}
		}
	}
	return out
})

// endsTelling reports whether name, as typed, has a word of a stem of four
// letters or more and a telling case ending ("Gəncədən", "Pärnusse"; not
// "Namangan-ga": "-ga" is Malaga's too).
func endsTelling(name string) bool {
	for w := range strings.FieldsSeq(strings.ToLower(name)) {
		if tellingWord(strings.TrimFunc(w, unicode.IsPunct)) {
			return true
		}
	}
	return false
}

func tellingWord(w string) bool {
	for _, e := range tellingEndings() {
		if stem, ok := strings.CutSuffix(w, e); ok && utf8.RuneCountInString(stem) >= minDeclinedCity {
			return true
		}
	}
	return false
}

// caseEndings maps a folded case ending to the nominative endings that may
// stand in its place; maxEnding is the longest ending, in bytes. Built on the
// first declined word read: most turns name no city that way.
var caseEndings = sync.OnceValue(func() (e struct {
	to        map[string][]string
	maxEnding int
}) {
	e.to = map[string][]string{}
	for _, line := range strings.Split(cityInflectionsText, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") || strings.HasPrefix(line, "telling:") {
			continue
		}
		for _, rule := range strings.Fields(line) {
			end, nom, ok := strings.Cut(rule, ">")
			if !ok {
				continue
			}
			end, nom = key(end), key(nom)
			e.to[end] = append(e.to[end], nom)
			e.maxEnding = max(e.maxEnding, len(end))
		}
	}
	return e
})

// minDeclinedCity is the fewest letters a city's name read from a declined
// word may have: a shorter one ("Bar", "Rom") is too easily a piece of
// another word.
const minDeclinedCity = 4

// declinedCities are the cities a folded word w is read as with its case
// ending put back to the nominative, each once, in the order found.
func declinedCities(w string) []string {
	e := caseEndings()
	var found []string
	for n := 0; n <= min(e.maxEnding, len(w)); n++ {
		stem, end := w[:len(w)-n], w[len(w)-n:]
		if !utf8.ValidString(stem) {
			continue
		}
		for _, nom := range e.to[end] {
			name := stem + nom
			if name == w || utf8.RuneCountInString(name) < minDeclinedCity {
				continue
			}
			if c, ok := cityIndex[name]; ok && !containsString(found, c) {
				found = append(found, c)
			}
		}
	}
	return found
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// DeclinedCity reads text, a place's name of one to three words, whose last
// word is a known city's declined ("Beograda", "Lisabonoje", "Москву") and
// returns the city; none when text is a known name as it is, or the word
// reads as two cities.
func DeclinedCity(text string) (string, bool) {
	ws := phraseWords(text)
	if len(ws) == 0 || len(ws) > 3 {
		return "", false
	}
	last := len(ws) - 1
	// Most words read as no city declined: the known name is looked up
	// (and joined) only for those that do.
	declined := declinedCities(ws[last])
	if len(declined) == 0 {
		return "", false
	}
	if _, known := cityIndex[strings.Join(ws, " ")]; known {
		return "", false
	}
	if otherGeoNamesPlace(strings.Join(ws, " ")) {
		return "", false // "Paro": a place GeoNames lists, no "Paris" declined
	}
	var found []string
	for _, c := range declined {
		// "no Rīgas": a preposition that is a word of English too is read
		// only before a declined name (place_markers.txt, [declined]).
		declinedAfter := last == 1 && placeMarkers.declined[ws[0]]
		if last == 0 || declinedAfter || strings.HasPrefix(key(c), strings.Join(ws[:last], " ")+" ") || nativeHead(c, ws[:last]) {
			found = append(found, c)
		}
	}
	if len(found) != 1 {
		return "", false
	}
	return declinedOwnSpelling(text, found[0]), true
}

// declinedOwnSpelling is city c's own name (geo/own_names.txt, "Gdańsk")
// when text, a declined name as typed, ends in that name with its
// diacritics and a case ending glued on ("z Gdańska", "w Gdańsku", "Córdobára"):
// the spelling the user chose, stored as a name typed undeclined is
// (ownSpelling). A stem typed in plain letters ("Gdanska") or with
// other marks is the lexicon's name.
func declinedOwnSpelling(text, c string) string {
	if !isASCII(c) || isASCII(text) {
		return c
	}
	ws := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) })
	own, ok := ownNames()[c]
	if !ok {
		return c
	}
	n := len(strings.Fields(own))
	if n > len(ws) {
		return c
	}
	if ownStem(norm.NFC.String(strings.Join(ws[len(ws)-n:], " ")), own) {
		return own
	}
	return c
}

// nativeHead reports whether head, the first words of a declined name, begin
// one of city's names ("Rio de" of "Rio de Janeiru").
func nativeHead(city string, head []string) bool {
	prefix := strings.Join(head, " ") + " "
	for _, n := range slices.Concat([]string{city}, cities[city], cityNatives[city], cldrCityNames[city]) {
		if strings.HasPrefix(key(n), prefix) {
			return true
		}
	}
	return false
}

// HidesKnownCity reports whether name, an unknown place's name as typed, is
// a known city declined ("Lisabonoje", "Beogradu"), a name with a telling
// case ending ("Gəncədən", "Pärnusse": city_inflections.txt) or a known city after a
// word that is no part of a place's name ("Kutoka Nairobi": from Nairobi, in
// a language whose words Parley does not list): such a name is asked again,
// never stored as a new place.
func HidesKnownCity(name string) bool {
	ws := phraseWords(name)
	if len(ws) == 0 || len(ws) > 4 {
		return false
	}
	for _, w := range ws {
		if _, known := cityIndex[w]; !known && len(declinedCities(w)) > 0 {
			return true
		}
	}
	for i := 1; i < len(ws); i++ {
		if _, known := cityIndex[strings.Join(ws[i:], " ")]; known {
			return !placeNameHeads[ws[i-1]]
		}
	}
	return endsTelling(name)
}

// placeNameHeads are the words that begin places' own names before another
// place's ("North Bergen", "New London", "East London", "Lake Geneva"): a
// name of a known city after one is a place of its own.
var placeNameHeads = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("north south east west northern southern eastern western new old upper lower great little port fort saint st sainte santa santo san sao mount mt lake bay cape isle grand royal le la el los las les de del di da du den der bad ciudad villa vila porto puerto nova novo novi nowy") {
		m[w] = true
	}
	return m
}()

// LexiconCity is the city text names in the hand-written lexicon (city.go,
// city_world.txt, city_native.txt, the exonyms and nicknames), exactly and
// whole, leaving out cldr/cities.txt's names: the CLDR generator reads the
// lexicon so.
func LexiconCity(text string) (string, bool) {
	k := strings.Join(phraseWords(text), " ")
	if c, ok := cityIndex[k]; ok && !cldrOnly[k] {
		return c, true
	}
	return "", false
}

//go:embed city_near_words.txt
var cityNearWordsText string

// cityNearWords are the dictionary words of five letters or more near a
// city's name (city_near_words.txt): read as themselves, never as a typo.
// Built on the first typo looked up.
var cityNearWords = sync.OnceValue(func() map[string]bool {
	words := map[string]bool{}
	for line := range strings.Lines(cityNearWordsText) {
		if !strings.HasPrefix(line, "#") {
			for _, w := range strings.Fields(line) {
				words[w] = true
			}
		}
	}
	return words
})

//go:embed city_typo_words.txt
var cityTypoWordsText string

// shortCityNames are the lexicon's one-word ASCII names of three to five
// letters, sorted, and cityTypoWords the English words one typo from one
// (city_typo_words.txt); built on the first four-letter typo read.
var shortCityNames = sync.OnceValue(func() (s struct {
	names []string
	words map[string]bool
}) {
	for k := range cityIndex {
		if len(k) >= 3 && len(k) <= 5 && isASCII(k) && !strings.Contains(k, " ") && !cldrOnly[k] {
			s.names = append(s.names, k)
		}
	}
	slices.Sort(s.names)
	s.words = map[string]bool{}
	for _, line := range strings.Split(cityTypoWordsText, "\n") {
		if !strings.HasPrefix(line, "#") {
			for _, w := range strings.Fields(line) {
				s.words[w] = true
			}
		}
	}
	return s
})

// shortTypoCity reads joined, a folded word of four letters, as the one city
// whose name of three to five letters it is one typo from ("prto": Porto);
// none when it is an English word near a name (city_typo_words.txt) or a
// word of the readers' lexicons, or is near two cities' names.
func shortTypoCity(joined string) (string, bool) {
	if len(joined) != 4 || !isASCII(joined) {
		return "", false
	}
	s := shortCityNames()
	if s.words[joined] || lexiconKnows(joined) {
		return "", false
	}
	found := ""
	for _, n := range s.names {
		if !oneTypo(joined, n) {
			continue
		}
		if c := cityIndex[n]; found != "" && c != found {
			return "", false
		} else {
			found = c
		}
	}
	return found, found != ""
}

// oneTypo reports whether the ASCII words a and b are one letter added,
// dropped or changed, or two neighbouring letters swapped, apart: different
// words whose lengths differ by one at most, told by oneTypoASCII.
func oneTypo(a, b string) bool {
	return a != b && len(a)-len(b) <= 1 && len(b)-len(a) <= 1 && oneTypoASCII(a, b)
}

// LexiconTypoCity is the hand-written lexicon's city that text, not a name
// of it, is a typo of (closestCity, shortTypoCity): the CLDR generator leaves
// out a name that reads so as another city ("Dehli", a locale's Dili, is
// Delhi mistyped).
func LexiconTypoCity(text string) (string, bool) {
	k := strings.Join(phraseWords(text), " ")
	if c, ok := closestCity(k); ok {
		return c, true
	}
	return shortTypoCity(k)
}

// CityKey is text as the city lexicon keys a name: folded words apart by one
// space (two names with one key are one name to the readers).
func CityKey(text string) string {
	k := key(text)
	if singleSpaced(k) {
		return k // most keys are their words already: no allocation
	}
	return strings.Join(words(k), " ")
}

// singleSpaced reports whether k is its words joined by single spaces,
// nothing before, between or after them.
func singleSpaced(k string) bool {
	next := 0
	for start, end := nextWord(k, 0); start >= 0; start, end = nextWord(k, end) {
		if start != next || next > 0 && k[next-1] != ' ' {
			return false
		}
		next = end + 1
	}
	return next == len(k)+1 || k == ""
}
