package nlu

import (
	_ "embed"
	"strings"
)

// reader_words.txt holds the closed-class word lists of the aside, date
// reason, event, retraction and polite-request readers, so that a word is
// added as data, not code.
//
//go:embed reader_words.txt
var readerWordsText string

// readerLine is reader_words.txt's list named name, panicking when there is
// none (the file is embedded; the tests load every list).
func readerLine(name string) string {
	for _, line := range strings.Split(readerWordsText, "\n") {
		if n, list, ok := strings.Cut(line, ":"); ok && n == name && !strings.HasPrefix(line, "#") {
			return list
		}
	}
	panic("nlu: reader_words.txt: no list " + name)
}

// readerWords is a word list of reader_words.txt as a set.
func readerWords(name string) map[string]bool { return wordSet(readerLine(name)) }

// readerFrames is a frame list of reader_words.txt, each phrase its words,
// in the order written (readers try them in order).
func readerFrames(name string) [][]string {
	var frames [][]string
	for _, p := range strings.Split(readerLine(name), ",") {
		if ws := strings.Fields(p); len(ws) > 0 {
			frames = append(frames, ws)
		}
	}
	return frames
}

// IsPlaceAbbreviation reports whether w (any case, without its period) is
// the abbreviation of a word of a place's name (placeAbbreviations: "St",
// "Ste", "Mt", "Ft", "Pt"): written with a period, the period is the
// name's ("St. John's", "Mt. Pleasant") and ends no sentence (issue 38,
// round 25).
func IsPlaceAbbreviation(w string) bool {
	if len(w) > 3 {
		return false
	}
	var b [3]byte
	for i := 0; i < len(w); i++ {
		b[i] = w[i] | 0x20
	}
	_, ok := placeAbbreviations[string(b[:len(w)])]
	return ok
}
