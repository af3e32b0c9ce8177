package nlu

import (
	"strings"
	"unicode"
)

// A place answer that names a city, wavers, and names it again to close
// ("vancouver, or... yes vancouver"; "newark, well, technically jersey city
// but newark airport") names that city: the speaker's last word on it
// confirms their first. RestatedCity reads it when the first words are the
// city, the last words are the city again (its airport after it may be
// said), and the word just before the last naming confirms or contrasts
// ("yes" in any language the confirmation lexicon holds, "but"). Anything
// else is not read here: "Lisbon or Porto" offers a choice, "boston to
// chicago and back to boston" names a trip, "newark but not newark" denies.

// restatingWords contrast before a value said again ("... but Newark"): the
// contrast conjunctions of the seeds' languages (English, French, Spanish,
// Portuguese, Italian, German, Dutch), hand data from their grammars.
var restatingWords = wordSet(`but mais pero mas ma aber maar`)

// airportWords name a city's airport after the city ("newark airport"), in
// the seeds' languages and those the place markers cover (hand data: the
// common noun of each language's airport names).
var airportWords = wordSet(`airport airports aeroport aeropuerto aeroporto flughafen luchthaven lufthavn flygplats lotnisko letiste`)

// cityMention is a known city named in a key's tokens, by token span.
type cityMention struct {
	city       string
	start, end int
}

// RestatedCity is the city text names first and names again last, after a
// word that confirms or contrasts (see above).
func RestatedCity(text string) (string, bool) {
	if !mayRestate(text) {
		return "", false // most answers: their last word is not said before
	}
	var buf [32]token
	toks := appendTokens(buf[:0], key(text))
	if len(toks) < 3 || len(toks) > 24 {
		return "", false
	}
	end := len(toks)
	if airportWords[toks[end-1].text] {
		end--
	}
	ms := cityMentions(toks[:end])
	if len(ms) < 2 {
		return "", false
	}
	first, last := ms[0], ms[len(ms)-1]
	if first.start != 0 || last.end != end || first.city != last.city || last.start == 0 {
		return "", false
	}
	before := toks[last.start-1].text
	if !restatingWords[before] && YesNo(before) != Yes {
		return "", false
	}
	return first.city, true
}

// cityMentions are the known cities toks name, longest first at each word,
// in order (a name of two letters only as part of a longer phrase).
func cityMentions(toks []token) []cityMention {
	var out []cityMention
	var b [96]byte
	for i := 0; i < len(toks); i++ {
		for n := min(3, len(toks)-i); n >= 1; n-- {
			phrase := appendJoined(b[:0], toks[i:i+n])
			if c, ok := cityIndex[string(phrase)]; ok && (len(phrase) > 2 || n > 1) {
				out = append(out, cityMention{c, i, i + n})
				i += n - 1
				break
			}
		}
	}
	return out
}

// mayRestate reports, without reading words, whether text's last word (or
// the one before a last "airport") was said before it: a text that says no
// city again is no restated city.
func mayRestate(text string) bool {
	notLetter := func(r rune) bool { return !unicode.IsLetter(r) }
	t := strings.TrimRightFunc(text, notLetter)
	for range 2 {
		j := strings.LastIndexFunc(t, notLetter)
		if j < 0 {
			return false
		}
		last := t[j+1:]
		if len(last) >= 3 && holdsFold(t[:j], last) {
			return true
		}
		t = strings.TrimRightFunc(t[:j], notLetter)
	}
	return false
}

// holdsFold reports whether s holds sub, case folded.
func holdsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}
