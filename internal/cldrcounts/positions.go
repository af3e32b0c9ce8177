package cldrcounts

import (
	"fmt"
	"os"
	"sort"
	"strings"
)

// MaxPosition is the last position among the cards shown that a word names.
const MaxPosition = 10

// maxCardinalPosition is the last position a cardinal after a position cue
// names ("nomer loro", "номер два"): a page's cards.
const maxCardinalPosition = 5

// spellOrdinals spells one to MaxPosition out with every public ordinal set
// of a locale (%spellout-ordinal and its genders and cases); a form of
// several words is left out (a card is picked by one word).
func spellOrdinals(r rbnf, sets map[string][][]string, plural func(int64) string) (out [MaxPosition + 1][]string) {
	var names []string
	for name := range sets {
		if strings.HasPrefix(name, "%spellout-ordinal") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for n := int64(1); n <= MaxPosition; n++ {
		for _, name := range names {
			s, err := r.format(name, n, plural, 0)
			if s = cleanWords(s); err != nil || s == "" || strings.ContainsAny(s, " -") || contains(out[n], s) {
				continue
			}
			out[n] = append(out[n], s)
		}
	}
	return out
}

// positions writes each locale's ordinals ("ordinal LOC: word=N ...") and
// its cardinals of a page's cards ("cardinal LOC: word=N ..."), each word
// folded as a message is. A word is left out (named in a comment) when it is
// an English word but English's own, a seed language's word of another
// meaning, in the readers' list of words that also mean "other" or another
// everyday thing (Exclude, nlu/ordinal_words.txt), under three letters in
// Latin letters, or another locale's different position or number.
func (g *guard) positions(locs []*locale) []byte {
	val := map[string][]int64{} // every locale's ordinal and cardinal words by key: their values
	note := func(k string, n int64) {
		if !containsInt(val[k], n) {
			val[k] = append(val[k], n)
		}
	}
	for _, l := range locs {
		for n := int64(1); n <= MaxCount; n++ {
			if n <= MaxPosition {
				for _, w := range l.ordinals[n] {
					note(foldKey(w), n)
				}
			}
			for _, w := range l.numbers[n] {
				note(foldKey(w), n)
				g.cardinal[foldKey(w)] = true
			}
		}
	}
	var b strings.Builder
	b.WriteString(positionsHeader)
	for _, l := range locs {
		if l.name == "en" || strings.HasPrefix(l.name, "en-") {
			continue // English's own are the readers'
		}
		var dropped []string
		ords := g.positionWords(l.ordinals[:], MaxPosition, val, true, &dropped)
		cards := g.positionWords(l.numbers[:], maxCardinalPosition, val, false, &dropped)
		if len(dropped) > 0 {
			fmt.Fprintf(&b, "# %s: left out %s\n", l.name, strings.Join(dropped, ", "))
		}
		if len(ords) > 0 {
			fmt.Fprintf(&b, "ordinal %s: %s\n", l.name, strings.Join(ords, " "))
		}
		if len(cards) > 0 {
			fmt.Fprintf(&b, "cardinal %s: %s\n", l.name, strings.Join(cards, " "))
		}
	}
	return []byte(b.String())
}

// positionWords are the "word=N" pairs of forms[1..last] a card may be
// picked by; each left out is added to dropped with why. An ordinal that is
// any locale's cardinal ("dua": Indonesian two) is left out: alone, it is
// no wholly ordinal word.
func (g *guard) positionWords(forms [][]string, last int, val map[string][]int64, ordinal bool, dropped *[]string) []string {
	var out []string
	for n := 1; n <= last && n < len(forms); n++ {
		for _, w := range forms[n] {
			k := foldKey(w)
			why := g.positionWordFits(w, k, int64(n), val)
			if why == "" && ordinal && g.cardinal[k] {
				why = "a cardinal in a locale"
			}
			if why != "" {
				*dropped = append(*dropped, fmt.Sprintf("%s (%d: %s)", w, n, why))
				continue
			}
			if p := fmt.Sprintf("%s=%d", k, n); !contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// positionWordFits says why a word alone may not name position n: "" when
// it may.
func (g *guard) positionWordFits(w, k string, n int64, val map[string][]int64) string {
	switch {
	case k == "" || strings.Contains(k, " "):
		return "several words"
	case !isLatin(k) && len([]rune(k)) < len([]rune(w)):
		return "its vowel signs are folded away"
	case g.exclude[k]:
		return "also another everyday word"
	case len(val[k]) > 1:
		return "another locale's other position or number"
	case g.english[k] && g.enNumbers[k] != n:
		return "an English word"
	case g.seed[k] != "" && g.seed[k] != fmt.Sprint(n) && g.enNumbers[g.seed[k]] != n:
		return "a seed-language word (" + g.seed[k] + ")"
	case len([]rune(k)) < 3 && isLatin(k):
		return "too short"
	}
	return ""
}

// ReadExclusions reads the "exclude:" lines of ordinal_words.txt: the words
// that are positions in some language but also mean "other" or another
// everyday thing, never read as a card's position.
func ReadExclusions(path string) (map[string]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if list, ok := strings.CutPrefix(line, "exclude:"); ok {
			for _, w := range strings.Fields(list) {
				out[foldKey(w)] = true
			}
		}
	}
	return out, nil
}

const positionsHeader = `# Positions among the cards shown in every CLDR locale with spell-out rules,
# generated by "go run ./cmd/parley-tools cldr-counts -cldr DIR -o nlu/cldr"
# from Unicode CLDR 48.2.0 (scripts/cldr-fetch.sh): "ordinal LOC: word=N"
# are the one-word forms of one to ten of every public %spellout-ordinal set
# (genders and cases: Esperanto "unua", Polish "trzecią"); "cardinal LOC:
# word=N" the numbers one to five a position cue takes ("nomer loro",
# "номер два", nlu/shop_words.txt "position"). Words folded as a message is.
# Left out (named in a comment): a word that is an English word but
# English's own, a seed language's word of another meaning, a word of
# nlu/ordinal_words.txt's "exclude:" lines (it also means "other" or another
# everyday thing: Polish "drugi", Swedish "andra"), a Latin word under three
# letters, and a word another locale gives another position or number.
# Never edited by hand: hand data is nlu/ordinal_words.txt.
`
