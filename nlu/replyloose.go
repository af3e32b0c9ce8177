package nlu

import (
	"strings"
	"sync"
)

// openVowels are the letters of African and Pacific orthographies that a
// phone keyboard types as their nearest Latin letter (Lingala "tɛ̂" typed
// "te", Tongan "ʻikai" typed "ikai").
var openVowels = strings.NewReplacer("ɛ", "e", "ɔ", "o", "ŋ", "n", "ʻ", "", "'", "", "‘", "", "’", "")

// looseReplyKey is a one-word message as typed without its diacritics and
// special letters: the key looseReplyWords is looked up by.
func looseReplyKey(text string) string {
	return openVowels.Replace(plainLetters(strings.ToLower(strings.TrimSpace(text))))
}

// looseReplyWords are the yes and no words of every language the lexicons and
// CLDR list (reply_words*.txt, cldr/replies.txt), keyed as typed without
// their diacritics (looseReplyKey); built on first use.
var looseReplyWords = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, lists := range []map[string]map[string][]string{replyWords, cldrReplies} {
		for _, kind := range []string{"yes", "no"} {
			for _, words := range lists[kind] {
				for _, w := range words {
					if !strings.Contains(w, " ") {
						set[looseReplyKey(w)] = true
					}
				}
			}
		}
	}
	return set
})

// isLooseReplyWord reports whether a one-word message is, typed without its
// diacritics, a yes or a no of some language ("te": Lingala "tɛ̂", no): such
// a word alone collides with that answer, so the intent model's reading of
// it (a thanks, a greeting) is no reading; the rules read only what is
// wholly theirs.
func isLooseReplyWord(text string) bool {
	if len(text) > 12 || strings.ContainsFunc(strings.TrimSpace(text), func(r rune) bool { return r == ' ' || r == ',' }) {
		return false
	}
	return looseReplyWords()[looseReplyKey(strings.Trim(text, ".!?"))]
}
