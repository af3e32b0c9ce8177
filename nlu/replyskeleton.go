package nlu

import "strings"

// This file reads a word of a yes or no phrase typed without its vowels, as
// text messages shorten words ("ok sounds gd": "sounds good"; h2g2, "Text
// Messaging", "Taking Out the Vowels", https://h2g2.com/edited_entry/A765722,
// and Wikipedia, "SMS language"). The same entry warns that such a word may
// stand for several ("ths": "this" or "these"), so the word is read only after
// the phrase's word before it, as the one word of the seed languages' phrases
// that follows there with those consonants: after "sounds", "gd" is "good"
// ("great" is "grt", "fine" "fn").

// withVowellessWords is the key k with each vowelless word read as the one
// word of a reply phrase that follows the word before it with its
// consonants; ok is false when none is.
func withVowellessWords(k string) (string, bool) {
	if n, _ := wordCount(k); n < 2 || n > maxTypoReplyWords {
		return k, false
	}
	toks := words(k)
	changed := false
	for i := 1; i < len(toks); i++ {
		if c, ok := vowellessPhraseWord(toks[i-1], toks[i]); ok {
			toks[i], changed = c, true
		}
	}
	if !changed {
		return k, false
	}
	return strings.Join(toks, " "), true
}

// vowellessPhraseWord is the one word of the seed languages' yes and no
// phrases that follows before in a phrase and is w with its vowels put back.
func vowellessPhraseWord(before, w string) (string, bool) {
	if len(w) < 2 || !latinLetters(w) || withoutVowels(w) != w {
		return "", false
	}
	if _, known := replyVocabulary()[w]; known {
		return "", false // "pls", "thx": words of their own
	}
	found := ""
	for _, lex := range []map[string][]string{confirmYes, confirmNo, yesPhrases, noPhrases} {
		for lang, phrases := range lex {
			if !typoLanguages[lang] {
				continue
			}
			for _, p := range phrases {
				c, ok := nextWordAfter(phraseWords(p), before, w)
				if !ok {
					continue
				}
				if found != "" && found != c {
					return "", false // "ths": "this" or "these"
				}
				found = c
			}
		}
	}
	return found, found != ""
}

// nextWordAfter is the word of phrase that follows before and has w's
// consonants, w being shorter.
func nextWordAfter(phrase []string, before, w string) (string, bool) {
	for j := 1; j < len(phrase); j++ {
		if phrase[j-1] == before && len(phrase[j]) > len(w) && withoutVowels(phrase[j]) == w {
			return phrase[j], true
		}
	}
	return "", false
}

// withoutVowels is the ASCII word w without its vowels.
func withoutVowels(w string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune("aeiou", r) {
			return -1
		}
		return r
	}, w)
}
