package gates

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/nlu/cldr"
)

// cldrNow are the words for "now" of every CLDR locale (nlu/cldr/now_words.txt,
// generated with its guards: no English word but "now", no number word)
// and the date lexicon's words for today (nlu.TodayWords: "lamuhla",
// "rainin", a present marker as English "today" is in levels.txt),
// as written and with their diacritics folded ("bħalissa", "bhalissa"), by
// their words joined by spaces (a hyphen as a space too: "an-dràsta"): a present marker beside levels.txt's own,
// looked up a word (or two) at a time; built on the first level clause read.
var cldrNow = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, p := range nlu.WordLists(cldr.NowWords)["now"] {
		// A hyphened word ("an-dràsta") is two words to the level
		// clause's tokens (remarkTokens): kept joined by a space too.
		for _, w := range []string{strings.Join(p, " "), strings.ReplaceAll(strings.Join(p, " "), "-", " ")} {
			m[w] = true
			m[foldMarks(w)] = true
		}
	}
	for _, w := range nlu.TodayWords() {
		m[w] = true
		m[foldMarks(w)] = true
	}
	return m
})

// saysCLDRNow reports whether words hold one of cldrNow's words or
// two-word phrases.
func saysCLDRNow(words []string) bool {
	var pair [96]byte
	for i, w := range words {
		if cldrNow()[w] {
			return true
		}
		if i+1 < len(words) && len(w)+1+len(words[i+1]) <= len(pair) {
			b := append(append(append(pair[:0], w...), ' '), words[i+1]...)
			if cldrNow()[string(b)] {
				return true
			}
		}
	}
	return false
}

// strokes are the Latin letters with a mark that no decomposition takes off.
var strokes = strings.NewReplacer("ħ", "h", "ı", "i", "ø", "o", "ł", "l", "đ", "d", "ß", "ss")

// foldMarks is a word with its Latin letters' marks taken off ("bây giờ" is
// "bay gio"), as people type it without them; other scripts keep theirs.
func foldMarks(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strokes.Replace(s)) {
		if unicode.Is(unicode.Mn, r) && r >= 0x300 && r < 0x370 {
			continue
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}
