package nlu

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

// replyWordsText lists the reply words of the languages and registers the Go
// lexicons leave out (Portuguese, Italian, German, Dutch; radio, contract and
// ledger English), as data: see the file's head.
//
//go:embed reply_words.txt
var replyWordsText string

// replyWordsWorldText is the same lists for the languages, English regions
// and registers reply_words.txt lacked (reply_words_world.txt): one lexicon
// with it.
//
//go:embed reply_words_world.txt
var replyWordsWorldText string

// courtesyWordsText is the courtesy words of the world's languages
// (courtesy_words.txt): greetings, thanks, yes, no, "more", "I want", a
// person and "I don't know", read as one lexicon with the two files above.
//
//go:embed courtesy_words.txt
var courtesyWordsText string

// replyWords are reply_words.txt's, reply_words_world.txt's and
// courtesy_words.txt's lists by kind, then language.
var replyWords = readReplyWords(replyWordsText + "\n" + replyWordsWorldText + "\n" + courtesyWordsText)

// courtesyLexicon is courtesy_words.txt's lists alone, by kind, then
// language: the shop reads its "more" and "want" phrases (shopcourtesy.go).
var courtesyLexicon = sync.OnceValue(func() map[string]map[string][]string {
	return readReplyWords(courtesyWordsText)
})

// replyKindAliases are the kinds courtesy_words.txt names otherwise: a
// person asked for is a weak noun for one (read after a want or talk cue).
var replyKindAliases = map[string]string{"person": "weak_human"}

// readReplyWords parses "kind lang: phrase, phrase" lines ("kind lang lang:"
// for languages that share the words); "#" starts a comment.
func readReplyWords(text string) map[string]map[string][]string {
	out := map[string]map[string][]string{}
	for line := range strings.Lines(text) { // iterators: no slice of lines or phrases is allocated
		line = strings.TrimSpace(line)
		head, list, ok := strings.Cut(line, ":")
		kindLang := strings.Fields(head)
		if line == "" || strings.HasPrefix(line, "#") || !ok || len(kindLang) < 2 {
			continue
		}
		kind := kindLang[0]
		if alias, ok := replyKindAliases[kind]; ok {
			kind = alias
		}
		if out[kind] == nil {
			out[kind] = map[string][]string{}
		}
		for p := range strings.SplitSeq(list, ",") {
			if p = strings.TrimSpace(p); p != "" {
				for _, lang := range kindLang[1:] {
					out[kind][lang] = append(out[kind][lang], p)
				}
			}
		}
	}
	withThanksPolite(out)
	withSupport(out, "yes")
	withSupport(out, "no")
	withGreetingSupport(out)
	return out
}

// greetingSupport are the greetings a greeting_with word is read beside
// besides its own language's: English's, which speakers mix in ("yoga,
// hello").
var greetingSupport = []string{"hello", "hi", "hey"}

// withGreetingSupport adds to out's greetings the collision words of its
// "greeting_with" lines (a greeting in one language, an English word or
// another language's word: Ateso "yoga") said before or after another
// greeting, of their language or English's ("yoga, hello", "hi, moyo").
// Alone the word stays what it is elsewhere ("yoga" is a search).
func withGreetingSupport(out map[string]map[string][]string) {
	for lang, words := range out["greeting_with"] {
		if out["greeting"] == nil {
			out["greeting"] = map[string][]string{}
		}
		support := append(slices.Clone(out["greeting"][lang]), greetingSupport...)
		for _, w := range words {
			for _, s := range support {
				out["greeting"][lang] = append(out["greeting"][lang], w+" "+s, s+" "+w)
			}
		}
	}
}

// withThanksPolite makes every thanks a polite word too: a thanks said
// beside an answer or a product is no word of it ("ee, ke a leboga" is the
// Setswana yes, "sunglasses, рәхмәт" names sunglasses).
func withThanksPolite(out map[string]map[string][]string) {
	if len(out["thanks"]) > 0 && out["polite"] == nil {
		out["polite"] = map[string][]string{}
	}
	for lang, phrases := range out["thanks"] {
		for _, p := range phrases {
			if !slices.Contains(out["polite"][lang], p) {
				out["polite"][lang] = append(out["polite"][lang], p)
			}
		}
	}
}

// withSupport adds to out's answer lists the collision words of its
// "yes_with" or "no_with" lines (an answer in one language, another meaning
// or the opposite answer in another: Kinyarwanda "oya", Javanese "iya",
// Yiddish "yo") said with a word of their own language: followed by one of
// the language's polite words or thanks ("oya murakoze",
// "iya, matur nuwun", "yo, a sheynem dank"). Alone or said twice ("iya
// iya" is a Japanese no too) the word stays unread.
func withSupport(out map[string]map[string][]string, answer string) {
	for lang, words := range out[answer+"_with"] {
		if out[answer] == nil {
			out[answer] = map[string][]string{}
		}
		support := append(slices.Clone(out["polite"][lang]), out["thanks"][lang]...)
		for _, w := range words {
			for _, s := range support {
				out[answer][lang] = append(out[answer][lang], w+" "+s)
			}
		}
	}
}

