// Package cldrdates writes nlu/cldr/dates_words.txt: the weekday names, the
// relative days (today, tomorrow, the day after tomorrow) and the parts of
// the day of every CLDR locale, from the CLDR JSON (cldr-dates-full and
// cldr-core, fetched by scripts/cldr-fetch.sh), with the wrappers some
// languages put around a weekday (its data: wrappers.txt), and without any
// word that could be misread. Regenerate with
//
//	go run ./cmd/parley-tools cldr-dates -cldr DIR -o nlu/cldr/dates_words.txt
package cldrdates

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// meaning is what a word says: a weekday ("weekday", "0" Sunday to "6"), a
// relative day ("day", "0" to "2"), a part of the day ("part", "morning",
// "afternoon", "evening", "night"), or, only to drop words that would be
// misread, a past day ("past"), a month ("month") or another time of day
// ("time": noon, midnight, am, pm).
type meaning struct{ kind, value string }

// kept are the kinds written to the file; the others only veto a word.
var kept = map[string]bool{"weekday": true, "day": true, "part": true}

// words are the words read, each with its meanings and the locales that say
// it so.
type words struct {
	meanings map[string]map[meaning]map[string]bool
	phrases  map[string]bool // multi-word entries: a word alone that starts one meaning another thing is dropped
	// fallback are the values a locale without a coverage level holds only
	// as CLDR's fallback (root's "Sun", English "tomorrow"): not its words.
	fallback map[string]bool
	covered  map[string]bool // the locales CLDR gives a coverage level
	places   map[string]bool // GeoNames city and town names, lower case and folded
	towns    map[string]bool // the town names of places that no city has
	regions  map[string]bool // nlu's region and country names, lower case and folded
}

func (ws *words) add(phrase string, m meaning, locale string) {
	if ws.fallback[strings.ToLower(strings.TrimSpace(phrase))] {
		return
	}
	if latin, ok := romanizedOf(locale, phrase); ok {
		ws.add(latin, m, locale)
	}
	for _, f := range forms(phrase) {
		if ws.meanings[f] == nil {
			ws.meanings[f] = map[meaning]map[string]bool{}
		}
		if ws.meanings[f][m] == nil {
			ws.meanings[f][m] = map[string]bool{}
		}
		ws.meanings[f][m][locale] = true
		if strings.Contains(f, " ") {
			ws.phrases[f] = true
		}
	}
}

// Stats count what the generator read and kept.
type Stats struct {
	Locales       map[string]int // by coverage level
	Words, Kept   int
	DroppedReason map[string]int
}

// Generate reads the CLDR JSON under dir and returns the file. dict is an
// English word list (wamerican's /usr/share/dict/american-english), one word a
// line: a word of it is never kept. geo is nlu/geo, whose city and town
// names are no one-word date ("Kuta", Soga Friday; "Lindi", Morisyen
// Monday: "to Kuta" is the place).
func Generate(dir, dict, geo string) ([]byte, Stats, error) {
	st := Stats{Locales: map[string]int{}, DroppedReason: map[string]int{}}
	english, err := readDict(dict)
	if err != nil {
		return nil, st, err
	}
	places, towns, regions, err := readGeo(geo)
	if err != nil {
		return nil, st, err
	}
	levels, err := coverage(dir)
	if err != nil {
		return nil, st, err
	}
	fallback, err := fallbackValues(dir)
	if err != nil {
		return nil, st, err
	}
	locales, err := os.ReadDir(filepath.Join(dir, "cldr-dates-full", "main"))
	if err != nil {
		return nil, st, err
	}
	ws := &words{meanings: map[string]map[meaning]map[string]bool{}, phrases: map[string]bool{}, covered: map[string]bool{}}
	for _, e := range locales {
		loc := e.Name()
		if loc == "und" || loc == "root" || constructed[strings.SplitN(loc, "-", 2)[0]] {
			continue
		}
		lv := levels[loc]
		ws.fallback = nil
		if lv != "modern" && lv != "moderate" && lv != "basic" {
			lv, ws.fallback = "other", fallback
		} else {
			ws.covered[loc] = true
		}
		ok, err := readLocale(ws, dir, loc)
		if err != nil {
			return nil, st, err
		}
		if ok {
			st.Locales[lv]++
		}
	}
	ws.fallback = nil
	addHand(ws, places)
	ws.preferCovered()
	addWrappers(ws)
	ws.places, ws.towns, ws.regions = places, towns, regions
	return write(ws, english, &st), st, nil
}

