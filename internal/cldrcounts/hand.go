package cldrcounts

import (
	"os"
	"sort"
	"strings"
)

// Hand is nlu/count_words.txt: the number words and night patterns of the
// locales CLDR lacks them for, by locale.
type Hand map[string]*HandLocale

// HandLocale is one locale's hand words.
type HandLocale struct {
	Numbers [][]string // count forms by count less one ("tolu" at 2)
	Nights  []string   // night patterns ("e {0} na bogi")
}

// ReadHand reads count_words.txt: "LOCALE: one | two | ..." lines (a count's
// forms apart by spaces, "_" joining the words of one form) and "LOCALE
// nights: PATTERN | PATTERN" lines.
func ReadHand(path string) (Hand, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := Hand{}
	for _, line := range strings.Split(string(b), "\n") {
		head, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		loc, kind, _ := strings.Cut(strings.TrimSpace(head), " ")
		h := out[loc]
		if h == nil {
			h = &HandLocale{}
			out[loc] = h
		}
		for _, part := range strings.Split(list, "|") {
			if kind == "nights" {
				if p := cleanWords(part); strings.Contains(p, "{0}") {
					h.Nights = append(h.Nights, p)
				}
				continue
			}
			var forms []string
			for _, f := range strings.Fields(part) {
				forms = append(forms, strings.ReplaceAll(f, "_", " "))
			}
			h.Numbers = append(h.Numbers, forms)
		}
	}
	return out, nil
}

// addHand puts the hand words into locs: a locale CLDR spells no number out
// for gets its numbers, and its CLDR night unit where it has one; every
// locale gets its hand night patterns, in each plural category.
func addHand(dir string, locs []*locale, hand Hand, plurals map[string]pluralRules) []*locale {
	byName := map[string]*locale{}
	for _, l := range locs {
		byName[l.name] = l
	}
	names := make([]string, 0, len(hand))
	for name := range hand {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		h := hand[name]
		l := byName[name]
		if l == nil {
			l = &locale{name: name, plural: pluralsOf(plurals, name), nights: readNights(dir, name)}
			if l.nights == nil {
				l.nights = map[string][]string{}
			}
			locs = append(locs, l)
		}
		for i, forms := range h.Numbers {
			for _, f := range forms {
				if n := i + 1; n <= MaxCount && !contains(l.numbers[n], f) {
					l.numbers[n] = append(l.numbers[n], f)
				}
			}
		}
		l.hand = append(l.hand, h.Nights...)
	}
	sort.Slice(locs, func(i, j int) bool { return locs[i].name < locs[j].name })
	return locs
}

// mapsValues is a map's values in the order of its sorted keys.
func mapsValues(m map[string][]string) [][]string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([][]string, 0, len(keys))
	for _, k := range keys {
		out = append(out, m[k])
	}
	return out
}

// addDisplayName adds the unit's name, one word, as a night word after the
// number to the "other" patterns, when every pattern says the number first
// and then one word ("{0} شپه", its name "شپي"): the noun CLDR names the
// unit by, beside the count forms of its patterns.
func addDisplayName(out map[string][]string, name string) {
	name = cleanWords(name)
	if name == "" || strings.ContainsAny(name, " ./{}") || len(out) == 0 {
		return
	}
	for _, ps := range out {
		for _, p := range ps {
			w, ok := strings.CutPrefix(p, "{0} ")
			if !ok || strings.ContainsAny(w, " {}") {
				return
			}
		}
	}
	if p := "{0} " + name; !contains(out["other"], p) {
		out["other"] = append(out["other"], p)
	}
}
