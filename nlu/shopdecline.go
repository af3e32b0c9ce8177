package nlu

import "strings"

// CutTrailingDecline splits a message that ends with a whole decline ("the
// belt, no thanks", "cap nah thanks", "the cap, not for me", "la casquette,
// no gracias") into what comes before it: the thing declined. The decline is
// read by the reply lexicon (reply_words*.txt: a no with its polite words,
// in every language those lists know) and must be all of the tail: a no
// followed by anything else ("the belt, no, the cap") is a correction, and a
// deferral ("the cap, not now") no decline. A lone no word after a thing
// ("the belt, no", "cap la") is left alone: it may open a correction, or be
// a particle of chat ("la" in Singlish), so only a decline of two words or
// more ("no thanks", "i'll pass") is read. ok is false when no such tail
// ends the message, when nothing stands before it, or when what stands
// before it is itself a yes or a no (an answer then, not a thing declined).
func CutTrailingDecline(text string) (head string, ok bool) {
	words := strings.Fields(text)
	// The longest tail first: "cap, no, thank you" is "cap" and "no, thank
	// you", not "cap, no," and "thank you".
	for k := 1; k < len(words); k++ {
		tail := strings.Join(words[k:], " ")
		if len(words)-k < 2 || !isWholeDecline(tail) {
			continue
		}
		head = strings.TrimRight(strings.Join(words[:k], " "), ",.;:!?-–— ")
		if head == "" {
			return "", false
		}
		if a, _ := LeadingYesNo(head); a != Unknown {
			return "", false
		}
		return head, true
	}
	return "", false
}

// isWholeDecline reports whether text is a no and nothing else but the
// polite words the lexicon reads with it ("no thanks", "nah thanks", "no,
// thank you", "not for me", "nein danke"); a deferral is no decline.
func isWholeDecline(text string) bool {
	a, rest := LeadingYesNo(text)
	return a == No && rest == "" && !Defers(text)
}
