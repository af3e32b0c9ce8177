package nlu

import (
	"strings"
	"sync"
)

// This file reads, for the shop, a clause of the shopper's own said without
// its subject after what is asked for ("a cap, going hiking", "the cap, fits
// under the helmet", "yep, keeps the sun off"). The flows read their own
// asides (AsideClause); these forms are only the shop's, where the caller
// checks that the clause names nothing the catalog sells.

// VerbStory reports whether clause opens with a verb said without its
// subject and goes on: a past (PastStory: "lost mine"), a participle
// ("visiting my aunt", and the five-letter ones whose stem holds a vowel:
// "going hiking", "doing a course", where "thing" and "swing" have none), or
// a present in -s followed by its object within two words ("fits under the
// helmet", "keeps the sun off"; past_object gives the object's first word).
// A plural noun before its purpose ("socks for the winter") has the same
// form: the caller checks that the first word names no product.
func VerbStory(clause string) bool {
	var buf [48]sideWord
	words := sideWords(clause, buf[:0])
	if len(words) < 2 {
		return false
	}
	if pastClauseOpens(clause, words) || participleOpens(clause, words) {
		return true
	}
	w := strings.ToLower(clause[words[0].start:words[0].end])
	if shortParticiple(w) || setsOff(clause, words, w) {
		return true
	}
	return presentOpens(clause, words, w)
}

// setsOff reports whether the clause is "off to" somewhere said without its
// subject and verb ("off to the beach", "off to uni next week"): the idiom
// "be off (to)", to leave for a place (Cambridge Dictionary, "be off":
// "I'm off to the shops"; Merriam-Webster "off" adverb 1a "from a place or
// position").
func setsOff(clause string, words []sideWord, w string) bool {
	return w == "off" && len(words) > 2 && strings.EqualFold(clause[words[1].start:words[1].end], "to")
}

// shortParticiple reports whether w is a five-letter participle: "-ing" after
// a stem of two letters holding a vowel ("going", "doing", "being", "dying"),
// never a noun like "thing", "sting" or "swing".
func shortParticiple(w string) bool {
	stem, ok := strings.CutSuffix(w, "ing")
	return ok && len(stem) == 2 && strings.ContainsAny(stem, "aeiouy")
}

// presentOpens reports whether w, the clause's first word, is a present in -s
// (four letters or more, not "-ss", "-us" or "-is") with its object's first
// word (past_object) one or two words after it.
func presentOpens(clause string, words []sideWord, w string) bool {
	if len(w) < 4 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is") {
		return false
	}
	for j := 1; j <= 2 && j < len(words); j++ {
		if pastObjects[strings.ToLower(clause[words[j].start:words[j].end])] {
			return true
		}
	}
	return false
}

// politeKeys are the reply lexicon's polite phrases (politePhrases), as
// confirmKey keys, built on first use.
var politeKeys = sync.OnceValue(func() map[string]bool { return phraseKeys(politePhrases) })

// IsPolite reports whether text is wholly a polite phrase of the reply
// lexicon ("please", "plis", "thank you", "os gwelwch yn dda"): a word of
// the conversation, never a thing sought.
func IsPolite(text string) bool {
	k := confirmKey(text)
	return k != "" && politeKeys()[k]
}
