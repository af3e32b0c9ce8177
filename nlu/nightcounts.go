package nlu

import (
	_ "embed"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/parleyhq/parley/nlu/cldr"
)

// Counts of nights said in words ("три нощувки", "usiku tatu", "se shab",
// "vier nagte"), read by the gloss as "three nights": the hand lists of
// night_counts.txt and the lists generated from CLDR (cldr.CountsNights:
// every CLDR locale with number spell-out rules, one to thirty-one), merged
// into one table on the first word the gloss looks up, not at start-up
// (issue 38: the package's start-up cost). Each file is parsed once. A
// phrase two lists or two languages count differently is read by neither;
// a unit word alone ("noći") is no count, a unit with digits ("3 գիշեր") is.

//go:embed night_counts.txt
var nightCountsText string

// englishCounts are one to ten nights in English, as the gloss writes them.
var englishCounts = [10]string{"one night", "two nights", "three nights", "four nights", "five nights",
	"six nights", "seven nights", "eight nights", "nine nights", "ten nights"}

// nightsCount is a count's gloss: its English words to ten, its digits
// beyond ("21 nights").
func nightsCount(n int) string {
	if n >= 1 && n <= len(englishCounts) {
		return englishCounts[n-1]
	}
	if n == 1 {
		return "1 night"
	}
	return strconv.Itoa(n) + " nights"
}

// nightCountTable is the merged counts of nights.
type nightCountTable struct {
	byFirst map[string][]glossEntry // phrases by their first word's key, longest first
	after   map[string][][]string   // unit words said after digits ("{0} noći"), by their first
	before  map[string][][]string   // unit words said before digits ("usiku {0}"), by their first
}

// countedNights is the table, built once on first use.
var countedNights = sync.OnceValue(func() *nightCountTable {
	counts := map[string]int{} // phrase words joined by spaces → count; -1 read two ways
	add := func(words []string, n int) {
		k := strings.Join(words, " ")
		if old, dup := counts[k]; dup && old != n {
			n = -1
		}
		counts[k] = n
	}
	addHandCounts(add)
	t := &nightCountTable{byFirst: map[string][]glossEntry{}, after: map[string][][]string{}, before: map[string][][]string{}}
	t.addCLDR(add)
	for k, n := range counts {
		if n > 0 {
			ws := strings.Fields(k)
			t.byFirst[ws[0]] = append(t.byFirst[ws[0]], glossEntry{words: ws, to: nightsCount(n), fromTag: "night_counts"})
		}
	}
	for _, es := range t.byFirst {
		slices.SortFunc(es, func(a, b glossEntry) int { return len(b.words) - len(a.words) })
	}
	return t
})

// addHandCounts adds night_counts.txt's phrases: each block's count forms
// (forms[i] says i+1) with each of its night words in its order. A form or
// night word of several words is written joined by "_" (Māori "e_toru",
// Cebuano "ka_gabii").
func addHandCounts(add func([]string, int)) {
	var nights [][]string
	var forms [][][]string
	for _, line := range strings.Split(nightCountsText, "\n") {
		field, value, _ := strings.Cut(strings.TrimSpace(line), ":")
		switch field {
		case "nights":
			nights = joinedPhrases(value)
		case "counts":
			forms = forms[:0]
			for f := range strings.SplitSeq(value, "|") {
				forms = append(forms, joinedPhrases(f))
			}
		case "order":
			nightFirst := strings.TrimSpace(value) == "night number"
			for i, fs := range forms {
				for _, n := range fs {
					for _, night := range nights {
						if nightFirst {
							add(slices.Concat(night, n), i+1)
						} else {
							add(slices.Concat(n, night), i+1)
						}
					}
				}
			}
		}
	}
}

// joinedPhrases are the space-separated entries of value, each as its words
// ("_" joins the words of one entry).
func joinedPhrases(value string) [][]string {
	var out [][]string
	for f := range strings.FieldsSeq(value) {
		if ws := phraseWords(strings.ReplaceAll(f, "_", " ")); len(ws) > 0 {
			out = append(out, ws)
		}
	}
	return out
}

