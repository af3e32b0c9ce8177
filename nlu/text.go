package nlu

import (
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// isTrimmable reports whether r is stripped from both ends of a message: spaces,
// punctuation (including ¿¡«» and Arabic ، ؟ ؛) and symbols. ʼ (a letter to Unicode)
// counts too, because Normalize turns it into an ASCII apostrophe.
func isTrimmable(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsPunct(r) || unicode.IsSymbol(r) || r == utf8.RuneError || r == 'ʼ' ||
		r == '\u200b' || r == '\ufeff' // Normalize drops these inside; at an edge they would hide what trimming must reach
}

// Normalize lowercases s (Unicode), trims surrounding punctuation, symbols and
// whitespace, folds inner runs of whitespace to one space and turns typographic
// apostrophes (’ ‘ ʼ) into ASCII ones so that "d’accord" and "d'accord" agree.
func Normalize(s string) string {
	s = trimmed(s)
	if isNormalASCII(s) {
		return s
	}
	if isASCII(s) {
		return normalizeASCII(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	pendingSpace, spaceless := false, false
	for _, r := range s {
		spaceless = spaceless || r >= 0x0E00 && isSpaceless(r)
		if unicode.IsSpace(r) {
			pendingSpace = true
			continue
		}
		if r == '\u200b' || r == '\ufeff' {
			// A zero-width space, as CLDR writes Khmer "ថ្ងៃ\u200bស្អែក": the
			// words a spaceless script runs together. Dropped before a
			// pending space is written, so that "a \u200b b" has one space.
			continue
		}
		if pendingSpace {
			b.WriteByte(' ')
			pendingSpace = false
		}
		switch r {
		case '’', '‘', 'ʼ':
			r = '\''
		default:
			if r >= '！' && r <= '～' {
				r -= '！' - '!' // full-width forms are their ASCII ("３月２５日", "（金）")
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	if spaceless {
		return segmentSpaceless(b.String())
	}
	return b.String()
}

// trimmed is s without the runes around it that isTrimmable trims.
func trimmed(s string) string {
	if len(s) > 0 && isKeptASCII(s[0]) && isKeptASCII(s[len(s)-1]) {
		// strings.TrimFunc decodes and tests a rune at each end: an ASCII
		// letter or digit at both ends is never trimmed (isTrimmable).
		return s
	}
	return strings.TrimFunc(s, isTrimmable)
}

// isKeptASCII reports whether c is an ASCII letter or digit: a byte
// isTrimmable never trims, and that no multi-byte rune starts.
func isKeptASCII(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// normalizeASCII is Normalize of an ASCII s, already trimmed, byte by byte: most
// messages are ASCII, and their only change is a capital letter ("New York").
// unicode.IsSpace and unicode.ToLower of an ASCII byte are these.
func normalizeASCII(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	pendingSpace := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || '\t' <= c && c <= '\r' {
			pendingSpace = true
			continue
		}
		if pendingSpace {
			b.WriteByte(' ')
			pendingSpace = false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// isNormalASCII reports whether an already trimmed s is ASCII with no uppercase
// letter and no whitespace other than single spaces, so Normalize can return it as is.
func isNormalASCII(s string) bool {
	prevSpace := false
	for i := 0; i < len(s); i++ {
		// Each byte is classed by a table: every reader keys the message.
		switch normalClass[s[i]] {
		case normalPlain:
			prevSpace = false
		case normalSpace:
			if prevSpace {
				return false
			}
			prevSpace = true
		default:
			return false
		}
	}
	return true
}

// The classes of byte isNormalASCII tells apart (normalClass).
const (
	normalPlain = iota // a byte Normalize keeps as it is
	normalSpace        // ' '
	normalOther        // above ASCII, an upper-case letter, \t \n \v \f \r
)

// normalClass is the class of each byte, as isNormalASCII reads them.
var normalClass = func() (t [256]uint8) {
	for c := range t {
		switch b := byte(c); {
		case b == ' ':
			t[c] = normalSpace
		case b >= utf8.RuneSelf, b >= 'A' && b <= 'Z', b == '\t', b == '\n', b == '\v', b == '\f', b == '\r':
			t[c] = normalOther
		}
	}
	return t
}()

// latinFold maps accented Latin letters (lowercase) to their base letters.
var latinFold = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'ā': "a",
	'ç': "c", 'č': "c",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ē': "e",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ī': "i",
	'ñ': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ö': "o", 'ø': "o", 'ō': "o",
	'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ū': "u",
	'ý': "y", 'ÿ': "y",
	'œ': "oe", 'æ': "ae", 'ß': "ss",
	// Turkish, Azerbaijani, Polish, Czech, Romanian, Hungarian, Croatian and
	// Vietnamese letters as their users type them without the mark
	// ("tesekkurler", "dziekuje", "duoc"); Greek final sigma as sigma, so that
	// a capitalised "ΓΕΙΑ ΣΑΣ" is "γεια σας".
	'ı': "i", 'ş': "s", 'ğ': "g", 'ə': "e", 'ș': "s", 'ț': "t", 'ă': "a", 'ł': "l", 'ś': "s", 'ź': "z",
	'ż': "z", 'ń': "n", 'ę': "e", 'ą': "a", 'ő': "o", 'ű': "u", 'ř': "r", 'ž': "z", 'š': "s", 'ě': "e",
	'đ': "d", 'ư': "u", 'ơ': "o", 'ς': "σ",
	// Arabic: alef variants to bare alef, alef maqsura stays; tatweel dropped below.
	'أ': "ا", 'إ': "ا", 'آ': "ا", 'ٱ': "ا",
	// Arabic-Indic and Eastern Arabic-Indic digits.
	'٠': "0", '١': "1", '٢': "2", '٣': "3", '٤': "4", '٥': "5", '٦': "6", '٧': "7", '٨': "8", '٩': "9",
	'۰': "0", '۱': "1", '۲': "2", '۳': "3", '۴': "4", '۵': "5", '۶': "6", '۷': "7", '۸': "8", '۹': "9",
}

// fold removes diacritics from lowercase text (see the package doc); ASCII text is
// returned unchanged without allocating.
func fold(s string) string {
	if isASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		foldRune(&b, r)
	}
	return b.String()
}

// foldRune writes what a rune folds to: nothing for a combining mark or a
// tatweel, latinFold's letters, or the rune itself.
func foldRune(b *strings.Builder, r rune) {
	if r >= 0xC0 { // below: ASCII and Latin-1 punctuation, nothing to fold
		if r == 'ـ' || foldedMark(r) {
			return
		}
		if f, ok := latinFold[r]; ok {
			b.WriteString(f)
			return
		}
	}
	b.WriteRune(r)
}

// foldedMark reports whether fold drops a combining mark: the accents of
// Latin, Greek and Cyrillic letters (the combining diacritics of script
// Inherited), and the optional pointing of Arabic and Hebrew (harakat,
// niqqud), which people mostly leave out. The marks of the Brahmic and
// other scripts are letters (Devanagari "ु" is the vowel u): dropping them
// made "ुम" the Sindhi weekday "म" and two different words one.
func foldedMark(r rune) bool {
	return unicode.Is(unicode.Mn, r) &&
		unicode.In(r, unicode.Inherited, unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Arabic, unicode.Hebrew)
}

// key is the form lexicon entries and messages are compared in.
func key(s string) string {
	// A turn's readers each ask the key of the same message (about ten times
	// a turn), and a message with a capital ("New York") is lowered anew each
	// time: the last key that differs from its text is kept. key is a pure
	// function, so a concurrent turn that overwrites it only costs a miss.
	if m := lastKey.Load(); m != nil && m.text == s {
		return m.key
	}
	var k string
	t := s
	if len(s) == 0 || !isKeptASCII(s[0]) || !isKeptASCII(s[len(s)-1]) {
		t = trimmed(s) // trimmed's own first test, without its call
	}
	if isNormalASCII(t) {
		k = t // what Normalize returns, and ASCII has nothing to fold: no second scan
	} else {
		k = fold(Normalize(s))
	}
	if k != s && len(s) <= maxKeptKey {
		lastKey.Store(&keyOf{s, k})
	}
	return k
}

// keyOf is a text with its key (key's memo).
type keyOf struct{ text, key string }

// lastKey is the last key worked out that differs from its text; a message
// longer than maxKeptKey is not kept alive by it.
var lastKey atomic.Pointer[keyOf]

const maxKeptKey = 1024

// token is one word of a key with its byte span in that key.
type token struct {
	text       string
	start, end int
}

// isWordRune: a letter, a digit, or a mark fold keeps (a Brahmic vowel
// sign, "ु", "ा"), which is part of its word: a word with a vowel sign is
// one word, not pieces ("मंगलवार", never "म" and "गलव").
func isWordRune(r rune) bool {
	if uint32(r) < utf8.RuneSelf {
		return asciiWord[r]
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc)
}

// The classes of byte the word loops tell apart (wordByte).
const (
	byteOther = iota // an ASCII byte of no word
	byteWord         // an ASCII letter or digit (asciiWord)
	byteHigh         // a byte above ASCII: a rune is decoded
)

// wordByte is the class of each byte: asciiWord's, and byteHigh above ASCII.
var wordByte = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = byteHigh
		case asciiWord[c]:
			t[c] = byteWord
		}
	}
	return t
}()

// asciiWord is isWordRune of each ASCII byte: a table, as every reader's word
// loop asks.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c))
	}
	return t
}()

// tokenize splits a key into words: runs of letters and digits.
func tokenize(k string) []token {
	n, _ := wordCount(k)
	if n == 0 {
		return nil
	}
	return appendTokens(make([]token, 0, n), k)
}

// appendTokens appends k's words (tokenize's) to dst: a caller with a stack
// array keeps a short message's words off the heap.
func appendTokens(dst []token, k string) []token {
	// An ASCII key's words are found here, without a call of nextWord per
	// word: every reader tokenizes the message. From the first byte above
	// ASCII (at the start of the word it is in, if any) nextWord reads on.
	i := 0
	for i < len(k) {
		switch wordByte[k[i]] {
		case byteOther:
			i++
			continue
		case byteHigh:
			return appendWordsFrom(dst, k, i)
		}
		start := i
		for i++; i < len(k) && wordByte[k[i]] == byteWord; i++ {
		}
		if i < len(k) && wordByte[k[i]] == byteHigh {
			return appendWordsFrom(dst, k, start)
		}
		dst = append(dst, token{k[start:i], start, i})
	}
	return dst
}

// appendWordsFrom appends k's words from byte from, a rune's start not
// inside a word, to dst, as nextWord reads them.
func appendWordsFrom(dst []token, k string, from int) []token {
	for start, end := nextWord(k, from); start >= 0; start, end = nextWord(k, end) {
		dst = append(dst, token{k[start:end], start, end})
	}
	return dst
}

// appendJoined appends the tokens' words joined by single spaces to dst.
func appendJoined(dst []byte, toks []token) []byte {
	for i, t := range toks {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, t.text...)
	}
	return dst
}

// firstWords is the set of the first words of a lexicon's phrases: a key none of
// whose words is in it holds none of the phrases.
func firstWords(indexes ...[][]string) map[string]bool {
	set := map[string]bool{}
	for _, index := range indexes {
		for _, p := range index {
			if len(p) > 0 {
				set[p[0]] = true
			}
		}
	}
	return set
}

// hasWordIn reports whether one of k's words (tokenize's runs of letters and
// digits) is in set, without splitting k.
func hasWordIn(k string, set map[string]bool) bool {
	for start, end := nextWord(k, 0); start >= 0; start, end = nextWord(k, end) {
		if set[k[start:end]] {
			return true
		}
	}
	return false
}

// nextWord returns the bounds of k's first word (a run of word runes, as tokenize
// reads them) at or after byte from, which is a rune's start; start is -1 when there
// is none.
func nextWord(k string, from int) (start, end int) {
	start = -1
	// ASCII bytes are read without decoding a rune: most messages are ASCII,
	// and this is every reader's word loop. A word's letters are skipped in
	// a tight loop.
	for from < len(k) {
		switch wordByte[k[from]] {
		case byteHigh:
			goto runes
		case byteWord:
			if start < 0 {
				start = from
			}
			for from++; from < len(k) && wordByte[k[from]] == byteWord; from++ {
			}
			continue
		}
		if start >= 0 {
			return start, from
		}
		from++
	}
runes:
	for i, r := range k[from:] {
		if isWordRune(r) {
			if start < 0 {
				start = from + i
			}
			continue
		}
		if start >= 0 {
			return start, from + i
		}
	}
	return start, len(k)
}

// joinedWords is strings.Join(words(k), " ") and the number of words, without
// building either when k is already its words joined by single spaces.
func joinedWords(k string) (string, int) {
	n, plain := wordCount(k)
	if plain {
		return k, n
	}
	return strings.Join(words(k), " "), n
}

// wordCount counts k's words (tokenize's) and reports whether k is nothing but
// them joined by single spaces.
func wordCount(k string) (n int, plain bool) {
	plain, start, prev := true, -1, -1 // prev: where the last word ended
	for i := 0; i < len(k); {
		// An ASCII byte is classed by the table (isWordRune's own first
		// test) without decoding or a call, and a word's ASCII letters are
		// skipped in a tight loop: this loop reads every word of a key.
		// An ASCII byte is classed by the table, without decoding or a call.
		size, in := 1, wordByte[k[i]] == byteWord
		if wordByte[k[i]] == byteHigh {
			size, in = wordRuneHigh(k, i)
		}
		if in {
			if start < 0 {
				start = i
				n++
				plain = plain && (prev < 0 && i == 0 || prev >= 0 && i == prev+1 && k[prev] == ' ')
			}
			i = pastWordBytes(k, i+size)
			continue
		}
		if start >= 0 {
			prev, start = i, -1
		}
		i += size
	}
	if start < 0 && prev >= 0 {
		plain = false // k ends with a non-word rune
	}
	return n, plain
}

// wordRuneHigh is the size of the rune above ASCII at byte i of k and
// whether it is a word's (isWordRune).
func wordRuneHigh(k string, i int) (size int, in bool) {
	r, size := utf8.DecodeRuneInString(k[i:])
	return size, isWordRune(r)
}

// pastWordBytes is where the run of ASCII word bytes at i ends.
func pastWordBytes(k string, i int) int {
	for i < len(k) && wordByte[k[i]] == byteWord {
		i++
	}
	return i
}

// words returns the words of a key, counted first so that the slice is the
// only allocation (no token slice on the way).
func words(k string) []string {
	n, _ := wordCount(k)
	out := make([]string, 0, n)
	for start, end := nextWord(k, 0); start >= 0; start, end = nextWord(k, end) {
		out = append(out, k[start:end])
	}
	return out
}

// phraseWords returns the words of a lexicon phrase, or nil for an empty one.
func phraseWords(phrase string) []string { return words(key(phrase)) }

// findPhrase returns the index of the first occurrence of phrase as consecutive
// whole words in toks, starting the search at from, or -1.
func findPhrase(toks []token, phrase []string, from int) int {
	if len(phrase) == 0 {
		return -1
	}
outer:
	for i := from; i+len(phrase) <= len(toks); i++ {
		for j, w := range phrase {
			if toks[i+j].text != w {
				continue outer
			}
		}
		return i
	}
	return -1
}

// startsWithPhrase reports whether toks begin with phrase (a non-empty one),
// comparing only as many tokens as the phrase has: a split of a message into
// phrases tries it at every token, so it must not scan the rest.
func startsWithPhrase(toks []token, phrase []string) bool {
	if len(phrase) == 0 || len(phrase) > len(toks) {
		return false
	}
	for j, w := range phrase {
		if toks[j].text != w {
			return false
		}
	}
	return true
}

// containsPhrase reports whether phrase occurs as whole words in toks.
func containsPhrase(toks []token, phrase []string) bool { return findPhrase(toks, phrase, 0) >= 0 }

// WordsWhere splits text into its runs of runes that inWord keeps, given
// each rune's byte offset: strings.FieldsFunc with the position, so that a
// caller can keep a rune in a word by what stands beside it (a decimal mark
// before a digit: "2.5" one word, never "2" and "5").
func WordsWhere(text string, inWord func(i int, r rune) bool) []string {
	var words []string
	start := -1
	for i, r := range text {
		in := inWord(i, r)
		switch {
		case in && start < 0:
			start = i
		case !in && start >= 0:
			words = append(words, text[start:i])
			start = -1
		}
	}
	if start >= 0 {
		words = append(words, text[start:])
	}
	return words
}
