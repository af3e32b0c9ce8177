package nlu

import (
	_ "embed"
	"strings"
)

// cldrRepliesText is the yes and no words of every CLDR locale
// (cldr/replies.txt, written by `parley-tools cldr-replies`), with the words
// that would be misread already left out by the generator (ReplyWordMeaning).
//
//go:embed cldr/replies.txt
var cldrRepliesText string

// cldrReplies are cldr/replies.txt's yes and no words by kind and locale,
// less those the hand lexicons already read: every word the generator kept
// is read as a whole reply or its leading clause, like reply_words.txt's.
var cldrReplies = readCLDRReplies(cldrRepliesText)

// readCLDRReplies parses cldr/replies.txt ("yes uz: ha" lines) and leaves out
// the words yesPhrases, noPhrases and the seed lexicons hold already (a
// duplicate phrase is only a longer scan of replyByFirst).
func readCLDRReplies(text string) map[string]map[string][]string {
	out := readReplyWords(text)
	known := map[string]bool{}
	for _, lex := range []map[string][]string{confirmYes, yesPhrases, confirmNo, noPhrases} {
		for _, list := range lex {
			for _, p := range list {
				known[confirmKey(p)] = true
			}
		}
	}
	for _, byLang := range out {
		for lang, words := range byLang {
			kept := words[:0]
			for _, w := range words {
				if k := confirmKey(w); !known[k] {
					known[k] = true
					kept = append(kept, w)
				}
			}
			byLang[lang] = kept
		}
	}
	return out
}

// ReplyWordMeaning says why word, read as a yes (or a no when yes is false),
// would be misread by the rules, or "" when it would not: it is an unread word
// (reply_words.txt's "unread": "ne", "na", "ki", "lo", "ken"), the opposite
// answer, a polite or hedging word, a greeting or a thanks in the lexicons, or
// a function word of a seed language (function_words.txt: "le", "se") that is
// not the same answer already. The CLDR generator drops such words.
func ReplyWordMeaning(word string, yes bool) string {
	k := confirmKey(word)
	same, other := phraseKeys(yesPhrases), phraseKeys(noPhrases)
	for p := range phraseKeys(confirmYes) {
		same[p] = true
	}
	for p := range phraseKeys(confirmNo) {
		other[p] = true
	}
	if !yes {
		same, other = other, same
	}
	switch {
	case unreadReplies[k]:
		return "an unread word (reply_words.txt)"
	case other[k]:
		return "the opposite answer in the lexicons"
	case same[k]:
		return ""
	case phraseKeys(politePhrases)[k] || phraseKeys(hedgePhrases)[k]:
		return "a polite or hedging word in the lexicons"
	case phraseKeys(greetingPhrases)[k] || phraseKeys(thanksPhrases)[k]:
		return "a greeting or thanks in the lexicons"
	case !strings.Contains(k, " ") && functionWords[k]:
		return "a function word of a seed language (function_words.txt)"
	}
	return ""
}
