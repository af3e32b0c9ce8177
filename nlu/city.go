package nlu

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley/shop/lexicon"
	"golang.org/x/text/unicode/norm"
)

// cities are well-known city names, each with the other ways people write it
// (abbreviations, nicknames, airport codes said as the city, the name in the
// city's own language where English has another: "Ciudad de México", "Roma",
// "München", and in the seeds' other languages, French and Spanish:
// "Lisbonne", "Londres", "Oporto"). Only airport codes that are no word of
// the seeds' languages are listed ("BCN", "JFK"; not "MAD", "SEA" or "SIN").
// Names in Arabic script are gloss data (gloss/ar.txt). Matching ignores case and accents, drops a trailing
// state or country ("Seattle, WA", "London, UK") and tolerates a typo in a
// name of five letters or more.
var cities = map[string][]string{
	"New York":         {"NYC", "NY", "New York City", "Manhattan", "the big apple", "Nueva York", "JFK"},
	"Los Angeles":      {"LA", "L.A.", "LAX"},
	"San Francisco":    {"SF", "SFO", "San Fran", "Frisco"},
	"San Diego":        {"SD"},
	"San Jose":         {"SJ"},
	"Philadelphia":     {"Philly"},
	"Chicago":          {"Chi-town", "Chitown", "Chi town", "ORD"},
	"Washington D.C.":  {"Washington DC", "DC", "D.C.", "District of Columbia"},
	"Las Vegas":        {"Vegas", "LV"},
	"Kuala Lumpur":     {"KL"},
	"New Orleans":      {"NOLA"},
	"Salt Lake City":   {"SLC"},
	"Atlanta":          {"ATL"},
	"Seattle":          nil,
	"Portland":         nil,
	"Sacramento":       nil,
	"Long Beach":       nil,
	"Anaheim":          nil,
	"Fresno":           nil,
	"Oakland":          nil,
	"Berkeley":         nil,
	"Palo Alto":        nil,
	"Mountain View":    nil,
	"Sunnyvale":        nil,
	"Santa Rosa":       nil,
	"Santa Clara":      nil,
	"Santa Cruz":       nil,
	"Fremont":          nil,
	"Hayward":          nil,
	"Napa":             nil,
	"Vacaville":        nil,
	"Pleasanton":       nil,
	"Livermore":        nil,
	"Walnut Creek":     nil,
	"Concord":          nil,
	"Riverside":        nil,
	"Irvine":           nil,
	"Pasadena":         nil,
	"Phoenix":          nil,
	"Tucson":           nil,
	"Denver":           nil,
	"Boston":           nil,
	"Miami":            nil,
	"Orlando":          nil,
	"Houston":          nil,
	"Dallas":           {"DFW"},
	"Austin":           nil,
	"San Antonio":      nil,
	"Nashville":        nil,
	"Baltimore":        nil,
	"Pittsburgh":       nil,
	"Cleveland":        nil,
	"Detroit":          nil,
	"Minneapolis":      nil,
	"St. Louis":        {"Saint Louis", "St Louis"},
	"Kansas City":      nil,
	"Toronto":          {"YYZ"},
	"Vancouver":        {"YVR"},
	"Montreal":         {"Montréal", "YUL"},
	"Mexico City":      {"CDMX", "Ciudad de México"},
	"London":           {"Londres", "LHR", "LGW", "LDN"},
	"Paris":            {"CDG"},
	"Berlin":           nil,
	"Madrid":           nil,
	"Barcelona":        {"Barcelone", "BCN"},
	"Lisbon":           {"Lisboa", "Lisbonne"},
	"Rome":             {"Roma", "FCO"},
	"Milan":            {"Milano", "Milán"},
	"Amsterdam":        {"AMS"},
	"Brussels":         {"Bruxelles", "Brussel", "Bruselas"},
	"Vienna":           {"Wien"},
	"Prague":           {"Praha"},
	"Dublin":           nil,
	"Edinburgh":        {"Édimbourg", "Edimburgo"},
	"Istanbul":         {"Estambul", "IST"},
	"Athens":           {"Athina", "Athènes", "Atenas"},
	"Moscow":           {"Moskva", "Moscou", "Moscú"},
	"Dubai":            {"DXB"},
	"Cairo":            {"Le Caire", "El Cairo"},
	"Casablanca":       {"Casa", "CMN"},
	"Marrakesh":        {"Marrakech", "RAK"},
	"Rabat":            nil,
	"Tangier":          {"Tanger", "Tánger"},
	"Fes":              {"Fez"},
	"Tokyo":            {"NRT", "HND"},
	"Seoul":            {"ICN"},
	"Beijing":          {"Pékin", "Pekín"},
	"Shanghai":         nil,
	"Hong Kong":        {"HK", "HKG"},
	"Singapore":        nil,
	"Bangkok":          {"BKK"},
	"Delhi":            {"New Delhi"},
	"Mumbai":           {"Bombay"},
	"Sydney":           nil,
	"Melbourne":        nil,
	"Rio de Janeiro":   {"Rio"},
	"Sao Paulo":        nil,
	"Buenos Aires":     nil,
	"Lima":             nil,
	"Bogota":           nil,
	"Cape Town":        nil,
	"Johannesburg":     {"Joburg"},
	"Nairobi":          nil,
	"Lagos":            nil,
	"Porto":            {"Oporto", "OPO"},
	"Seville":          {"Sevilla", "Séville"},
	"Valencia":         nil,
	"Malaga":           nil,
	"Florence":         {"Firenze", "Florencia"},
	"Venice":           {"Venezia", "Venise", "Venecia"},
	"Naples":           {"Napoli", "Nápoles"},
	"Munich":           {"München", "Muenchen", "Múnich", "MUC"},
	"Hamburg":          nil,
	"Frankfurt":        nil,
	"Cologne":          {"Köln", "Koeln"},
	"Zurich":           {"ZRH"},
	"Geneva":           {"Genève", "Ginebra"},
	"Copenhagen":       {"København", "Kobenhavn", "Copenhague", "CPH"},
	"Stockholm":        nil,
	"Oslo":             nil,
	"Bergen":           nil,
	"Helsinki":         nil,
	"Warsaw":           {"Warszawa", "Varsovie", "Varsovia"},
	"Krakow":           nil,
	"Budapest":         nil,
	"Nice":             nil,
	"Lyon":             nil,
	"Marseille":        nil,
	"Bordeaux":         nil,
	"Manchester":       nil,
	"Liverpool":        nil,
	"Glasgow":          nil,
	"Reykjavik":        nil,
	"Tel Aviv":         nil,
	"Doha":             nil,
	"Abu Dhabi":        nil,
	"Riyadh":           nil,
	"Tunis":            nil,
	"Algiers":          {"Alger", "Argel"},
	"Agadir":           nil,
	"Accra":            nil,
	"Dakar":            nil,
	"Addis Ababa":      nil,
	"Osaka":            nil,
	"Kyoto":            nil,
	"Taipei":           nil,
	"Manila":           nil,
	"Jakarta":          nil,
	"Hanoi":            nil,
	"Ho Chi Minh City": nil,
	"Auckland":         nil,
	"Perth":            nil,
	"Brisbane":         nil,
	"Honolulu":         nil,
	"Anchorage":        nil,
	"Albuquerque":      nil,
	"Charlotte":        nil,
	"Raleigh":          nil,
	"Columbus":         nil,
	"Indianapolis":     nil,
	"Milwaukee":        nil,
	"Cincinnati":       nil,
	"Tampa":            nil,
	"Jacksonville":     nil,
	"Fort Lauderdale":  nil,
	"San Bernardino":   nil,
	"Bakersfield":      nil,
	"Stockton":         nil,
	"Reno":             nil,
	"Boise":            nil,
	"Spokane":          nil,
	"Tacoma":           nil,
	"Omaha":            nil,
	"Memphis":          nil,
	"Louisville":       nil,
	"Oklahoma City":    nil,
	"Tulsa":            nil,
	"El Paso":          nil,
	"Fort Worth":       nil,
	"Buffalo":          nil,
	"Rochester":        nil,
	"Albany":           nil,
	"Hartford":         nil,
	"Providence":       nil,
	"Newark":           nil,
	"Jersey City":      nil,
	"Ottawa":           nil,
	"Calgary":          nil,
	"Edmonton":         nil,
	"Quebec City":      nil,
	"Havana":           nil,
	"Cancun":           nil,
	"Guadalajara":      nil,
	"Monterrey":        nil,
	"Santiago":         nil,
	"Medellin":         nil,
	"Quito":            nil,
	"Caracas":          nil,
	"Montevideo":       nil,
	"Santa Barbara":    nil,
	"Santa Monica":     nil,
	// Round 6 (issue 38): cities people name that the list lacked, in the
	// seeds' regions (the UK, France, Spain, Portugal, Morocco, the Middle
	// East, Europe); none is an ordinary word of the seeds' languages.
	"Cardiff": nil, "Belfast": nil, "Bristol": nil, "Leeds": nil, "Sheffield": nil,
	"Newcastle": nil, "Nottingham": nil, "Southampton": nil, "Aberdeen": nil,
	"Bradford": nil, "Birmingham": nil,
	"Nantes": nil, "Toulouse": nil, "Lille": nil, "Strasbourg": nil, "Montpellier": nil, "Rennes": nil,
	"Bilbao": nil, "Zaragoza": {"Saragossa", "Saragosse"}, "Alicante": nil, "Granada": {"Grenade"},
	"Faro": nil, "Coimbra": nil,
	"Meknes": {"Meknès"}, "Oujda": nil, "Essaouira": nil, "Tetouan": {"Tétouan"}, "Nador": nil, "Chefchaouen": nil,
	"Sfax": nil, "Sousse": nil, "Alexandria": {"Alexandrie", "Alejandría"}, "Luxor": {"Louxor"},
	"Beirut": {"Beyrouth"}, "Muscat": {"Mascate"}, "Jeddah": {"Jeddah", "Djeddah", "Jidda"}, "Manama": nil,
	"Riga": nil, "Vilnius": nil, "Zagreb": nil, "Belgrade": nil, "Bucharest": {"Bucarest"}, "Gdansk": nil,
	"Salzburg": nil, "Rotterdam": nil, "Antwerp": {"Anvers", "Amberes"}, "Stuttgart": nil,
	"Dusseldorf": nil, "Dresden": {"Dresde"}, "Leipzig": nil, "Bologna": {"Bologne", "Bolonia"},
	"Turin": {"Torino", "Turín"}, "Palermo": {"Palerme"}, "Verona": {"Vérone"}, "Gothenburg": {"Göteborg", "Goteborg"},
}