// readRegions reads the region names (region_names.txt, "us: Alabama |
// Maine | ...") and country names (countries.txt, one a line) of nlu, the
// folder above geo: a proper name of one is a place, never a date alone
// (ro "maine", tomorrow, is the state).
func readRegions(nluDir string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, f := range []string{"region_names.txt", "countries.txt"} {
		data, err := os.ReadFile(filepath.Join(nluDir, f))
		if err != nil {
			return nil, err
		}
		for line := range strings.Lines(string(data)) {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") || strings.Contains(line, " codes:") {
				continue
			}
			if _, names, ok := strings.Cut(line, ":"); ok {
				line = names
			}
			for n := range strings.SplitSeq(line, "|") {
				n = strings.ToLower(strings.TrimSpace(n))
				out[n], out[stripAccents(n)] = true, true
			}
		}
	}
	return out, nil
}

// readGeo reads geo's city and town names (readPlaces), its towns that
// no city has (readTowns) and the region and country names of nlu, the
// folder above it (readRegions).
func readGeo(geo string) (places, towns, regions map[string]bool, err error) {
	if places, err = readPlaces(geo); err != nil {
		return nil, nil, nil, err
	}
	if towns, err = readTowns(geo); err != nil {
		return nil, nil, nil, err
	}
	regions, err = readRegions(filepath.Dir(geo))
	return places, towns, regions, err
}

// preferCovered leaves out the meanings of a word that only locales without
// a coverage level give when a locale with one gives it another: such a
// locale adds the words no covered locale has (Tok Pisin "Sarere") and never
// takes one from a covered locale (Makhuwa-Meetto "Sabato", Sunday, leaves
// Italian "sabato" Saturday, as it was before those locales were read).
func (ws *words) preferCovered() {
	for _, ms := range ws.meanings {
		var covered bool
		for _, locs := range ms {
			covered = covered || ws.anyCovered(locs)
		}
		if !covered {
			continue
		}
		for m, locs := range ms {
			if !ws.anyCovered(locs) {
				delete(ms, m)
			}
		}
	}
}

func (ws *words) anyCovered(locs map[string]bool) bool {
	for l := range locs {
		if ws.covered[l] {
			return true
		}
	}
	return false
}

// constructed are CLDR's constructed auxiliary languages (Interlingua,
// Interlingue, Volapük, Ido, Lojban, Toki Pona) and its classical ones
// (Latin, Church Slavonic, Coptic, Pali, Ge'ez): nobody chats in them, and
// their Latin-derived words sit one letter from English ones (Interlingua
// "hodie", today, would keep "a hodie" from being read as a hoodie).
var constructed = map[string]bool{"ia": true, "ie": true, "vo": true, "io": true, "jbo": true, "tok": true,
	"la": true, "cu": true, "cop": true, "pi": true, "gez": true}

// fallbackValues are the date words of root (und) and English, lower case:
// a locale CLDR gives no coverage level holds them where it has no word of
// its own (Tok Pisin's "tomorrow", Guarani's "AM").
func fallbackValues(dir string) (map[string]bool, error) {
	ws := &words{meanings: map[string]map[meaning]map[string]bool{}, phrases: map[string]bool{}}
	for _, loc := range []string{"und", "en"} {
		if _, err := readLocale(ws, dir, loc); err != nil {
			return nil, err
		}
	}
	out := map[string]bool{}
	for w := range ws.meanings {
		out[w] = true
	}
	return out, nil
}

// coverage is cldr-core's effective coverage level of each locale.
func coverage(dir string) (map[string]string, error) {
	var doc struct {
		Effective map[string]string `json:"effectiveCoverageLevels"`
	}
	if err := readJSON(filepath.Join(dir, "cldr-core", "coverageLevels.json"), &doc); err != nil {
		return nil, err
	}
	return doc.Effective, nil
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// readDict reads an English word list into its lower-case words: true for
// a word the list writes in lower case (an English word), false for one it
// writes only with a capital (a proper name: "Boru", "Tamara").
func readDict(path string) (map[string]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cldr-dates needs an English word list (apt-get install wamerican): %w", err)
	}
	out := map[string]bool{}
	for w := range strings.FieldsSeq(string(data)) {
		w = strings.TrimSuffix(w, "'s")
		common := w == strings.ToLower(w)
		w = strings.ToLower(w)
		for _, k := range []string{w, stripAccents(w)} {
			out[k] = out[k] || common
		}
	}
	return out, nil
}

