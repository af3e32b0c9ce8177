package nlu

import "strings"

// This file reads an answer written as sentences: a greeting or thanks said
// as a sentence of its own before or after the answer ("Hello. Yes, I
// confirm.", "No, thank you. Have a nice day!") is read away, and the
// sentence left is the answer (issue 38, class "an answer is sentences").

// WithoutCourtesySentences returns text without its sentences that are
// wholly a greeting or thanks as typed (SmallTalkAsTyped: "Hello.", "Thanks
// a lot!") and no yes or no of its own, and true, when at least one other sentence is left; text and
// false otherwise. A sentence ends at ".", "!" or "?" (or a run of them)
// followed by a space: "3.5" and "e.g." mid-word never break. A message of
// one sentence allocates nothing.
func WithoutCourtesySentences(text string) (string, bool) {
	first := sentenceEnd(text, 0)
	if first < 0 || strings.TrimSpace(text[first:]) == "" {
		return text, false
	}
	var kept []string
	dropped := false
	for start := 0; start < len(text); {
		end := sentenceEnd(text, start)
		if end < 0 {
			end = len(text)
		}
		s := strings.TrimSpace(text[start:end])
		start = end
		if s == "" {
			continue
		}
		if SmallTalkAsTyped(s) != NoSmallTalk && YesNo(s) == Unknown {
			// "tudo bem!", "sharp sharp!", "tá!" greet and answer: a
			// sentence that is a yes or a no on its own is the answer,
			// never read away.
			dropped = true
			continue
		}
		kept = append(kept, s)
	}
	if !dropped || len(kept) == 0 {
		return text, false
	}
	return strings.Join(kept, " "), true
}

// sentenceEnd is the byte offset just past the first sentence end at or
// after from: a run of ".", "!" or "?" followed by a space; -1 when the text
// has none before its end.
func sentenceEnd(text string, from int) int {
	for i := from; i < len(text); i++ {
		if !strings.ContainsRune(".!?", rune(text[i])) {
			continue
		}
		j := i
		for j < len(text) && strings.ContainsRune(".!?", rune(text[j])) {
			j++
		}
		if j < len(text) && (text[j] == ' ' || text[j] == '\n' || text[j] == '\t') {
			return j
		}
		i = j
	}
	return -1
}
