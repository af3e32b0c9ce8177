package nlu

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The gloss layer: the words and short phrases of each language (or register)
// the readers do not read themselves, rewritten once per message into the
// canonical English words they do read ("demain matin" is "tomorrow morning",
// "cinq nuits" "cinq nights", "start city is Athens" "from Athens"). The
// knowledge is data, one file a language in gloss/ (see gloss/README.md); a
// reader that fails on a message's own words may read its gloss (Gloss), and
// stores a value only when it accounts for the gloss wholly, as for any
// answer.

//go:embed gloss/*.txt
var glossFiles embed.FS

// glossEntry is one phrase of a gloss file: its words (keys), what they mean,
// and what must follow it for the entry to hold (before): anything, a place
// ("de Lyon", "2 Prague"), a number ("o tres"), or either.
type glossEntry struct {
	words   []string
	to      string
	before  glossContext
	fromTag string // the file the entry came from, for conflicts
}

// glossContext is what must follow an entry: nothing in particular (0), or
// any of its bits.
type glossContext uint8

const (
	beforePlace glossContext = 1 << iota
	beforeNumber
	// asWord marks a word the readers' tables read as its meaning (a number
	// word, a multiplier, a joiner) that the gloss leaves as written: an
	// English word too (Spanish "once", French "sept", "cent") or one the
	// readers read as written already.
	asWord
	// asPrefix marks a preposition or conjunction written glued to the next
	// word (Arabic "و", "ل", "ب"): read only as the prefix of a word that is
	// not itself known (see cliticAt).
	asPrefix
	// afterNumber holds an entry only after a number: Arabic and Darija
	// count eleven and more with the singular ("خمسة عشر ليلة", "tnash
	// lila"), which alone means one.
	afterNumber
	// restoresArticle marks a prefix that took the place of the article's
	// first letter: Arabic "لل" is "ل" and "ال" ("للرباط", to Rabat), so the
	// rest is read with the article given back.
	restoresArticle
)

// arabicArticle is what a restoresArticle prefix gives back to the rest.
const arabicArticle = "ال"

// glossContexts are the contexts a gloss file may name, as "[place|number]",
// and the two kinds of entry that are not phrases, "[word]" and "[prefix]".
var glossContexts = map[string]glossContext{"place": beforePlace, "number": beforeNumber, "word": asWord, "prefix": asPrefix,
	"after-number": afterNumber, "article": restoresArticle}

// glossTables are the gloss files read: the phrases by their first word,
// longest first (a message none of whose words is a key there is not
// glossed, but for prefixes); every meaning of a one-word entry that holds
// anywhere (no context, or [word]: "tlata" is three and Tuesday) by its key,
// from which the readers build their tables (numberWords, weekdayNames,
// monthNames); the [word] entries alone, one word or a phrase by its words
// joined with a space (relativeDays, meridiemWords); the one-word entries the gloss rewrites (plain); the prefixes,
// longest first.
type glossTables struct {
	byFirst  map[string][]glossEntry
	words    map[string][]string
	asWord   map[string][]string
	plain    map[string]string
	prefixes []glossEntry
	// prefixFirsts are the distinct first runes of the prefixes: the only
	// words a prefix may start (mayHavePrefix).
	prefixFirsts []rune
}

var (
	glosses      = mustLoadGlosses(glossFiles)
	glossByFirst = glosses.byFirst
)

// mustLoadGlosses reads every gloss file once, at package initialization; the
// files are embedded and checked by the tests, so an error is a build defect.
func mustLoadGlosses(fsys fs.FS) glossTables {
	t, err := loadGlosses(fsys)
	if err != nil {
		panic("nlu: " + err.Error())
	}
	cldrWeekdayGlosses(t)
	for _, p := range t.prefixes {
		if r, _ := utf8.DecodeRuneInString(p.words[0]); !slices.Contains(t.prefixFirsts, r) {
			t.prefixFirsts = append(t.prefixFirsts, r)
		}
	}
	return t
}

