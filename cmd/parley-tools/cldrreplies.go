package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/nlu"
)

// runCLDRReplies writes the yes and no words of every CLDR locale that the
// rules can read without misreading (nlu/cldr/replies.txt), from CLDR's
// posix.json (cldr-misc-full):
//
//	parley-tools cldr-replies -cldr /tmp/cldr -o nlu/cldr/replies.txt
func runCLDRReplies(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("cldr-replies", stderr, "-cldr DIR [-dict FILE] [-o FILE]")
	dir := fs.String("cldr", "", "the CLDR JSON `DIR` of scripts/cldr-fetch.sh")
	dict := fs.String("dict", "/usr/share/dict/american-english", "an English word list `FILE` (Debian's wamerican)")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	if err := fs.Parse(args); err != nil {
		return err
	}
	locales, err := readPosixReplies(filepath.Join(*dir, "cldr-misc-full", "main"))
	if err != nil {
		return err
	}
	english, err := readEnglishWords(*dict)
	if err != nil {
		return err
	}
	data := cldrReplies(locales, english)
	return writeOutput(stdout, *out, data)
}

// posixReplies are one locale's yes and no words as CLDR writes them.
type posixReplies struct {
	locale, yes, no string
}

// readPosixReplies reads every locale's posix.json under dir, sorted by locale.
func readPosixReplies(dir string) ([]posixReplies, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []posixReplies
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name(), "posix.json"))
		if err != nil {
			continue // a locale without posix data
		}
		var doc struct {
			Main map[string]struct {
				Posix struct {
					Messages struct{ Yesstr, Nostr string }
				}
			}
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		for loc, m := range doc.Main {
			out = append(out, posixReplies{loc, m.Posix.Messages.Yesstr, m.Posix.Messages.Nostr})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].locale < out[j].locale })
	return out, nil
}

// readEnglishWords reads a word list's lower-case words (proper names aside).
func readEnglishWords(path string) (map[string]bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	words := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if w := sc.Text(); w != "" && w == strings.ToLower(w) {
			words[strings.Join(nlu.FoldWords(w), " ")] = true
		}
	}
	return words, sc.Err()
}

// fullWords are the whole words of a CLDR yesstr or nostr ("yo‘q:y",
// "jo:joh:joo:j", "Ngaaha/apaana"): its one-letter abbreviations are left
// out, and a word with an apostrophe is given as typed without it too
// ("yo'q", "yoq").
func fullWords(s string) []string {
	var out []string
	parts := strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(":/|ः៖᠄\u200b", r) })
	for i, w := range parts {
		parts[i] = strings.TrimFunc(strings.ToLower(w), func(r rune) bool { return unicode.IsSpace(r) || r == '.' || r == '।' || r == '།' })
	}
	for _, w := range parts {
		if !wholeWord(w, parts) {
			continue
		}
		out = append(out, w)
		if bare := strings.Map(dropApostrophe, w); bare != w {
			out = append(out, strings.Map(toASCIIApostrophe, w), bare)
		}
	}
	return out
}

// wholeWord reports whether w is a word and not an abbreviation: every
// word of it has two letters or more ("a a" is none), and it does not start
// another word of the same yesstr ("tha:th:t:y" gives "tha", "waaw:wa" "waaw").
func wholeWord(w string, all []string) bool {
	for _, f := range strings.Fields(w) {
		if writtenLetters(f) < 2 {
			return false
		}
	}
	for _, o := range all {
		if len(o) > len(w) && strings.HasPrefix(o, w) {
			return false
		}
	}
	return w != "" && !strings.Contains(w, "-") // "én-en", "hî-î": read apart, as two words
}

// writtenLetters counts the letters of a word, a vowel sign or nasal mark
// after a letter of an abugida counting as one: Maithili "हं" and Bengali
// "না" are written syllables, whole answers, where a bare "ह" is an
// abbreviation. A mark on a Latin letter ("ɛ́") is an accent: one letter.
func writtenLetters(word string) int {
	n := 0
	latin := false
	for _, r := range word {
		switch {
		case unicode.IsLetter(r):
			n++
			latin = unicode.Is(unicode.Latin, r)
		case unicode.Is(unicode.M, r) && !latin:
			n++
		}
	}
	return n
}

// otherMeanings are CLDR words that a user of another language types for
// something else and that no list the generator reads holds: an
// abbreviation, a chat spelling, a common word of another language or a name.
var otherMeanings = map[string]string{
	"ie":   "English \"i.e.\"",
	"bai":  "chat English \"bye\"",
	"ez":   "chat English \"easy\"",
	"ora":  "Italian and Portuguese \"now\", \"hour\"",
	"ala":  "Darija and Arabic in Latin letters \"on\"",
	"elo":  "Polish \"hi\"",
	"dave": "an English name",
	"ande": "Spanish \"ande\", one letter from Norwegian \"andre\" (others)",
	"lon":  "a short form of place names (\"Lon\" for London; one letter from \"Lyon\")",
	"так":  "Russian \"so\" (a Ukrainian and Belarusian yes)",
	"هو":   "Arabic \"he\" (a Pashto yes)",
	"ها":   "Arabic \"here\", a laugh (a Sindhi yes)",
}

// apostrophes are the marks typed for an apostrophe or a glottal stop.
const apostrophes = "'’‘ʼʻ`´"

func dropApostrophe(r rune) rune {
	if strings.ContainsRune(apostrophes, r) {
		return -1
	}
	return r
}

func toASCIIApostrophe(r rune) rune {
	if strings.ContainsRune(apostrophes, r) {
		return '\''
	}
	return r
}

