package nlu

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

// This file reads the short replies of the lexicons (yes, no, greetings, thanks
// and the polite words around them) as people type them in a hurry (issue 38 item
// 4): a letter held down ("yesss", "noo", "heyy", "ouii") or one edit away from a
// lexicon word, a swap of two letters counting one ("yse", "nop", "thamks",
// "helo", "absolutly"; a letter replaced only in words of five letters or more). A word is corrected only when it is no lexicon
// word, no ordinary word of English, French or Spanish (near_reply_words.txt:
// "yet" is not "yes"), has three letters or more and starts with the lexicon
// word's letter, and when the lexicon words it could be agree in meaning. Only
// short messages are corrected, and only when they are not read as they are.

// maxTypoReplyWords is the longest message, in words, whose typos are corrected:
// a reply with a typo is short; a longer message is a request of its own.
const maxTypoReplyWords = 6

//go:embed near_reply_words.txt
var nearReplyWordsText string

// ordinaryNearReply are the ordinary words one edit from a reply word
// (near_reply_words.txt): they are never corrected.
var ordinaryNearReply = readWordLines(nearReplyWordsText)

// readWordLines reads one word a line, skipping comments and blank lines.
func readWordLines(text string) map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		if w := strings.TrimSpace(line); w != "" && !strings.HasPrefix(w, "#") {
			out[w] = true
		}
	}
	return out
}

// replyWordKinds are what a reply word means on its own: bit 1<<Answer for the
// yes and no phrases of one word, bit replyKindPolite for polite and hedging
// words, and Greeting and Thanks (SmallTalk) shifted by replyKindTalk. A word
// that is only part of longer phrases has kind 0.
const (
	replyKindPolite = 1 << 3
	replyKindTalk   = 4
)

// replyVocabulary maps every word of the reply and small-talk lexicons to its
// kinds (replyWordKinds); built on first use.
var replyVocabulary = sync.OnceValue(buildReplyVocabulary)

// replyWordsByFirst are replyVocabulary's words by first byte, sorted, so that a
// correction is the same from run to run. Built on a typo's first reading,
// not at init: most messages are read without one.
var replyWordsByFirst = sync.OnceValue(func() map[byte][]string {
	return groupByFirstByte(replyVocabulary(), worldOnlyReplyWords())
})

// typoLanguages are the lexicons a typo is read as a word of: the seeds'
// languages and those reply_words.txt first added, whose ordinary words
// near_reply_words.txt keeps apart. The world's other languages and the
// Englishes of reply_words.txt ("en_world") are read as typed, never as a
// typo's target: "next" is no Russian "net", "tents" no Indonesian "tentu".
var typoLanguages = wordSet("en fr es darija_latin darija_arabic pt it de nl")

// worldOnlyReplyWords are the reply words only the other languages hold.
// Built on first use, as replyWordsByFirst is.
var worldOnlyReplyWords = sync.OnceValue(func() map[string]bool {
	in, out := map[string]bool{}, map[string]bool{}
	for _, lex := range []map[string][]string{confirmYes, confirmNo, yesPhrases, noPhrases, politePhrases,
		hedgePhrases, greetingPhrases, thanksPhrases} {
		for lang, phrases := range lex {
			seen := out
			if typoLanguages[lang] {
				seen = in
			}
			for _, p := range phrases {
				for _, w := range phraseWords(p) {
					seen[w] = true
				}
			}
		}
	}
	// Every CLDR locale's yes and no (cldr/replies.txt) is read as typed, never
	// as a typo's target: "gear" is no Romansh "gea".
	for _, byLang := range cldrReplies {
		for _, phrases := range byLang {
			for _, p := range phrases {
				for _, w := range phraseWords(p) {
					out[w] = true
				}
			}
		}
	}
	for w := range in {
		delete(out, w)
	}
	return out
})

func buildReplyVocabulary() map[string]uint8 {
	out := map[string]uint8{}
	for _, p := range replyPhrases() {
		kind := uint8(0)
		if len(p.words) == 1 {
			kind = 1 << p.meaning
			if p.meaning == Unknown {
				kind = replyKindPolite
			}
		}
		for _, w := range p.words {
			out[w] |= kind
		}
	}
	for _, p := range talkPhrases() {
		kind := uint8(0)
		if len(p.words) == 1 && p.meaning != NoSmallTalk {
			kind = 1 << (uint(p.meaning) + replyKindTalk)
		}
		for _, w := range p.words {
			out[w] |= kind
		}
	}
	return out
}

func groupByFirstByte(vocab map[string]uint8, except map[string]bool) map[byte][]string {
	out := map[byte][]string{}
	for w := range vocab {
		if !except[w] {
			out[w[0]] = append(out[w[0]], w)
		}
	}
	for _, ws := range out {
		slices.Sort(ws)
	}
	return out
}

// correctReplyTypos rewrites the words of a short key (at most
// maxTypoReplyWords) that are typos of reply words as those words; ok is false
// when none is.
func correctReplyTypos(k string) (string, bool) {
	if n, _ := wordCount(k); n == 0 || n > maxTypoReplyWords {
		return k, false
	}
	var buf [maxTypoReplyWords]token
	toks := appendTokens(buf[:0], k)
	var fixed [maxTypoReplyWords]string
	changed := false
	for i, t := range toks {
		fixed[i] = t.text
		if c, ok := unapostrophed[t.text]; ok {
			fixed[i], changed = c, true
		} else if c, ok := replyWordFor(t.text); ok {
			fixed[i], changed = c, true
		}
	}
	if !changed {
		return k, false // the common case: nothing allocated
	}
	return strings.Join(fixed[:len(toks)], " "), true
}

