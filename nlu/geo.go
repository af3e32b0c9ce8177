package nlu

import (
	_ "embed"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The GeoNames gazetteer (issue 38 round 12): every language's and script's
// names of the world's cities of 100,000 people or more ("Bilbo", Bilbao;
// "Corcaigh", Cork; "Baile Átha Cliath", Dublin), generated into
// geo/cities.txt by `parley-tools geonames-cities`. It is read only when a
// place reader meets a name the lexicon does not know (PlaceOrAsk), never at
// start-up: most turns name no place, or a known one.

//go:embed geo/cities.txt
var geoCitiesText string

// gazetteer is geo/cities.txt read: each folded name's city, and the names
// two cities share ("?:" lines), which name neither.
type gazetteer struct {
	city, stem map[string]string
	shared     map[string]bool
}

// geoIndex is the gazetteer, read on first need (never at init: most turns
// name no place the lexicon lacks).
var geoIndex = sync.OnceValue(buildGazetteer)

// buildGazetteer reads geo/cities.txt.
func buildGazetteer() *gazetteer {
	g := &gazetteer{city: make(map[string]string, 60000), stem: map[string]string{}, shared: map[string]bool{}}
	var b cityKeyBuf
	for line := range strings.Lines(geoCitiesText) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		city, names, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		for n := range strings.SplitSeq(names, "|") {
			if n = strings.TrimSpace(n); n == "" {
				continue
			}
			switch {
			case city == "?":
				g.shared[b.key(n)] = true
			case strings.HasPrefix(city, "~"):
				g.stem[b.key(n)] = city[1:]
			default:
				g.city[b.key(n)] = city
			}
		}
		if city != "?" && !strings.HasPrefix(city, "~") {
			g.city[b.key(city)] = city
		}
	}
	keepRenamed(g.city)
	return g
}

// PlaceDirection is what a place slot asks: where from, where to, or where
// (a hotel's city); PlaceAny reads every case ending.
type PlaceDirection int

const (
	PlaceAny PlaceDirection = iota
	PlaceFrom
	PlaceTo
	PlaceAt
)

// placeCity is the city a folded name k is, in the lexicon or the gazetteer;
// shared says the gazetteer gives it to two cities alike (ask which).
func placeCity(k string) (city string, shared bool) {
	if c, ok := cityIndex[k]; ok {
		return c, false
	}
	g := geoIndex()
	if g.shared[k] {
		return "", true
	}
	return g.city[k], false
}

// PlaceOrAsk reads name, a place typed that the lexicon does not know as it
// is (one to four words), by the gazetteer: the city it names in any
// language ("Corcaigh": Cork), the city with a case ending or postposition
// of the direction dir asks glued on ("Bilbora" for where to: Bilbao;
// "Limamanta" for where from: Lima), after a locative prefix ("kuHarare") or
// with an Irish initial mutation ("Bhaile Átha Cliath", "gCorcaigh"). ask
// says the name must be asked again, never stored as typed: a date word of
// any language ("Sathairn"), a name two cities share, a known city with an
// ending of another direction or one no list holds ("Lisboapi" where a city
// is asked is read; "Bilbotik" where to is asked again), or a known city
// after a word of no place's name. Neither: a name of its own ("Bergen"),
// or an ordinary English word ("rest", "pertain") that only another
// language's name with its marks folded away, or a city with an ending glued
// on, would make a place (issue 38, round 27: "need a rest" is no Rasht).
func PlaceOrAsk(name string, dir PlaceDirection) (city string, ask bool) {
	ws := phraseWords(name)
	if len(ws) == 0 || len(ws) > 4 {
		return "", false
	}
	for _, w := range ws {
		if IsDateWord(w) || placeDateWords()[w] {
			return "", true // "Dé Sathairn": Saturday, not a place
		}
	}
	if c, ask, done := namedPlace(name, ws); done {
		return c, ask
	}
	if !hasLatinLetter(name) {
		if c, ok := DeclinedCity(name); ok {
			return c, false // "Улаанбаатараас": city_inflections.txt's
		}
		// "Охрид": every city of the gazetteer is there in its own
		// script; a name in another script it lacks is no spelling the
		// bot's records have, and is asked again (in Latin letters).
		return "", true
	}
	if len(ws) != 1 || IsGeoNamesTown(name) {
		return "", false // "Hagatna": a town of its own, no city with an ending
	}
	if ordinaryEnglish(ws[0]) {
		return "", false // "pertain", "provoke": words, no Perth or Provo with an ending
	}
	return gluedPlace(name, ws[0], dir)
}

