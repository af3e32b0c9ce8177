package nlu

import (
	_ "embed"
	"strings"
	"sync"
	"unicode"
)

// Towns typed plainly (issue 38 round 13): "bozeman", "moab", "st paul". A
// capitalized name nobody lists is read as typed ("Bergen"); one in lower
// case is read only when GeoNames lists a town of that name (geo/towns.txt,
// `parley-tools geonames-towns`): "wakha", "home" or
// "the capital" are no towns. Loaded on first use, never at start-up.

//go:embed geo/towns.txt
var geoTownsText string

// townIndex is geo/towns.txt read: each folded name's spelling.
var townIndex = sync.OnceValue(buildTownIndex)

// buildTownIndex reads geo/towns.txt into its index.
func buildTownIndex() map[string]string {
	idx := make(map[string]string, 45000)
	var b cityKeyBuf
	for line := range strings.Lines(geoTownsText) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if k := b.key(line); idx[k] == "" {
			idx[k] = line
		}
	}
	return idx
}

// placeAbbreviations are the short words a place's name begins with, and
// the words they stand for ("st paul": Saint Paul; "pt" is Port or Point).
var placeAbbreviations = map[string][]string{
	"st": {"saint"}, "ste": {"sainte"}, "mt": {"mount"}, "ft": {"fort"}, "pt": {"port", "point"},
}

// PlainPlace reads text, one to four words typed in lower case and nothing
// else, as a town GeoNames's towns list names ("bozeman": Bozeman;
// "sintra": Sintra), by the list's spelling. An
// abbreviation typed stays as typed, written in full form's case with its
// dot ("st paul": "St. Paul"), since that is the name the user gave. ok is
// false for capitals (a name typed as one is read as typed elsewhere), a
// date word, words of the lexicons only ("home", "the capital"), a name two
// cities share, or an abbreviation two names fit.
func PlainPlace(text string) (string, bool) {
	if strings.ContainsFunc(text, unicode.IsUpper) {
		return "", false
	}
	// Words of the lexicons ("book a flight", "home") stop here, on the
	// stack: most answers that reach here name no town.
	var buf [8]token
	toks := appendTokens(buf[:0], key(text))
	if len(toks) == 0 || len(toks) > 4 || !plainNameWords(toks) {
		return "", false
	}
	ws := make([]string, len(toks))
	for i, t := range toks {
		ws[i] = t.text
	}
	found := ""
	for _, full := range append(placeAbbreviations[ws[0]], "") {
		v := ws
		if full != "" {
			v = append([]string{full}, ws[1:]...)
		}
		name, ok := plainPlaceName(strings.Join(v, " "))
		if !ok {
			continue
		}
		name = keptAbbreviation(ws[0], name)
		if found != "" && found != name {
			return "", false // "pt" fits Port and Point
		}
		found = name
	}
	if found == "" && len(ws) == 1 {
		return undoubledCity(ws[0]) // "chattanoga": Chattanooga
	}
	if found == "" {
		return wordSlipCity(ws) // "baton roughe": Baton Rouge
	}
	if markLeftOutNearCity(found, text, ws) {
		return "", false
	}
	return found, found != ""
}

// markLeftOutNearCity reports whether town, which text (its words ws) names,
// joins its words with an apostrophe or a hyphen that text leaves out, while
// a known city is a letter from the words ("sant antonio": Sant'Antonio, or
// San Antonio mistyped?): which one is not known, and the answer is asked
// again.
func markLeftOutNearCity(town, text string, ws []string) bool {
	if !strings.ContainsAny(town, "'’-") || strings.ContainsAny(text, "'’-") {
		return false
	}
	_, near := closestCity(strings.Join(ws, " "))
	return near
}

// gazetteerOwnName is the city of the gazetteer (GeoNames's cities of
// 100,000 people or more) whose own name folds to k, or "": another
// language's name of it, or a name two cities share, is none.
func gazetteerOwnName(k string) string {
	g := geoIndex()
	if c := g.city[k]; c != "" && !g.shared[k] && CityKey(c) == k {
		return c
	}
	return ""
}

// minUndoubled is the fewest letters a word read with a doubled letter put
// back has: a shorter one is too easily another word.
const minUndoubled = 6