// loadGlosses reads the gloss files of fsys's gloss directory. A phrase given
// two different meanings (in one file or two) is an error: the gloss must not
// depend on the order the files are read in.
func loadGlosses(fsys fs.FS) (glossTables, error) {
	t := glossTables{byFirst: map[string][]glossEntry{}, words: map[string][]string{}, asWord: map[string][]string{},
		plain: map[string]string{}}
	names, err := fs.Glob(fsys, "gloss/*.txt")
	if err != nil {
		return t, err
	}
	seen := map[string]glossEntry{}
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return t, err
		}
		entries, err := parseGlossFile(name, string(data))
		if err != nil {
			return t, err
		}
		for _, e := range entries {
			k := strings.Join(e.words, " ")
			switch {
			case e.before&(asPrefix|afterNumber) != 0:
				k += fmt.Sprint("/", e.before) // a prefix is no word: "و" may be both
			case e.before&asWord != 0:
				k += "/" + e.to // one meaning for each reader's table
			}
			if old, dup := seen[k]; dup {
				if old.to != e.to || old.before != e.before {
					return t, fmt.Errorf("%s: %q means %q in %s", name, k, old.to, old.fromTag)
				}
				continue
			}
			seen[k] = e
			t.add(k, e)
		}
	}
	for _, es := range t.byFirst {
		sortGlossEntries(es)
	}
	slices.SortStableFunc(t.prefixes, func(a, b glossEntry) int { return len(b.words[0]) - len(a.words[0]) })
	return t, nil
}

// sortGlossEntries orders one first word's entries: the longest first, then
// the narrower.
func sortGlossEntries(es []glossEntry) {
	slices.SortStableFunc(es, func(a, b glossEntry) int {
		if len(a.words) != len(b.words) {
			return len(b.words) - len(a.words)
		}
		return int(b.before&afterNumber) - int(a.before&afterNumber) // the narrower first
	})
}

// add files one entry, k its joined words, by its kind.
func (t *glossTables) add(k string, e glossEntry) {
	switch {
	case e.before&asPrefix != 0:
		t.prefixes = append(t.prefixes, e)
		return
	case e.before&asWord != 0:
		w := strings.Join(e.words, " ")
		t.words[w] = append(t.words[w], e.to)
		t.asWord[w] = append(t.asWord[w], e.to)
		return
	}
	t.byFirst[e.words[0]] = append(t.byFirst[e.words[0]], e)
	if len(e.words) == 1 && e.before == 0 {
		t.words[k] = append(t.words[k], e.to)
		t.plain[k] = e.to
	}
}

// parseGlossFile reads "phrase = meaning [place|number]" lines; # starts a
// comment.
func parseGlossFile(name, text string) ([]glossEntry, error) {
	var out []glossEntry
	for n, line := range strings.Split(text, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		e, ok := parseGlossLine(line)
		if !ok {
			return nil, fmt.Errorf("%s:%d: want \"phrase = lower-case meaning [place|number]\", got %q", name, n+1, line)
		}
		e.fromTag = name
		out = append(out, e)
	}
	return out, nil
}

// parseGlossLine reads one entry of a gloss file.
func parseGlossLine(line string) (glossEntry, bool) {
	phrase, meaning, ok := strings.Cut(line, "=")
	meaning = strings.TrimSpace(meaning)
	var before glossContext
	if i := strings.IndexByte(meaning, '['); i >= 0 && strings.HasSuffix(meaning, "]") {
		for c := range strings.SplitSeq(meaning[i+1:len(meaning)-1], "|") {
			bit, known := glossContexts[strings.TrimSpace(c)]
			if !known {
				return glossEntry{}, false
			}
			before |= bit
		}
		meaning = strings.TrimSpace(meaning[:i])
	}
	ws := phraseWords(phrase)
	if before&asPrefix != 0 && len(ws) != 1 || before&(restoresArticle|asPrefix) == restoresArticle {
		return glossEntry{}, false
	}
	if !ok || len(ws) == 0 || meaning == "" || meaning != strings.ToLower(meaning) {
		return glossEntry{}, false
	}
	return glossEntry{words: ws, to: meaning, before: before}, true
}

// glossWord is one word of a message: its bytes in the message.
type glossWord struct{ start, end int }

// Gloss rewrites the words and phrases of text that a gloss file holds into
// their canonical English, the longest phrase first, and keeps every other
// byte of text as written (names keep their spelling). Before that, a word
// with a letter held down is written as the lexicons' word ("tmrwww" is
// "tmrw", then "tomorrow") and what frames the answer is left out ("ugh",
// "I think maybe", "and can I bring my dog?": frame.go). Text with nothing to
// gloss is returned as it is, without allocating.
func Gloss(text string) string {
	if strings.IndexByte(text, '@') >= 0 {
		if spans := addressRe.FindAllStringIndex(text, -1); len(spans) > 0 {
			return glossAroundAddresses(text, spans)
		}
	}
	return glossText(text)
}