// withReplyWords adds reply_words.txt's phrases of kind to lex, by language,
// and returns it: the Go lexicons and the data file are one lexicon.
func withReplyWords(lex map[string][]string, kind string) map[string][]string {
	for lang, phrases := range replyWords[kind] {
		lex[lang] = append(lex[lang], phrases...)
	}
	return lex
}

// unreadReplies are reply_words.txt's "unread" words: an answer in one
// language and its opposite, or nothing, in another ("ne" is a Greek yes and
// a Slavic no, "tak" a Polish yes and a Malay no). A message that is nothing
// but one of them is no answer and no intent: the bot asks again.
var unreadReplies = phraseKeys(replyWords["unread"])

// isUnreadReply reports whether the whole message is an unread word
// (unreadReplies), its punctuation aside.
func isUnreadReply(text string) bool {
	if len(text) > 12 {
		return false // the words are short: most messages are not looked up
	}
	return unreadReplies[confirmKey(text)]
}

// opensWithUnreadReply reports whether text's first word is an unread
// word (unreadReplies: an answer one way in one language and the other way,
// or nothing, in another) and more words follow it: "cha, thanks" is an
// answer the bot cannot read, said with a thanks, and no thanks alone.
func opensWithUnreadReply(text string) bool {
	k := key(text)
	start, end := nextWord(k, 0)
	return start >= 0 && end < len(k) && unreadReplies[k[start:end]]
}

// supportedOnlyWords are the "yes_with" and "no_with" words: an answer only
// beside a polite word or thanks of their own language (withSupport), and an
// English word or another language's word anywhere else ("may", "jo", "sin").
var supportedOnlyWords = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, kind := range []string{"yes_with", "no_with"} {
		for w := range phraseKeys(replyWords[kind]) {
			out[w] = true
		}
	}
	return out
})

// holdsSupportedOnlyWord reports whether a word of text is a supportedOnlyWords
// word.
func holdsSupportedOnlyWord(text string) bool {
	return slices.ContainsFunc(words(key(text)), func(w string) bool { return supportedOnlyWords()[w] })
}

// bareReplies are the "yes_bare" and "no_bare" words: a yes or a no only
// as the whole answer to a yes/no question ("na", "sega", "lae"), never in
// a sentence, where they are other words of other languages.
var bareReplies = sync.OnceValue(func() map[string]Answer {
	out := map[string]Answer{}
	for kind, a := range map[string]Answer{"yes_bare": Yes, "no_bare": No} {
		for w := range phraseKeys(replyWords[kind]) {
			out[w] = a
		}
	}
	return out
})

// shortReply reads a message that is nothing but one short word or two,
// its punctuation aside: a bare reply word (bareReplies) is its answer when
// a question was asked; an unread word (unreadReplies) is Unknown. ok is
// false for any other message.
func shortReply(text string, asked bool) (Answer, bool) {
	if len(text) > 12 {
		return Unknown, false
	}
	k := confirmKey(text)
	if a, ok := bareReplies()[k]; ok && asked {
		return a, true
	}
	return Unknown, unreadReplies[k]
}

// BareAnswer is the answer of a message that is wholly, its punctuation
// aside, a "yes_bare" or "no_bare" word ("diri", "ni", "ina"), said to a
// yes/no question: an answer and nothing else, so no place or value of
// another language that spells it the same (Waray "diri" is a town's name
// too). ok is false for any other message.
func BareAnswer(text string) (a Answer, ok bool) {
	if len(text) > 12 {
		return Unknown, false
	}
	a, ok = bareReplies()[confirmKey(text)]
	return a, ok
}

// fillerAnswers are the one-word hedge words (the speaker and their
// hesitation, hedgePhrases) that are a yes or a no of some language ("he",
// English's pronoun, is Azerbaijani's yes), by that answer; built on first
// use. Polite particles are left out: "dạ không" and "جی نہیں" are a
// polite no.
var fillerAnswers = sync.OnceValue(func() map[string]Answer {
	yes, no, _ := ReplyLexicon()
	fillers := map[string]bool{}
	for _, ps := range hedgePhrases {
		for _, p := range ps {
			if k := confirmKey(p); k != "" && !strings.Contains(k, " ") {
				fillers[k] = true
			}
		}
	}
	out := map[string]Answer{}
	for a, lex := range map[Answer]map[string][]string{Yes: yes, No: no} {
		for _, ps := range lex {
			for _, p := range ps {
				if k := confirmKey(p); fillers[k] {
					out[k] = a
				}
			}
		}
	}
	return out
})

// opensWithOppositeFiller reports whether text opens with a hedge word that is, in another language, the answer opposite to a: "he, no"
// opens with Azerbaijani's yes, and is no no.
func opensWithOppositeFiller(text string, a Answer) bool {
	k := key(text)
	start, end := nextWord(k, 0)
	if start < 0 {
		return false
	}
	f, ok := fillerAnswers()[k[start:end]]
	return ok && f != a
}
