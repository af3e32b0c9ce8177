package nlu

import (
	"strings"
	"sync"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// territories are the folded English names CLDR gives the world's countries
// and territories (golang.org/x/text/language/display: "Bermuda", "Guam",
// "Nauru", "Isle of Man"), less every name that names a place too
// (territoryNamesPlace: "Singapore", "Monaco", "Kuwait"). Named before a
// comma and a listed place, one is the island or country the place is in
// (CityAfterTerritory: "out of Bermuda, Hamilton"). Named alone, a
// territory the airlines fly to as one place ("to Guam") stays the place;
// only a country of countries.txt is asked (IsCountry). Built on first
// need: few answers name a place after a comma.
var territories = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	names := display.English.Regions()
	var code [2]byte
	for a := byte('A'); a <= 'Z'; a++ {
		for b := byte('A'); b <= 'Z'; b++ {
			code[0], code[1] = a, b
			r, err := language.ParseRegion(string(code[:]))
			if err != nil || !r.IsCountry() {
				continue
			}
			n := names.Name(r)
			if n == "" || strings.ContainsAny(n, "()&") {
				continue
			}
			k := strings.Join(phraseWords(n), " ")
			if territoryNamesPlace(k) {
				continue
			}
			set[k] = true
		}
	}
	return set
})

// isTerritory reports whether k, folded words, is a CLDR country's or
// territory's English name and no city (territories).
func isTerritory(k string) bool { return territories()[k] }

// territoryNamesPlace reports whether k, a territory's folded name, names a
// place a city slot may store: a city of the lexicon or the gazetteer
// ("Singapore", "Djibouti"), a name two cities share, a town GeoNames lists
// ("Monaco", "Gibraltar", "San Marino": city-states, towns of their own) or
// the first words of a city's ("Kuwait" of Kuwait City, "Guatemala").
func territoryNamesPlace(k string) bool {
	if c, _ := placeCity(k); c != "" || geoIndex().shared[k] {
		return true
	}
	if c, _ := placeCity(k + " city"); c != "" {
		return true
	}
	_, town := townIndex()[k]
	return town
}

// CityAfterTerritory is text with a country or territory said before a
// comma dropped, when a listed place opens what follows the comma ("out of Bermuda,
// Hamilton": "out of Hamilton"; "Jamaica, Kingston": "Kingston"): a speaker names the island or country, then the town in it,
// and the town is the city asked. ok is false when no country ends a clause
// before a comma with words after it. The caller takes the text only when
// it reads wholly as a city.
func CityAfterTerritory(text string) (string, bool) {
	for i := strings.IndexByte(text, ','); i > 0; {
		head := text[:i]
		rest := strings.TrimFunc(text[i+1:], isTrimmable)
		fields := strings.Fields(head)
		for n := min(4, len(fields)); n >= 1 && listedPlaceFirst(rest); n-- {
			if name := strings.Join(fields[len(fields)-n:], " "); !IsCountry(name) && !isTerritory(strings.TrimPrefix(strings.Join(phraseWords(name), " "), "the ")) {
				continue
			}
			before := strings.Join(fields[:len(fields)-n], " ")
			return strings.TrimSpace(before + " " + rest), true
		}
		j := strings.IndexByte(text[i+1:], ',')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return text, false
}

// listedPlaceFirst reports whether rest's first clause is, after a place
// cue, a place a list holds (IsListedPlace: "Hamilton", "Kingston"): an
// unknown word after a territory ("Guam, si Yu'os ma'ase'", a thanks) is
// no town in it.
func listedPlaceFirst(rest string) bool {
	clause, _, _ := strings.Cut(rest, ",")
	clause = strings.TrimFunc(clause, isTrimmable)
	if clause == "" {
		return false
	}
	if core, ok := PlaceCore(clause); ok {
		clause = core
	}
	return IsListedPlace(clause)
}
