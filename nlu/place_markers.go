package nlu

import (
	_ "embed"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The words and endings said around a place's name (issue 38 round 7): a case
// ending after an apostrophe ("Ankara'dan"), a preposition or particle of
// another language ("sa Cebu po", "nach Berlin", "Mumbai se"), and the frames
// of a copular or choice answer ("Busan is my destination", "I choose Tagus
// View hotel"). place_markers.txt lists them; PlaceCore reads them away.

//go:embed place_markers.txt
var placeMarkersText string

// placeMarkers are place_markers.txt's lists: the case endings, and the
// phrases before and after a place (lower case, words apart by one space),
// and the hyphened endings ("-euro").
var placeMarkers = func() (m struct {
	suffix, hyphen map[string]bool
	prefix         map[string]bool
	before, after  map[string]bool
	known          map[string]bool // read away only before a known place
	knownFirst     map[string]bool // the first words of known's phrases
	declined, cue  map[string]bool
	longest        int
}) {
	m.suffix, m.hyphen, m.before, m.after = map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	m.declined, m.cue = map[string]bool{}, map[string]bool{}
	m.prefix, m.known, m.knownFirst = map[string]bool{}, map[string]bool{}, map[string]bool{}
	section := ""
	for _, line := range strings.Split(placeMarkersText, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "["):
			section = strings.Trim(line, "[]")
			continue
		case section == "suffix" || section == "declined" || section == "cue":
			set := map[string]map[string]bool{"suffix": m.suffix, "declined": m.declined, "cue": m.cue}[section]
			for _, s := range strings.Fields(strings.ReplaceAll(line, "|", " ")) {
				set[s] = true
			}
			continue
		}
		for p := range strings.SplitSeq(line, "|") {
			p = strings.Join(strings.Fields(strings.ToLower(p)), " ")
			switch {
			case p == "":
			case strings.HasSuffix(p, "-") && section == "before":
				m.prefix[p[:len(p)-1]] = true
			case strings.HasPrefix(p, "-"):
				m.hyphen[p[1:]] = true
			case section == "before":
				m.before[p] = true
			case section == "before known":
				m.known[p] = true
				first, _, _ := strings.Cut(p, " ")
				m.knownFirst[first] = true
			default:
				m.after[p] = true
			}
			m.longest = max(m.longest, len(strings.Fields(p)))
		}
	}
	return m
}()

// markerWord is a typed word as the marker lists write it: lower case,
// without the punctuation around it, a curly apostrophe straight.
func markerWord(w string) string {
	if lowerAlnum(w) {
		return w // nothing to lower, replace or trim, as most words
	}
	w = strings.ReplaceAll(strings.ToLower(w), "’", "'")
	return strings.TrimFunc(w, func(r rune) bool { return unicode.IsPunct(r) && r != '\'' })
}

// lowerAlnum reports whether w is lower-case ASCII letters and digits alone.
func lowerAlnum(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// leadingMarker is how many of ws a phrase of placeMarkers.before (before) or
// .after (the last words) takes, the longest first; 0 when none.
func markerRun(ws []string, set map[string]bool, atEnd bool) int {
	for n := min(placeMarkers.longest, len(ws)-1); n >= 1; n-- {
		run := ws[:n]
		if atEnd {
			run = ws[len(ws)-n:]
		}
		// The run's marker words joined, on the stack: a map looks up
		// string(b) without building the string.
		var buf [64]byte
		b := buf[:0]
		for i, w := range run {
			if i > 0 {
				b = append(b, ' ')
			}
			b = append(b, markerWord(w)...)
		}
		if set[string(b)] {
			return n
		}
	}
	return 0
}

// shortCapital reports whether a stripped marker word is written with a
// capital and short enough to begin a place's own name ("A Coruña", "La
// Paz", "Da Nang", "Den Haag").
func shortCapital(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) && utf8.RuneCountInString(strings.TrimFunc(w, unicode.IsPunct)) <= 4
}

// PlaceCore is text, an answer naming a place, without the words and endings
// said around the place (place_markers.txt): the frames and particles before
// and after it and a case ending after an apostrophe ("sa Cebu po": "Cebu";
// "Ankara'dan": "Ankara"; "Busan is my destination": "Busan"). ok is false
// when nothing was read away, or nothing would be left. A short marker
// written with a capital is read away only before a known city: "A Coruña"
// keeps its "A".
func PlaceCore(text string) (core string, ok bool) {
	core, ok, _ = PlaceCoreOrAsk(text)
	return core, ok
}

// PlaceCoreOrAsk is PlaceCore that also reads the prepositions read away only
// before a known place ("dende Vigo", "mankany Toamasina": place_markers.txt's
// "before known"); ask says one typed in lower case stands before a name no
// list holds ("ji Hewlêrê"): the name may be inflected, and is asked again.
func PlaceCoreOrAsk(text string) (core string, ok, ask bool) {
	ws := strings.Fields(text)
	if len(ws) == 0 || len(ws) > 12 {
		return "", false, false
	}
	// Most answers start with no such word: one look-up, no phrase built.
	if !placeMarkers.knownFirst[markerWord(ws[0])] {
		return placeCoreOf(ws)
	}
	if n := markerRun(ws, placeMarkers.known, false); n > 0 && markerRun(ws, placeMarkers.before, false) == 0 {
		if core, known, _, ok := coreOf(ws[n:], true); ok && (known || knownPlaceName(core)) {
			return core, true, false
		}
		if !shortCapital(ws[0]) && nameWordsOnly(ws[n:]) {
			return "", false, true
		}
	}
	return placeCoreOf(ws)
}

