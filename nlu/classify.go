package nlu

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// Intent is one intent a Classifier tells apart: example utterances and keyword
// phrases that identify it.
type Intent struct {
	Name     string
	Examples []string
	Keywords []string
}

// Result is a classification: the intent name and a confidence in [0, 1].
type Result struct {
	Intent     string
	Confidence float64
}

// Threshold is the confidence below which Classify reports no intent.
const Threshold = 0.5

// Confidences given to keyword hits.
const (
	keywordWholeConfidence = 1.0 // the whole message is the keyword
	keywordConfidence      = 0.9 // the keyword occurs inside the message
)

// Classifier classifies messages among a fixed list of intents. It is immutable
// once built and safe for concurrent use.
type Classifier struct {
	intents []compiledIntent
	// vocab indexes the examples' words for the fuzzy word match.
	vocab *Fuzzy
	// memo keeps the meaning of the words messages used (Meaning stems with
	// Snowball, about a microsecond a word), up to maxMemo words: a bot's users
	// repeat their words.
	memo     sync.Map // string -> string
	memoSize atomic.Int64
	// examples counts the intents' examples, numbered in intent and example
	// order; holding indexes them by each of their words and meanings.
	examples int
	holding  map[string][]int32
	// starting indexes the keywords, numbered in intent and keyword order
	// (keywordAt), by the first of their words and of their meanings: a
	// keyword is said only where its first word or meaning is.
	starting  map[string][]int32
	keywordAt [][2]int32 // a keyword's intent and place among its keywords
}

// maxMemo bounds the words a Classifier remembers the meaning of.
const maxMemo = 1 << 14

// appendMeanings appends the meaning of each word to dst, remembered.
func (c *Classifier) appendMeanings(dst, ws []string) []string {
	for _, w := range ws {
		if m, ok := c.memo.Load(w); ok {
			dst = append(dst, m.(string))
			continue
		}
		m := Meaning(w)
		dst = append(dst, m)
		if c.memoSize.Load() < maxMemo {
			// The word is a slice of a message's key: a copy of its own keeps
			// the memo from holding every message it saw a new word in.
			if _, loaded := c.memo.LoadOrStore(strings.Clone(w), strings.Clone(m)); !loaded {
				c.memoSize.Add(1)
			}
		}
	}
	return dst
}

type compiledIntent struct {
	name     string
	keywords []compiledPhrase
	examples []compiledExample
}

// compiledPhrase is a keyword: its key and words, and the meanings of its words
// (Meaning), which a message may say in other forms ("booking a flight" for
// "book a flight", "pizzas" for "pizza").
type compiledPhrase struct {
	key      string
	words    []string
	meanings []string
}

// compiledExample is an example's content words and their meanings.
type compiledExample struct {
	words, meanings []string
}

// NewClassifier precomputes the keyword and example word lists of intents. Intents
// keep their order, which breaks ties.
func NewClassifier(intents []Intent) *Classifier {
	c := &Classifier{intents: make([]compiledIntent, 0, len(intents))}
	var vocab []string
	seen := map[string]bool{}
	for _, in := range intents {
		ci := compileIntent(in)
		for _, ex := range ci.examples {
			for _, x := range ex.words {
				if !seen[x] {
					seen[x] = true
					vocab = append(vocab, x)
				}
			}
		}
		c.intents = append(c.intents, ci)
	}
	c.vocab = NewFuzzy(vocab)
	c.indexExamples()
	c.indexKeywords()
	return c
}

// addIndexed appends id to m[w] unless it is already its last (an entry's
// words and meanings index it once).
func addIndexed(m map[string][]int32, w string, id int32) {
	if ids := m[w]; len(ids) == 0 || ids[len(ids)-1] != id {
		m[w] = append(ids, id)
	}
}

// indexKeywords numbers the keywords and indexes them by the first of their
// words and of their meanings (starting).
func (c *Classifier) indexKeywords() {
	c.starting = map[string][]int32{}
	add := func(w string, id int32) { addIndexed(c.starting, w, id) }
	for i, in := range c.intents {
		for j, kw := range in.keywords {
			id := int32(len(c.keywordAt))
			c.keywordAt = append(c.keywordAt, [2]int32{int32(i), int32(j)})
			if len(kw.words) > 0 {
				add(kw.words[0], id)
			}
			if len(kw.meanings) > 0 {
				add(kw.meanings[0], id)
			}
		}
	}
}

// indexExamples numbers the examples and indexes them by their words and
// meanings (holding).
func (c *Classifier) indexExamples() {
	c.holding = map[string][]int32{}
	add := func(w string, id int32) { addIndexed(c.holding, w, id) }
	for _, in := range c.intents {
		for _, ex := range in.examples {
			id := int32(c.examples)
			for i, w := range ex.words {
				add(w, id)
				add(ex.meanings[i], id)
			}
			c.examples++
		}
	}
}

