package nlu

import (
	"bytes"
	_ "embed"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ownersText is owners.txt: the words that make a clause about someone
// else's values, and the user's own words that keep one.
//
//go:embed owners.txt
var ownersText string

// ownerLists are owners.txt's lists by name, each phrase as its words.
var ownerLists = WordLists(ownersText)

// ownerHeads are the first words of the owner phrases: a message holding none
// of them is about nobody else, found without allocating.
var ownerHeads = func() map[string]bool {
	heads := map[string]bool{}
	for _, p := range ownerLists["owner"] {
		heads[p[0]] = true
	}
	return heads
}()

// IsSelfWord reports whether w, one lower-case word, is a word of the user's
// own (self in owners.txt: "i", "me", "je", "yo", "ana").
func IsSelfWord(w string) bool {
	return slices.ContainsFunc(ownerLists["self"], func(p []string) bool { return len(p) == 1 && p[0] == w })
}

// WithoutOthersClauses returns text without its clauses that name someone
// else (owner in owners.txt: "my boss usually flies from Zurich", "my wife
// has her session Saturday", "my trainer's email is ...") and nothing of the
// user's own (self: "my wife and I fly from Denver" stays): someone else's
// value is no answer of the user's (issue 38). A message that speaks for
// someone else, a clause about them saying what they want or aim at
// (speaksfor: "my husband wants to deadlift 180 kg"), is left whole: it
// answers for them; so is one that directs the bot to use their value
// (directs: "send it to my boss, her email is ...", unless it says not to).
// The text is returned as it is, without allocating, when it names nobody
// else.
func WithoutOthersClauses(text string) string {
	if !mayNameOwner(text) || !saysOwnerList(ownerTokens(text), "owner") {
		return text
	}
	clauses := splitClauses(text)
	others := make([]bool, len(clauses))
	for i, clause := range clauses {
		words := ownerTokens(clause)
		others[i] = saysOwnerList(words, "owner") && !saysSelf(words)
		if others[i] && saysOwnerList(words, "speaksfor") {
			return text
		}
	}
	if whole := ownerTokens(text); saysOwnerList(whole, "directs") && !saysOwnerList(whole, "nodirect") {
		return text // "send it to my boss, her email is ...": the user's instruction
	}
	var b strings.Builder
	for i, clause := range clauses {
		if !others[i] {
			b.WriteString(clause)
		}
	}
	return b.String()
}

// mayNameOwner reports whether a word of text, in lower case and without a
// possessive "'s", is the first word of an owner phrase; it allocates nothing.
func mayNameOwner(text string) bool {
	var buf [48]byte
	for start, end := nextWord(text, 0); start >= 0; start, end = nextWord(text, end) {
		w := buf[:0]
		for _, r := range text[start:end] {
			if len(w)+utf8.UTFMax > len(buf) {
				break
			}
			w = utf8.AppendRune(w, unicode.ToLower(r))
		}
		if ownerHeads[string(w)] {
			return true
		}
		if i := bytes.IndexByte(w, '\''); i > 0 && ownerHeads[string(w[:i])] {
			return true
		}
	}
	return false
}

// splitClauses cuts text into its clauses, each with the punctuation that
// ends it (, ; . ! ? and the Arabic question mark) and the spaces after it;
// "¿" and "¡" open one. A mark inside a word ends nothing ("coach.t@gym.com",
// "3.5").
func splitClauses(text string) []string {
	var out []string
	start, inEnd, spaced := 0, false, false
	for i, r := range text {
		switch {
		case strings.ContainsRune(",;.!?؟", r):
			inEnd, spaced = true, false
		case unicode.IsSpace(r):
			spaced = inEnd
		case r == '¿' || r == '¡' || inEnd && spaced:
			if i > start {
				out = append(out, text[start:i])
			}
			start, inEnd, spaced = i, false, false
		default:
			inEnd = false
		}
	}
	return append(out, text[start:])
}

// saysSelf reports whether words hold a word of the user's own (self in
// owners.txt, or a French word elided from "je": "j'suis", "j'veux").
func saysSelf(words []string) bool {
	return saysOwnerList(words, "self") || slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, "j'") })
}

// saysOwnerList reports whether words hold one of the phrases of owners.txt's
// list name.
func saysOwnerList(words []string, name string) bool {
	return HoldsPhrase(words, ownerLists[name])
}

// ownerTokens are text's words in lower case, apostrophes kept ("i'm"), with
// a possessive "'s" read as the word ("wife's" is "wife", "she's" is "she").
func ownerTokens(text string) []string {
	text = strings.NewReplacer("’", "'", "‘", "'").Replace(strings.ToLower(text))
	words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' })
	for i, w := range words {
		if len(w) > 2 && strings.HasSuffix(w, "'s") {
			words[i] = w[:len(w)-2]
		}
	}
	return words
}
