package shop

import (
	_ "embed"
	"strings"
	"unicode/utf8"
)

// emojiText is lexicon/emoji.txt: emoji written for a kind of product.
//
//go:embed lexicon/emoji.txt
var emojiText string

// productEmoji maps an emoji (its first rune) to the word it is read as.
var productEmoji = readProductEmoji(emojiText)

// readProductEmoji reads "emoji word" lines, "#" lines being comments.
func readProductEmoji(text string) map[rune]string {
	out := map[rune]string{}
	for _, line := range strings.Split(text, "\n") {
		e, word, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		r, _ := utf8.DecodeRuneInString(e)
		out[r] = strings.TrimSpace(word)
	}
	return out
}

// variationSelector16 asks for an emoji's colour presentation ("🕶️"): no
// part of what it means.
const variationSelector16 = '\uFE0F'

// spellProductEmoji writes the product emoji of text as their words, spaced
// from what is around them ("🕶️ pls": "sunglasses pls", "🧢?": "cap?"), so
// that every reader of the message reads the product named. A message without
// one is returned as it is, with no allocation.
func spellProductEmoji(text string) string {
	if strings.IndexFunc(text, func(r rune) bool { _, ok := productEmoji[r]; return ok }) < 0 {
		return text
	}
	var b strings.Builder
	for _, r := range text {
		switch w, ok := productEmoji[r]; {
		case ok:
			b.WriteString(" " + w + " ")
		case r != variationSelector16:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}
