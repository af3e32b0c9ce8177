package nlu

import (
	_ "embed"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// This file reads away a sign-off at a message's end (issue 38): a closing
// and its writer's name or initials ("Yes, please book it. Thanks, Ruth",
// "Hello, I'm looking for a present. Regards, Anil", "Best, J."), or a dash
// and a name ("Leaving from Tucson. - Marjorie"). The closings are data
// (signoff_words.txt). The name must be capitalized, one to three words or
// initials, and no city, date, number or known non-name: "to Boston - Denver"
// is a route and stays. A sign-off that is the whole answer ("Thanks, Ruth"
// to "what's your name?") is kept: what is left must say something.

//go:embed signoff_words.txt
var signoffText string

var (
	signoffLists    = WordLists(signoffText)
	signoffClosings = signoffLists["closing"]
	signoffNotNames = func() map[string]bool {
		m := map[string]bool{}
		for _, p := range signoffLists["not_name"] {
			m[strings.Join(p, " ")] = true
		}
		return m
	}()
)

// WithoutSignOff returns text without a sign-off at its end (see above), or
// text itself when it has none or nothing would be left.
func WithoutSignOff(text string) string {
	t := strings.TrimRightFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '!' })
	nameAt := lastNameStart(t)
	if nameAt <= 0 {
		return text
	}
	// The closing or dash first: it is cheap, and most capitalized endings
	// ("to Paris") have none.
	rest, ok := beforeSignOff(t[:nameAt])
	if !ok || !saysSomething(rest) || !isSignOffName(t[nameAt:]) {
		return text
	}
	return rest
}

// lastNameStart is where the one to three capitalized words (or initials)
// ending t start, -1 when t does not end with one.
func lastNameStart(t string) int {
	at, words := len(t), 0
	for words < 3 {
		i := strings.LastIndexFunc(strings.TrimRight(t[:at], " "), unicode.IsSpace)
		w := strings.TrimSpace(t[i+1 : at])
		if !isCapitalizedWord(w) {
			break
		}
		at, words = i+1, words+1
		if i < 0 {
			break
		}
	}
	if words == 0 {
		return -1
	}
	return at
}

// isCapitalizedWord reports whether w is a name's word or initials: a
// capital, then letters, apostrophes, hyphens or dots ("Anil", "O'Neil",
// "J.", "J.R.").
func isCapitalizedWord(w string) bool {
	r, size := utf8.DecodeRuneInString(w)
	if size == 0 || !unicode.IsUpper(r) {
		return false
	}
	return strings.IndexFunc(w[size:], func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\'' && r != '’' && r != '-' && r != '.'
	}) < 0
}

// isSignOffName reports whether name is a person's name or initials ("J.")
// and no city, date, number, closing, thanks or known non-name.
func isSignOffName(name string) bool {
	if name == "" || strings.ContainsAny(name, "0123456789") {
		return false
	}
	if _, city := FindCity(name); city {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(name)) {
		if len(w) == 2 && w[1] == '.' {
			continue // an initial: "J."
		}
		if isNoNameWord(strings.Trim(w, ".")) {
			return false
		}
	}
	// A yes or a no of any language in capitals is the answer shouted, not a
	// signature: "muito obrigado AAMA" is a thanks and a Tamil yes. Written as
	// a name ("Thanks, Jo") it stays a name.
	if strings.ToUpper(name) == name {
		if a, rest := leadingYesNo(replyKey(name)); a != Unknown && rest == "" {
			return false
		}
	}
	return true
}

// isNoNameWord reports whether w, lower case, is a word no signature is: a
// known non-name, a date, a number, a function word, a closing or a thanks of
// any language (Cherokee "ᏩᏙ" is written in the syllabary's capitals, and
// "may chaltu may ᏩᏙ" is a Mapudungun yes with two thanks, not a yes
// signed "ᏩᏙ").
func isNoNameWord(w string) bool {
	return signoffNotNames[w] || IsDateWord(w) || IsNumberWord(w) || functionWords[w] || isClosing([]string{w}) || thanksClosings()[confirmKey(w)]
}

// beforeSignOff is head, the text before a name, without the closing or the
// dash that introduces the name; false when neither does.
func beforeSignOff(head string) (string, bool) {
	h := strings.TrimRight(head, " ")
	if d := strings.TrimRight(h, "-–—~"); len(d) < len(h) && (d == "" || strings.HasSuffix(d, " ") || strings.HasSuffix(d, "\n")) {
		return strings.TrimRightFunc(d, unicode.IsSpace), true // "... - Marjorie"
	}
	h = strings.TrimRight(h, ",:;")
	words := strings.Fields(strings.ToLower(h))
	for n := min(len(words), 4); n > 0; n-- {
		if !isClosing(words[len(words)-n:]) {
			continue
		}
		cut := len(h)
		for range n {
			cut = strings.LastIndexFunc(strings.TrimRightFunc(h[:cut], unicode.IsSpace), unicode.IsSpace) + 1
		}
		return strings.TrimRight(strings.TrimRightFunc(h[:cut], unicode.IsSpace), ",;: "), true
	}
	return "", false
}

// thanksClosings are the thanks of every language as phrase keys: a thanks
// closes a message as a closing does, and its longest form is the closing
// ("muito obrigado", not "obrigado" after a "muito" that says something).
var thanksClosings = sync.OnceValue(func() map[string]bool { return phraseKeys(thanksPhrases) })

// isClosing reports whether words (lower case, marks at their ends aside)
// are one of the closings or a thanks.
func isClosing(words []string) bool {
	clean := make([]string, len(words))
	for i, w := range words {
		clean[i] = strings.Trim(w, ",.!;:")
	}
	if len(clean) > 1 && thanksClosings()[confirmKey(strings.Join(clean, " "))] {
		return true
	}
	for _, p := range signoffClosings {
		if len(p) == len(clean) && strings.Join(p, " ") == strings.Join(clean, " ") {
			return true
		}
	}
	return false
}

// saysSomething reports whether s holds a letter or a digit.
func saysSomething(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}
