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