// addCLDR adds cldr.CountsNights: its "N phrase" lines as phrases, its
// "unit PATTERN" lines as the unit words read with digits.
func (t *nightCountTable) addCLDR(add func([]string, int)) {
	for _, line := range strings.Split(cldr.CountsNights, "\n") {
		head, rest, ok := strings.Cut(line, " ")
		if !ok || head == "#" {
			continue
		}
		if head == "unit" {
			before, after, _ := strings.Cut(rest, "{0}")
			b, a := glossKeys(before), glossKeys(after)
			switch {
			case len(b) == 0 && len(a) > 0:
				t.after[a[0]] = append(t.after[a[0]], a)
			case len(a) == 0 && len(b) > 0:
				t.before[b[0]] = append(t.before[b[0]], b)
			}
			continue
		}
		if n, err := strconv.Atoi(head); err == nil {
			if ws := glossKeys(rest); len(ws) > 0 {
				add(ws, n)
			}
		}
	}
}

// mayBegin reports whether a word's key may begin a count of nights.
func (t *nightCountTable) mayBegin(k []byte) bool {
	if _, ok := t.byFirst[string(k)]; ok {
		return true
	}
	if _, ok := t.before[string(k)]; ok {
		return true
	}
	return allDigits(k)
}

// allDigits reports whether a key is digits only.
func allDigits(k []byte) bool {
	for _, c := range k {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(k) > 0
}

// countedNightsAt is the count of nights that ws[i:] begin with; kb is a
// buffer for the words' keys.
func countedNightsAt(text string, ws []glossWord, i int, kb []byte) (glossEntry, bool) {
	t := countedNights()
	k, _ := wordKey(kb, text[ws[i].start:ws[i].end])
	for _, e := range t.byFirst[string(k)] {
		if i+len(e.words) <= len(ws) && wordsAre(text, ws[i:i+len(e.words)], e.words, kb) {
			return e, true
		}
	}
	k, _ = wordKey(kb, text[ws[i].start:ws[i].end]) // wordsAre wrote over kb
	if allDigits(k) {
		digits := text[ws[i].start:ws[i].end]
		k, _ = wordKey(kb, text[ws[i+1].start:ws[i+1].end])
		if n := t.unitAt(t.after[string(k)], text, ws[i+1:], kb); n > 0 {
			return digitNights(digits, 1+n), true
		}
		return glossEntry{}, false
	}
	if n := t.unitAt(t.before[string(k)], text, ws[i:], kb); n > 0 && i+n < len(ws) {
		if d := text[ws[i+n].start:ws[i+n].end]; isDigits(d) && strings.TrimSpace(text[ws[i+n-1].end:ws[i+n].start]) == "" {
			return digitNights(d, n+1), true
		}
	}
	return glossEntry{}, false
}

// unitAt is the number of words of the longest of units that ws begin with
// (0 when none).
func (t *nightCountTable) unitAt(units [][]string, text string, ws []glossWord, kb []byte) int {
	best := 0
	for _, u := range units {
		if len(u) > best && len(u) <= len(ws) && wordsAre(text, ws[:len(u)], u, kb) {
			best = len(u)
		}
	}
	return best
}

// digitNights is the gloss of a count of nights said in digits with a unit
// word of n words in all.
func digitNights(digits string, n int) glossEntry {
	to := digits + " nights"
	if digits == "1" {
		to = "1 night"
	}
	return glossEntry{words: make([]string, n), to: to, fromTag: "night_counts"}
}

// glossKeys is a phrase's words as the gloss splits and keys a message's;
// nil for a phrase whose words the gloss splits further (the vowel signs of
// Devanagari and the scripts like it end a gloss word), which it never reads.
func glossKeys(phrase string) []string {
	var kb [64]byte
	var out []string
	ws := glossWords(nil, phrase)
	// Words are joined by spaces, hyphens and apostrophes, as glossAt reads
	// them ("dalawáng pû’t isá": 21; without it "isá gabi", one night, was
	// read inside it).
	if len(ws) != len(strings.FieldsFunc(phrase, func(r rune) bool { return r == ' ' || r == '-' || r == '\'' || r == '’' })) {
		return nil
	}
	for _, w := range ws {
		if k, ok := wordKey(kb[:0], phrase[w.start:w.end]); ok && len(k) > 0 {
			out = append(out, string(k))
		}
	}
	return out
}