// cityIndex maps a folded name or alias to its city; cityFuzzy indexes its keys
// of five letters or more, in order, so that a typo close to two names always
// gives the same one. cityFuzzy is built on the first typo looked up, not at
// start-up: it was two thirds of the package's start-up time and memory.
var (
	cityIndex = buildCityIndex()
	cityFuzzy = lazyFuzzy(sync.OnceValue(func() *Fuzzy { return buildCityFuzzy(cityIndex) }))
)

// cityFuzzyIndexedRunes is the longest city name or alias cityFuzzy indexes;
// longer ones (the multi-word nicknames: "the city of brotherly love") are
// measured against each typo instead, which finds the same names.
const cityFuzzyIndexedRunes = 12

func buildCityFuzzy(idx map[string]string) *Fuzzy {
	var names []string
	for _, name := range sortedKeys(idx) {
		if len(name) >= 5 && !cldrOnly[name] {
			names = append(names, name)
		}
	}
	return newScanningFuzzy(names, cityFuzzyIndexedRunes)
}

// lazyFuzzy is a Fuzzy index built on its first use, safe for concurrent use.
type lazyFuzzy func() *Fuzzy

// Near is the index's Near.
func (l lazyFuzzy) Near(dst []FuzzyMatch, query string, maxDist int) []FuzzyMatch {
	return l().Near(dst, query, maxDist)
}