// calendar is the part of ca-gregorian.json read.
type calendar struct {
	Days       map[string]map[string]map[string]string `json:"days"`
	Months     map[string]map[string]map[string]string `json:"months"`
	DayPeriods map[string]map[string]map[string]string `json:"dayPeriods"`
}

var weekdayKeys = map[string]string{"sun": "0", "mon": "1", "tue": "2", "wed": "3", "thu": "4", "fri": "5", "sat": "6"}

// periodParts are CLDR's day periods as the parts of the day the readers
// read; the others (noon, midnight, am, pm) only veto a word.
var periodParts = map[string]string{"morning1": "morning", "morning2": "morning", "afternoon1": "afternoon",
	"afternoon2": "afternoon", "evening1": "evening", "evening2": "evening", "night1": "night", "night2": "night"}

// readLocale adds one locale's words; false when CLDR has no dates for it.
func readLocale(ws *words, dir, loc string) (bool, error) {
	base := filepath.Join(dir, "cldr-dates-full", "main", loc)
	var greg struct {
		Main map[string]struct {
			Dates struct {
				Calendars map[string]calendar       `json:"calendars"`
				Fields    map[string]map[string]any `json:"fields"`
			} `json:"dates"`
		} `json:"main"`
	}
	if err := readJSON(filepath.Join(base, "ca-gregorian.json"), &greg); err != nil {
		if os.IsNotExist(err) {
			return false, nil
		}
		return false, err
	}
	addCalendar(ws, greg.Main[loc].Dates.Calendars["gregorian"], loc)
	fields := greg
	if err := readJSON(filepath.Join(base, "dateFields.json"), &fields); err != nil {
		return false, err
	}
	rel := map[string]string{}
	for k, v := range fields.Main[loc].Dates.Fields["day"] {
		s, ok := v.(string)
		n, found := strings.CutPrefix(k, "relative-type-")
		if !ok || !found {
			continue
		}
		rel[n] = s
		switch n {
		case "0", "1", "2":
			ws.add(s, meaning{"day", n}, loc)
		default:
			ws.add(s, meaning{"past", n}, loc)
		}
	}
	if apart, ok := dayAfterApart(rel["1"], rel["2"]); ok {
		ws.add(apart, meaning{"day", "2"}, loc)
	}
	return true, nil
}

// dayAfterApart is the day after tomorrow written in two words where CLDR
// glues it to tomorrow (Galician "pasadomañá": people type "pasado mañá",
// as Spanish writes "pasado mañana"); false when it is not so glued.
func dayAfterApart(tomorrow, after string) (string, bool) {
	t, a := strings.ToLower(tomorrow), strings.ToLower(after)
	head, ok := strings.CutSuffix(a, t)
	if !ok || t == "" || strings.ContainsAny(a, " -") || len([]rune(head)) < 4 {
		return "", false
	}
	return head + " " + t, true
}

// addCalendar adds a locale's weekday names (wide, and abbreviated when of
// three letters or more), its month names (vetoes) and its day periods.
func addCalendar(ws *words, cal calendar, loc string) {
	if shiftedWeekdays[loc] {
		cal.Days = nil
	}
	for _, ctx := range []string{"format", "stand-alone"} {
		for _, width := range []string{"wide", "abbreviated"} {
			for k, name := range cal.Days[ctx][width] {
				if width == "abbreviated" && len([]rune(strings.TrimSuffix(name, "."))) < 3 {
					continue
				}
				addWeekday(ws, name, weekdayKeys[k], loc)
				if width == "wide" {
					addInflected(ws, name, weekdayKeys[k], loc)
				}
			}
			if width == "wide" {
				addGlued(ws, cal.Days[ctx][width], loc)
			}
			for k, name := range cal.Months[ctx][width] {
				ws.add(name, meaning{"month", k}, loc)
			}
			for k, name := range cal.DayPeriods[ctx][width] {
				if p, ok := periodParts[k]; ok {
					ws.add(name, meaning{"part", p}, loc)
				} else if !strings.Contains(k, "-alt-") {
					ws.add(name, meaning{"time", k}, loc)
				}
			}
		}
	}
}

// shiftedWeekdays are the locales whose CLDR 48 weekday names sit one day
// off: Dzongkha files "གཟའ་ཟླ་བ་" (the Moon's day, Monday, as Tibetan's
// "གཟའ་ཟླ་བ་" is) under Sunday and so on round the week. Their names are
// left out; the same names of Tibetan (bo) stand for both languages.
var shiftedWeekdays = map[string]bool{"dz": true}

