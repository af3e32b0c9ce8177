package nlu

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reads away the discourse particles, tags and forms of address
// said at the edges of an answer ("Wednesday 27 May ka", "this Fri lah",
// "tmrw fr", "Thursday inshallah", "Wednesday, ja", "sir, the 3rd"). They are
// one list with the polite words said around a yes or a no (reply_words.txt
// "polite" and the lexicons of replies.go) and the "tag_end" words, said only
// after an answer because they are a yes or a no in some language ("ja",
// "yeah", "na"). A tag is read away only at the message's first or last words
// and only when what is left still keeps an answer (unframe): inside a
// message, or as the whole message, it is read as written.

// edgeTagIndex holds the tag phrases by their first word (said before an
// answer) and by their last word (said after one), longest first.
type edgeTagIndex struct {
	lead, end map[string][][]string
}

var edgeTags = buildEdgeTags()

func buildEdgeTags() edgeTagIndex {
	idx := edgeTagIndex{lead: map[string][][]string{}, end: map[string][][]string{}}
	keep := tagKeepSet()
	add := func(p []string, lead bool) {
		if keep[strings.Join(p, " ")] || slices.ContainsFunc(p, namesAValue) || namesAnOwner(p) {
			return
		}
		if lead && (len(p) > 1 || utf8.RuneCountInString(p[0]) > 1) { // "o" ends a Nigerian answer; "O'Hare" begins with one
			idx.lead[p[0]] = append(idx.lead[p[0]], p)
		}
		last := p[len(p)-1]
		idx.end[last] = append(idx.end[last], p)
	}
	lists := []struct {
		lex  map[string][]string
		lead bool
	}{{politePhrases, true}, {replyWords["tag_end"], false}}
	for _, l := range lists {
		for _, lang := range sortedKeys(l.lex) {
			for _, p := range l.lex[lang] {
				if w := phraseWords(p); len(w) > 0 {
					add(w, l.lead)
				}
			}
		}
	}
	for _, m := range []map[string][][]string{idx.lead, idx.end} {
		for _, ps := range m {
			slices.SortStableFunc(ps, func(a, b []string) int { return len(b) - len(a) })
		}
	}
	return idx
}

// tagKeepSet are the polite phrases never read away as a tag: tag_keep's,
// and a thanks or a greeting, which is small talk ("from Tromso. Thanks a
// lot." leaves a name the readers do not know beside words).
func tagKeepSet() map[string]bool {
	keep := map[string]bool{}
	for _, lex := range []map[string][]string{replyWords["tag_keep"], thanksPhrases, greetingPhrases} {
		for _, ps := range lex {
			for _, p := range ps {
				keep[strings.Join(phraseWords(p), " ")] = true
			}
		}
	}
	return keep
}

// edgeTagSpans are the tags said before and after the answer among ws, the
// words of text not yet read away (live): at most the first and last phrases,
// and more while they follow one another ("tmrw fr fr bro").
func edgeTagSpans(text string, ws []glossWord, kb []byte) []span {
	var out []span
	lo, hi := 0, len(ws)
	for lo < hi {
		n := edgeLeadAt(text, ws[lo:hi], kb)
		if n == 0 {
			break
		}
		out = append(out, span{ws[lo].start, ws[lo+n-1].end})
		lo += n
	}
	for lo < hi {
		n := edgeEndAt(text, ws[lo:hi], kb)
		if n == 0 {
			break
		}
		out = append(out, span{ws[hi-n].start, ws[hi-1].end})
		hi -= n
	}
	return out
}

// edgeLeadAt is how many of ws's first words a tag said before an answer
// takes, the longest first; 0 when none. A tag written with a capital and
// no mark after it is a name's first word ("La Quinta", "Mr Smith's").
func edgeLeadAt(text string, ws []glossWord, kb []byte) int {
	if inAddress(text, ws[0].start, ws[0].end) {
		return 0
	}
	k, _ := wordKey(kb, text[ws[0].start:ws[0].end])
	for _, p := range edgeTags.lead[string(k)] {
		if len(p) >= len(ws) || !wordsAre(text, ws[:len(p)], p, kb) {
			continue
		}
		if e, ok := countedNightsAt(text, ws, 0, kb); ok && len(e.words) > 1 {
			return 0 // Kurmanji "deh şev": the count, not Indonesian's "deh"
		}
		if glossPhraseOver(text, ws, len(p)) {
			return 0 // Turkmen "anna güni" (Friday): not Tamil's "anna" (brother)
		}
		r, _ := utf8.DecodeRuneInString(text[ws[0].start:])
		if !unicode.IsUpper(r) || markAfter(text, ws[len(p)-1].end) {
			return len(p)
		}
	}
	return 0
}

// edgeEndAt is how many of ws's last words a tag said after an answer takes,
// the longest first; 0 when none.
func edgeEndAt(text string, ws []glossWord, kb []byte) int {
	last := ws[len(ws)-1]
	if inAddress(text, last.start, last.end) {
		return 0 // "lea@exemple.fr": a domain's "fr" is no tag
	}
	k, _ := wordKey(kb, text[last.start:last.end])
	for _, p := range edgeTags.end[string(k)] {
		if len(p) < len(ws) && wordsAre(text, ws[len(ws)-len(p):], p, kb) {
			if endsCountedNights(text, ws, kb) {
				return 0 // Māori "e toru pō": the night word, not Tagalog's "po"
			}
			return len(p)
		}
	}
	return 0
}

// endsCountedNights reports whether ws end with a count of nights said in
// words (nightcounts.go), whose last word a tag would read away.
func endsCountedNights(text string, ws []glossWord, kb []byte) bool {
	for j := len(ws) - 2; j >= 0 && j >= len(ws)-5; j-- {
		if e, ok := countedNightsAt(text, ws, j, kb); ok && len(e.words) > 0 && j+len(e.words) == len(ws) {
			return true
		}
	}
	return false
}

// markAfter reports whether a comma, a stop or another mark follows text's
// byte end, spaces aside.
func markAfter(text string, end int) bool {
	for _, r := range text[end:] {
		if r != ' ' {
			return strings.ContainsRune(",.!?;:…", r)
		}
	}
	return false
}

// namesAValue reports whether a tag's word is also a date or a number word:
// Jamaican "mon" is Monday too, "now" today; such a word is never read away.
func namesAValue(w string) bool { return IsDateWord(w) || IsNumberWord(w) }

// namesAnOwner reports whether a tag is also a word for someone else
// (owners.txt): Darija "khoya" is "bro" and "my brother", whose numbers are
// not the user's ("khoya kayrfa3 150 kg").
func namesAnOwner(p []string) bool {
	for _, o := range ownerLists["owner"] {
		if slices.Equal(o, p) {
			return true
		}
	}
	return false
}

// mayHaveEdgeTag reports whether the word key k may begin or end a tag.
func mayHaveEdgeTag(k string) bool {
	_, lead := edgeTags.lead[k]
	_, end := edgeTags.end[k]
	return lead || end
}

// glossPhraseOver reports whether a gloss phrase longer than n words starts
// at ws[0] (a weekday phrase of cldr/dates_words.txt, "anna güni"): the
// phrase is read whole, and its first word is no tag.
func glossPhraseOver(text string, ws []glossWord, n int) bool {
	var kb [64]byte
	e, ok, _ := filedGlossAt(text, ws, 0, kb[:0])
	return ok && len(e.words) > n
}