// UndoubledCity reads name, one word typed that no place GeoNames lists
// is, as the one city of the gazetteer (GeoNames's cities of 100,000 people
// or more, by its own name) whose name it is with a doubled letter typed
// once (issue 38 round 19: "chattanoga", "tallahasee"): the commonest slip
// of a long name. A smaller town so typed ("kalamazo", "pocatelo") is asked
// again (rounds 14 and 15): the towns list holds 42,000 names, and a slip
// near one of them is as likely another place it lacks. A word GeoNames
// lists is that place, never corrected (round 18); two cities that fit name
// none.
func UndoubledCity(name string) (string, bool) {
	if strings.ContainsFunc(strings.TrimSpace(name), unicode.IsSpace) {
		return "", false
	}
	return undoubledCity(CityKey(name))
}

// undoubledCity is UndoubledCity of k, a folded word.
func undoubledCity(k string) (string, bool) {
	if len(k) < minUndoubled || len(k) > 40 || geoNamesPlace(k) || lexiconKnows(k) {
		return "", false
	}
	var buf [48]byte
	found := ""
	for i := 0; i < len(k); i++ {
		c := k[i]
		if c < 'a' || c > 'z' || i+1 < len(k) && k[i+1] == c {
			continue // a letter typed twice already; ASCII letters only
		}
		b := append(append(append(buf[:0], k[:i+1]...), c), k[i+1:]...)
		t := gazetteerOwnName(string(b))
		if t == "" || t == found {
			continue
		}
		if found != "" {
			return "", false // two towns fit: asked again
		}
		found = t
	}
	return found, found != ""
}

// plainNameWords reports whether toks may name a place: no date word, and a
// word that is no word of the lexicons.
func plainNameWords(toks []token) bool {
	named := false
	for _, t := range toks {
		w := t.text
		if IsDateWord(w) {
			return false
		}
		named = named || !lexiconKnows(w) && placeAbbreviations[w] == nil
	}
	return named
}

// plainPlaceName is the town a folded name k is in the towns list, whose
// filters left out names made of English words; the gazetteer's own city
// names were never so filtered ("City Center", a district of Madrid), so a
// name it alone holds is no plain town, and one two cities share is none.
func plainPlaceName(k string) (string, bool) {
	if geoIndex().shared[k] {
		return "", false
	}
	t := townIndex()[k]
	return t, t != ""
}

// keptAbbreviation is name with its first word written as the abbreviation
// typed, abbr, stands for it ("Saint Paul" typed "st paul": "St. Paul").
func keptAbbreviation(abbr, name string) string {
	for _, full := range placeAbbreviations[abbr] {
		if len(name) > len(full)+1 && strings.EqualFold(name[:len(full)], full) && strings.ContainsRune(" -", rune(name[len(full)])) {
			return strings.ToUpper(abbr[:1]) + abbr[1:] + ". " + name[len(full)+1:]
		}
	}
	return name
}

// knownPlaceName reports whether name is a place the gazetteer (a name two
// cities share is none) or the towns list holds.
func knownPlaceName(name string) bool {
	k := CityKey(name)
	if _, ok := plainPlaceName(k); ok {
		return true
	}
	return geoIndex().city[k] != ""
}

// geoNamesPlace reports whether k, a folded name, is a place GeoNames lists:
// a town of the towns list or a name of the gazetteer (one two cities share
// too). Such a name is read as itself or asked, never corrected as a typo
// into another city (issue 38 round 18: "Paro" is no "Faro", "asheville" no
// "Nashville").
func geoNamesPlace(k string) bool {
	if townIndex()[k] != "" {
		return true
	}
	g := geoIndex()
	return g.city[k] != "" || g.shared[k]
}

// IsGeoNamesTown reports whether name, typed as one (capitalized: "Paro",
// "Asheville", "Hagatna"), is a town GeoNames's towns list names, whatever
// its diacritics: a real place, read as typed, never taken for a misspelt
// city (issue 38 round 18).
func IsGeoNamesTown(name string) bool {
	_, ok := plainPlaceName(CityKey(name))
	return ok
}

// otherGeoNamesPlace reports whether k, a folded name, is a place GeoNames
// lists (geoNamesPlace) other than a known city: "denvr", "san fransisco"
// and "filadelfia", which GeoNames keeps as Denver's, San Francisco's and
// Philadelphia's names, are not (a town of that name too is the lesser
// place).
func otherGeoNamesPlace(k string) bool {
	g := geoIndex()
	if c := g.city[k]; c != "" && !g.shared[k] {
		_, known := cityIndex[key(c)]
		return !known
	}
	return geoNamesPlace(k)
}
