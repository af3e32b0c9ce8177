package nlu

import (
	"slices"
	"strings"
	"sync"
)

// courtesyMore is courtesy_words.txt's "more" phrases of every language, as
// the shop splits a message into words: a message that is one of them, its
// polite words aside, asks for more ("ýene", "tse dingwe", "ទៀត"). In a
// sentence they are neither a cue nor dropped: many are other words in other
// languages.
var courtesyMore = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, phrases := range courtesyLexicon()["more"] {
		for _, p := range phrases {
			if ws, _ := shopWords(key(p)); len(ws) > 0 {
				out[strings.Join(ws, " ")] = true
			}
		}
	}
	return out
})

// asksCourtesyMore reports whether ws, its polite words and a leading "want"
// phrase aside, is a "more" phrase of courtesy_words.txt.
func asksCourtesyMore(ws []string) bool {
	kept := slices.DeleteFunc(slices.Clone(ws), func(w string) bool { return shopPoliteParticles[w] })
	if n := courtesyWantLen(kept); n > 0 && n < len(kept) {
		// "mi wantem luk moa", "quiero más": a "want" phrase of the same
		// lexicon before the "more" asks for it as well.
		kept = kept[n:]
	}
	return len(kept) > 0 && courtesyMore()[strings.Join(kept, " ")]
}

// courtesyWants is courtesy_words.txt's "want" phrases of every language but
// English (the shop's own words read English: shopWantWords), as the shop
// splits a message into words, by their first word, the longest first: "ke
// batla", "au vinakata e dua na", "ខ្ញុំចង់បាន".
var courtesyWants = sync.OnceValue(func() map[string][][]string {
	out := map[string][][]string{}
	lex := courtesyLexicon()["want"]
	for _, lang := range sortedKeys(lex) {
		if lang == LangEnglish {
			continue
		}
		for _, p := range lex[lang] {
			if ws, _ := shopWords(key(p)); len(ws) > 0 {
				out[ws[0]] = append(out[ws[0]], ws)
			}
		}
	}
	for _, ps := range out {
		slices.SortStableFunc(ps, func(a, b []string) int { return len(b) - len(a) })
	}
	return out
})

// courtesyWantLen is the number of words of the want phrase ws opens with, or
// 0.
func courtesyWantLen(ws []string) int {
	if len(ws) == 0 {
		return 0
	}
	for _, p := range courtesyWants()[ws[0]] {
		if len(p) <= len(ws) && slices.Equal(ws[:len(p)], p) {
			return len(p)
		}
	}
	return 0
}

// CutCourtesyWant returns text's words after the "want" phrase of another
// language it opens with (courtesy_words.txt: "mi wantem beanie carrying the
// logo" -> "beanie carrying the logo"), and whether it opened with one that
// words follow.
func CutCourtesyWant(text string) (string, bool) {
	ws, _ := shopWords(key(text))
	n := courtesyWantLen(ws)
	if n == 0 || n >= len(ws) {
		return text, false
	}
	return strings.Join(ws[n:], " "), true
}
