package nlu

import "strings"

// maxRestatedHeadWords bounds the answer a restatement repeats: a longer
// head is a sentence.
const maxRestatedHeadWords = 4

// RestatedAnswer splits a message that gives an answer, then says yes to it
// and gives it again after a pause ("the 19th, yes the 19th", "5 nights,
// hmm, yes 5", "friday, yeah, friday"): the first answer (head) and the one
// after the yes (tail), when the clause after the first comma is hesitations
// at most (hesitationWords), a yes (LeadingYesNo) and something after it.
// The caller reads both as the value asked and takes it only when they are
// the same value: a yes before another value ("friday, yes saturday") is no
// confirmation of the first, and two values are asked again. Only the first
// comma is looked at, and only when the message has one; the reply lexicon is
// read only when a word of it opens the clause (mayOpenReply), so the common
// path costs a byte scan and a map lookup.
func RestatedAnswer(text string) (head, tail string, ok bool) {
	i := strings.IndexByte(text, ',')
	if i <= 0 || strings.ContainsAny(text, "?؟") {
		return "", "", false
	}
	head = strings.TrimSpace(text[:i])
	if n := len(FoldWords(head)); n == 0 || n > maxRestatedHeadWords {
		return "", "", false
	}
	rest := withoutLeadingHesitations(text[i+1:])
	if !mayOpenReply(rest) {
		return "", "", false // the common case: no reply word opens the clause
	}
	a, tail := LeadingYesNo(rest)
	if a != Yes || tail == "" {
		return "", "", false
	}
	return head, tail, true
}

// withoutLeadingHesitations is text without the hesitations and pauses it
// opens with ("hmm, yes 5": "yes 5").
func withoutLeadingHesitations(text string) string {
	for {
		text = strings.TrimLeft(text, " ,.;:–—-…")
		w, rest, _ := strings.Cut(text, " ")
		w = strings.TrimRight(w, ",.;:…")
		if !hesitationWords[strings.ToLower(w)] {
			return text
		}
		text = strings.TrimPrefix(text, w)
		if text == "" || rest == "" {
			return ""
		}
	}
}

// mayOpenReply reports whether text's first word opens a phrase of the reply
// lexicon ("yes", "yeah", "sure"): a cheap test before LeadingYesNo.
func mayOpenReply(text string) bool {
	w, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	var buf [2]token
	toks := appendTokens(buf[:0], key(w))
	return len(toks) > 0 && len(replyByFirst()[toks[0].text]) > 0
}