// related marks in rel (one entry per example) the examples that share a word or
// a meaning with the message, or hold a word near one of its words: the others
// score 0 (similarity) and are not scored.
func (c *Classifier) related(rel []bool, content, said []string, near []wordPair) {
	for i, w := range content {
		for _, id := range c.holding[w] {
			rel[id] = true
		}
		for _, id := range c.holding[said[i]] {
			rel[id] = true
		}
	}
	for _, p := range near {
		for _, id := range c.holding[p.example] {
			rel[id] = true
		}
	}
}

// compileIntent splits an intent's keywords and examples (their content words)
// into words and meanings, leaving out those with no words.
func compileIntent(in Intent) compiledIntent {
	ci := compiledIntent{name: in.Name}
	for _, kw := range in.Keywords {
		k := key(kw)
		if w := words(k); len(w) > 0 {
			ci.keywords = append(ci.keywords, compiledPhrase{k, w, meanings(w)})
		}
	}
	for _, ex := range in.Examples {
		if w := contentWords(words(key(ex))); len(w) > 0 {
			ci.examples = append(ci.examples, compiledExample{w, meanings(w)})
		}
	}
	return ci
}

// Classify returns the best intent for text and whether its confidence reaches
// Threshold. A keyword found as whole words wins first (the longest keyword, then
// the earlier intent); otherwise each example is scored by fuzzy word overlap,
// 0.7 × the share of the example's words found in the text + 0.3 × the share of the
// text's words found in the example, stop words ignored.
func (c *Classifier) Classify(text string) (Result, bool) {
	if c == nil {
		return Result{}, false
	}
	// A message's words, their meanings and its near pairs fit in stack arrays
	// unless it is long: a classification allocates nothing but its key.
	var (
		tokBuf                             [16]token
		wsBuf, allBuf, contentBuf, saidBuf [16]string
		nearBuf                            [16]wordPair
	)
	k := key(text)
	toks := appendTokens(tokBuf[:0], k)
	if len(toks) == 0 {
		return Result{}, false
	}
	ws := wsBuf[:0]
	for _, t := range toks {
		ws = append(ws, t.text)
	}
	all := c.appendMeanings(allBuf[:0], ws)
	if best, ok := c.keyword(k, toks, all); ok {
		return best, true
	}
	content, said := appendContentWords(contentBuf[:0], ws), all
	if len(content) != len(ws) {
		said = c.appendMeanings(saidBuf[:0], content) // remembered by now
	}
	best := c.closestExample(content, said, c.appendNearWords(nearBuf[:0], content))
	return best, best.Confidence >= Threshold
}

// closestExample is the intent of the example most similar to the message's
// content words (the earlier on a tie).
func (c *Classifier) closestExample(content, said []string, near []wordPair) Result {
	var relBuf [64]bool
	rel := relBuf[:0]
	if c.examples > len(relBuf) {
		rel = make([]bool, c.examples)
	}
	rel = rel[:c.examples]
	c.related(rel, content, said, near)
	best, id := Result{}, 0
	for _, in := range c.intents {
		for _, ex := range in.examples {
			// An example that shares nothing with the message scores 0, which
			// never beats the best (a score above 0 is needed to win).
			if rel[id] {
				if s := similarity(ex, content, said, near); s > best.Confidence {
					best = Result{in.name, s}
				}
			}
			id++
		}
	}
	return best
}

// keyword finds the longest keyword the message says: as written (whole words),
// or its words' meanings side by side among the message's ("booking a flight",
// "two pizzas"). Ties go to the earlier intent.
func (c *Classifier) keyword(k string, toks []token, said []string) (Result, bool) {
	// Only the keywords starting with a word or a meaning of the message are
	// tried (starting); of those said, the longest, then the first in intent
	// and keyword order wins, as trying them all in that order would find.
	b := keywordBest{id: -1}
	for _, t := range toks {
		b = c.tryKeywords(b, c.starting[t.text], k, toks, said)
	}
	for _, m := range said {
		b = c.tryKeywords(b, c.starting[m], k, toks, said)
	}
	return b.best, b.words > 0
}

// keywordBest is the best keyword keyword found so far: its result, words
// and number.
type keywordBest struct {
	best  Result
	words int
	id    int32
}

// tryKeywords is b after weighing the keywords numbered ids.
func (c *Classifier) tryKeywords(b keywordBest, ids []int32, k string, toks []token, said []string) keywordBest {
	for _, id := range ids {
		at := c.keywordAt[id]
		in := &c.intents[at[0]]
		kw := in.keywords[at[1]]
		n := len(kw.words)
		if n < b.words || n == b.words && id >= b.id || n == 0 {
			continue
		}
		if conf, ok := kw.confidence(k, toks, said); ok {
			b = keywordBest{Result{in.name, conf}, n, id}
		}
	}
	return b
}