// namedPlace is PlaceOrAsk of a name the lexicon or the gazetteer lists as
// it is folded (ws), or with an Irish lenition undone; done is false when
// neither does.
func namedPlace(name string, ws []string) (city string, ask, done bool) {
	k := strings.Join(ws, " ")
	if c, shared := placeCity(k); c != "" || shared {
		if !shared && englishWordAlias(name, k, c) {
			return "", false, true // "rest" is no Rəşt (Rasht) typed without its marks
		}
		return saidSpelling(name, k, c), shared, true // "Legazpi", not "Legaspi"
	}
	if v, ok := lenitedRadical(ws); ok && !ordinaryEnglish(k) {
		if c, shared := placeCity(strings.Join(v, " ")); c != "" || shared {
			return c, shared, true
		}
	}
	return "", false, false
}

// englishWordAlias reports whether name (folded: k), an ordinary English
// word typed plainly ("rest", "luck", "shining"), reads as the gazetteer
// city c only by one of c's other names, some with their marks or letters
// folded away (Azerbaijani "Rəşt", Polish "Łuck"; "Shining", a romanization
// of Xining): an English word is a place only as the city's own main name
// ("Mobile", "Reading", "Split") or typed with the other name's marks. A
// city of the lexicon is the lexicon's to read.
func englishWordAlias(name, k, c string) bool {
	if strings.Contains(k, " ") || !ordinaryEnglish(k) {
		return false
	}
	var b cityKeyBuf
	if _, lexicon := cityIndex[k]; lexicon || b.key(c) == k {
		return false
	}
	return strings.ToLower(strings.TrimSpace(name)) == k
}

// saidSpelling is the name stored for the city c that name (folded: k) names
// (issue 38 item 7: a value keeps the user's spelling of the same place).
// A city the lexicon holds is stored by the lexicon's name, the bot's own
// spelling that its records and validators use ("München" is Munich). A
// city only the gazetteer holds is stored as the user wrote it, in Latin
// letters, when the name is a spelling of GeoNames's main name, within a
// city name's typo tolerance (NearName: "Legazpi" beside "Legaspi",
// "Uzhhorod" beside "Uzhgorod", "Grozny" beside "Groznyy"): the main name
// is one romanization among those GeoNames lists, and storing it would be
// a value the user did not write. Another language's name ("Corcaigh",
// Irish for Cork; "Lîdje", Walloon for Liège) is stored by the main name,
// as an exonym of a lexicon city is; a name in another script by c (the
// bot's records are in Latin letters). The name kept is written as GeoNames
// writes it ("legazpi": "Legazpi").
func saidSpelling(name, k, c string) string {
	var b cityKeyBuf
	if _, lexicon := cityIndex[b.key(c)]; !lexicon && c != "" && hasLatinLetter(name) && b.key(c) != k && NearName(name, c) {
		if n := gazetteerName(c, k); n != "" {
			return n
		}
	}
	return typedSpelling(name, c) // "Corcaigh": Cork; "Khujand", not "Khŭjand"
}

// SamePlace reports whether a and b, two place names as stored, name one
// city of the lexicon or the gazetteer in two spellings ("Uzhgorod" and
// "Uzhhorod"): a city kept as the user spelt it (saidSpelling) is still the
// city another spelling names.
func SamePlace(a, b string) bool {
	if strings.EqualFold(a, b) {
		return a != ""
	}
	ca := cityOfName(a)
	return ca != "" && ca == cityOfName(b)
}