// glossAroundAddresses is Gloss for a text holding email addresses: each is
// held as one word no gloss knows while the rest is glossed, then written
// back, so that no word of an address ("kevin.oh@outlook.com": "oh" after
// a dot, read as an interjection opening a sentence; "ghda.ali@x.ma") is
// glossed or framed away (issue 38, coach28). An address the gloss drops
// with the words around it is dropped, as those words are.
func glossAroundAddresses(text string, spans [][]int) string {
	return WithAddressesHeld(text, spans, glossText)
}

// WithAddressesHeld applies read to text with each of its email addresses
// (spans, as EmailSpans gives them) held as one word no reader knows, then
// writes the addresses back into what read returns, so that no word or dot
// of an address is read as the user's. Text is returned as it is when read
// changes nothing.
func WithAddressesHeld(text string, spans [][]int, read func(string) string) string {
	var b strings.Builder
	last := 0
	for i, sp := range spans {
		b.WriteString(text[last:sp[0]])
		b.WriteString(addressHold(i))
		last = sp[1]
	}
	b.WriteString(text[last:])
	held := b.String()
	got := read(held)
	if got == held {
		return text
	}
	for i, sp := range spans {
		got = strings.Replace(got, addressHold(i), text[sp[0]:sp[1]], 1)
	}
	return got
}

// addressHold is the i-th address's stand-in while a text is read.
func addressHold(i int) string {
	return "qxaddr" + string(rune('a'+i%26)) + "qx"
}

// glossText is Gloss for a text whose addresses, if any, are held.
func glossText(text string) string {
	t := text
	if !isASCII(t) {
		t = segmentSpaceless(t) // "三晚" as "3 晚" (segment.go)
	}
	if mayElongate(t) {
		t = unelongate(t)
	}
	return glossPhrases(unframe(t))
}

