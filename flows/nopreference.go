package flows

import (
	_ "embed"
	"slices"
	"strings"
	"unicode"
)

// no_preference.txt holds the words, as data, with which a user says any value
// of a slot will do; see noPreference.
//
//go:embed no_preference.txt
var noPreferenceText string

// noPreferenceWords are the lists of no_preference.txt by name, each phrase as
// its folded words.
var noPreferenceWords = readNoPreference(noPreferenceText)

// readNoPreference reads "name: phrase, phrase" lines, skipping comments.
func readNoPreference(text string) map[string][][]string {
	lists := map[string][][]string{}
	for _, line := range strings.Split(text, "\n") {
		name, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, p := range strings.Split(list, ",") {
			if ws := prefWords(p); len(ws) > 0 {
				lists[strings.TrimSpace(name)] = append(lists[strings.TrimSpace(name)], ws)
			}
		}
	}
	return lists
}

// prefWords are the lower-case words of s, "dont" written "don't" (the user's
// apostrophe or none), "{noun}" kept whole.
func prefWords(s string) []string {
	s = strings.ReplaceAll(strings.ToLower(s), "’", "'")
	ws := strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '{' && r != '}'
	})
	for i, w := range ws {
		w = strings.Trim(w, "'")
		if w == "dont" || w == "doesnt" || w == "im" {
			w = w[:len(w)-1] + "'" + w[len(w)-1:]
		}
		ws[i] = w
	}
	return slices.DeleteFunc(ws, func(w string) bool { return w == "" })
}

// allowsNoPreference reports whether the slot can hold dontcare.
func (sl *slot) allowsNoPreference() bool {
	return sl.def.NoPreference || slices.Contains(sl.def.Values, DontCare)
}

// noPreference reports whether raw, a whole answer, gives a slot that is not
// an enum dontcare (an enum reads its dontcare words as one of its values).
func (sl *slot) noPreference(raw string) bool {
	return sl.typ != TypeEnum && sl.def.NoPreference && sl.noPreferenceAnswer(raw)
}

// nouns are what a user calls the slot: its label's words together (the whole
// label, "number of seats") and its type's nouns ("day" for a date).
func (sl *slot) nouns() [][]string {
	out := [][]string{prefWords(sl.label)}
	return append(out, noPreferenceWords[sl.typ]...)
}

// noPreferenceAnswer reports whether raw, a whole answer to the slot's
// question, says any value will do: once the slot's nouns and the filler words
// are taken out, what is left is one of the answers ("any day works for me",
// "honestly it doesn't matter"), and nothing else is left: "any day next week"
// names a week, and is no such answer.
func (sl *slot) noPreferenceAnswer(raw string) bool {
	ws := prefWords(raw)
	if len(ws) == 1 && ws[0] == DontCare {
		return true
	}
	for _, n := range sl.nouns() {
		ws = cutPhrase(ws, n)
	}
	ws = withoutFillers(ws)
	if len(ws) == 0 {
		return false
	}
	return slices.ContainsFunc(noPreferenceAnswers, func(p []string) bool { return slices.Equal(p, ws) })
}

// noPreferenceAnswers are the answers of no_preference.txt less their filler
// words, as an answer is compared without its own ("up to you" is "up you").
var noPreferenceAnswers = func() [][]string {
	var out [][]string
	for _, p := range noPreferenceWords["answer"] {
		if ws := withoutFillers(p); len(ws) > 0 {
			out = append(out, ws)
		}
	}
	return out
}()

// withoutFillers is ws less the filler words of no_preference.txt.
func withoutFillers(ws []string) []string {
	fillers := flatten(noPreferenceWords["filler"])
	return slices.DeleteFunc(slices.Clone(ws), func(w string) bool { return slices.Contains(fillers, w) })
}

// noPreferenceInSentence reports whether a sentence says the slot has no
// preference by naming it ("a concert any day around SD"), and does not go on
// to narrow it ("any day next week", "any day but Monday": the words of
// not_before may not follow).
func (sl *slot) noPreferenceInSentence(text string) bool {
	ws := prefWords(text)
	for _, form := range noPreferenceWords["sentence"] {
		for _, n := range sl.nouns() {
			if len(n) == 0 {
				continue
			}
			if at := phraseAt(ws, withNoun(form, n)); at >= 0 && !narrowed(ws[at:]) {
				return true
			}
		}
	}
	return false
}

// narrowed reports whether the word after a no-preference phrase (ws starts
// after it) narrows it.
func narrowed(ws []string) bool {
	return len(ws) > 0 && slices.Contains(flatten(noPreferenceWords["not_before"]), ws[0])
}

// withNoun is a sentence form with {noun} replaced by the noun's words.
func withNoun(form, noun []string) []string {
	out := make([]string, 0, len(form)+len(noun))
	for _, w := range form {
		if w == "{noun}" {
			out = append(out, noun...)
			continue
		}
		out = append(out, w)
	}
	return out
}

// cutPhrase removes every occurrence of phrase p from ws.
func cutPhrase(ws, p []string) []string {
	if len(p) == 0 {
		return ws
	}
	for i := 0; i+len(p) <= len(ws); {
		if slices.Equal(ws[i:i+len(p)], p) {
			ws = slices.Delete(slices.Clone(ws), i, i+len(p))
			continue
		}
		i++
	}
	return ws
}

// phraseAt is the index just after the first occurrence of p in ws as
// consecutive words, -1 when there is none.
func phraseAt(ws, p []string) int {
	for i := 0; i+len(p) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(p)], p) {
			return i + len(p)
		}
	}
	return -1
}

// flatten is the words of all the phrases of a list.
func flatten(list [][]string) []string {
	var out []string
	for _, p := range list {
		out = append(out, p...)
	}
	return out
}