// unapostrophed are contractions typed without their apostrophe, as key() splits
// them with it ("thats fine" reads as "that's fine").
var unapostrophed = map[string]string{
	"thats": "that s", "dont": "don t", "im": "i m", "ive": "i ve", "cant": "can t", "wont": "won t",
	"didnt": "didn t", "doesnt": "doesn t", "isnt": "isn t", "lets": "let s", "youre": "you re",
}

// replyWordFor is the reply word w is a typo of, if any: w stretched
// ("yesss", "noo"), else the one meaning of the lexicon words one edit away.
func replyWordFor(w string) (string, bool) {
	if _, known := replyVocabulary()[w]; known || ordinaryNearReply[w] || nonAnswerFirst[w] || len(w) < 3 || !latinLetters(w) {
		return "", false // a word of its own: "yet", "ewan" (Tagalog "I don't know")
	}
	if oneKeyRepeated(w) {
		return "", false // one key held or hit again and again ("kkkkkkkk"): no word
	}
	if c, ok := unstretched(w); ok {
		return c, true
	}
	return nearestReplyWord(w)
}

// The edits oneEdit tells apart. A letter replaced counts only in words of
// five letters or more: a short word with another letter is another word as
// often as a typo ("hiba" is a name, not "hiya"); a letter missed, added or
// swapped ("yse", "nop", "helo") is read.
const (
	editNone = iota
	editReplace
	editOther // a letter added, missed, or two swapped
)

// oneEdit is the one edit that makes the ASCII word a into b, or editNone when
// they are equal or further apart: typoDistance(a, b) == 1 without allocating.
func oneEdit(a, b string) int {
	if len(a) > len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	switch {
	case i == len(a):
		if len(b) == len(a)+1 {
			return editOther
		}
		return editNone // equal
	case len(b) == len(a)+1:
		if a[i:] == b[i+1:] {
			return editOther
		}
	case len(b) == len(a):
		if a[i+1:] == b[i+1:] {
			return editReplace
		}
		if i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:] {
			return editOther
		}
	}
	return editNone
}

// latinLetters reports whether w is all ASCII letters: the words corrected are
// those of the Latin-script lexicons, after key() folded their accents (Arabic
// script has no list of ordinary words to keep apart here).
func latinLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// unstretched reads a word with a letter held down as a reply word that means
// something on its own: each run of three or more letters as one letter, then as
// two ("yeees", "pleeease"), then a doubled last letter as one ("noo", "ouii",
// "heyy"; "surr" is no "sur", but the typo of "sure").
func unstretched(w string) (string, bool) {
	if hasRunOf3(w) {
		for _, keep := range []int{1, 2} {
			if c := squeezeRuns(w, 3, keep); replyVocabulary()[c] != 0 && !worldOnlyReplyWords()[c] {
				return c, true
			}
		}
	}
	if n := len(w); w[n-1] == w[n-2] && replyVocabulary()[w[:n-1]] != 0 && !worldOnlyReplyWords()[w[:n-1]] {
		return w[:n-1], true
	}
	return "", false
}

// hasRunOf3 reports whether the ASCII word w holds a letter three times in a row.
func hasRunOf3(w string) bool {
	for i := 2; i < len(w); i++ {
		if w[i] == w[i-1] && w[i] == w[i-2] {
			return true
		}
	}
	return false
}

// squeezeRuns shortens every run of at least min equal letters of the ASCII
// word w to keep letters.
func squeezeRuns(w string, min, keep int) string {
	b := make([]byte, 0, len(w))
	for i := 0; i < len(w); {
		j := i
		for j < len(w) && w[j] == w[i] {
			j++
		}
		n := j - i
		if n >= min {
			n = keep
		}
		for range n {
			b = append(b, w[i])
		}
		i = j
	}
	return string(b)
}

// nearestReplyWord is the lexicon word of three letters or more one edit from
// w (a swap of two letters counting one) with w's first letter ("kkq" is keys
// hit at random, not "kk"). Several are one word when those that are
// answers or small talk on their own share a kind ("nop": "no" and "nope");
// words that are only part of phrases must be the only one.
func nearestReplyWord(w string) (string, bool) {
	var whole, part []string
	kinds := uint8(0)
	for _, v := range replyWordsByFirst()[w[0]] {
		if len(v) < 3 {
			continue
		}
		if e := oneEdit(w, v); e == editNone || (e == editReplace && len(w) < 5) {
			continue
		}
		if k := replyVocabulary()[v]; k != 0 {
			if len(whole) > 0 && k&kinds == 0 {
				return "", false // "yes" or "no"? not a typo to read
			}
			if len(whole) > 0 {
				k &= kinds // "thnx": "thx" (polite, thanks) and "tnx" (thanks)
			}
			whole, kinds = append(whole, v), k
			continue
		}
		part = append(part, v)
	}
	switch {
	case len(whole) > 0:
		return whole[0], true
	case len(part) == 1:
		return part[0], true
	}
	return "", false
}
