package nlu

import (
	"math"
	"slices"
	"unicode/utf8"
)

// IntentModel is an intent classifier learned from examples when a bot loads: a
// multinomial naive Bayes over the message's words and the character 3-grams of
// each word (so "thx", "thanx" and "thanks" share grams, and a word in another
// form or with a typo still weighs). Pure Go, no outside model: training a few
// hundred examples takes well under a millisecond (TestIntentModelTrainsFast).
//
// It answers with a confidence, never a guess: Classify's confidence is the
// posterior of the best intent times the share of the message's content words
// that intent's own examples use, so a message about something else ("bench 100 kg") is below any
// threshold however its grams fall. Rules come first where they are certain; the
// model reads what they do not (BuiltinIntent).
type IntentModel struct {
	labels []string
	// logPrior is per label; logLik maps a feature to its log likelihood per
	// label (one lookup a feature when classifying).
	logPrior []float64
	logLik   map[string][]float64
	// logUnseen is, per label, the log likelihood of a feature its examples lack.
	logUnseen []float64
	// labelWords holds, per label, the words of its own examples;
	// generatedWords those only its generated sentences use.
	labelWords     []map[string]bool
	generatedWords []map[string]bool
}

// Labelled is one intent's examples.
type Labelled struct {
	Intent   string
	Examples []string
	// Generated are sentences expanded from a grammar (intent_grammar): they
	// teach words and grams like examples, but weigh together as at most
	// generatedWeight examples and leave the prior to Examples, so a grammar's
	// thousand combinations neither drown the hand-written examples nor make
	// their intent the likelier guess.
	Generated []string
}

// generatedWeight is how many examples a label's generated sentences weigh
// together at most.
const generatedWeight = 30

// TrainIntents learns a model from labelled examples. Labels keep their order,
// which breaks ties; an intent without examples is left out.
func TrainIntents(data []Labelled) *IntentModel {
	m := &IntentModel{}
	vocab := map[string]bool{}
	counts := make([]map[string]float64, 0, len(data))
	var total int
	for _, d := range data {
		if len(d.Examples) == 0 {
			continue
		}
		c := map[string]float64{}
		own, generated := map[string]bool{}, map[string]bool{}
		learn := func(ex string, weight float64, words map[string]bool) {
			ws := intentWords(ex)
			for _, w := range ws {
				words[w] = true
			}
			eachFeature(ws, func(f []byte) {
				if _, ok := c[string(f)]; ok { // no allocation for a feature seen before
					c[string(f)] += weight
					return
				}
				s := string(f)
				c[s] = weight
				vocab[s] = true
			})
		}
		for _, ex := range d.Examples {
			learn(ex, 1, own)
		}
		for _, ex := range d.Generated {
			learn(ex, min(1, generatedWeight/float64(len(d.Generated))), generated)
		}
		m.labels = append(m.labels, d.Intent)
		m.labelWords = append(m.labelWords, own)
		m.generatedWords = append(m.generatedWords, generated)
		counts = append(counts, c)
		m.logPrior = append(m.logPrior, float64(len(d.Examples)))
		total += len(d.Examples)
	}
	m.logLik = make(map[string][]float64, len(vocab))
	v := float64(len(vocab))
	denom := make([]float64, len(counts))
	for i, c := range counts {
		m.logPrior[i] = math.Log(m.logPrior[i] / float64(total))
		var n float64
		for _, x := range c {
			n += x
		}
		// Laplace smoothing: every feature of the vocabulary once more.
		denom[i] = n + v
		m.logUnseen = append(m.logUnseen, -math.Log(denom[i]))
	}
	all := make([]float64, len(vocab)*len(counts)) // one allocation for every feature's row
	for f := range vocab {
		lik := all[:len(counts):len(counts)]
		all = all[len(counts):]
		for i, c := range counts {
			lik[i] = math.Log((c[f] + 1) / denom[i])
		}
		m.logLik[f] = lik
	}
	return m
}

// saysOnly reports whether every word of text is a word of intent's own
// examples.
func (m *IntentModel) saysOnly(text, intent string) bool {
	i := slices.Index(m.labels, intent)
	if i < 0 {
		return false
	}
	for _, w := range intentWords(text) {
		if !m.labelWords[i][w] {
			return false
		}
	}
	return true
}

// Labels are the intents the model tells apart, in training order.
func (m *IntentModel) Labels() []string { return slices.Clone(m.labels) }

