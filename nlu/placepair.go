package nlu

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley/shop/lexicon"
)

// A trip is said in every language as two places, each after its
// preposition, the origin first: "od Sarajeva do Beča", "ti Bandung ka
// Jakarta", "mei Aokalani ki Sini", "de Lyon à Nice". The gloss files and
// place_markers.txt list the prepositions of the languages written so far;
// PlacePair reads the shape itself, so that a language nobody listed is read
// too: two known cities, each after one short word that is no English word
// (or is a preposition of place_markers.txt, "do"), and nothing between them
// but that word. A word the lists know for the other direction ("ka Jakarta
// ti Bandung" where "ka" is to) or the same word before both leaves the order
// unclear: nothing is read.

// pairWordMax is the most letters of an unlisted preposition: prepositions
// are short ("od", "ti", "mei", "ki"); a longer word is more likely a verb or
// a noun ("flight", "visiting") than a preposition.
const pairWordMax = 4

// PlacePair reads text as a trip from one known city to another (the
// lexicon's or the gazetteer's), each named
// after one short word (above): from and to are the cities' names, ok false
// when text holds another city, a choice, or the order is unclear.
func PlacePair(text string) (from, to string, ok bool) {
	var buf [32]token
	toks := appendTokens(buf[:0], key(text))
	type span struct {
		city       string
		start, end int
	}
	var spans []span
	var kb [96]byte
	for i := 0; i < len(toks); i++ {
		for n := min(3, len(toks)-i); n >= 1; n-- {
			// The lexicon's cities and the gazetteer's ("Bandung"); a name
			// two cities share leaves the trip unclear.
			c, shared := placeCity(string(appendJoined(kb[:0], toks[i:i+n])))
			if shared {
				return "", "", false
			}
			if c != "" {
				spans = append(spans, span{c, i, i + n})
				i += n - 1
				break
			}
		}
		if len(spans) > 2 {
			return "", "", false
		}
	}
	if len(spans) != 2 || spans[0].city == spans[1].city || spans[0].start == 0 || spans[1].start != spans[0].end+1 {
		return "", "", false
	}
	w1, w2 := toks[spans[0].start-1].text, toks[spans[0].end].text
	if w1 == w2 || !pairWord(w1, PlaceTo) || !pairWord(w2, PlaceFrom) || choiceWords[w1] || choiceWords[w2] {
		return "", "", false
	}
	return spans[0].city, spans[1].city, true
}

// pairWord reports whether w (folded) may be a preposition of PlacePair's
// shape that does not say the direction not: "from" or "to" themselves, a
// preposition of place_markers.txt or a short word of letters, that no
// English dictionary, date or number reader knows.
func pairWord(w string, not PlaceDirection) bool {
	switch d, known := glossedDirection(w); {
	case known:
		return d != not && d != PlaceAt
	case w == "from":
		return not != PlaceFrom
	case w == "to":
		return not != PlaceTo
	}
	if IsDateWord(w) || IsNumberWord(w) || lexicon.IsEnglishWord(w) {
		return false // "the", "via", "sun": English said between two places
	}
	if utf8.RuneCountInString(w) > pairWordMax && !placeMarkers.before[w] {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// glossedDirection is the direction a one-word gloss before a place gives w
// ("od" = from, "kwenda" = to): known false when the gloss files give none.
func glossedDirection(w string) (d PlaceDirection, known bool) {
	for _, e := range glossByFirst[w] {
		// A phrase the word begins ("do raat", two nights) says nothing of
		// the word alone: Slavic "do" (to) stays an unlisted preposition.
		if len(e.words) != 1 {
			continue
		}
		known = true
		switch first, _, _ := strings.Cut(e.to, " "); first {
		case "from":
			return PlaceFrom, true
		case "to":
			return PlaceTo, true
		}
	}
	// A word the gloss files give another meaning on its own (a weekday, a
	// yes) is no unlisted preposition: known, of no direction.
	return PlaceAt, known
}