// addGlued adds the seven wide names of a locale that writes each as two
// words, one of them the same in all seven (Chuvash "эрне кун", "шӑмат
// кун": "кун", day), also as one word: people type them glued ("эрнекун",
// "шӑматкун"), as the language's own dictionaries write them.
func addGlued(ws *words, names map[string]string, loc string) {
	if len(names) != 7 {
		return
	}
	shared := map[string]int{}
	for _, name := range names {
		f := strings.Fields(name)
		if len(f) != 2 {
			return
		}
		shared[f[0]]++
		if f[1] != f[0] {
			shared[f[1]]++
		}
	}
	for w, n := range shared {
		if n != 7 {
			continue
		}
		for k, name := range names {
			if !tooShort(strings.ReplaceAll(name, w, "")) {
				addWeekday(ws, strings.ReplaceAll(name, " ", ""), weekdayKeys[k], loc)
			}
		}
	}
}

// addWeekday adds a weekday name; one glued to its article by a hyphen
// (Maltese "il-Ħadd", "is-Sibt") is also the name with the article as a
// word of its own and without it.
func addWeekday(ws *words, name, day, loc string) {
	ws.add(name, meaning{"weekday", day}, loc)
	if art, rest, ok := strings.Cut(name, "-"); ok && len([]rune(art)) <= 3 && !strings.Contains(rest, "-") {
		ws.add(rest, meaning{"weekday", day}, loc)
		ws.add(art+" "+rest, meaning{"weekday", day}, loc)
	}
	if ngo, ok := nguniLocative(name, loc); ok {
		ws.add(ngo, meaning{"weekday", day}, loc)
	}
}

// nguniLocatives are the Nguni languages, whose weekday names take "ngo-"
// for the class prefix "u-" and "nge-" for "i-" to say "on" ("uMgqibelo",
// "ngoMgqibelo"; "iSonto", "ngeSonto").
var nguniLocatives = map[string]bool{"zu": true, "xh": true, "ss": true, "nr": true}

func nguniLocative(name, loc string) (string, bool) {
	lang, _, _ := strings.Cut(loc, "-")
	rs := []rune(name)
	if !nguniLocatives[lang] || len(rs) < 3 || !unicode.IsUpper(rs[1]) {
		return "", false
	}
	switch unicode.ToLower(rs[0]) {
	case 'u':
		return "ngo" + string(rs[1:]), true
	case 'i':
		return "nge" + string(rs[1:]), true
	}
	return "", false
}

//go:embed wrappers.txt
var wrappersFile string

// wrap is what one locale says before and after a weekday's name.
type wrap struct{ before, after []string }

// readWrappers reads wrappers.txt: "locale before|after word..." lines.
func readWrappers() map[string]wrap {
	byLang := map[string]wrap{}
	for line := range strings.Lines(wrappersFile) {
		f := strings.Fields(line)
		if len(f) < 3 || strings.HasPrefix(f[0], "#") {
			continue
		}
		w := byLang[f[0]]
		for _, x := range f[2:] {
			x = strings.ReplaceAll(x, "_", " ")
			if f[1] == "before" {
				w.before = append(w.before, x)
			} else {
				w.after = append(w.after, x)
			}
		}
		byLang[f[0]] = w
	}
	return byLang
}

// wrapperOf is a locale's wrappers: its own line, or its language's when
// it differs only by region.
func wrapperOf(byLang map[string]wrap, loc string) (wrap, bool) {
	if w, ok := byLang[loc]; ok {
		return w, true
	}
	lang, region, _ := strings.Cut(loc, "-")
	w, ok := byLang[lang]
	return w, ok && (region == "" || strings.ToUpper(region) == region)
}

// addWrappers adds each weekday name of a wrappers.txt language with the
// words said around it ("juma kuni", "ranar Asabar").
func addWrappers(ws *words) {
	byLang := readWrappers()
	for _, phrase := range slices.Sorted(maps.Keys(ws.meanings)) {
		if strings.Contains(phrase, " ") || tooShort(phrase) {
			continue // a name of three letters is an abbreviation: "ranar tal" is nobody's
		}
		for m, locs := range ws.meanings[phrase] {
			for loc := range locs {
				w, ok := wrapperOf(byLang, loc)
				if !ok || m.kind != "weekday" {
					continue
				}
				for _, b := range w.before {
					ws.add(b+" "+phrase, m, loc)
				}
				for _, a := range w.after {
					ws.add(phrase+" "+a, m, loc)
				}
			}
		}
	}
}

