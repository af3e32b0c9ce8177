package nlu

import (
	"slices"
	"strings"
)

// shopQuestionTags are the tags that make a statement a yes/no question in the
// world's Englishes ("umbrella got or not", "got more anot", "you are bot
// ah?"), and shopTagVerbs the verbs of having and being such a question asks
// with (shop_words.txt): a tag asks, it never refuses.
var (
	shopQuestionTags [][]string
	shopTagVerbs     = map[string]bool{}
	shopCopulas      = wordSet(`is are`)
)

// WithoutQuestionTag writes a question asked with a tag of Singlish, Malaysian
// or Indian English as the plain question it is: "umbrella got or not" is "got
// umbrella?", "got more or not" is "got more?" (no "not" to read as a refusal),
// "you are bot ah?" is "are you bot?". A message without a tag, or whose rest
// holds no verb of having or being, is returned as it is.
func WithoutQuestionTag(text string) string {
	ws := phraseWords(text)
	rest, ok := cutQuestionTag(ws)
	if !ok || !slices.ContainsFunc(rest, func(w string) bool { return shopTagVerbs[w] }) {
		return text
	}
	if last := rest[len(rest)-1]; len(rest) > 1 && shopTagVerbs[last] && !shopCopulas[last] {
		// "umbrella got", "belt have": the verb after the thing, as a
		// statement of the dialect puts it.
		rest = append([]string{last}, rest[:len(rest)-1]...)
	}
	if len(rest) > 1 && shopCopulas[rest[1]] && (rest[0] == "you" || rest[0] == "u" || rest[0] == "it" || rest[0] == "this") {
		rest[0], rest[1] = rest[1], rest[0] // "you are bot": "are you bot"
	}
	return strings.Join(rest, " ") + "?"
}

// cutQuestionTag returns ws without the longest question tag it ends with, and
// whether it ended with one (and had words before it).
func cutQuestionTag(ws []string) ([]string, bool) {
	n := 0
	for _, tag := range shopQuestionTags {
		if len(tag) > n && len(tag) < len(ws) && slices.Equal(ws[len(ws)-len(tag):], tag) {
			n = len(tag)
		}
	}
	if n == 0 {
		return nil, false
	}
	return slices.Clone(ws[:len(ws)-n]), true
}