// Closest is the index's Closest.
func (l lazyFuzzy) Closest(query string) (FuzzyMatch, bool) { return l().Closest(query) }

func buildCityIndex() map[string]string {
	// Sized for every name at once and keyed without phraseWords' slices:
	// cldr/cities.txt's thirteen thousand names made growing the map and
	// allocating each name's words most of the package's start-up cost.
	n := len(cityNicknames)
	for _, names := range cldrCityNames {
		n += len(names)
	}
	idx := make(map[string]string, n+len(cities)*4+len(worldCities)*4+len(cityNatives)*4)
	cldrOnly = make(map[string]bool, n)
	x := cityIndexer{idx: idx}
	for city, aliases := range cities {
		idx[x.b.key(city)] = city
		for _, a := range aliases {
			idx[x.b.key(a)] = city
		}
		for _, a := range cityExonyms[city] {
			idx[x.b.key(a)] = city
		}
	}
	// city_world.txt's, then city_native.txt's: names in the languages that
	// decline them, and cities neither list above has ("Novi Sad", "Shiraz").
	x.addNewCities(worldCities)
	x.addNewCities(cityNatives)
	for city, names := range cldrCityNames {
		for _, a := range names {
			if k, added := x.addNew(city, a); added {
				cldrOnly[k] = true
			}
		}
	}
	x.addNicknames()
	keepRenamed(idx)
	return idx
}

// cityIndexer adds names to the city index being built.
type cityIndexer struct {
	idx map[string]string
	b   cityKeyBuf
}

// addNew files a name under city unless another city's name has its key.
func (x *cityIndexer) addNew(city, a string) (string, bool) {
	k := x.b.key(a)
	if _, taken := x.idx[k]; taken {
		return k, false
	}
	x.idx[k] = city
	return k, true
}

// addNewCities files each city's own name and names as addNew does.
func (x *cityIndexer) addNewCities(byCity map[string][]string) {
	for city, names := range byCity {
		x.addNew(city, city)
		for _, a := range names {
			x.addNew(city, a)
		}
	}
}

// addNicknames files city_nicknames.txt's nicknames over any other name.
func (x *cityIndexer) addNicknames() {
	for nick, city := range cityNicknames {
		k := x.b.key(nick)
		x.idx[k] = city
		// "the Windy City" or "Windy City": a leading "the" may be left out
		// where two words or more are left ("the Six" alone is no "six").
		if rest, ok := strings.CutPrefix(k, "the "); ok && strings.Contains(rest, " ") {
			x.idx[rest] = city
		}
	}
}

// cityKeyBuf keys the index's names: strings.Join(phraseWords(name), " ")
// worked out in reused buffers, a one-word key being the folded name itself.
type cityKeyBuf struct {
	toks []token
	join []byte
}

func (b *cityKeyBuf) key(name string) string {
	k := fold(Normalize(name))
	b.toks = appendTokens(b.toks[:0], k)
	if len(b.toks) == 1 && b.toks[0].start == 0 && b.toks[0].end == len(k) {
		return k
	}
	b.join = appendJoined(b.join[:0], b.toks)
	return string(b.join)
}

// cityWorldText is city_world.txt: more of the world's cities, with the
// other ways people write them; cityNicknamesText is city_nicknames.txt: the
// nicknames people call cities by ("the Windy City").
var (
	//go:embed city_world.txt
	cityWorldText string
	//go:embed city_nicknames.txt
	cityNicknamesText string
)