// write keeps each form with one meaning of a kept kind that passes the
// guards, and returns the file.
func write(ws *words, english map[string]bool, st *Stats) []byte {
	var body strings.Builder
	for _, w := range slices.Sorted(maps.Keys(ws.meanings)) {
		ms := ws.meanings[w]
		st.Words++
		reason := dropReason(ws, w, ms, english)
		if reason != "" {
			st.DroppedReason[reason]++
			writeCollision(&body, w, ms, collisionMark(ws, w, reason))
			continue
		}
		for m, locs := range ms {
			st.Kept++
			fmt.Fprintf(&body, "%s\t%s\t%s\t%s\n", w, m.kind, m.value, strings.Join(langs(locs), ","))
		}
	}
	var b strings.Builder
	b.WriteString(header)
	fmt.Fprintf(&b, "# Read: %d locales (%d modern, %d moderate, %d basic, %d other); %d words and phrases,\n",
		st.Locales["modern"]+st.Locales["moderate"]+st.Locales["basic"]+st.Locales["other"], st.Locales["modern"],
		st.Locales["moderate"], st.Locales["basic"], st.Locales["other"], st.Words)
	fmt.Fprintf(&b, "# %d kept; dropped:", st.Kept)
	for _, r := range slices.Sorted(maps.Keys(st.DroppedReason)) {
		fmt.Fprintf(&b, " %s %d;", r, st.DroppedReason[r])
	}
	b.WriteString("\n#\n")
	b.WriteString(body.String())
	return []byte(b.String())
}

// collisionReasons are the guards a word fails only because it is another
// language's word too (English "semi", French "homme") or short enough to be
// one: such a word is written as a kind with "?" ("day?"), its languages
// after it, and read only where a word of its language stands beside it.
var collisionReasons = map[string]bool{"english": true, "name": true, "seed-language": true, "short": true, "place": true}

// writeCollision writes w as a collision entry, its kind marked by mark,
// when it has one meaning of a kept kind and was dropped as a collision
// (mark "").
func writeCollision(body *strings.Builder, w string, ms map[meaning]map[string]bool, mark string) {
	if mark == "" || len(ms) != 1 || !lettersOnly(w) {
		return
	}
	for m, locs := range ms {
		if kept[m.kind] {
			fmt.Fprintf(body, "%s\t%s%s\t%s\t%s\n", w, m.kind, mark, m.value, strings.Join(langs(locs), ","))
		}
	}
}

// collisionMark is the mark of a word dropped for reason: "!" for a
// collision whose other meaning never answers a date question (a town's
// name, read only at a place question; a word of answerSafe; a one-word
// relative day that is only a proper name of the English word list,
// aloneName: om "boru", tomorrow, and English "Boru", a king's name), so
// that the word alone answering one is its date; "?" for another
// collision; "" when the word is no collision.
func collisionMark(ws *words, w, reason string) string {
	switch {
	case !collisionReasons[reason]:
		return ""
	case reason == "place" && ws.towns[w] && seedWords[w] == "", answerSafe[w] != "":
		return "!"
	case reason == "name" && ws.aloneName(w):
		return "!"
	}
	return "?"
}

// aloneName reports whether w, a proper name of the English word list, is
// read alone answering a date question: one word, a relative day (as
// nlu/english_homographs.txt reads Romanian "maine" alone; a weekday name
// that is a name, ht "jedi", stays a collision), no city, town, region or
// country and no seed language's word.
func (ws *words) aloneName(w string) bool {
	plain := stripAccents(w)
	if strings.Contains(w, " ") || ws.places[plain] || ws.regions[plain] || seedWords[w] != "" {
		return false
	}
	for m := range ws.meanings[w] {
		if m.kind != "day" {
			return false
		}
	}
	return true
}

// answerSafe are words of seedWords or English whose other meaning, in no
// seed language, never answers a question of which day (no number, no
// "this", no "no"): alone answering one, the word is its date. A seed
// language's word (French "homme", Spanish "banda") stays a collision: the
// bot's own users type it. English "tide" (the sea's) is Sranan and Krio
// "today" (hand.txt, round 22).
var answerSafe = map[string]string{
	"juma": "Swahili week", "senin": "Turkish your", "bazar": "a market", "laki": "Indonesian man",
	"tide": "English tide, the sea's",
}

