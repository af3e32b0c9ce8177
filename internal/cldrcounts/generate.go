package cldrcounts

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/nlu"
)

// MaxCount is the largest count spelled out: a month of nights.
const MaxCount = 31

// spelloutSets are the rule sets whose words are a count: the numbering and
// cardinal sets, with their genders.
var spelloutSets = []string{"%spellout-numbering", "%spellout-cardinal",
	"%spellout-cardinal-masculine", "%spellout-cardinal-feminine", "%spellout-cardinal-neuter"}

// Inputs are the readers' own data the generator reads besides CLDR.
type Inputs struct {
	Seed     map[string]string   // ReadSeed: what a word already means to the readers
	Suffixes map[string][]string // ReadInflections: night-word endings by locale
	Exclude  map[string]bool     // ReadExclusions: words never read as a position
	Hand     Hand                // ReadHand: number and night words CLDR lacks
}

// Lists are the generated files' contents.
type Lists struct {
	CountsNights []byte // nlu/cldr/counts_nights.txt
	NowWords     []byte // nlu/cldr/now_words.txt
	Positions    []byte // nlu/cldr/positions.txt
}

// locale is one locale's words as CLDR gives them.
type locale struct {
	name    string
	numbers [MaxCount + 1][]string // spelled-out forms by count
	// ordinals are the forms of every public %spellout-ordinal set
	// (genders, cases) by position, one to MaxPosition.
	ordinals [MaxPosition + 1][]string
	nights   map[string][]string // night unit patterns ("{0} nights") by plural category
	hand     []string            // hand night patterns, read with every count (count_words.txt)
	plural   pluralRules
}

// Generate reads CLDR's JSON under dir, English's words (one a line,
// english) and the seed languages' words (Seed: what a word already means
// to the readers), and writes the lists.
func Generate(dir string, english io.Reader, in Inputs) (Lists, error) {
	eng, err := readEnglish(english)
	if err != nil {
		return Lists{}, err
	}
	plurals, err := readPlurals(filepath.Join(dir, "cldr-core/supplemental/plurals.json"))
	if err != nil {
		return Lists{}, err
	}
	locs, err := readLocales(dir, plurals)
	if err != nil {
		return Lists{}, err
	}
	locs = addHand(dir, locs, in.Hand, plurals)
	inflect(locs, in.Suffixes)
	g := newGuard(eng, locs)
	g.seed, g.exclude = in.Seed, in.Exclude
	counts := g.countsNights(locs)
	now, err := g.nowWords(dir)
	if err != nil {
		return Lists{}, err
	}
	return Lists{CountsNights: counts, NowWords: now, Positions: g.positions(locs)}, nil
}

// readEnglish is the folded lower-case words of a word list (proper nouns,
// capitalised there, are no English word a message says).
func readEnglish(r io.Reader) (map[string]bool, error) {
	eng := map[string]bool{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		w := strings.TrimSpace(sc.Text())
		if w == "" || w != strings.ToLower(w) || strings.ContainsRune(w, '\'') {
			continue
		}
		eng[foldKey(w)] = true
	}
	return eng, sc.Err()
}

// foldKey is a phrase's words as the readers key them, joined by spaces.
func foldKey(s string) string { return strings.Join(nlu.FoldWords(s), " ") }

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// readPlurals is plurals.json's cardinal rules by locale.
func readPlurals(path string) (map[string]pluralRules, error) {
	var doc struct {
		Supplemental struct {
			Cardinal map[string]pluralRules `json:"plurals-type-cardinal"`
		} `json:"supplemental"`
	}
	if err := readJSON(path, &doc); err != nil {
		return nil, err
	}
	return doc.Supplemental.Cardinal, nil
}

// pluralsOf is the locale's rules, or its language's.
func pluralsOf(plurals map[string]pluralRules, name string) pluralRules {
	for n := name; n != ""; n = parent(n) {
		if p, ok := plurals[n]; ok {
			return p
		}
	}
	return pluralRules{}
}

