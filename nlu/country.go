package nlu

import (
	_ "embed"
	"strings"
)

//go:embed countries.txt
var countriesText string

// countries are the folded names of countries.txt that are no known city.
var countries = readCountries(countriesText)

func readCountries(text string) map[string]bool {
	set := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if _, city := MatchCityExact(line); city {
			continue
		}
		set[strings.Join(phraseWords(line), " ")] = true
	}
	return set
}

// IsCountry reports whether text is a country's name or a region named like
// one (countries.txt: "Portugal", "the UK", "Scandinavia") and no known city:
// a city slot does not store it.
func IsCountry(text string) bool {
	ws := phraseWords(text)
	if len(ws) > 1 && ws[0] == "the" {
		ws = ws[1:]
	}
	return len(ws) > 0 && countries[strings.Join(ws, " ")]
}
