package nlu

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
}

type compiledIntent struct {
	name     string
	keywords []compiledPhrase
	examples [][]string // content words of each example
}

type compiledPhrase struct {
	key   string
	words []string
}

// NewClassifier precomputes the keyword and example word lists of intents. Intents
// keep their order, which breaks ties.
func NewClassifier(intents []Intent) *Classifier {
	c := &Classifier{intents: make([]compiledIntent, 0, len(intents))}
	for _, in := range intents {
		ci := compiledIntent{name: in.Name}
		for _, kw := range in.Keywords {
			k := key(kw)
			if w := words(k); len(w) > 0 {
				ci.keywords = append(ci.keywords, compiledPhrase{k, w})
			}
		}
		for _, ex := range in.Examples {
			if w := contentWords(words(key(ex))); len(w) > 0 {
				ci.examples = append(ci.examples, w)
			}
		}
		c.intents = append(c.intents, ci)
	}
	var vocab []string
	seen := map[string]bool{}
	for _, in := range c.intents {
		for _, ex := range in.examples {
			for _, w := range ex {
				if !seen[w] {
					seen[w] = true
					vocab = append(vocab, w)
				}
			}
		}
	}
	c.vocab = NewFuzzy(vocab)
	return c
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
	k := key(text)
	toks := tokenize(k)
	if len(toks) == 0 {
		return Result{}, false
	}
	best, bestWords := Result{}, 0
	for _, in := range c.intents {
		for _, kw := range in.keywords {
			if len(kw.words) <= bestWords || !containsPhrase(toks, kw.words) {
				continue
			}
			conf := keywordConfidence
			if kw.key == k || len(kw.words) == len(toks) {
				conf = keywordWholeConfidence
			}
			best, bestWords = Result{in.name, conf}, len(kw.words)
		}
	}
	if bestWords > 0 {
		return best, true
	}
	text2 := make([]string, len(toks))
	for i, t := range toks {
		text2[i] = t.text
	}
	content := contentWords(text2)
	if len(content) == 0 {
		return Result{}, false
	}
	near := c.nearWords(content)
	for _, in := range c.intents {
		for _, ex := range in.examples {
			if s := similarity(ex, content, near); s > best.Confidence {
				best = Result{in.name, s}
			}
		}
	}
	return best, best.Confidence >= Threshold
}

// nearWords lists the pairs of a text word and an example word within
// MaxFuzzyDistance of each other with their distance, found through the
// classifier's index of example words.
func (c *Classifier) nearWords(text []string) []wordPair {
	var near []wordPair
	var buf [16]FuzzyMatch
	for _, w := range text {
		for _, m := range c.vocab.Near(buf[:0], w, MaxFuzzyDistance) {
			near = append(near, wordPair{w, m.Entry, m.Distance})
		}
	}
	return near
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

// similarity scores how well text covers example (see Classify); near lists the
// distances of text and example words close to each other.
func similarity(example, text []string, near []wordPair) float64 {
	recall := 0.0
	for _, w := range example {
		recall += bestWordMatch(w, text, func(t string) (int, bool) { return pairDistance(near, t, w) })
	}
	precision := 0.0
	for _, w := range text {
		precision += bestWordMatch(w, example, func(e string) (int, bool) { return pairDistance(near, w, e) })
	}
	return 0.7*recall/float64(len(example)) + 0.3*precision/float64(len(text))
}

// bestWordMatch is 1 when w is in words, 0.8 when a word is within the fuzzy
// tolerance of w (its distance to w given by dist), else 0.
func bestWordMatch(w string, words []string, dist func(string) (int, bool)) float64 {
	best := 0.0
	for _, x := range words {
		if x == w {
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
func contentWords(ws []string) []string {
	var out []string
	for _, w := range ws {
		if !stopWords[w] {
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		return ws
	}
	return out
}
