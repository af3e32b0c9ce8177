package nlu

import (
	_ "embed"
	"strings"

	"github.com/parleyhq/parley/shop/lexicon"
)

// This file reads a correction or a hedge inside one answer (issue 38, item
// 4; helper hedge27): "austin, hmm, dallas", "bairro loft, hmm, too pricey,
// tagus view", "porto, hmm, lisbon, yes lisbon", "5 nights, wait, 4 is
// enough". A self-repair is the value taken back, an editing term and the
// value that stands (Levelt 1983); the editing term may be a hesitation set
// off by pauses (HesitationEdit), and the value that stands may come after a
// reason rejecting the first, be restated with a yes, close with a contrast
// ("boulder is closer but denver") or be said to be enough (SettledTail).
// Neither reads a value: the caller takes the tail only when it reads wholly
// as the value asked, and asks otherwise.

//go:embed hedge_edits.txt
var hedgeEditsText string

// hedgeEdits is hedge_edits.txt's lists.
var hedgeEdits = readPhraseLists(hedgeEditsText)

// maxRejectWords bounds the words a rejecting reason's predicate holds after
// its degree word ("too pricey", "too far out").
const maxRejectWords = 2

// HesitationEdit splits text at a hesitation or a "well" set off by pauses
// on both sides after a value ("austin, hmm, dallas", "two nights, well,
// three"): head is what was said before it, tail what was said after it. Alone
// at the start ("hmm, dallas") or the end ("dallas, hmm") a hesitation opens
// or closes an answer and corrects nothing; a hesitation after a pause and
// before one that ends the message is none either.
func HesitationEdit(text string) (head, tail string, ok bool) {
	if pauses(text) < 2 {
		return "", text, false // most answers: no two pauses, nothing to split
	}
	for i := 1; i < len(text); i++ {
		if !isEditPause(text[i]) {
			continue
		}
		e, ok := editTermAfter(text, i)
		if !ok {
			continue
		}
		head = strings.TrimRightFunc(text[:i], isTrimmable)
		tail = strings.TrimFunc(text[e+1:], isTrimmable)
		if head != "" && tail != "" {
			return head, tail, true
		}
	}
	return "", text, false
}

// pauses counts text's commas, semicolons and hyphens typed after a space
// (a dash): "2026-12-12" holds none.
func pauses(text string) int {
	n := 0
	for i := 0; i < len(text); i++ {
		if c := text[i]; c == ',' || c == ';' || c == '-' && i > 0 && text[i-1] == ' ' {
			n++
		}
	}
	return n
}

// editTermAfter reads an editing term after the pause at text[i]: spaces, a
// hesitation or "well" (editFiller), spaces, and another pause, whose index
// it returns. Two commas with nothing between them are the pause of a
// hesitation whose sound a gloss read away ("800 m, , 1 km").
func editTermAfter(text string, i int) (int, bool) {
	j := skipSpaces(text, i+1)
	k := j
	for k < len(text) && isASCIILetter(text[k]) {
		k++
	}
	e := skipSpaces(text, k)
	if e >= len(text) || !isEditPause(text[e]) {
		return 0, false
	}
	if k == j {
		return e, text[i] == ',' && text[e] == ','
	}
	return e, editFiller(text[j:k])
}

// skipSpaces is the index of the first byte at or after i that is no space.
func skipSpaces(text string, i int) int {
	for i < len(text) && text[i] == ' ' {
		i++
	}
	return i
}

// isEditPause reports whether c marks a pause around an editing term: a
// comma, a semicolon or a hyphen typed as a dash.
func isEditPause(c byte) bool { return c == ',' || c == ';' || c == '-' }

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// editFiller reports whether w (ASCII letters) is "well", an interjection
// of displeasure (hedge_edits.txt: "ugh") or a hesitation of
// discourse_frame.txt ("hmm", "um", "er"), a sound drawn out ("hmmm",
// "ummm") too.
func editFiller(w string) bool {
	w = strings.ToLower(w)
	if w == "well" || hasPhraseIn([]string{w}, 0, hedgeEdits["displeasure"]) {
		return true // "bairro loft, ugh, too pricey, tagus view"
	}
	for len(w) > 1 {
		if discourse().hesitations[w] != nil {
			return true
		}
		if w[len(w)-1] != w[len(w)-2] {
			return false
		}
		w = w[:len(w)-1]
	}
	return false
}

// SettledTail is the value a repair's tail settles on, when the tail says
// more than the value: a settling phrase opening its last clause ("same
// airport, say seattle": seattle), a rejecting reason before it ("too pricey, tagus
// view": tagus view), a restatement with a yes after it ("lisbon, yes
// lisbon"), a contrast that closes on it ("boulder is closer but denver":
// denver), or a predicate saying it is enough or a courtesy after it ("4 is
// enough", answer_tails.txt). ok is false when the tail is none of these.
func SettledTail(tail string) (string, bool) {
	t := strings.TrimFunc(tail, isTrimmable)
	changed := false
	for range 4 {
		next, ok := settleOnce(t)
		if !ok || next == "" {
			break
		}
		t, changed = next, true
	}
	return t, changed
}