// worldCities are city_world.txt's cities the gazetteer's list lacks, with
// their other names; a line naming a listed city adds its names to it.
var worldCities = func() map[string][]string {
	out := map[string][]string{}
	for _, line := range strings.Split(cityWorldText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		city, names, _ := strings.Cut(line, ":")
		city = strings.TrimSpace(city)
		var aliases []string
		for n := range strings.SplitSeq(names, "|") {
			if n = strings.TrimSpace(n); n != "" {
				aliases = append(aliases, n)
			}
		}
		if _, known := cities[city]; known {
			cities[city] = append(cities[city], aliases...)
			continue
		}
		out[city] = aliases
	}
	return out
}()

// cityNicknames are city_nicknames.txt's nicknames, by nickname.
var cityNicknames = func() map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(cityNicknamesText, "\n") {
		nick, city, ok := strings.Cut(line, "|")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		out[strings.TrimSpace(nick)] = strings.TrimSpace(city)
	}
	return out
}()

// cityExonymsText is city_exonyms.txt: the names of the gazetteer's cities
// in Italian, Portuguese and German ("Lisbona", "Nova Iorque", "Mailand").
//
//go:embed city_exonyms.txt
var cityExonymsText string

// cityExonyms are city_exonyms.txt's names by city.
var cityExonyms = func() map[string][]string {
	out := map[string][]string{}
	for _, line := range strings.Split(cityExonymsText, "\n") {
		city, names, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		for _, n := range strings.Split(names, "|") {
			out[strings.TrimSpace(city)] = append(out[strings.TrimSpace(city)], strings.TrimSpace(n))
		}
	}
	return out
}()

// MatchCity reads text that names a city, as a whole ("la", "Seattle, WA",
// "philadelfia"), and returns the city's usual name. A typo is tolerated in a
// name of five letters or more. Text that is no known city is not matched: the
// caller decides whether an unknown name may be one.
func MatchCity(text string) (string, bool) { return matchCity(text, true) }

// typedSpelling is text, a city's name typed as a name (each word
// capitalized) in plain letters, when c, the name stored for it, is the same
// name with diacritics ("Khujand" for the gazetteer's "Khŭjand"): the
// spelling English writes and the user chose, kept as a renamed city's old
// name is. Otherwise c.
func typedSpelling(text, c string) string {
	if isASCII(c) && isASCII(text) {
		return c // the usual case, without the words' copies below
	}
	t := strings.Join(strings.Fields(strings.TrimFunc(text, func(r rune) bool { return !unicode.IsLetter(r) })), " ")
	if isASCII(c) {
		return ownSpelling(t, c)
	}
	if t == "" || !isASCII(t) || !strings.EqualFold(plainLetters(c), t) {
		return c
	}
	for _, w := range strings.Fields(t) {
		if w[0] < 'A' || w[0] > 'Z' {
			return c
		}
	}
	return t
}

// geoOwnNamesText is geo/own_names.txt: the lexicon's cities in plain
// letters whose GeoNames own name is the same name with diacritics.
//
//go:embed geo/own_names.txt
var geoOwnNamesText string

// ownNames are own_names.txt's own names by the lexicon's city, read on the
// first city typed with a letter outside ASCII.
var ownNames = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for line := range strings.Lines(geoOwnNamesText) {
		if city, own, ok := strings.Cut(line, ":"); ok && !strings.HasPrefix(line, "#") {
			out[city] = strings.TrimSpace(own)
		}
	}
	return out
})

// ownSpelling is t, a name typed with diacritics, as GeoNames writes the
// city c's own name when t is that name ("Asunción" for "Asuncion"; typed
// in lower case too); otherwise c: a name typed in plain letters, another
// language's marked spelling ("Indiánápọ́lis") and an exonym ("München",
// Munich) are the lexicon's name.
func ownSpelling(t, c string) string {
	if isASCII(t) {
		return c
	}
	if own, ok := ownNames()[c]; ok && ownStem(norm.NFC.String(t), own) {
		return own
	}
	return c
}

// ownStem reports whether t, typed with diacritics, is own (a city's own
// name) or own with a case ending of up to four letters glued on
// ("Gdańska", "Gdańsku" of "Gdańsk"): the user's spelling of the same city,
// whichever reader found which city it is.
func ownStem(t, own string) bool {
	if len(t) < len(own) || !strings.EqualFold(t[:len(own)], own) {
		return false
	}
	rest := t[len(own):]
	return utf8.RuneCountInString(rest) <= 4 && !strings.ContainsFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) })
}