// glossPhrases is Gloss without frame.go's steps: the gloss files' phrases.
func glossPhrases(text string) string {
	var buf [32]glossWord
	ws := glossWords(buf[:0], text)
	var kb [64]byte
	var b strings.Builder
	last := 0
	for i := 0; i < len(ws); {
		e, ok := glossAt(text, ws, i, kb[:0])
		if !ok {
			if to, rest, split := cliticAt(text[ws[i].start:ws[i].end], kb[:0]); split {
				growOnce(&b, len(text))
				b.WriteString(text[last:ws[i].start])
				b.WriteString(to)
				b.WriteByte(' ')
				b.WriteString(rest)
				last = ws[i].end
			}
			i++
			continue
		}
		growOnce(&b, len(text))
		b.WriteString(text[last:ws[i].start])
		b.WriteString(e.to)
		i += len(e.words)
		last = ws[i-1].end
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// growOnce sizes b for a gloss of a text of n bytes, the first time only.
func growOnce(b *strings.Builder, n int) {
	if b.Len() == 0 {
		b.Grow(n + 16)
	}
}

// cliticAt reads a word written with a prefix glued to it ("لمراكش", to
// Marrakech; "وغدا", and tomorrow) as the prefix's meaning and the rest:
// the rest's gloss when the gloss knows it as a word, else the rest itself
// when it is a known city, a number word or a date word. A word that is
// itself known is never split ("بعد" is not "ب" + "عد"), nor is a word only
// a rune longer than its prefix. kb is a buffer for the word's key.
func cliticAt(w string, kb []byte) (to, rest string, ok bool) {
	if len(glosses.prefixes) == 0 || !mayHavePrefix(w) {
		return "", "", false
	}
	k, fits := wordKey(kb, w)
	if !fits || knownWord(string(k)) {
		return "", "", false
	}
	for _, p := range glosses.prefixes {
		r, cut := strings.CutPrefix(string(k), p.words[0])
		if !cut || utf8.RuneCountInString(r) < 3 {
			continue
		}
		if g, known := glosses.plain[r]; known {
			return p.to, g, true
		}
		if knownWord(r) {
			return p.to, r, true
		}
		if p.before&restoresArticle != 0 {
			if g, known := glosses.plain[arabicArticle+r]; known {
				return p.to, g, true
			}
		}
	}
	return "", "", false
}

// mayHavePrefix reports whether w starts with a prefix's first letter, before
// any key is made: most words of most messages stop here.
func mayHavePrefix(w string) bool {
	// The prefixes' first runes are read once (prefixFirsts): this asks of
	// every word of every message, and decoding each prefix anew was most
	// of the gloss's cost for a message no prefix starts.
	r, _ := utf8.DecodeRuneInString(w)
	return slices.Contains(glosses.prefixFirsts, r)
}

// knownWord reports whether the key k is a word some reader or the gloss
// reads as it is: a phrase's first word, a known city, a number or date word.
func knownWord(k string) bool {
	if _, ok := glossByFirst[k]; ok {
		return true
	}
	if _, ok := cityIndex[k]; ok {
		return true
	}
	return IsNumberWord(k) || IsDateWord(k)
}

// mayGloss reports whether a word of text is the first word of a gloss entry,
// reading the words' keys in a stack buffer: a text for which it is false
// glosses to itself (FuzzGloss).
func mayGloss(text string) bool {
	if mayElongate(text) || mayUnframe(text) {
		return true
	}
	var kb [64]byte
	for start, end := nextWord(text, 0); start >= 0; start, end = nextWord(text, end) {
		if k, ok := wordKey(kb[:0], text[start:end]); ok {
			if _, hit := glossByFirst[string(k)]; hit || countedNights().mayBegin(k) {
				return true
			}
		}
		if _, _, split := cliticAt(text[start:end], kb[:0]); split {
			return true
		}
	}
	return false
}

// wordKey appends the key of one word (lower case, diacritics folded) to dst;
// ok is false for a word too long for any entry.
func wordKey(dst []byte, w string) ([]byte, bool) {
	// A word of lower-case ASCII, as most are, is its own key: appended at
	// once where it fits (the loop below appends it byte by byte).
	if len(dst)+len(w) <= 48 {
		plain := 0
		for plain < len(w) && normalClass[w[plain]] == normalPlain {
			plain++
		}
		if plain == len(w) {
			return append(dst, w...), true
		}
	}
	for i := 0; i < len(w); {
		if c := w[i]; c < utf8.RuneSelf {
			// An ASCII letter is lowered by arithmetic: the gloss keys each
			// word of every message, and most are ASCII.
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if dst, i = append(dst, c), i+1; len(dst) > 48 {
				return dst, false
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(w[i:])
		i += size
		r = unicode.ToLower(r)
		if r >= 0xC0 {
			if r == 'ـ' || foldedMark(r) {
				continue
			}
			if f, ok := latinFold[r]; ok {
				dst = append(dst, f...)
				continue
			}
		}
		dst = utf8.AppendRune(dst, r)
		if len(dst) > 48 {
			return dst, false
		}
	}
	return dst, true
}

// glossWords appends text's words to dst.
func glossWords(dst []glossWord, text string) []glossWord {
	for start, end := nextWord(text, 0); start >= 0; start, end = nextWord(text, end) {
		dst = append(dst, glossWord{start, end})
	}
	return dst
}

// glossAt is the longest entry whose words are ws from i on, joined by
// nothing but spaces, hyphens and apostrophes ("après-midi", "l'après-midi"),
// whose place, if it asks one, follows. kb is a buffer for the words' keys.
func glossAt(text string, ws []glossWord, i int, kb []byte) (glossEntry, bool) {
	e, ok, counts := filedGlossAt(text, ws, i, kb)
	if !counts || ok && len(e.words) > 1 || i+1 >= len(ws) {
		return e, ok
	}
	// A count of nights in words ("две ноћи"): its number word may be a
	// gloss word of its own.
	if c, counted := countedNightsAt(text, ws, i, kb); counted {
		return c, true
	}
	return e, ok
}

// filedGlossAt is glossAt of the gloss files' entries; counts says ws[i]
// may begin a count of nights of night_counts.txt.
func filedGlossAt(text string, ws []glossWord, i int, kb []byte) (e glossEntry, ok, counts bool) {
	k, _ := wordKey(kb, text[ws[i].start:ws[i].end])
	counts = countedNights().mayBegin(k)
	var nb [64]byte
	var next []byte // the next word's key, worked out once for all the phrases
	for _, e := range glossByFirst[string(k)] {
		n := len(e.words)
		if i+n > len(ws) {
			continue
		}
		if n > 1 && next == nil {
			next, _ = wordKey(nb[:0], text[ws[i+1].start:ws[i+1].end])
		}
		if n > 1 && string(next) != e.words[1] || !wordsAreFrom(text, ws[i:i+n], e.words, kb, 1) {
			continue
		}
		if e.before&afterNumber != 0 && !afterANumber(text, ws, i, kb) {
			continue
		}
		if e.before&^afterNumber != 0 && !followedBy(e.before, text, ws, i+n, kb) {
			continue
		}
		return e, true, counts
	}
	return glossEntry{}, false, counts
}

// phraseJoin reports whether sep, the text between two words of a phrase,
// is spaces, hyphens, apostrophes or the Tibetan tsheg that ends each
// syllable ("གཟའ་པ་སངས", Friday).
func phraseJoin(sep string) bool {
	rest := strings.Trim(sep, " -'’")
	return rest == "" || strings.Trim(rest, "་") == ""
}

// wordsAre reports whether ws's keys are words, joined in text by a phrase's
// joiners only.
func wordsAre(text string, ws []glossWord, words []string, kb []byte) bool {
	return wordsAreFrom(text, ws, words, kb, 0)
}

// wordsAreFrom is wordsAre for a caller that knows the first from words'
// keys are words already (it looked the phrase up by its first word): their
// keys are not worked out again.
func wordsAreFrom(text string, ws []glossWord, words []string, kb []byte, from int) bool {
	for j := from; j < len(ws); j++ {
		w := ws[j]
		if k, _ := wordKey(kb, text[w.start:w.end]); string(k) != words[j] {
			return false
		}
		if j > 0 && !phraseJoin(text[ws[j-1].end:w.start]) {
			return false
		}
	}
	return true
}

// followedBy reports whether the words from i on are what before asks for.
func followedBy(before glossContext, text string, ws []glossWord, i int, kb []byte) bool {
	if i >= len(ws) || strings.TrimSpace(text[ws[i-1].end:ws[i].start]) != "" {
		return false
	}
	if before&beforeNumber != 0 && numberStartsAt(text[ws[i].start:ws[i].end], kb) {
		return true
	}
	return before&beforePlace != 0 && placeAt(text, ws, i, kb)
}

// numberStartsAt reports whether the word w starts a number: a number word
// other than a joiner alone ("now and" is no "now" before a number), or
// digits, a unit glued to them or not ("80kg").
func numberStartsAt(w string, kb []byte) bool {
	if w != "" && w[0] >= '0' && w[0] <= '9' {
		return true
	}
	k, _ := wordKey(kb, w)
	return IsNumberWord(string(k)) && !IsNumberJoiner(string(k))
}

// afterANumber reports whether the word before ws[i] is a number, with
// nothing but space between.
func afterANumber(text string, ws []glossWord, i int, kb []byte) bool {
	if i == 0 || strings.TrimSpace(text[ws[i-1].end:ws[i].start]) != "" {
		return false
	}
	prev := text[ws[i-1].start:ws[i-1].end]
	k, _ := wordKey(kb, prev)
	if IsNumberWord(string(k)) {
		return true
	}
	_, rest, split := cliticAt(prev, kb[:0]) // "وعشرين", and twenty
	return split && (IsNumberWord(rest) || englishNumberWords[rest] > 0)
}

// placeAt reports whether the words from i on name a place: a known city by
// one of its names ("men rabat", "to new york"), or a word written with a
// capital that is no date word, no count's unit and no number ("2 Prague";
// not "2 Nights", "de Mayo").
func placeAt(text string, ws []glossWord, i int, kb []byte) bool {
	if knownCityAt(text, ws[i:min(i+3, len(ws))], kb) {
		return true
	}
	w := text[ws[i].start:ws[i].end]
	r, _ := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(r) {
		return false
	}
	k := strings.ToLower(w)
	return !IsDateWord(k) && !IsCountUnit(k) && !IsNumberWord(k) && !glossedCountUnit(k, kb)
}

// glossedCountUnit reports whether w is a count's unit in another language,
// glossed after a number ("2 Nächte", "3 Gece"): no place.
func glossedCountUnit(w string, kb []byte) bool {
	k, _ := wordKey(kb[:0], w)
	for _, e := range glossByFirst[string(k)] {
		if len(e.words) == 1 && e.before&afterNumber != 0 && IsCountUnit(e.to) {
			return true
		}
	}
	return false
}

// knownCityAt reports whether the first one, two or three of ws are a known
// city's name, looked up by their joined keys without a string of their own.
func knownCityAt(text string, ws []glossWord, kb []byte) bool {
	k := kb[:0]
	for j, w := range ws {
		if j > 0 {
			k = append(k, ' ')
		}
		k, _ = wordKey(k, text[w.start:w.end])
		if _, ok := cityIndex[string(k)]; ok {
			return true
		}
	}
	return false
}
