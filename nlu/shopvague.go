package nlu

import "slices"

// A request for a recommendation ("what's good?", "what do you recommend?")
// and a question about what the shop is ("what is this?") name no product:
// the first is a vague opening the shop answers by asking what the shopper is
// after, never a greeting nor a search; the second is about the shop. Both are
// phrases of shop_words.txt ("recommend", "whatthis"), said alone or with
// words of time and place and polite words ("what's good here today?").
var (
	shopRecommendPhrases [][]string
	shopWhatThisPhrases  [][]string
	// shopAroundWords may follow either phrase ("here", "today", "rn").
	shopAroundWords = map[string]bool{}
)

// AsksForRecommendation reports whether text asks the shop to recommend
// something and names nothing ("what's good?", "any recommendations?"). An
// apology or a polite word before the request ("sorry, what would you
// recommend?", reader_words.txt "apology") asks the same: it names no product.
func AsksForRecommendation(text string) bool {
	return wholePhrase(withoutLeadingApology(phraseWords(text)), shopRecommendPhrases)
}

// withoutLeadingApology is ws without the apology and polite words it opens
// with ("sorry", "pardon", "please").
func withoutLeadingApology(ws []string) []string {
	for len(ws) > 1 && (apologyWords[ws[0]] || shopPoliteParticles[ws[0]]) {
		ws = ws[1:]
	}
	return ws
}

// AsksWhatThisIs reports whether text asks what the shop or the chat is
// ("what is this?", "what's this place about?").
func AsksWhatThisIs(text string) bool {
	return wholePhrase(phraseWords(text), shopWhatThisPhrases)
}

// wholePhrase reports whether ws open with one of phrases (the longest that
// does) and hold nothing after it but words of shopAroundWords and polite or
// filler words.
func wholePhrase(ws []string, phrases [][]string) bool {
	n := 0
	for _, p := range phrases {
		if len(p) > n && len(p) <= len(ws) && slices.Equal(ws[:len(p)], p) {
			n = len(p)
		}
	}
	if n == 0 {
		return false
	}
	for _, w := range ws[n:] {
		if !shopAroundWords[w] && !shopPoliteParticles[w] && !shopNonQueryWords[w] {
			return false
		}
	}
	return true
}