// parent is a locale's parent by truncation ("sr-Latn" → "sr"), "" for a
// language.
func parent(name string) string {
	i := strings.LastIndexByte(name, '-')
	if i < 0 {
		return ""
	}
	return name[:i]
}

// readLocales spells 1..MaxCount out in every locale with spell-out rules
// and reads its night unit.
func readLocales(dir string, plurals map[string]pluralRules) ([]*locale, error) {
	files, err := filepath.Glob(filepath.Join(dir, "cldr-rbnf/rbnf/*.json"))
	if err != nil {
		return nil, err
	}
	var locs []*locale
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		if name == "und" || name == "root" {
			continue
		}
		var doc struct {
			RBNF struct {
				RBNF map[string]map[string]json.RawMessage `json:"rbnf"`
			} `json:"rbnf"`
		}
		if err := readJSON(f, &doc); err != nil {
			return nil, err
		}
		l := &locale{name: name, plural: pluralsOf(plurals, name)}
		sets := map[string][][]string{}
		for k, v := range doc.RBNF.RBNF["SpelloutRules"] {
			var rules [][]string
			if json.Unmarshal(v, &rules) == nil {
				sets[k] = rules
			}
		}
		r := newRBNF(sets)
		for n := int64(1); n <= MaxCount; n++ {
			for _, set := range spelloutSets {
				s, err := r.format(set, n, l.plural.category, 0)
				if err != nil {
					continue
				}
				s = cleanWords(s)
				if s != "" && !contains(l.numbers[n], s) {
					l.numbers[n] = append(l.numbers[n], s)
				}
			}
		}
		l.ordinals = spellOrdinals(r, sets, l.plural.category)
		l.nights = readNights(dir, name)
		locs = append(locs, l)
	}
	sort.Slice(locs, func(i, j int) bool { return locs[i].name < locs[j].name })
	return locs, nil
}