// confidence is how surely the message (key k, tokens toks, word meanings said)
// says the keyword: the whole message, or as written inside it, or its words'
// meanings side by side; false when it does not.
func (kw compiledPhrase) confidence(k string, toks []token, said []string) (float64, bool) {
	switch {
	case containsPhrase(toks, kw.words):
		if kw.key == k || len(kw.words) == len(toks) {
			return keywordWholeConfidence, true
		}
		return keywordConfidence, true
	case len(kw.meanings) > 0 && containsWords(said, kw.meanings):
		return keywordConfidence, true
	}
	return 0, false
}

// containsWords reports whether phrase occurs as consecutive words of ws.
func containsWords(ws, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(phrase)], phrase) {
			return true
		}
	}
	return false
}

// appendNearWords appends the pairs of a text word and an example word within
// MaxFuzzyDistance of each other with their distance, found through the
// classifier's index of example words.
func (c *Classifier) appendNearWords(near []wordPair, text []string) []wordPair {
	var buf [16]FuzzyMatch
	for _, w := range text {
		for _, m := range c.vocab.Near(buf[:0], w, reach(w)) {
			near = append(near, wordPair{w, m.Entry, m.Distance})
		}
	}
	return near
}

// reach is the largest distance at which a word of w's length can be within
// the fuzzy tolerance of a word or of itself (FuzzyTolerance): a word of five
// letters is never within two edits of a word of eight or more.
func reach(w string) int {
	switch n := utf8.RuneCountInString(w); {
	case n <= 2:
		return 0
	case n <= 5:
		return 1
	}
	return MaxFuzzyDistance
}

// wordPair is a text word and an example word near it.
type wordPair struct {
	text, example string
	distance      int
}

// pairDistance is the distance of a text word and an example word, when near
// lists them.
func pairDistance(near []wordPair, text, example string) (int, bool) {
	for _, p := range near {
		if p.text == text && p.example == example {
			return p.distance, true
		}
	}
	return 0, false
}

// similarity scores how well text covers example (see Classify); said are the
// meanings of the text's words, near lists the distances of text and example
// words close to each other.
func similarity(ex compiledExample, text, said []string, near []wordPair) float64 {
	recall := 0.0
	for i, w := range ex.words {
		recall += wordMatch(w, ex.meanings[i], text, said, func(t string) (int, bool) { return pairDistance(near, t, w) })
	}
	precision := 0.0
	for i, w := range text {
		precision += wordMatch(w, said[i], ex.words, ex.meanings, func(e string) (int, bool) { return pairDistance(near, w, e) })
	}
	return 0.7*recall/float64(len(ex.words)) + 0.3*precision/float64(len(text))
}

// wordMatch is 1 when w, or its meaning, is among words (whose meanings are
// given), 0.8 when a word is within the fuzzy tolerance of w (its distance to
// w given by dist), else 0.
func wordMatch(w, meaning string, words, wordMeanings []string, dist func(string) (int, bool)) float64 {
	best := 0.0
	for i, x := range words {
		if x == w || wordMeanings[i] == meaning {
			return 1
		}
		if d, ok := dist(x); best == 0 && ok && d <= FuzzyTolerance(w) {
			best = 0.8
		}
	}
	return best
}

// stopWords carry no intent; they are ignored by the example similarity.
var stopWords = map[string]bool{
	"a": true, "an": true, "the": true, "i": true, "me": true, "my": true, "to": true, "for": true,
	"of": true, "in": true, "on": true, "at": true, "is": true, "it": true, "and": true, "or": true,
	"please": true, "can": true, "could": true, "would": true, "you": true, "do": true, "some": true,
	"want": true, "like": true, "need": true, "id": true, "im": true, "am": true, "be": true, "this": true,
	"that": true, "with": true, "d": true, "ll": true, "s": true, "m": true, "re": true, "ve": true,
	"je": true, "veux": true, "voudrais": true, "le": true, "la": true, "les": true, "un": true,
	"une": true, "des": true, "de": true, "du": true, "pour": true, "et": true, "svp": true,
	"quiero": true, "el": true, "los": true, "las": true, "una": true, "por": true, "favor": true,
	"y": true, "para": true, "bghit": true, "wach": true,
}

// contentWords drops stop words; when nothing is left it keeps all words, so "hi"
// style examples still count.
func contentWords(ws []string) []string { return appendContentWords(nil, ws) }

// appendContentWords is contentWords appending to dst.
func appendContentWords(dst, ws []string) []string {
	n := len(dst)
	for _, w := range ws {
		if !stopWords[w] {
			dst = append(dst, w)
		}
	}
	if len(dst) == n {
		return ws
	}
	return dst
}
