package nlu

import (
	_ "embed"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

//go:embed region_names.txt
var regionNamesText string

// regions are region_names.txt's states, provinces and their codes, folded
// (key), and the last words of them in lower case, each with the fewest words
// of a region it ends: read on the first place answer.
var regions = sync.OnceValue(func() (r struct {
	names map[string]bool
	last  map[string]int
}) {
	r.names, r.last = map[string]bool{}, map[string]int{}
	for line := range strings.Lines(regionNamesText) {
		head, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		sep := "|"
		if strings.HasSuffix(head, " codes") {
			sep = " "
		}
		for _, n := range strings.Split(list, sep) {
			n = strings.TrimSpace(n)
			if k := key(n); k != "" {
				r.names[k] = true
				ws := strings.Fields(strings.ToLower(n))
				if least, seen := r.last[ws[len(ws)-1]]; !seen || len(ws) < least {
					r.last[ws[len(ws)-1]] = len(ws)
				}
			}
		}
	}
	return r
})

// endsInRegionWord reports whether s's last word, in lower case, ends a
// region's name with at least before words before it (for a town: 1; none
// after a comma): most answers end in none ("New York" is a region, but no
// town stands before "York"), and are read no further, without a copy of
// their words.
func endsInRegionWord(s string, before int) bool {
	var buf [24]byte
	w := lowerLastWord(s, false, buf[:])
	if w == nil {
		return false
	}
	least, ok := regions().last[string(w)]
	return ok && regionWords(s) >= least+before
}

// lowerLastWord writes s's last word (after the last space, or comma when
// comma, trailing spaces and punctuation left out) in lower ASCII case into
// buf and returns it, or nil when there is none or it does not fit: the
// callers look it up in a map without a copy on the heap.
func lowerLastWord(s string, comma bool, buf []byte) []byte {
	w, fits := lastWord(s, comma, len(buf))
	if w == "" || !fits {
		return nil
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return buf[:len(w)]
}

// lastWord is lowerLastWord's word of s as typed; fits is false when it is
// longer than most bytes (the word is then cut short where that was seen).
func lastWord(s string, comma bool, most int) (w string, fits bool) {
	// The ASCII bytes at the end are classed by a table, without decoding
	// a rune backwards (strings.TrimRightFunc, LastIndexFunc): every place
	// answer is read here twice or more a turn. A rune above ASCII is left
	// to the strings functions, from where the bytes read end.
	end := len(s)
	for end > 0 && s[end-1] < utf8.RuneSelf && trailingMark[s[end-1]] {
		end--
	}
	if end > 0 && s[end-1] >= utf8.RuneSelf {
		end = len(strings.TrimRightFunc(s[:end], isSpaceOrPunct))
	}
	start := end
	for start > 0 && s[start-1] < utf8.RuneSelf && !lastWordSep(s[start-1], comma) {
		if start--; end-start > most {
			return s[start:end], false // too long, however far it goes on
		}
	}
	if start > 0 && s[start-1] >= utf8.RuneSelf {
		isSep := unicode.IsSpace
		if comma {
			isSep = isSpaceOrComma
		}
		start = strings.LastIndexFunc(s[:start], isSep) + 1
	}
	return s[start:end], end-start <= most
}

// isSpaceOrPunct is what lowerLastWord trims from the end of a text.
func isSpaceOrPunct(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }

// isSpaceOrComma separates the words of a place with its state ("Austin, TX").
func isSpaceOrComma(r rune) bool { return unicode.IsSpace(r) || r == ',' }

// trailingMark is isSpaceOrPunct of each ASCII byte.
var trailingMark = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = isSpaceOrPunct(rune(c))
	}
	return t
}()

// lastWordSep reports whether the ASCII byte c separates lowerLastWord's
// words: unicode.IsSpace's ASCII spaces, and a comma when comma.
func lastWordSep(c byte, comma bool) bool {
	return c == ' ' || '\t' <= c && c <= '\r' || comma && c == ','
}

// regionWords is the number of words of s, split at spaces and commas.
func regionWords(s string) int {
	n, in := 0, false
	for _, r := range s {
		switch space := unicode.IsSpace(r) || r == ','; {
		case space:
			in = false
		case !in:
			n, in = n+1, true
		}
	}
	return n
}

// IsRegionName reports whether text, as a whole, names a state, province or
// territory (region_names.txt: "tx", "Indiana", "nsw").
func IsRegionName(text string) bool { return regions().names[key(strings.Trim(text, " ,."))] }

// TownInRegion reads text, a town's name then a state, province or
// territory (region_names.txt: "madison wi", "Gary, Indiana", "wagga wagga
// nsw"), or those words before a comma ("gary indiana, the yard's there"),
// as the town the towns list names (PlainPlace, in any case): the name
// alone, never a typo of one. ok is false when no region ends the words, or
// the name before it is no town the list holds alone (a lexicon city such
// as "paris texas" is not checked against its state: asked again).
func TownInRegion(text string) (string, bool) {
	head, rest, comma := strings.Cut(text, ",")
	if endsInRegionWord(head, 1) {
		if t, ok := townBeforeRegion(head); ok {
			return t, true
		}
	}
	if comma {
		rest, _, _ = strings.Cut(rest, ",")
		if endsInRegionWord(rest, 0) && regions().names[key(rest)] {
			return regionTown(strings.TrimSpace(head)) // "Gary, Indiana"
		}
	}
	return "", false
}

// townBeforeRegion is the town of text's words before a region that ends
// them ("madison wi").
func townBeforeRegion(text string) (string, bool) {
	ws := strings.FieldsFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == ',' })
	for i := len(ws) - 1; i >= 1 && i >= len(ws)-4; i-- {
		if !regions().names[key(strings.Join(ws[i:], " "))] {
			continue
		}
		return regionTown(strings.Join(ws[:i], " "))
	}
	return "", false
}

// regionTown reads name, the words before a region, as a town of the
// towns list: one to four words, no lexicon city.
func regionTown(name string) (string, bool) {
	if strings.Count(name, " ") > 3 {
		return "", false
	}
	if _, known := MatchCityExact(name); known {
		return "", false // "paris texas": not Paris of the lexicon
	}
	return PlainPlace(strings.ToLower(name))
}