// placeCoreOf is PlaceCoreOrAsk of ws, words that begin with no preposition
// read only before a known place.
func placeCoreOf(ws []string) (core string, ok, ask bool) {
	core, known, capital, ok := coreOf(ws, false)
	if !ok || capital && !known {
		return "", false, false
	}
	return core, true, false
}

// coreOf is ws without the markers around a place and a case ending after
// an apostrophe, known when it is a known city, capital when a short marker
// written with a capital was read away; ok is false when nothing was read
// away (changed says something was already), or nothing is left.
func coreOf(ws []string, changed bool) (core string, known, capital, ok bool) {
	ws, capital, c := withoutMarkers(ws)
	changed = changed || c
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w
		if stem, ok := withoutCaseEnding(w); ok {
			out[i], changed = stem, true
		}
	}
	core = strings.TrimFunc(strings.Join(out, " "), func(r rune) bool { return unicode.IsPunct(r) && r != ')' || unicode.IsSpace(r) })
	if i := strings.LastIndexByte(core, ','); i > 0 && IsPolite(core[i+1:]) {
		// "dari Padang, tarimo kasih", "Panaji, देव बरें करूं": a thanks
		// of any language (courtesy_words.txt) after the place.
		core, changed = strings.TrimSpace(core[:i]), true
	}
	if core == "" {
		return "", false, false, false
	}
	_, known = MatchCityExact(core)
	if !known {
		// "iz Beograda", "Lisabonoje": a known city declined is that city.
		if c, ok := DeclinedCity(core); ok {
			core, known, changed = c, true, true
		}
	}
	return core, known, capital, changed
}

// nameWordsOnly reports whether ws, one to four words, hold no word of the
// lexicons: a name alone ("Hewlêrê"), not a phrase ("to Boston").
func nameWordsOnly(ws []string) bool {
	if len(ws) > 4 {
		return false
	}
	for _, w := range ws {
		if w = markerWord(w); w == "" || lexiconKnows(w) {
			return false
		}
	}
	return true
}

// withoutMarkers is ws without the phrases before and after a place and a
// hyphened ending of its last word; capital says a short marker written with
// a capital was read away, changed that any was.
func withoutMarkers(ws []string) (out []string, capital, changed bool) {
	for range 3 {
		n := markerRun(ws, placeMarkers.before, false)
		if n == 0 {
			break
		}
		capital = capital || n == 1 && shortCapital(ws[0])
		ws, changed = ws[n:], true
	}
	for range 3 {
		n := markerRun(ws, placeMarkers.after, true)
		if n == 0 || len(ws)-n == 1 && placeMarkers.cue[markerWord(ws[0])] {
			break // "to la": after a cue alone, the word is the place
		}
		ws, changed = ws[:len(ws)-n], true
	}
	if i := strings.IndexByte(ws[0], '-'); i > 0 && i < len(ws[0])-1 && placeMarkers.prefix[markerWord(ws[0][:i])] {
		ws[0], changed = ws[0][i+1:], true // "le-Eilat", "me-Tel Aviv"
	}
	last := len(ws) - 1
	if i := strings.LastIndexByte(ws[last], '-'); i > 0 && placeMarkers.hyphen[markerWord(ws[last][i+1:])] {
		ws[last], changed = ws[last][:i], true // "Busan-euro"
	}
	return ws, capital, changed
}

// withoutCaseEnding is w without a case ending after an apostrophe
// ("Ankara'dan", "Helsinki'ssä", "İzmir’e"), when its stem is three letters
// or more and begins with a capital or is a known city: "O'Hare", "rock'n"
// keep theirs.
func withoutCaseEnding(w string) (string, bool) {
	i := strings.LastIndexAny(w, "'’")
	if i < 3 {
		return "", false
	}
	stem, end := w[:i], strings.TrimFunc(w[i:], func(r rune) bool { return unicode.IsPunct(r) })
	r, _ := utf8.DecodeRuneInString(stem)
	if !placeMarkers.suffix[strings.ToLower(end)] {
		return "", false
	}
	if _, known := MatchCityExact(stem); !known && !unicode.IsUpper(r) {
		return "", false
	}
	return stem, true
}

// englishContractionEnds are the endings English writes after an apostrophe
// ("Boston's", "Denver'll"): no case ending of another language.
var englishContractionEnds = map[string]bool{"s": true, "d": true, "ll": true, "re": true, "ve": true, "m": true, "t": true}

// HasUnreadCaseEnding reports whether w, a typed word, is a name with an
// ending after an apostrophe that no list reads away ("Simferopol'xy"): a
// stem of three letters or more written with a capital, then one to four
// lower-case letters that are no English contraction's. The Turkic languages
// write a case ending so on every proper noun ("İstanbul'a"), so the word is
// the place declined, never the place's name as typed; a place GeoNames
// lists with an apostrophe in its name ("Sana'a") is its own name.
func HasUnreadCaseEnding(w string) bool {
	w = strings.ReplaceAll(strings.TrimFunc(w, func(r rune) bool { return unicode.IsPunct(r) && r != '\'' && r != '’' }), "’", "'")
	i := strings.LastIndexByte(w, '\'')
	if i < 3 {
		return false
	}
	stem, end := w[:i], w[i+1:]
	r, _ := utf8.DecodeRuneInString(stem)
	n := utf8.RuneCountInString(end)
	if !unicode.IsUpper(r) || n == 0 || n > 4 || englishContractionEnds[end] || strings.ContainsFunc(end, func(r rune) bool { return !unicode.IsLower(r) }) {
		return false
	}
	if _, known := MatchCityExact(w); known {
		return false
	}
	return !geoNamesPlace(CityKey(w))
}

// IsPlaceCue reports whether w, one word, is an English cue before a place
// (place_markers.txt [cue]: "to", "from", "into", "in").
func IsPlaceCue(w string) bool { return placeMarkers.cue[markerWord(w)] }
