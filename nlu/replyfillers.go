package nlu

import (
	"strings"
	"sync"
)

// This file reads a yes or a no that a hesitation opens ("er, yes, that's
// fine", "wait, ok, yes", "erm... no"): the filled pause says nothing, so the
// answer is what follows it, read by the same rules as a message of its own.
// The pause is read away only at the start of the message: "yes, wait" still
// hesitates after its yes, and stays no answer.

// leadingPauseWords are the words that fill a pause before a reply:
//   - the English filler sounds "uh", "um" (American) and "er", "erm"
//     (British), and the fillers "basically" and "you know" of younger
//     speakers: Wikipedia, "Filler (linguistics)", section "In English"
//     (https://en.wikipedia.org/wiki/Filler_(linguistics));
//   - "wait": Merriam-Webster, "wait" (intransitive verb), "pause, stop —
//     used to preface an interjected question, correction, etc."
//     (https://www.merriam-webster.com/dictionary/wait); what follows it is
//     the answer, as after any correction (correctedAnswer).
//
// A filler that is also a yes or a no of some language (Wikipedia's "ah" is
// Darija's yes) is left out when the set is built: it is an answer, not a pause.
var leadingPauseWords = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, w := range []string{"uh", "um", "er", "erm", "basically", "you know", "wait"} {
		if replyVocabulary()[w]&(1<<Yes|1<<No) == 0 {
			set[w] = true
		}
	}
	return set
})

// afterLeadingPause is text without the pause words that open it ("er,
// yes" is "yes"); ok is false when text opens with none, or holds nothing
// else. A filler held long ("ummm", "errr") is the same filler.
func afterLeadingPause(text string) (rest string, ok bool) {
	k := replyKey(text)
	toks := tokenize(k)
	i := 0
	for i < len(toks) {
		if i+1 < len(toks) && leadingPauseWords()[toks[i].text+" "+toks[i+1].text] {
			i += 2 // "you know"
			continue
		}
		if !isPauseWord(toks[i].text) {
			break
		}
		i++
	}
	if i == 0 || i == len(toks) {
		return text, false
	}
	return strings.TrimFunc(k[toks[i].start:], isTrimmable), true
}

// isPauseWord reports whether w is a pause word, possibly held ("ummm").
func isPauseWord(w string) bool {
	if leadingPauseWords()[w] {
		return true
	}
	return latinLetters(w) && hasRunOf3(w) && leadingPauseWords()[squeezeRuns(w, 3, 1)]
}