// cityOfName is placeCity's city of a name keyed as cityKeyBuf keys it,
// its words and their join kept in arrays on the stack: each turn that
// fills a second city asks SamePlace, and a city name has few words.
func cityOfName(name string) string {
	var toks [8]token
	var join [48]byte
	k := fold(Normalize(name))
	t := appendTokens(toks[:0], k)
	if len(t) == 1 && t[0].start == 0 && t[0].end == len(k) {
		c, _ := placeCity(k)
		return c
	}
	c, _ := placeCity(string(appendJoined(join[:0], t)))
	return c
}

// gazetteerName is how geo/cities.txt writes, on city c's line, the name
// whose folded form is k; "" when the line lists none. Read only for a
// city the lexicon lacks named by another of its names: a rare turn.
func gazetteerName(c, k string) string {
	i := strings.Index(geoCitiesText, "\n"+c+":")
	if i < 0 {
		return ""
	}
	line := geoCitiesText[i+len(c)+2:]
	if j := strings.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	var b cityKeyBuf
	for n := range strings.SplitSeq(line, "|") {
		if n = strings.TrimSpace(n); b.key(n) == k {
			return n
		}
	}
	return ""
}

// hasLatinLetter reports whether s holds a letter of the Latin script.
func hasLatinLetter(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Latin, r) {
			return true
		}
	}
	return false
}

// gluedPlace reads w, one folded word, as a known city with a case ending
// glued after it or a locative prefix before it (typed as raw: "kuHarare").
func gluedPlace(raw, w string, dir PlaceDirection) (string, bool) {
	if c, ok := prefixedPlace(raw); ok {
		return c, c == ""
	}
	found, ask := "", false
	for i := len(w) - 1; i > 0; i-- {
		stem, tail := w[:i], w[i:]
		if !utf8.ValidString(stem) || utf8.RuneCountInString(stem) < minDeclinedCity {
			continue
		}
		c, lexicon := stemCity(stem)
		switch endingVerdict(stem, tail, c, lexicon, dir) {
		case endingTownName:
			return "", false // "Bergenfield": a town's own name
		case endingAsk:
			ask = true
		case endingRead:
			if found != "" && found != c {
				return "", true // two cities read from one word
			}
			found = c
		case endingUnlisted:
			ask = ask || lexicon
		}
	}
	if found != "" {
		return found, false
	}
	return "", ask
}

// stemCity is the city stem names: the lexicon's (lexicon), else the
// gazetteer's, by a name or by a stem-only name ("Bilbo" of "Bilbora").
func stemCity(stem string) (c string, lexicon bool) {
	if c, lexicon = cityIndex[stem]; lexicon {
		return c, true
	}
	if c = geoIndex().city[stem]; c == "" {
		c = geoIndex().stem[stem]
	}
	return c, false
}

// The verdicts on a stem and the tail glued after it (endingVerdict).
const (
	endingNone     = iota // no reading: no city, or a key held down
	endingTownName        // the whole word is a town's own name
	endingAsk             // a city declined for another direction, or a shared name
	endingRead            // the city, declined for the direction asked
	endingUnlisted        // a city with an ending no list holds
)

// endingVerdict judges stem (city c, from the lexicon or not) with tail glued
// after it, where direction dir is asked.
func endingVerdict(stem, tail, c string, lexicon bool, dir PlaceDirection) int {
	ending := placeEndings()[tail]
	declined := ending.dirs != [4]bool{}
	switch {
	case len(tail) >= 3 && strings.Count(tail, tail[:1]) == len(tail):
		return endingNone // "Portlandjjjj", "Lisbonnn": a key held down, not an ending
	case c == "" && geoIndex().shared[stem] && declined:
		return endingAsk // a name two cities share, declined
	case c == "":
		return endingNone
	case ending.own:
		return endingTownName
	case declined && !ending.dirs[dir] && dir != PlaceAny:
		return endingAsk // "Bilbotik" where to: from Bilbao, asked again
	case declined && (lexicon || len(tail) >= 2), ending.any && lexicon:
		// A gazetteer city is read with a listed ending of two letters or
		// more only: "Girona" is no "Girón" declined.
		return endingRead
	}
	// A known city with an ending no list holds is asked again; a gazetteer
	// city's name inside a word may be a town's own ("Akureyri" is no "Akure"
	// declined).
	return endingUnlisted
}

