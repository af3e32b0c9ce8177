package nlu

import (
	_ "embed"
	"strings"
)

//go:embed countries.txt
var countriesText string

//go:embed city_homophones.txt
var cityHomophonesText string

// countries are the folded names of countries.txt that are no known city.
var countries = readCountries(countriesText)

// cityHomophones maps a word voice typing writes for a city and the city's
// country, folded and joined by a space ("roam italy"), to the city
// (city_homophones.txt).
var cityHomophones = readCityHomophones(cityHomophonesText)

// countryLinks join a city to the country after it ("Lyon en France").
var countryLinks = wordSet(`in en au aux em`)

func readCityHomophones(text string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		f := strings.Split(line, "|")
		if strings.HasPrefix(strings.TrimSpace(line), "#") || len(f) != 3 {
			continue
		}
		city := strings.TrimSpace(f[2])
		if _, known := cities[city]; !known {
			panic("city_homophones.txt: unknown city " + city)
		}
		out[strings.Join(phraseWords(f[0]+" "+f[1]), " ")] = city
	}
	return out
}

func readCountries(text string) map[string]bool {
	set := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k := strings.Join(phraseWords(line), " ")
		if _, city := cityIndex[k]; city {
			continue
		}
		set[k] = true
	}
	return set
}

// IsCountry reports whether text is a country's name or a region named like
// one (countries.txt: "Portugal", "the UK", "Scandinavia") and no known city:
// a city slot does not store it.
func IsCountry(text string) bool {
	// An ASCII name of one or more words, lowered in place, costs no
	// allocation: every city answer asks.
	var buf [48]byte
	n, ascii := 0, len(text) <= len(buf)
	for i := 0; ascii && i < len(text); i++ {
		c := text[i]
		switch {
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c >= 'a' && c <= 'z', c == ' ':
		default:
			ascii = false
		}
		buf[n] = c
		n++
	}
	if ascii {
		return countries[string(buf[:n])] || n > 4 && string(buf[:4]) == "the " && countries[string(buf[4:n])]
	}
	ws := phraseWords(text)
	if len(ws) > 1 && ws[0] == "the" {
		ws = ws[1:]
	}
	return len(ws) > 0 && countries[strings.Join(ws, " ")]
}