// cldrWord is one word of a kind (yes or no) with the locales that say it.
type cldrWord struct {
	kind, word string
	locales    []string
	dropped    string // why the word is left out, or ""
}

// cldrReplies writes nlu/cldr/replies.txt: each kept word once, under its
// first locale, then the dropped words with why.
func cldrReplies(locales []posixReplies, english map[string]bool) []byte {
	words, byKey := collectCLDRWords(locales)
	for _, w := range words {
		w.dropped = dropReason(w, byKey, english)
	}
	var b strings.Builder
	b.WriteString(cldrRepliesHeader)
	kept, dropped, keptLocales := writeKept(&b, words)
	fmt.Fprintf(&b, "\n# Dropped (%d words): never read as the answer CLDR gives them.\n", dropped)
	for _, w := range words {
		if w.dropped != "" {
			fmt.Fprintf(&b, "# dropped %s %s (%s): %s\n", w.kind, w.word, strings.Join(w.locales, " "), w.dropped)
		}
	}
	fmt.Fprintf(&b, "\n# %d locales read, %d of them with a word kept; %d words kept, %d dropped.\n", len(locales), keptLocales, kept, dropped)
	return []byte(b.String())
}

// collectCLDRWords lists every full word of the locales by kind, and every
// word by its key (folded as the readers fold a message) with its kinds.
func collectCLDRWords(locales []posixReplies) ([]*cldrWord, map[string]map[string]bool) {
	var words []*cldrWord
	index := map[string]*cldrWord{}
	byKey := map[string]map[string]bool{}
	for _, l := range locales {
		for _, kw := range [][2]string{{"yes", l.yes}, {"no", l.no}} {
			for _, w := range fullWords(kw[1]) {
				id := kw[0] + " " + w
				if index[id] == nil {
					index[id] = &cldrWord{kind: kw[0], word: w}
					words = append(words, index[id])
				}
				if c := index[id]; len(c.locales) == 0 || c.locales[len(c.locales)-1] != l.locale {
					c.locales = append(c.locales, l.locale)
				}
				k := strings.Join(nlu.FoldWords(w), " ")
				if byKey[k] == nil {
					byKey[k] = map[string]bool{}
				}
				byKey[k][kw[0]] = true
			}
		}
	}
	return words, byKey
}

// dropReason says why a word is left out, or "": a yes in one locale and a
// no in another (folded), a word the rules read otherwise
// (nlu.ReplyWordMeaning), or an English word not read as this answer.
func dropReason(w *cldrWord, byKey map[string]map[string]bool, english map[string]bool) string {
	k := strings.Join(nlu.FoldWords(w.word), " ")
	switch {
	case k == "":
		return "no letters once folded"
	case byKey[k]["yes"] && byKey[k]["no"]:
		return "a yes in one locale and a no in another"
	}
	if why := otherMeanings[k]; why != "" {
		return why
	}
	if why := nlu.ReplyWordMeaning(w.word, w.kind == "yes"); why != "" {
		return why
	}
	if english[k] && nlu.ReplyWordMeaning(w.word, w.kind != "yes") == "" && !readAs(w) {
		return "an English word of another meaning"
	}
	return ""
}

// readAs reports whether the hand lexicons already read w as its answer.
func readAs(w *cldrWord) bool {
	yes, no, _ := nlu.ReplyLexicon()
	lex := yes
	if w.kind == "no" {
		lex = no
	}
	k := strings.Join(nlu.FoldWords(w.word), " ")
	for _, list := range lex {
		for _, p := range list {
			if strings.Join(nlu.FoldWords(p), " ") == k {
				return true
			}
		}
	}
	return false
}

// writeKept writes the kept words, a line a kind and first locale, and
// counts them and their locales.
func writeKept(b *strings.Builder, words []*cldrWord) (kept, dropped, locales int) {
	lines := map[string][]string{}
	var heads []string
	seen := map[string]bool{}
	for _, w := range words {
		if w.dropped != "" {
			dropped++
			continue
		}
		kept++
		head := w.kind + " " + w.locales[0]
		if lines[head] == nil {
			heads = append(heads, head)
		}
		lines[head] = append(lines[head], w.word)
		for _, l := range w.locales {
			seen[l] = true
		}
	}
	sort.Strings(heads)
	for _, h := range heads {
		fmt.Fprintf(b, "%s: %s\n", h, strings.Join(lines[h], ", "))
	}
	return kept, dropped, len(seen)
}

const cldrRepliesHeader = `# The yes and no words of every CLDR locale (CLDR 48.2.0, cldr-misc-full
# main/<locale>/posix.json, yesstr and nostr), written by
#   go run ./cmd/parley-tools cldr-replies -cldr DIR -o nlu/cldr/replies.txt
# (DIR from scripts/cldr-fetch.sh). Never edit by hand. Only the whole words
# are taken, not CLDR's one-letter abbreviations ("ha:h" gives "ha"); a word
# with an apostrophe is given as typed without it too ("yo‘q", "yo'q", "yoq").
# Left out, listed at the end with why: a word of under two letters, a word
# that is a yes in one locale and a no in another, a word the rules read
# otherwise (an unread word such as "ne", "na", "ki", "lo", "ken", "od",
# "áno"; the opposite answer; a polite word, a greeting or a thanks; a
# function word of a seed language such as "le", "se": nlu.ReplyWordMeaning),
# and an English word of another meaning (Debian's wamerican list).
# Each kept word is listed once, under the first locale that says it; nlu
# reads them as reply_words.txt's yes and no words (nlu/cldrreplies.go).
# CLDR is © Unicode, Inc., under the Unicode License v3 (LICENSE here).

`