// cleanWords drops soft hyphens and joiners the rules write between a
// number's parts and collapses spaces.
func cleanWords(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\u00ad' || r == '\u200b' {
			return -1
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// readNights is the locale's (or its parent's) night unit patterns by plural
// category: the long form's patterns in every grammatical case, and the
// short form's that abbreviate nothing. Nil when CLDR has none of its own.
func readNights(dir, name string) map[string][]string {
	for n := name; n != ""; n = parent(n) {
		var doc struct {
			Main map[string]struct {
				Units map[string]map[string]json.RawMessage `json:"units"`
			} `json:"main"`
		}
		if readJSON(filepath.Join(dir, "cldr-units-full/main", n, "units.json"), &doc) != nil {
			continue
		}
		out := map[string][]string{}
		for _, width := range []string{"long", "short"} {
			var unit map[string]string
			if json.Unmarshal(doc.Main[n].Units[width]["duration-night"], &unit) != nil {
				continue
			}
			for k, p := range unit {
				_, cat, ok := strings.Cut(k, "-count-")
				p = unitOfRate(p)
				if !ok || !strings.Contains(p, "{0}") || strings.ContainsAny(p, "./") {
					continue
				}
				p = cleanWords(p)
				if !contains(out[cat], p) {
					out[cat] = append(out[cat], p)
				}
			}
		}
		var name struct {
			DisplayName string `json:"displayName"`
		}
		if json.Unmarshal(doc.Main[n].Units["long"]["duration-night"], &name) == nil {
			addDisplayName(out, name.DisplayName)
		}
		for _, ps := range out {
			sort.Strings(ps)
		}
		return out
	}
	return nil
}

// unitOfRate is a count pattern CLDR writes as a rate ("{0}/شپه", Pashto's
// and Kyrgyz's count of nights) as the number and its night word ("{0}
// شپه"); any other pattern as it is.
func unitOfRate(p string) string {
	if w, ok := strings.CutPrefix(p, "{0}/"); ok && w != "" && !strings.ContainsAny(w, "./ {}") {
		return "{0} " + w
	}
	return p
}

// guard holds what a word may be read as in every locale, to leave out a
// word read two ways.
type guard struct {
	english   map[string]bool
	enNumbers map[string]int64   // English's number words by key
	numbers   map[string][]int64 // every locale's number words by key: the counts they say
	seed      map[string]string  // the seed languages' words by key: their meaning
	exclude   map[string]bool    // words never read as a position (ReadExclusions)
	cardinal  map[string]bool    // every locale's cardinal words by key (positions)
}

func newGuard(english map[string]bool, locs []*locale) *guard {
	g := &guard{english: english, enNumbers: map[string]int64{}, numbers: map[string][]int64{}, cardinal: map[string]bool{}}
	for _, l := range locs {
		for n := int64(1); n <= MaxCount; n++ {
			for _, w := range l.numbers[n] {
				k := foldKey(w)
				if l.name == "en" {
					g.enNumbers[k] = n
				}
				if !containsInt(g.numbers[k], n) {
					g.numbers[k] = append(g.numbers[k], n)
				}
			}
		}
	}
	return g
}

func containsInt(xs []int64, x int64) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// numberWordFits reports why a number word of count n may not be read in
// a phrase with its locale's night word: "" when it may. A word that is an
// English word ("pet", "to") or another locale's different number ("du")
// may: the night word after it is its own language's support, and a phrase
// two locales count differently is dropped as a whole (phrases.add); so may
// a seed language's function word (French "du"). A seed-language word of
// another meaning may not: the gloss reads it first (Afrikaans "nege").
func (g *guard) numberWordFits(w string, n int64) string {
	k := foldKey(w)
	switch {
	case k == "":
		return "empty"
	case k == strconv.FormatInt(n, 10):
		return "" // the fold writes the number's own digits (Japanese "二")
	case g.seed[k] != "" && g.seed[k] != strconv.FormatInt(n, 10) && g.enNumbers[g.seed[k]] != n &&
		g.seed[k] != "a function word": // a function word has no meaning the gloss reads first ("du noktoj")
		return "a seed-language word (" + g.seed[k] + ")"
	}
	return ""
}

// phrase is a count of nights of one locale.
type phrase struct {
	loc string
	n   int64
}

// phrases are the counts of nights of every locale, in order, with those
// two locales count differently.
type phrases struct {
	seen     map[string]phrase
	conflict map[string]bool
	order    []string
}

// add files a locale's phrase ph for count n.
func (ps *phrases) add(loc, ph string, n int64) {
	k := foldKey(ph)
	if old, ok := ps.seen[k]; ok {
		if old.n != n {
			ps.conflict[k] = true
		}
		return
	}
	ps.seen[k] = phrase{loc, n}
	ps.order = append(ps.order, ph)
}

// countsNights writes every locale's counts of nights: each count's words
// (and its digits, read by the unit lines) with the night unit's pattern of
// its plural category; a phrase two locales count differently is left out.
func (g *guard) countsNights(locs []*locale) []byte {
	ps := &phrases{seen: map[string]phrase{}, conflict: map[string]bool{}}
	var b strings.Builder
	b.WriteString(countsHeader)
	dropEnglishNights(locs)
	for _, l := range locs {
		if l.name == "en" || strings.HasPrefix(l.name, "en-") {
			continue // English reads its own counts
		}
		if len(l.nights) == 0 && len(l.hand) == 0 {
			fmt.Fprintf(&b, "# %s: no night unit of its own in CLDR\n", l.name)
			continue
		}
		if dropped := g.localeNights(l, ps); len(dropped) > 0 {
			fmt.Fprintf(&b, "# %s: left out %s\n", l.name, strings.Join(dropped, ", "))
		}
	}
	writePhrases(&b, ps)
	b.WriteString("# The night unit's patterns, read with digits (\"3 {0}\" as three nights)\n")
	for _, u := range g.units(locs) {
		fmt.Fprintf(&b, "unit %s\n", u)
	}
	return []byte(b.String())
}

// localeNights files one locale's counts of nights; it returns the number
// words left out, each with why. A compound that ends with an English filler
// is left out too: the readers leave the filler out ("trinta e um": "um",
// one, is English "um", so the count would read as 30).
func (g *guard) localeNights(l *locale, ps *phrases) (dropped []string) {
	for n := int64(1); n <= MaxCount; n++ {
		pats := l.nights[l.plural.category(n)]
		if len(pats) == 0 {
			pats = l.nights["other"]
		}
		pats = append(pats[:len(pats):len(pats)], l.hand...)
		for _, w := range l.numbers[n] {
			why := g.numberWordFits(w, n)
			if ws := strings.Fields(foldKey(w)); why == "" && len(ws) > 1 && g.seed[ws[len(ws)-1]] == englishFiller {
				why = "ends with an English filler"
			}
			if why != "" {
				dropped = append(dropped, fmt.Sprintf("%s (%d: %s)", w, n, why))
				continue
			}
			for _, p := range pats {
				ph := strings.ReplaceAll(p, "{0}", w)
				if g.allEnglish(ph) {
					dropped = append(dropped, fmt.Sprintf("%s (%d: wholly English words)", ph, n))
					continue
				}
				ps.add(l.name, ph, n)
			}
		}
	}
	return dropped
}

// allEnglish reports whether every word of a phrase is an English word
// ("to nat" would be): such a phrase has no word of its own language.
func (g *guard) allEnglish(ph string) bool {
	for _, w := range strings.Fields(foldKey(ph)) {
		if !g.english[w] && g.enNumbers[w] == 0 {
			return false
		}
	}
	return true
}

// inflect adds to each locale's night patterns the forms its suffixes make
// (nlu/night_inflections.txt): each word of the pattern but the number with
// the ending written on it ("{0} noktoj" and "-n": "{0} noktojn").
func inflect(locs []*locale, suffixes map[string][]string) {
	for _, l := range locs {
		for cat, pats := range l.nights {
			for _, p := range pats {
				for _, suf := range suffixes[l.name] {
					ws := strings.Fields(p)
					for i, w := range ws {
						if !strings.Contains(w, "{0}") {
							ws[i] = w + suf
						}
					}
					if q := strings.Join(ws, " "); !contains(l.nights[cat], q) {
						l.nights[cat] = append(l.nights[cat], q)
					}
				}
			}
		}
	}
}

// ReadInflections reads night_inflections.txt ("locale: -suffix ..."): the
// endings each locale's night word takes that CLDR does not write.
func ReadInflections(path string) (map[string][]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, line := range strings.Split(string(b), "\n") {
		loc, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		for _, f := range strings.Fields(list) {
			if suf := strings.TrimPrefix(f, "-"); suf != "" {
				out[strings.TrimSpace(loc)] = append(out[strings.TrimSpace(loc)], suf)
			}
		}
	}
	return out, nil
}

// writePhrases writes the phrases by locale, a conflict as a comment.
func writePhrases(b *strings.Builder, ps *phrases) {
	lastLoc := ""
	for _, ph := range ps.order {
		k := foldKey(ph)
		p := ps.seen[k]
		if p.loc != lastLoc {
			fmt.Fprintf(b, "# %s\n", p.loc)
			lastLoc = p.loc
		}
		if ps.conflict[k] {
			fmt.Fprintf(b, "# left out (two counts): %s\n", ph)
			continue
		}
		fmt.Fprintf(b, "%d %s\n", p.n, ph)
	}
}

// units are the night patterns of every locale but English whose words are
// no English word and no number word, sorted.
func (g *guard) units(locs []*locale) []string {
	units := map[string]bool{}
	for _, l := range locs {
		if l.name == "en" {
			continue
		}
		for _, pats := range mapsValues(l.nights) {
			for _, p := range pats {
				if u := foldKey(strings.ReplaceAll(p, "{0}", "")); u != "" && !g.english[u] && len(g.numbers[u]) == 0 {
					units[p] = true
				}
			}
		}
		for _, p := range l.hand {
			if u := foldKey(strings.ReplaceAll(p, "{0}", "")); u != "" && !g.english[u] && len(g.numbers[u]) == 0 && g.handUnitFits(u) {
				units[p] = true
			}
		}
	}
	var us []string
	for u := range units {
		us = append(us, u)
	}
	sort.Strings(us)
	return us
}

// handUnitFits reports whether a hand night pattern's words (u, folded) may
// be read with digits: when one of them is a word of its own, no seed
// language's word (Spanish "su"), no English word and no Latin word under
// three letters ("su 3", "e 3 po" are not: no night word's support beside a
// digit; "e 3 na bogi" is). Its number words are read still.
func (g *guard) handUnitFits(u string) bool {
	for _, w := range strings.Fields(u) {
		if g.seed[w] == "" && !g.english[w] && (len([]rune(w)) >= 3 || !isLatin(w)) {
			return true
		}
	}
	return false
}

// dropEnglishNights drops the night patterns a locale inherits from English
// ("{0} night" of a locale CLDR has no word for): English reads them itself.
func dropEnglishNights(locs []*locale) {
	en := map[string]bool{}
	for _, l := range locs {
		if l.name == "en" {
			for _, ps := range l.nights {
				for _, p := range ps {
					en[p] = true
				}
			}
		}
	}
	for _, l := range locs {
		if l.name == "en" {
			continue
		}
		for cat, ps := range l.nights {
			var own []string
			for _, p := range ps {
				if !en[p] {
					own = append(own, p)
				}
			}
			if len(own) == 0 {
				delete(l.nights, cat)
			} else {
				l.nights[cat] = own
			}
		}
	}
}

const countsHeader = `# Counts of nights in every CLDR locale with number spell-out rules, generated
# by "go run ./cmd/parley-tools cldr-counts -cldr DIR -o nlu/cldr" from Unicode
# CLDR 48.2.0 (scripts/cldr-fetch.sh): the words of one to thirty-one (the
# locale's %spellout-numbering and %spellout-cardinal rules, with their
# masculine, feminine and neuter sets, evaluated) put in the locale's
# duration-night unit pattern of the count's plural category (long form, each
# grammatical case, and the short form where it abbreviates nothing). A line
# "N phrase" reads the phrase as N nights; "unit PATTERN" is the pattern read
# with digits ("3 {0}"); a unit word alone is no count. Left out (each
# named in a comment): a number word that is a seed language's word of another
# meaning, a phrase two locales count differently, a phrase of English words
# only, and a compound number ending with an English filler the readers leave
# out (Portuguese "trinta e um": "um"). A number word that is an English word
# ("pet") or another locale's other number ("du") is read in its phrase only:
# the night word is its language's support. The night word's endings CLDR
# does not write are nlu/night_inflections.txt's (Esperanto "tri noktojn").
# A count CLDR writes as a rate ("{0}/شپه") is read as the number and its
# night word, and the unit's one-word name ("شپي") beside its patterns. The
# locales CLDR spells no number out for, or has no night word of its own
# for, take them from nlu/count_words.txt (hand data, with the same guards).
# Never edited by hand: hand data is nlu/night_counts.txt and
# nlu/count_words.txt.
`

// nowWords writes every locale's word for "now" (the dateFields'
// second-relative-type-0), each kept when it is no English word but "now"
// and no locale's number word.
func (g *guard) nowWords(dir string) ([]byte, error) {
	dirs, err := filepath.Glob(filepath.Join(dir, "cldr-dates-full/main/*"))
	if err != nil {
		return nil, err
	}
	sort.Strings(dirs)
	var b strings.Builder
	b.WriteString(nowHeader)
	seen := map[string]bool{"now": true}
	for _, d := range dirs {
		name := filepath.Base(d)
		var doc struct {
			Main map[string]struct {
				Dates struct {
					Fields map[string]map[string]json.RawMessage `json:"fields"`
				} `json:"dates"`
			} `json:"main"`
		}
		if err := readJSON(filepath.Join(d, "dateFields.json"), &doc); err != nil {
			return nil, err
		}
		var kept, dropped []string
		var nowWord string
		_ = json.Unmarshal(doc.Main[name].Dates.Fields["second"]["relative-type-0"], &nowWord)
		for _, w := range strings.Split(nowWord, "/") {
			w = strings.ToLower(cleanWords(w))
			k := foldKey(w)
			if k == "" || seen[w] {
				continue
			}
			seen[w] = true
			switch {
			case g.english[k]:
				dropped = append(dropped, w+" (an English word)")
			case len(g.numbers[k]) > 0:
				dropped = append(dropped, w+" (a number word)")
			case g.seed[k] != "" && !nowMeanings[g.seed[k]]:
				dropped = append(dropped, w+" (a seed-language word: "+g.seed[k]+")")
			case len([]rune(k)) < 3 && isLatin(k):
				dropped = append(dropped, w+" (too short)")
			default:
				kept = append(kept, strings.ReplaceAll(w, " ", "_"))
			}
		}
		if len(dropped) > 0 {
			fmt.Fprintf(&b, "# %s: left out %s\n", name, strings.Join(dropped, ", "))
		}
		if len(kept) > 0 {
			fmt.Fprintf(&b, "# %s\nnow: %s\n", name, strings.Join(kept, " "))
		}
	}
	return []byte(b.String()), nil
}

// nowMeanings are the seed meanings a word for "now" may have.
var nowMeanings = map[string]bool{"now": true, "right now": true, "currently": true, "at the moment": true, "at present": true, "presently": true}

func isLatin(s string) bool {
	for _, r := range s {
		if r > unicode.MaxLatin1 && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

const nowHeader = `# "Now" in every CLDR locale, generated by "go run ./cmd/parley-tools
# cldr-counts -cldr DIR -o nlu/cldr" from Unicode CLDR 48.2.0 (the dateFields'
# second-relative-type-0): a present-time marker of the coach's present level
# (gates/levels.go), beside the hand list of gates/levels.txt. Left out (each
# named in a comment): a word that is an English word other than "now"
# (/usr/share/dict/words, lower case), a number word of any locale, a Latin
# word under three letters. Never edited by hand.
`

// ReadSeed is what the seed languages' words mean to the readers: each gloss
// file's phrase (nlu/gloss/*.txt, "phrase = meaning") by key, and each
// function word of function_words.txt ("code: words") as "a function word",
// and each one-word interjection of frame_words.txt as englishFiller.
func ReadSeed(nluDir string) (map[string]string, error) {
	seed := map[string]string{}
	files, err := filepath.Glob(filepath.Join(nluDir, "gloss", "*.txt"))
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for _, line := range strings.Split(string(b), "\n") {
			phrase, meaning, ok := strings.Cut(line, " = ")
			if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
				continue
			}
			meaning, _, _ = strings.Cut(meaning, "[")
			if k := foldKey(phrase); k != "" && seed[k] == "" {
				seed[k] = strings.TrimSpace(meaning)
			}
		}
	}
	if err := readInterjections(filepath.Join(nluDir, "frame_words.txt"), seed); err != nil {
		return nil, err
	}
	return seed, readFunctionWords(filepath.Join(nluDir, "function_words.txt"), seed)
}

// englishFiller is what ReadSeed says of an interjection the readers leave
// out of a message ("um", "er").
const englishFiller = "an English filler"

// readInterjections adds frame_words.txt's one-word interjections
// ("interjection: ugh, um, ...") to seed as englishFiller.
func readInterjections(path string, seed map[string]string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for _, line := range strings.Split(string(b), "\n") {
		list, ok := strings.CutPrefix(line, "interjection:")
		if !ok {
			continue
		}
		for _, w := range strings.Split(list, ",") {
			if k := foldKey(w); k != "" && !strings.Contains(k, " ") && seed[k] == "" {
				seed[k] = englishFiller
			}
		}
	}
	return nil
}

// readFunctionWords adds function_words.txt's words ("code: words") to seed
// as "a function word".
func readFunctionWords(path string, seed map[string]string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for _, line := range strings.Split(string(b), "\n") {
		_, words, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		for _, w := range strings.Fields(words) {
			if k := foldKey(w); k != "" && seed[k] == "" {
				seed[k] = "a function word"
			}
		}
	}
	return nil
}