// settleOnce is one step of SettledTail.
func settleOnce(t string) (string, bool) {
	if v, ok := closingSettle(t); ok {
		return v, true
	}
	if rest, ok := cutRejectReason(t); ok {
		return rest, true
	}
	if v, ok := restatedByYes(t); ok {
		return v, true
	}
	if v, ok := closingContrast(t); ok {
		return v, true
	}
	if head, ok := CutAnswerTail(t); ok {
		return strings.TrimFunc(head, isTrimmable), true
	}
	return t, false
}

// SettlingClause is the value a repair's tail settles on in its last
// clause, after a settling phrase (closingSettle: "tacoma, same airport, say
// seattle": seattle): the decision that closes the weighing, read before the
// tail's first value.
func SettlingClause(tail string) (string, bool) {
	return closingSettle(strings.TrimFunc(tail, isTrimmable))
}

// closingSettle is the value a settling phrase (hedge_edits.txt's settle
// list) opens t's last clause with, after a pause: "tacoma, same airport,
// say seattle": seattle. The weighing before it is dropped; the caller takes
// the value only when it reads wholly as the value asked.
func closingSettle(t string) (string, bool) {
	i := strings.LastIndexAny(t, ",;")
	if i <= 0 {
		return t, false
	}
	fields := strings.Fields(t[i+1:])
	ws := words(key(t[i+1:]))
	for _, ph := range hedgeEdits["settle"] {
		if !hasWordsAt(ws, 0, ph) || len(ws) == len(ph) {
			continue
		}
		// Drop the fields the phrase's words were read from ("let's" is
		// two words, one field).
		n, k := 0, 0
		for k < len(fields) && n < len(ph) {
			n += len(words(key(fields[k])))
			k++
		}
		if n != len(ph) || k == len(fields) {
			return t, false
		}
		return strings.TrimFunc(strings.Join(fields[k:], " "), isTrimmable), true
	}
	return t, false
}

// cutRejectReason is t without a first clause that rejects what was said
// before it by an excess ("too pricey, tagus view", "that's too far, newark"):
// a subject of reject_subject or none, a degree word and up to
// maxRejectWords English words of no digit.
func cutRejectReason(t string) (string, bool) {
	clause, rest, ok := strings.Cut(t, ",")
	rest = strings.TrimFunc(rest, isTrimmable)
	if !ok || rest == "" {
		return t, false
	}
	ws := words(key(clause))
	p := 0
	for _, s := range hedgeEdits["reject_subject"] {
		if hasWordsAt(ws, 0, s) {
			p = len(s)
			break
		}
	}
	if !hasPhraseIn(ws, p, hedgeEdits["reject_degree"]) {
		return t, false
	}
	pred := ws[p+1:]
	if len(pred) == 0 || len(pred) > maxRejectWords {
		return t, false
	}
	for _, w := range pred {
		if !lowerASCIILetters(w) || !lexicon.IsEnglishWord(w) {
			return t, false
		}
	}
	return rest, true
}

// hasPhraseIn reports whether one word of phrases (one-word phrases) is ws[p].
func hasPhraseIn(ws []string, p int, phrases [][]string) bool {
	for _, ph := range phrases {
		if len(ph) == 1 && p < len(ws) && ws[p] == ph[0] {
			return true
		}
	}
	return false
}

// restatedByYes is the value t says and then says again after a yes
// ("lisbon, yes lisbon", "4, yeah 4"): the first saying, when the words
// after the yes are the same words.
func restatedByYes(t string) (string, bool) {
	i := strings.LastIndexByte(t, ',')
	if i <= 0 {
		return t, false
	}
	first := strings.TrimFunc(t[:i], isTrimmable)
	after := words(key(t[i+1:]))
	if len(after) < 2 || YesNo(after[0]) != Yes {
		return t, false
	}
	if strings.Join(after[1:], " ") != strings.Join(words(key(first)), " ") {
		return t, false
	}
	return first, true
}

// closingContrast is the value after a contrast word that closes t
// ("boulder is closer but denver": denver), when words stand before the
// contrast and none after it denies ("but not denver"): the speaker weighed
// another and closed on this one (restatingWords).
func closingContrast(t string) (string, bool) {
	fields := strings.Fields(t)
	for i := len(fields) - 2; i >= 1; i-- {
		w := strings.ToLower(strings.TrimFunc(fields[i], isTrimmable))
		if !restatingWords[w] {
			continue
		}
		next := strings.ToLower(strings.TrimFunc(fields[i+1], isTrimmable))
		if next == "not" || next == "no" || YesNo(next) == No {
			return t, false
		}
		return strings.TrimFunc(strings.Join(fields[i+1:], " "), isTrimmable), true
	}
	return t, false
}