// langs are the languages of a set of locales, without their regions.
func langs(locs map[string]bool) []string {
	set := map[string]bool{}
	for l := range locs {
		lang, _, _ := strings.Cut(l, "-")
		set[lang] = true
	}
	return slices.Sorted(maps.Keys(set))
}

// dropReason says why w (with its meanings ms) is not kept, or "": w
// without its accents, as the readers fold it, must be kept too (af "môre"
// is "more").
func dropReason(ws *words, w string, ms map[meaning]map[string]bool, english map[string]bool) string {
	if plain := stripAccents(w); plain != w {
		if r := dropReason(ws, plain, ws.meanings[plain], english); r != "" {
			return r
		}
	}
	if len(ms) != 1 {
		return "two-meanings"
	}
	var m meaning
	for m = range ms {
	}
	switch {
	case !kept[m.kind]:
		return "not-read"
	case !lettersOnly(w):
		return "not-letters"
	case tooShort(w):
		return "short"
	case anyWord(w, func(x string) bool { return english[x] }):
		return "english"
	case anyWord(w, func(x string) bool { _, ok := english[x]; return ok }):
		return "name"
	case ws.places[w]:
		return "place"
	case anyWord(w, func(x string) bool { return seedWords[x] != "" }):
		return "seed-language"
	case !strings.Contains(w, " ") && startsOther(ws, w, m):
		return "starts-other-phrase"
	}
	return ""
}

// anyWord reports whether the phrase w is one word for which f holds, or a
// phrase all of whose words are.
func anyWord(w string, f func(string) bool) bool {
	for x := range strings.FieldsSeq(w) {
		if !f(x) {
			return false
		}
	}
	return true
}

// startsOther reports whether w is the first or last word of a phrase that
// means something else ("bazar" and "bazar ertəsi", "cümə" and "cümə
// axşamı"): read alone in a sentence, the phrase's other word left over, it
// would be a wrong day.
func startsOther(ws *words, w string, m meaning) bool {
	for p := range ws.phrases {
		f := strings.Fields(p)
		if f[0] != w && f[len(f)-1] != w {
			continue
		}
		for pm, plocs := range ws.meanings[p] {
			if ws.anyCovered(ws.meanings[w][m]) && !ws.anyCovered(plocs) {
				continue // an uncovered locale's phrase takes no covered word (preferCovered)
			}
			if pm != m && !builtOnTomorrow(m, pm) {
				return true
			}
		}
	}
	return false
}

// builtOnTomorrow reports whether a phrase meaning pm ending in a word
// meaning m is that word with its own qualifier: the day after tomorrow
// ("после завтра", "dopo domani", "pasado mañá"). The phrase is read whole,
// longest first, so the word alone keeps its meaning.
func builtOnTomorrow(m, pm meaning) bool {
	return m == meaning{"day", "1"} && pm == meaning{"day", "2"}
}

// lettersOnly reports whether w is words of letters (and combining marks),
// a hyphen or an apostrophe inside a word allowed: Scottish Gaelic writes
// "a-màireach" (tomorrow), Breton "warcʼhoazh"; the readers split a word
// there and read the parts as the phrase.
func lettersOnly(w string) bool {
	prev := ' '
	for _, r := range w {
		joiner := strings.ContainsRune(wordJoiners, r)
		if joiner && !unicode.IsLetter(prev) && !unicode.Is(unicode.Mn, prev) {
			return false
		}
		if r != ' ' && !joiner && !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Mc, r) {
			return false
		}
		prev = r
	}
	return w != "" && !strings.ContainsRune(wordJoiners, prev)
}

// wordJoiners join the parts of one word: a hyphen, the apostrophes, and
// the Tibetan tsheg, which ends each syllable ("སང་ཉིན་", tomorrow; the
// readers split there as at a hyphen and read the syllables as a phrase).
const wordJoiners = "-'ʼ’་"

// tooShort reports whether the word w is under four letters in the Latin
// script, or one character in another ("金" alone is gold too); a phrase is
// too short when every word of it is. A phrase is read whole, so its short
// words (Irish "Dé Luain", Monday; Māori "ā te Mane", on Monday) are safe
// beside a long one, and a name's article or particle is part of the class.
func tooShort(w string) bool {
	for x := range strings.FieldsSeq(w) {
		n := len([]rune(x))
		latin := strings.ContainsFunc(x, func(r rune) bool { return unicode.Is(unicode.Latin, r) })
		if !(latin && n < 4 || n < 2) {
			return false
		}
	}
	return true
}

