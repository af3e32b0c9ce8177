package nlu

import (
	"strings"

	"unicode/utf8"
)

// This file reads the framing a pasted or formatted message wears around its
// answer, for every engine: markdown emphasis ("**Origin:** Seattle",
// "*Destination*: Denver", "`BK-66011`"), the lines of an email reply quoting
// the bot ("> Where would you like to fly from?\nBrussels") and a form
// field's label before its value ("Departure city: Lisbon (LIS)", "To:
// Phoenix, AZ"). None of it is part of the value: a reader that took the
// label's words with the value would store a value the user did not say
// ("Origin Seattle").

// formLabelWords are the words a form field's label is made of
// (frame_words.txt form_label).
var formLabelWords = wordSet(strings.Join(flatten(frameWords["form_label"]), " "))

// IsFormLabel reports whether every word of text is a word of a form
// field's label (frame_words.txt form_label: "From", "Departure", "Origin
// city"): such words name no place or thing of their own, whatever their
// capitals, and a reader of unknown names takes none of them.
func IsFormLabel(text string) bool {
	ws := words(key(text))
	for _, w := range ws {
		if !formLabelWords[w] {
			return false
		}
	}
	return len(ws) > 0
}

// Unmark is text without its markdown emphasis: the '*', '_', '`' and '~'
// runs that open or close a word ("**City:** Lisbon" is "City: Lisbon",
// "_Denver_" is "Denver"). A mark inside a word ("snake_case", "BK*12") is
// kept, and text without any of these bytes is returned as it is.
func Unmark(text string) string {
	if !emphasisMarks.In(text) {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); {
		if !isEmphasis(text[i]) {
			b.WriteByte(text[i])
			i++
			continue
		}
		j := i
		for j < len(text) && isEmphasis(text[j]) {
			j++
		}
		if inWord(text, i, j) {
			b.WriteString(text[i:j])
		}
		i = j
	}
	return strings.TrimSpace(b.String())
}

func isEmphasis(c byte) bool { return c == '*' || c == '_' || c == '`' || c == '~' }

// inWord reports whether the run text[i:j] has a word's letter or digit on
// both sides: it is then part of the word, not emphasis around it.
func inWord(text string, i, j int) bool {
	if i == 0 || j == len(text) {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(text[:i])
	after, _ := utf8.DecodeRuneInString(text[j:])
	return isWordRune(before) && isWordRune(after)
}

// Unquote is text without the lines an email reply quotes ("> Where would
// you like to fly from?"), when another line has words: those are the
// bot's, the others the user's. Text with no such line, or only such lines,
// is returned as it is.
func Unquote(text string) string {
	if strings.IndexByte(text, '>') < 0 {
		return text
	}
	var kept []string
	quoted := false
	for line := range strings.Lines(text) {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), ">") {
			quoted = true
			continue
		}
		kept = append(kept, line)
	}
	rest := strings.TrimSpace(strings.Join(kept, ""))
	if !quoted || !hasWord(rest) {
		return text
	}
	return rest
}

// maxLabelWords is the most words a form field's label has ("date of
// departure", "booking reference number").
const maxLabelWords = 4

// CutFormLabel splits a message written as one form field ("Departure city:
// Lisbon (LIS)", "Ref = BK-10293", "Destination - Denver") into its label's
// folded words and the value after the separator (':', '=', or a dash with a
// space after it). ok is false when text opens with no such label: one of
// up to four words, each a form_label word (frame_words.txt) or one known
// says is a label's (a slot's name, the words of its question), with no
// digit ("10:30" is a time) and a value after it. Text is read after Unmark.
func CutFormLabel(text string, known func(w string) bool) (label []string, value string, ok bool) {
	text = Unmark(text)
	at, width := labelSeparator(text)
	if at <= 0 {
		return nil, "", false
	}
	head, value := text[:at], strings.TrimSpace(text[at+width:])
	if !hasWord(value) || strings.ContainsAny(head, "0123456789") {
		return nil, "", false
	}
	label = words(key(head))
	if len(label) == 0 || len(label) > maxLabelWords {
		return nil, "", false
	}
	for _, w := range label {
		if !formLabelWords[w] && (known == nil || !known(w)) {
			return nil, "", false
		}
	}
	return label, value, true
}

// labelSeparator is where the separator after a label may be in text, and
// its width: the first ':' (or '：'), '=', a dash followed by a space, a
// long dash or an arrow ("->", "→"), within the first 48 bytes; -1 when
// there is none.
func labelSeparator(text string) (int, int) {
	for i := 0; i < len(text) && i < 48; i++ {
		switch c := text[i]; {
		case (c == '-' || c == '=') && strings.HasPrefix(text[i+1:], ">"):
			return i, 2 // "Origin -> Seattle", "To => Rome"
		case c == ':' || c == '=':
			return i, 1
		case c == '-' && i+1 < len(text) && text[i+1] == ' ':
			return i, 1
		case c == '\n':
			return -1, 0 // a label is on the value's line
		}
		for _, sep := range []string{"：", "–", "—", "→"} {
			if strings.HasPrefix(text[i:], sep) {
				return i, len(sep)
			}
		}
	}
	return -1, 0
}

// echoWords are the words a restated question may hold besides the bot's
// (frame_words.txt echo_word), with the first words of a question.
var echoWords = func() map[string]bool {
	out := wordSet(strings.Join(flatten(frameWords["echo_word"]), " "))
	for w := range wordSet(strings.Join(flatten(questionLeads), " ")) {
		out[w] = true
	}
	return out
}()

// maxEchoWords is the most words a restated question has.
const maxEchoWords = 10

// CutEchoedQuestion is what follows a question that opens text and restates
// the one the bot asked ("Where to? Atlanta.", "How many nights? Five.",
// "What is my booking reference? BK-18273"): a clause up to a question mark
// whose words are all the bot's (asked: its question's, its slot's name) or
// echo_word's, one at least the bot's. ok is false when text opens with no
// such question or nothing follows it: a question about something else
// ("Is Rome cheaper? Paris") is the user's own.
func CutEchoedQuestion(text string, asked func(w string) bool) (string, bool) {
	end := strings.IndexAny(text, "?؟")
	if end <= 0 {
		return text, false
	}
	width := 1
	if text[end] != '?' {
		width = len("؟")
	}
	rest := strings.TrimLeft(text[end+width:], " \t\r\n?؟")
	if !hasWord(rest) {
		return text, false
	}
	ws := words(key(text[:end]))
	if len(ws) == 0 || len(ws) > maxEchoWords {
		return text, false
	}
	own := false
	for _, w := range ws {
		switch {
		case asked(w):
			own = true
		case !echoWords[w]:
			return text, false
		}
	}
	return rest, own
}

// IsLexiconWord reports whether w, one word in any case, is a word of the
// built-in lexicons ("thanks", "please", "friday", a known city's): no part
// of an unknown name.
func IsLexiconWord(w string) bool { return lexiconKnows(w) }

// IsCommonWord reports whether w, one word in any case, is an ordinary word
// of the built-in lexicons, a known city's name not counted ("good", "over",
// "question", "friday"): a name the gazetteer does not know that holds one is
// no place ("Where from? Good question." names none), and is asked again.
func IsCommonWord(w string) bool {
	if _, city := cityIndex[key(w)]; city {
		return false
	}
	return lexiconKnows(w)
}

// emphasisMarks are the bytes of Markdown emphasis Unmark drops.
var emphasisMarks = NewMarkSet("*_`~")