// plainLetters is s without its diacritics: its marks dropped once
// decomposed (ŭ, é), and latinFold's letters of their own (ł, ø) as their
// base letters.
func plainLetters(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if foldedMark(r) {
			continue
		}
		if f, ok := latinFold[unicode.ToLower(r)]; ok && unicode.IsUpper(r) {
			b.WriteString(strings.ToUpper(f))
		} else if ok {
			b.WriteString(f)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// matchCity is MatchCity, or MatchCityExact without typos: the known name or
// alias text is, else the city of the text before its last comma ("Seattle,
// WA", "Sacramento, CA": the city before a state or country), else (typos) the
// nearest name to the whole; each level reads text's words once.
func matchCity(text string, typos bool) (string, bool) {
	joined, n := joinedWords(key(text))
	if n == 0 || n > 5 {
		return "", false
	}
	if c, ok := cityIndex[joined]; ok {
		return typedSpelling(text, c), true
	}
	if i := strings.LastIndexByte(text, ','); i > 0 {
		if c, ok := matchCity(text[:i], typos); ok {
			return c, true
		}
	}
	if head, country, ok := beforeCountry(joined); ok {
		// "nice france", "Lyon en France": the country after a name confirms
		// it is a place; the name alone is read, or a word that sounds like
		// a city of that country ("roam italy": voice typing).
		if c, ok := cityHomophones[head+" "+country]; ok {
			return c, true
		}
		return matchCityKey(head, typos)
	}
	c, ok := matchCityKey(joined, typos)
	if ok && !isASCII(text) {
		c = typedSpelling(text, c) // "Gdańska": its own name declined, or typed a letter away
	}
	return c, ok
}

// matchCityKey reads joined (folded words joined by single spaces) as a
// known name or alias, else (typos) the nearest one.
func matchCityKey(joined string, typos bool) (string, bool) {
	if c, ok := cityIndex[joined]; ok {
		return c, true
	}
	if !typos || countries[joined] || !typoable(joined) || cityNearWords()[joined] {
		return "", false // "Poland" is no typo of "Portland", "mainland" of Mailand
	}
	if otherGeoNamesPlace(joined) {
		// "paro", "asheville": a place GeoNames lists is that place, never
		// a typo of another city ("Paris", "Nashville").
		return "", false
	}
	if c, ok := shorthandCity(joined); ok {
		return c, true // "dnvr": Denver without its vowels
	}
	c, ok := closestCity(joined)
	if !ok {
		c, ok = shortTypoCity(joined) // "prto": Porto, one typo from a short name
	}
	if !ok {
		if c, ok := wordTypoCity(joined); ok {
			return c, true // "sna fransisco": a slip in each word
		}
		c, ok = phoneticCity(joined) // "Sinsinati": Cincinnati spelled by ear
	}
	if !ok || !typedWordsOf(joined, c) {
		return "", false
	}
	return c, true
}

// typedWordsOf reports whether joined, folded words read as the city c with
// a typo, may be that typo: it shares a word with c's name ("las vagas"),
// or holds no word of four letters or more of the lexicons or of English
// (a name only, "angelos", aside). A word typed as it is spelt is that word,
// never a slip of a name ("parks" is no Paris). Shorter words are as often
// a name's pieces ("ath nes": Athènes with an undecodable byte). (issue 38
// round 20: never guess.)
func typedWordsOf(joined, c string) bool {
	name := strings.Fields(key(c))
	shares := false
	for w := range strings.FieldsSeq(joined) {
		if slices.Contains(name, w) {
			shares = true
		} else if len(w) >= 4 && ordinaryEnglish(w) && !slices.ContainsFunc(name, func(nw string) bool { return !apartByTwo(w, nw) && typoDistance(w, nw) <= 1 }) {
			// "the gulf coast": "coast" is Gold Coast's, but "gulf", spelt as
			// the word it is and two letters from "gold", is no slip of it
			// (issue 38, round 25); "los angelos" is one letter from Los Angeles.
			return false
		}
	}
	if shares {
		return true
	}
	for w := range strings.FieldsSeq(joined) {
		if len(w) >= 4 && (lexiconKnows(w) || ordinaryEnglish(w) || ordinaryEnglish(strings.TrimSuffix(w, "s"))) {
			return false
		}
	}
	return true
}

// ordinaryEnglish reports whether w is a word of the English list other
// than a name only ("angelos" is a name; "parks" the plural of "park").
func ordinaryEnglish(w string) bool {
	return lexicon.IsEnglishWord(w) && !lexicon.IsNameOnly(w)
}

// typoable reports whether joined may be read as a city name with a typo: its
// words are letters (and the apostrophes, hyphens and dots of names), none of
// them a lone letter. A typo changes a letter of a name; a space, a digit, a
// symbol or an undecodable byte in a letter's place ("e at", "e\ufffdat": no
// typos of "Elat") means the text is something else, and a guess would store a
// city nobody named.
func typoable(joined string) bool {
	for w := range strings.FieldsSeq(joined) {
		if utf8.RuneCountInString(w) < 2 {
			return false
		}
		for _, r := range w {
			if !unicode.IsLetter(r) && !unicode.IsMark(r) && !strings.ContainsRune("'-.’", r) {
				return false
			}
		}
	}
	return true
}

// beforeCountry splits joined into the words before a country that ends it
// and the country, dropping a linking word between them ("en", "in"), when
// one does and words are left: "nice france" gives "nice" and "france".
func beforeCountry(joined string) (head, country string, ok bool) {
	for i := strings.IndexByte(joined, ' '); i > 0; {
		if country = joined[i+1:]; countries[country] {
			head = joined[:i]
			if j := strings.LastIndexByte(head, ' '); j > 0 && countryLinks[head[j+1:]] {
				head = head[:j]
			}
			return head, country, true
		}
		k := strings.IndexByte(joined[i+1:], ' ')
		if k < 0 {
			break
		}
		i += k + 1
	}
	return "", "", false
}

// CutCountry is name, an unknown place's name as typed, without a country
// that ends it ("Braga Portugal", "Braga, in Portugal": "Braga"); ok is false
// when none does, or nothing would be left.
func CutCountry(name string) (string, bool) {
	ws := strings.Fields(name)
	for i := 1; i < len(ws); i++ {
		if !IsCountry(strings.Join(ws[i:], " ")) {
			continue
		}
		head := ws[:i]
		if len(head) > 1 && countryLinks[strings.ToLower(head[len(head)-1])] {
			head = head[:len(head)-1]
		}
		return strings.TrimRight(strings.Join(head, " "), ","), true
	}
	return "", false
}

// closestCity is the city whose name or alias is nearest to a name of five
// letters or more, within the tolerance of the name's length; two letters
// swapped side by side count as one typo ("Dnever", "lodnon"). Two cities
// equally near give none: a typo between two names is not guessed.
func closestCity(joined string) (string, bool) {
	if len(joined) < 5 {
		return "", false
	}
	var buf [16]FuzzyMatch
	near := nearestCity{dist: MaxFuzzyDistance + 1}
	for _, m := range cityFuzzy.Near(buf[:0], joined, MaxFuzzyDistance) {
		d := m.Distance
		if d == 2 {
			d = typoDistance(joined, m.Entry) // "dnever": one swap
		}
		if d == 2 && exchanged(joined, m.Entry) {
			d = 1 // "chigaco": two letters of a long name changed places
		}
		if d <= FuzzyTolerance(nameBody(joined, m.Entry)) {
			near.see(cityIndex[m.Entry], d)
		}
	}
	return near.city()
}

// nearestCity keeps the nearest city seen and whether another was as near:
// a typo between two names is not guessed.
type nearestCity struct {
	best string
	dist int
	tie  bool
}

// see takes the city c at distance d.
func (n *nearestCity) see(c string, d int) {
	switch {
	case d > n.dist:
	case d < n.dist:
		n.best, n.dist, n.tie = c, d, false
	case c != n.best:
		n.tie = true
	}
}

// city is the nearest city, and false when none or two were as near.
func (n *nearestCity) city() (string, bool) {
	if n.best == "" || n.tie {
		return "", false
	}
	return n.best, true
}

// exchanged reports whether a and b, ASCII names of six letters or more, are
// one another with two letters (not side by side) changed places: "chigaco"
// for "chicago", a typo of one slip.
func exchanged(a, b string) bool {
	if len(a) != len(b) || len(a) < 6 || !isASCII(a) || !isASCII(b) {
		return false
	}
	i, j := -1, -1
	for k := 0; k < len(a); k++ {
		if a[k] == b[k] {
			continue
		}
		switch {
		case i < 0:
			i = k
		case j < 0:
			j = k
		default:
			return false
		}
	}
	return j > 0 && a[i] == b[j] && a[j] == b[i]
}

// nameBody is entry without a short first word (an article or preposition,
// "le", "la", "el", "san", "den") that typed begins with too: the letters two
// names share that way are no evidence of a typo, so the tolerance is that of
// the rest ("Le Havre" is no typo of "Le Caire", Cairo).
func nameBody(typed, entry string) string {
	first, rest, ok := strings.Cut(entry, " ")
	if ok && len(first) <= 3 && strings.HasPrefix(typed, first+" ") {
		return rest
	}
	return entry
}

// NearName reports whether typed is name as written or with a typo, by the
// tolerance of city names: ignoring case and accents, a name of five letters
// or more may be one edit off, or two neighbouring letters swapped.
func NearName(typed, name string) bool {
	a, b := strings.Join(phraseWords(typed), " "), strings.Join(phraseWords(name), " ")
	if a == b {
		return a != ""
	}
	return len(a) >= 5 && len(b) >= 5 && osaDistance(a, b) <= FuzzyTolerance(b)
}

// LooksMisspelt reports whether typed, a name no known city has, is within
// two typos of one of places or of a known city ("Dnevre", "Prot"): stored
// as written, it would be a place nobody named.
func LooksMisspelt(typed string, places []string) bool {
	a := strings.Join(phraseWords(typed), " ")
	if len(a) < 4 {
		return false
	}
	for _, p := range places {
		if osaDistance(a, strings.Join(phraseWords(p), " ")) <= MaxFuzzyDistance {
			return true
		}
	}
	var buf [16]FuzzyMatch
	if len(cityFuzzy.Near(buf[:0], a, MaxFuzzyDistance)) > 0 {
		return true
	}
	_, sounds := soundsLike(a) // "Sanfransisko": a known city spelled by ear
	return sounds
}

// NearWord reports whether typed, a word of three letters or more, is word
// with one typo (a letter added, dropped or changed, or two neighbouring
// letters swapped): "fro" and "form" for "from", "tto" for "to".
func NearWord(typed, word string) bool {
	if isASCII(typed) && isASCII(word) {
		// Bytes are runes here: the lengths are told without counting runes,
		// and one typo without a distance table. A flow weighs a name's first
		// word against every cue it has (some sixty words a turn), and most
		// are told apart by their length alone.
		return len(typed) >= 3 && oneTypo(typed, word)
	}
	n, m := utf8.RuneCountInString(typed), utf8.RuneCountInString(word)
	// One typo changes the length by one letter at most: most words are told
	// apart by their length before any distance is measured.
	if typed == word || n < 3 || n-m > 1 || m-n > 1 {
		return false
	}
	return osaDistance(typed, word) == 1
}

// oneTypoAnyScript is osaDistance(a, b) == 1: ASCII words are told without a
// distance table (oneTypoASCII), as the handoff reader weighs each word of a
// message against its nouns on every turn.
func oneTypoAnyScript(a, b string) bool {
	if isASCII(a) && isASCII(b) {
		return oneTypo(a, b)
	}
	return a != b && osaDistance(a, b) == 1
}

// oneTypoASCII is osaDistance(a, b) == 1 for different ASCII words whose
// lengths differ by one at most: one letter changed, two neighbouring letters
// swapped, or one letter added or dropped.
func oneTypoASCII(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(b) && a[i] == b[i] {
		i++
	}
	switch {
	case len(a) > len(b):
		return a[i+1:] == b[i:] // a letter added
	case i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]:
		return true // two neighbouring letters swapped
	}
	return a[i+1:] == b[i+1:] // a letter changed
}

// osaDistance is the number of typos between a and b: letters added, dropped
// or changed, and two neighbouring letters swapped counted as one (the
// optimal string alignment distance), over their runes.
func osaDistance(a, b string) int {
	// Words and names fit the stack buffers: the typo readers measure a
	// message's words against a dozen nouns on every turn (handoff.go), and
	// three rows on the heap per measure were most of a short turn's
	// allocations.
	var bufA, bufB [osaStackRunes]rune
	ra, rb := appendRunes(bufA[:0], a), appendRunes(bufB[:0], b)
	// d[i][j] is the distance between ra[:i] and rb[:j]; three rows kept.
	var rows [3][osaStackRunes + 1]int
	var prev2, prev, cur []int
	if len(rb) < osaStackRunes {
		prev2, prev, cur = rows[0][:len(rb)+1], rows[1][:len(rb)+1], rows[2][:len(rb)+1]
	} else {
		prev2, prev, cur = make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)
	}
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// osaStackRunes is the longest word osaDistance measures without allocating.
const osaStackRunes = 32

// appendRunes appends s's runes to dst.
func appendRunes(dst []rune, s string) []rune {
	for _, r := range s {
		dst = append(dst, r)
	}
	return dst
}

// SaysCityExactly reports whether text, a cue's capture ("rest", "Boston
// on friday"), starts with a name of city as written: a known name or alias
// of it without typo tolerance (MatchCityExact), or city's own spelling,
// case aside. A name read only by a typo, by another language's name with
// its marks folded away or by an ending glued on is not said exactly
// (issue 38, round 27: a value volunteered for a slot not asked needs it).
func SaysCityExactly(text, city string) bool {
	fields := strings.Fields(text)
	for n := 1; n <= min(len(fields), 5); n++ {
		name := strings.TrimRightFunc(strings.Join(fields[:n], " "), func(r rune) bool { return unicode.IsPunct(r) && r != '.' })
		if strings.EqualFold(name, city) {
			return true
		}
		if c, ok := MatchCityExact(name); ok && strings.EqualFold(c, city) {
			return true
		}
	}
	return false
}

// MatchCityExact is MatchCity without typo tolerance: a known name or alias,
// possibly followed by a state or country ("Seattle, WA").
func MatchCityExact(text string) (string, bool) { return matchCity(text, false) }

// FindCity finds a known city inside a sentence ("flying out of chicago"): the
// longest run of up to three words that MatchCity reads exactly or with a typo,
// leftmost first. Aliases of two letters ("la", "sd") are read only as a whole
// answer (MatchCity): inside a sentence they are ordinary words too often.
func FindCity(text string) (string, bool) {
	// The runs are written into a stack buffer and looked up without a string
	// of their own: a sentence has dozens of them and almost none is a city.
	var tokBuf [32]token
	var buf [96]byte
	toks := appendTokens(tokBuf[:0], key(text))
	for i := range toks {
		for n := min(3, len(toks)-i); n >= 1; n-- {
			phrase := appendJoined(buf[:0], toks[i:i+n])
			if c, ok := cityIndex[string(phrase)]; ok && (len(phrase) > 2 || n > 1) {
				return c, true
			}
		}
		if c, ok := shorthandCity(toks[i].text); ok {
			return c, true
		}
	}
	return "", false
}

// FindCities lists the known cities a sentence names, each once, in order
// (FindCity's reading, continued past the first).
func FindCities(text string) []string {
	var tokBuf [32]token
	var buf [96]byte
	var out []string
	toks := appendTokens(tokBuf[:0], key(text))
	first := cityFirstWords()
	for i := 0; i < len(toks); i++ {
		if n := holidayNameLenAt(toks, i); n > 0 {
			i += n - 1 // "denver for columbus day": a day's name, no place
			continue
		}
		// A word no known city's name begins with begins none of the phrases
		// below: one lookup instead of three joined phrases'.
		for n := min(3, len(toks)-i); n >= 1 && first[toks[i].text]; n-- {
			phrase := appendJoined(buf[:0], toks[i:i+n])
			if c, ok := cityIndex[string(phrase)]; ok && (len(phrase) > 2 || n > 1) {
				if inHolidayName(toks, i) {
					break // "columbus day", "st patrick's day": a day, no place
				}
				if !slices.Contains(out, c) {
					out = append(out, c)
				}
				i += n - 1
				break
			}
		}
		if c, ok := shorthandCity(toks[i].text); ok && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// inHolidayName reports whether toks[i] is a word of a holiday's name said
// in toks (InHolidayName): a city named in it ("Columbus Day") is no place.
func inHolidayName(toks []token, i int) bool {
	if !holidayWords()[toks[i].text] {
		return false
	}
	var buf [32]string
	ws := buf[:0]
	for _, t := range toks {
		ws = append(ws, t.text)
	}
	return InHolidayName(ws, i)
}

// cityFirstWords are the first words of cityIndex's keys (FindCities), built
// on the first sentence read, not at start-up.
var cityFirstWords = sync.OnceValue(func() map[string]bool {
	set := make(map[string]bool, len(cityIndex))
	for k := range cityIndex {
		first, _, _ := strings.Cut(k, " ")
		set[first] = true
	}
	return set
})

// choiceWords offer alternatives or leave a value out ("Lisbon or Porto",
// "anywhere but Boston"): an answer holding one names no one value.
var choiceWords = wordSet(`or either nor but except besides excluding instead ou sauf excepto menos`)

// NamesAlternatives reports whether text offers a choice of values or
// excludes one ("either Boston or Chicago", "anywhere but Denver"), so that
// the value it names is not the one to keep.
func NamesAlternatives(text string) bool {
	choice, mayGloss := choiceScan(text)
	if choice {
		return true
	}
	if !mayGloss {
		return false
	}
	// Or in another language's words ("Denver o Boston", "wla"): the gloss.
	g := Gloss(text)
	return g != text && holdsChoiceWord(g)
}

// choiceGlossed are the first words of the gloss phrases whose meaning holds
// a choice word ("wla", "o", "أو" = or): a text's gloss holds a choice word
// its own words do not only through one of them, or a letter held down
// ("orrr"). The gloss is most of what a turn's readers cost, and nearly every
// answer holds neither, so the choice readers gloss only a text that may.
var choiceGlossed = func() map[string]bool {
	set := map[string]bool{}
	for _, es := range [][]glossEntry{glosses.prefixes} {
		for _, e := range es {
			if holdsChoiceWord(e.to) {
				set[e.words[0]] = true
			}
		}
	}
	for first, es := range glosses.byFirst {
		for _, e := range es {
			if holdsChoiceWord(e.to) {
				set[first] = true
			}
		}
	}
	return set
}()

// choiceScan reads text's words once: whether one is a choice word, and
// whether its gloss may hold one its words do not (choiceGlossed).
func choiceScan(text string) (choice, mayGloss bool) {
	mayGloss = mayElongate(text)
	var buf [24]token
	for _, t := range appendTokens(buf[:0], key(text)) {
		first := t.text[0] // a token is one letter or more
		if choiceWordStarts[first] && choiceWords[t.text] {
			return true, true
		}
		mayGloss = mayGloss || choiceGlossedStarts[first] && choiceGlossed[t.text]
	}
	return false, mayGloss
}

// choiceWordStarts and choiceGlossedStarts are the first bytes of
// choiceWords and choiceGlossed (keyStarts): choiceScan reads every word.
var choiceWordStarts, choiceGlossedStarts = keyStarts(choiceWords), keyStarts(choiceGlossed)

// choiceReach is how many words from a city a choice word may stand and
// still bear on it ("anywhere but Boston", "Boston or maybe Denver").
const choiceReach = 3

// NamesAlternativesNear is NamesAlternatives of the words around the places
// that name city in a sentence: a choice word up to three words before or
// after one. A "but" far from it in a long story ("it's a long story, but my
// daughter ... in Edinburgh") bears on nothing. A sentence that does not name
// city is read whole.
func NamesAlternativesNear(text, city string) bool {
	if nearChoice(text, city) {
		return true
	}
	if choice, mayGloss := choiceScan(text); !choice && !mayGloss {
		return false // its gloss holds no choice word either
	}
	g := Gloss(text)
	return g != text && nearChoice(g, city)
}

// nearChoice is NamesAlternativesNear of one text, without its gloss.
func nearChoice(text, city string) bool {
	var tokBuf [48]token
	var buf [96]byte
	toks := appendTokens(tokBuf[:0], key(text))
	named := false
	for i := range toks {
		for n := min(3, len(toks)-i); n >= 1; n-- {
			if cityIndex[string(appendJoined(buf[:0], toks[i:i+n]))] != city {
				continue
			}
			named = true
			if choiceAround(toks, i, i+n) {
				return true
			}
			break
		}
	}
	return !named && holdsChoiceWord(text)
}

// choiceAround reports whether a choice word stands within choiceReach words
// of toks[a:b], punctuation or not between ("Nice... or Cannes?").
func choiceAround(toks []token, a, b int) bool {
	for i := max(a-choiceReach, 0); i < min(b+choiceReach, len(toks)); i++ {
		if (i < a || i >= b) && choiceWords[toks[i].text] {
			return true
		}
	}
	return false
}

// holdsChoiceWord reports whether a word of text is a choice word.
func holdsChoiceWord(text string) bool {
	var buf [24]token
	for _, t := range appendTokens(buf[:0], key(text)) {
		if choiceWords[t.text] {
			return true
		}
	}
	return false
}
