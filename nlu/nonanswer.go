package nlu

import "sync"

// nonAnswerPhrases say that the speaker does not know or has not decided the
// value asked for, in the languages of the seeds (folded). An answer holding
// one gives no value, even beside one ("not sure, maybe Friday"): the bot asks
// again rather than take a guess for an answer.
var nonAnswerPhrases = [][]string{}

var nonAnswerFirst map[string]bool

func init() {
	for _, p := range []string{
		"i don't know", "i dont know", "don't know", "dont know", "dunno", "idk", "no idea", "not sure",
		"unsure", "no clue", "not decided", "haven't decided", "havent decided", "undecided", "let me think",
		"let me check", "let me see", "i'll let you know", "ill let you know", "i will let you know",
		"get back to you", "not yet", "whatever", "you choose", "you decide", "up to you", "depends",
		"je ne sais pas", "je sais pas", "sais pas", "aucune idee", "pas sur", "pas encore",
		"no se", "ni idea", "no estoy seguro", "no estoy segura", "todavia no",
		"not 100% sure", "not totally sure", "not entirely sure", "not completely sure", "not quite sure",
		"not really sure", "pas tout a fait sur", "pas vraiment sur", "no estoy del todo seguro", "no muy seguro",
		"need to check", "have to check", "i'll confirm later", "we'll see", "we will see", "i'll see", "i will see",
		"on verra", "je verrai", "je vous tiens au courant", "je te tiens au courant", "je vous redis", "je te redis",
		"ya veremos", "ya te aviso", "ya le aviso", "te aviso", "le aviso", "ya te digo",
		"ghadi n3lmek", "ghadi ngolik", "nchoufou", "سأخبرك", "غادي نشوف", "نشوف", "سنرى",
		"pas sure", "pas certain", "pas certaine", "je dois verifier", "faut que je verifie",
		"tengo que revisar", "dejame ver", "dejame revisar", "no lo tengo claro",
		"ma3reftch", "ma3raftch", "ma3rftch", "manaarf", "ma n3ref", "mazal ma3reft", "mazal ma3raft", "mazal ma3rft",
		"ماعرفتش", "ما عرفتش", "لا اعرف", "مش متاكد", "لست متاكدا", "لست متاكد", "مازال ماعرفت", "مش عارف",
	} {
		nonAnswerPhrases = append(nonAnswerPhrases, phraseWords(p))
	}
	// The world's languages: reply_words.txt's "dontknow" lists.
	for _, lang := range sortedKeys(replyWords["dontknow"]) {
		for _, p := range replyWords["dontknow"][lang] {
			nonAnswerPhrases = append(nonAnswerPhrases, phraseWords(p))
		}
	}
	nonAnswerFirst = firstWords(nonAnswerPhrases)
}

// IsNonAnswer reports whether a message says the speaker does not know or has
// not decided ("not sure yet", "I'll let you know", "je sais pas"): no value.
func IsNonAnswer(text string) bool {
	var buf [24]token
	toks := appendTokens(buf[:0], key(text))
	for i, t := range toks {
		if !nonAnswerFirst[t.text] {
			continue
		}
		for _, p := range nonAnswerPhrases {
			if startsWithPhrase(toks[i:], p) {
				return true
			}
		}
	}
	return false
}

// dontKnowOpeners are the world's "I don't know" phrases (the "dontknow"
// lists of reply_words.txt, reply_words_world.txt and courtesy_words.txt), by
// first word; built on first use.
var dontKnowOpeners = sync.OnceValue(func() map[string][][]string {
	out := map[string][][]string{}
	for _, lang := range sortedKeys(replyWords["dontknow"]) {
		for _, p := range replyWords["dontknow"][lang] {
			if w := phraseWords(p); len(w) > 0 {
				out[w[0]] = append(out[w[0]], w)
			}
		}
	}
	return out
})

// opensWithDontKnow reports whether text opens with a "don't know" phrase of
// a language: such a phrase says no yes and no no, whatever its words are in
// another ("n t'a dɔn", Bambara, opens with the "n" of "y/n"; "ni pata",
// Punjabi, with a Kashubian no).
func opensWithDontKnow(text string) bool {
	k := key(text)
	start, end := nextWord(k, 0)
	if start < 0 {
		return false
	}
	phrases := dontKnowOpeners()[k[start:end]]
	if len(phrases) == 0 {
		return false
	}
	var buf [24]token
	toks := appendTokens(buf[:0], k)
	for _, p := range phrases {
		if startsWithPhrase(toks, p) {
			return true
		}
	}
	return false
}

// SaysOnlyDontKnow reports whether text is a "don't know" phrase of a
// language, alone or with a greeting or thanks after it ("wala ko kabalo,
// salamat", Hiligaynon): no answer and no cancel, whatever its first word
// means in another language (Tagalog's "wala" is a no).
func SaysOnlyDontKnow(text string) bool {
	k := key(text)
	start, end := nextWord(k, 0)
	if start < 0 {
		return false
	}
	var buf [24]token
	toks := appendTokens(buf[:0], k)
	for _, p := range dontKnowOpeners()[k[start:end]] {
		if !startsWithPhrase(toks, p) {
			continue
		}
		if len(toks) == len(p) {
			return true
		}
		if rest := k[toks[len(p)].start:]; SmallTalkAsTyped(rest) != NoSmallTalk {
			return true
		}
	}
	return false
}