// prefixedPlace reads raw, one word typed, as a lower-case locative prefix
// glued to a capitalized known city ("kuHarare", "eThekwini", "gCorcaigh"):
// the city, or "" with ok when the rest is a city but the prefix is no
// listed one (ask); ok is false when raw is no such word.
func prefixedPlace(raw string) (string, bool) {
	raw = strings.TrimFunc(raw, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	for i, r := range raw {
		if i == 0 || !unicode.IsUpper(r) {
			if i > 4 || !unicode.IsLower(r) {
				return "", false
			}
			continue
		}
		c, shared := placeCity(key(raw[i:]))
		switch {
		case shared:
			return "", true
		case c == "":
			return "", false
		case placeEndings()["prefix:"+key(raw[:i])].any:
			return c, true
		}
		return "", true
	}
	return "", false
}

// lenitedRadical is ws with its first word in its radical form where Irish
// lenition put an "h" after the first consonant ("ó Bhaile Átha Cliath", "ó
// Chorcaigh"); ok is false when it did not. Lenition only, on a word of six
// letters or more: eclipsis and the "h" before a vowel are written before a
// capital ("gCorcaigh", "hÁth": prefixedPlace), and "home" is no "Ōme".
func lenitedRadical(ws []string) ([]string, bool) {
	first := ws[0]
	if len(first) < 6 || !strings.ContainsRune("bcdfgmpst", rune(first[0])) || first[1] != 'h' || lexiconKnows(first) {
		return nil, false
	}
	return append([]string{first[:1] + first[2:]}, ws[1:]...), true
}

//go:embed city_endings.txt
var cityEndingsText string

// placeEnding is one glued ending's reading: the directions it says, or any
// (a case that names the place alone, or a listed prefix).
type placeEnding struct {
	dirs     [4]bool
	any, own bool
}

// placeEndings are city_endings.txt's endings, by folded ending ("prefix:"
// and the prefix for a prefix); built on the first glued name read.
var placeEndings = sync.OnceValue(func() map[string]placeEnding {
	out := map[string]placeEnding{}
	dirs := map[string]PlaceDirection{"from": PlaceFrom, "to": PlaceTo, "at": PlaceAt}
	for line := range strings.Lines(cityEndingsText) {
		line = strings.TrimSpace(line)
		label, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		list, _, _ = strings.Cut(list, "#")
		for _, e := range strings.Fields(list) {
			switch d, ok := dirs[label]; {
			case label == "prefix":
				out["prefix:"+key(e)] = placeEnding{any: true}
			case label == "own":
				out[key(e)] = placeEnding{own: true}
			case ok:
				pe := out[key(e)]
				pe.dirs[d] = true
				out[key(e)] = pe
			}
		}
	}
	// city_inflections.txt's case endings name the place in any direction
	// ("Beograda", "Lisabonoje"): the declined readers read them so.
	for end := range caseEndings().to {
		if end != "" {
			pe := out[end]
			pe.any = true
			out[end] = pe
		}
	}
	return out
})

// placeDateWords are the weekday words city_endings.txt lists ("date:"
// lines) that the date readers do not hold as words alone: Irish "Sathairn"
// of "Dé Sathairn".
var placeDateWords = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for line := range strings.Lines(cityEndingsText) {
		if list, ok := strings.CutPrefix(line, "date:"); ok {
			list, _, _ = strings.Cut(list, "#")
			for _, w := range strings.Fields(list) {
				out[key(w)] = true
			}
		}
	}
	return out
})