// forms are a name's forms as written: lower case, a closing dot dropped,
// the same without accents, and without a modifier apostrophe ("jummaʼa",
// "jummaa") or a Polynesian ʻokina, which keyboards lack (to
// "ʻapongipongi", tomorrow, typed "apongipongi"), and with the letters of letters.txt as typed ("mokɔlɔ",
// "mokolo").
func forms(word string) []string {
	w := strings.Join(strings.Fields(strings.TrimSuffix(strings.ToLower(strings.TrimSpace(word)), ".")), " ")
	w = strings.TrimRight(w, syllableEnds) // Tibetan "སང་ཉིན་" ends with its tsheg

	if w == "" {
		return nil
	}
	out := []string{w}
	plain := stripAccents(w)
	bare := strings.NewReplacer("ʼ", "", "’", "", "'", "", "ʻ", "").Replace(plain)
	for _, f := range []string{plain, bare, typedLetters().Replace(plain), typedLetters().Replace(bare)} {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// syllableEnds are the marks that close a word's last syllable: the Tibetan
// tsheg and shad.
const syllableEnds = "་།"

// stripAccents drops the accents of Latin letters and leaves other scripts
// as written.
func stripAccents(w string) string {
	var b strings.Builder
	var prev rune
	for _, r := range norm.NFD.String(w) {
		if unicode.Is(unicode.Mn, r) && unicode.Is(unicode.Latin, prev) {
			continue
		}
		b.WriteRune(r)
		if !unicode.Is(unicode.Mn, r) {
			prev = r
		}
	}
	return norm.NFC.String(b.String())
}

// seedWords are CLDR date words that are other words too, in the seed
// languages (French, Spanish, Arabic and Darija in Latin letters) or in
// another language people type, with the other meaning; never kept. The
// words internal/calendarnames drops are here too.
var seedWords = map[string]string{
	"homme": "French man; Estonian tomorrow", "banda": "Spanish band; Balochi tomorrow",
	"hara": "Spanish will do; Oromo today", "suba": "Spanish rise; Wolof tomorrow",
	"haut": "French high; Luxembourgish today", "muer": "French to moult; Luxembourgish tomorrow",
	"monde": "French world", "sonde": "French probe", "sonda": "Spanish probe", "frai": "French spawn",
	"quinta": "Spanish fifth", "sexta": "Spanish sixth", "segunda": "Spanish second",
	"alam": "Arabic and Malay world", "alah": "Allah", "saba": "Swahili seven",
	"chor": "Hindi thief; Uzbek Wednesday's abbreviation", "sesh": "English session",
	"shan": "a name; Uzbek Saturday's abbreviation", "ravi": "a name; Hindi Sunday's short form",
	"laki": "Indonesian man", "nedelja": "Serbian week as well as Sunday", "nedela": "Macedonian week as well as Sunday",
	"minggu": "Indonesian and Malay week as well as Sunday", "linggo": "Tagalog week as well as Sunday",
	"isonto": "Zulu week and church as well as Sunday", "luni": "Romanian months as well as Monday",
	"senin": "Turkish your; Indonesian Monday", "ahad": "Arabic one; Malay Sunday",
	"juma": "Swahili week; Uzbek Friday", "bazar": "a market; Azerbaijani Sunday",
	"este": "Spanish this; Hungarian evening", "tarda": "Spanish takes long; Catalan afternoon",
	"vorm": "Dutch form; German morning's abbreviation",
	"mana": "Quechua no, Hindi forbidden, Polynesian power; Galician mañá (tomorrow) folds to it",
}

const header = `# Generated by ` + "`go run ./cmd/parley-tools cldr-dates -cldr DIR -o nlu/cldr/dates_words.txt`" + `
# (internal/cldrdates) from Unicode CLDR 48.2.0 JSON (cldr-dates-full,
# cldr-core; scripts/cldr-fetch.sh): do not edit. One entry a line, tab
# separated: the word or phrase (lower case as CLDR writes it, and again
# without accents or apostrophe), its kind and value, the languages that say it.
#   weekday N  a weekday name, 0 Sunday to 6 Saturday: every CLDR locale of
#              cldr-dates-full (not the constructed Interlingua, Interlingue,
#              Volapük, Ido, Lojban, Toki Pona, nor the classical Latin,
#              Church Slavonic, Coptic, Pali, Ge'ez). A locale without an
#              effective coverage level of modern, moderate or basic (tpi,
#              pap, gn, ln, yi) gives only the values that differ from
#              root's and English's (not its fallback "Sun", "tomorrow"), and
#              never a word a covered locale gives another meaning (mgh
#              "Sabato", Sunday, leaves it "sabato"); the wide names
#              and the abbreviated ones of three letters or more, format and
#              stand-alone; Maltese names with and without their article
#              ("il-Ħadd": "il ħadd", "ħadd"), Nguni names with the locative "ngo-"/"nge-" for the
#              class prefix ("uMgqibelo": "ngomgqibelo"), and the wrappers of
#              internal/cldrdates/wrappers.txt ("juma kuni", "ranar asabar",
#              gl "o luns", mi "ā te mane"; not on a name
#              of three letters, an abbreviation); the wide names in the case
#              forms of internal/cldrdates/inflections.txt (eo "sabaton", fo
#              "leygardagin", pl "sobotę", ru "субботу").
#   Every word also as typed: without accents, without the modifier
#   apostrophe and the Polynesian ʻokina (to "ʻapongipongi": "apongipongi"), with the letters of
#   internal/cldrdates/letters.txt as typed (ln "mokɔlɔ": "mokolo"; yi "ײ":
#   "יי"), and in the romanization of internal/cldrdates/romanized.txt (yi
#   YIVO: "פֿרײַטיק": "fraytik", "מארגן": "morgn").
#   Also the words of internal/cldrdates/hand.txt, of languages CLDR lacks
#   or holds only as fallbacks, written from knowledge of each language and
#   guarded as CLDR's (ht "jedi", Thursday, English "Jedi": a collision read
#   beside ht "maten", morning).
#   day N      a relative day from dateFields' day relative-type-0/1/2: today,
#              tomorrow, the day after tomorrow (yesterday is no answer); a
#              day after tomorrow CLDR glues to tomorrow also in two words
#              (gl "pasadomañá": "pasado mañá"; ru "после завтра").
#   part P     a part of the day, from ca-gregorian's wide dayPeriods
#              (morning1/2, afternoon1/2, evening1/2, night1/2): beside a day
#              word it is that day ("kusasa ntambama"); the readers read the
#              one-word ones.
# Guards (a wrong date is worse than none): a word any two locales read as two
# meanings is dropped, counting meanings never kept as vetoes: yesterday and
# the day before (uz "kecha" is yesterday and another's night), month names,
# noon, midnight, am and pm; a relative day that is another locale's part of
# the day (az "sabah", tomorrow, is Turkish morning: "Cuma sabah" would be two
# days) is dropped too. Also dropped: a word of the English word list
# (wamerican, folded: af "môre" is "more"), a city or town name of nlu/geo
# (xog "Kuta", Friday; written as a collision), a word of the seed languages with
# another meaning (French "homme"), a Latin-script word under four letters (lv
# "rīt") or a one-character word of another script, anything but letters, and
# a word that begins or ends a phrase meaning something else (az "cümə",
# Friday, begins "cümə axşamı", Thursday; not tomorrow ending the day after
# it, "dopo domani", read whole). A hyphen or apostrophe inside a word is kept
# (gd "a-màireach", br "warcʼhoazh": the readers read the parts as a phrase);
# a phrase is too short only when all its words are (ga "Dé Luain" is kept).
# The readers also leave out a word the gloss files give another meaning.
#   day? N, weekday? N, part? P  a word dropped only as another language's
#              word (english, seed-language) or as short, with its one
#              meaning and its languages: the readers read it only where
#              another word of one of its languages stands beside it.
#   day! N, weekday! N  such a word whose other meaning answers no date
#              question: a GeoNames town's name (towns are read only at a
#              place question; no city, no seed-language word: bm "sini",
#              tomorrow), a word of answerSafe (Swahili "juma", week) or a
#              one-word relative day the English word list writes only as a
#              proper name ("name": om "boru", tomorrow, English "Boru"; no
#              place, region or country: ro "maine" stays "?"): read so too,
#              and alone answering a date question as its date.
# Tibetan script: a syllable's closing tsheg is dropped and the tsheg inside a
# name joins its syllables as a hyphen does (bo "སང་ཉིན་", tomorrow); dz's
# weekday names, one day off in CLDR 48 ("གཟའ་ཟླ་བ་", the Moon's day, filed
# under Sunday), are left out for bo's. Seven wide names of two words that
# share one ("кун", day) are also written glued (cv "эрнекун").
# Left out so: gl "mañá" (folds to "mana", Quechua no, Hindi forbidden; its
# "pasado mañá" is kept), ku "şemî" (folds to English "semi"; written as a
# collision, "weekday?").
`