// Classify returns the most likely intent and a confidence in [0, 1]: the
// posterior of that intent, with the likelihood averaged per feature (naive
// Bayes' product over many grams is overconfident), times the share of the
// message's words some example has. An empty model or message is no intent.
func (m *IntentModel) Classify(text string) Result {
	// The words, the sums and the features are kept on the stack: the
	// built-in model reads most messages of a conversation.
	var tokBuf [24]token
	var wordBuf [24]string
	ws := wordBuf[:0]
	for _, t := range appendTokens(tokBuf[:0], key(text)) {
		ws = append(ws, t.text)
	}
	if len(m.labels) == 0 || len(ws) == 0 {
		return Result{}
	}
	var sumBuf [16]float64
	sums := sumBuf[:0]
	if len(m.labels) > len(sumBuf) {
		sums = make([]float64, 0, len(m.labels))
	}
	sums = sums[:len(m.labels)]
	n := 0
	var fs features
	for fs.next(ws) {
		n++
		lik, ok := m.logLik[string(fs.f())] // no allocation: the compiler looks up the bytes
		if !ok {
			lik = m.logUnseen
		}
		for i, l := range lik {
			sums[i] += l
		}
	}
	scores := sums
	for i := range scores {
		// The mean log likelihood per feature, scaled so a message weighs like a
		// short sentence of evidence, keeps the posterior from being all or nothing.
		scores[i] = m.logPrior[i] + 14*sums[i]/float64(n)
	}
	best := 0
	for i := range scores {
		if scores[i] > scores[best] {
			best = i
		}
	}
	var z float64
	for _, s := range scores {
		z += math.Exp(s - scores[best])
	}
	return Result{Intent: m.labels[best], Confidence: (0.5 + 0.5*m.coverage(ws, best)) / z}
}

// coverage is the share of the message's words that speak for label: a word of
// label's own examples speaks for it; a content word they do not use speaks
// against it, even one another intent's examples know ("few" of "the next few"
// is no evidence of a person asked for, so "a few" is not one however its grams
// fall); a function word they do not use ("a", "the") says nothing. A word
// only the label's generated sentences use counts half against: the grammar's
// frame word alone ("chat" of "chat with", "like" of "I'd like") is no
// request, but among the examples' words it costs less than a stranger.
func (m *IntentModel) coverage(ws []string, label int) float64 {
	own, generated := m.labelWords[label], m.generatedWords[label]
	var support, against float64
	for _, w := range ws {
		switch {
		case own[w]:
			support++
		case functionWords[w]:
		case generated[w]:
			against += 0.5
		default:
			against++
		}
	}
	if support == 0 {
		return 0
	}
	return support / (support + against)
}

// intentWords are a text's words, folded as every reader folds them (case,
// accents, Arabic letter forms).
func intentWords(text string) []string { return words(key(text)) }

// eachFeature calls see with each feature of the words (features). The bytes
// are only valid during the call.
func eachFeature(ws []string, see func(f []byte)) {
	var fs features
	for fs.next(ws) {
		see(fs.f())
	}
}

// features walks the features of words: each word ("w:" and the word) and
// the character 3-grams of the word padded with "#" ("g:" and the gram), so a
// short word is its own grams too. A walk needs no allocation and no function
// value, so a caller's walk stays on its stack (which is why it keeps lengths
// into its arrays, not slices of them); f is only valid until next.
type features struct {
	wi    int // the next word
	buf   [64]byte
	n     int // the feature's length in buf
	pbuf  [64]byte
	runes [32]int // byte offsets of the padded word's runes in pbuf
	nr    int     // the offsets held in runes
	gram  int     // the next gram of the word
}

// f is the current feature.
func (fs *features) f() []byte { return fs.buf[:fs.n] }

// next moves to the next feature of ws, the same words at every call of a
// walk, and reports whether there is one.
func (fs *features) next(ws []string) bool {
	if fs.gram+3 < fs.nr {
		f := append(append(fs.buf[:0], "g:"...), fs.pbuf[fs.runes[fs.gram]:fs.runes[fs.gram+3]]...)
		fs.n = len(f)
		fs.gram++
		return true
	}
	if fs.wi == len(ws) {
		return false
	}
	w := featureWord(ws[fs.wi])
	fs.wi++
	fs.n = len(append(append(fs.buf[:0], "w:"...), w...))
	padded := append(append(append(fs.pbuf[:0], '#'), w...), '#')
	offs := fs.runes[:0]
	for i := range string(padded) {
		offs = append(offs, i)
	}
	offs = append(offs, len(padded))
	fs.nr, fs.gram = len(offs), 0
	return true
}

// maxFeatureRunes and maxFeatureBytes bound the part of a word a features walk
// reads: its padded word and offsets must fit the walk's arrays (a 32-rune
// word overflowed them). No word of any language the intents are taught in
// is this long; a longer one is read by its first runes, at training and
// classification alike.
const (
	maxFeatureRunes = 29 // + two pads + the end offset = len(features.runes)
	maxFeatureBytes = 60 // + two pads fits pbuf; + "w:" fits buf
)

// featureWord is w cut, at a rune boundary, to what a features walk reads.
func featureWord(w string) string {
	runes := 0
	for i := range w {
		if runes == maxFeatureRunes {
			w = w[:i]
			break
		}
		runes++
	}
	for len(w) > maxFeatureBytes {
		_, size := utf8.DecodeLastRuneInString(w)
		w = w[:len(w)-size]
	}
	return w
}
