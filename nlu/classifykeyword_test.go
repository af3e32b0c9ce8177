package nlu

import (
	"math/rand"
	"strings"
	"testing"
)

// keywordSpec is Classifier.keyword as written before its index: every
// keyword in intent and keyword order, the longest said winning.
func (c *Classifier) keywordSpec(k string, toks []token, said []string) (Result, bool) {
	best, bestWords := Result{}, 0
	for _, in := range c.intents {
		for _, kw := range in.keywords {
			if len(kw.words) <= bestWords {
				continue
			}
			if conf, ok := kw.confidence(k, toks, said); ok {
				best, bestWords = Result{in.name, conf}, len(kw.words)
			}
		}
	}
	return best, bestWords > 0
}

// TestKeywordIndexIsItsSpec checks the indexed keyword search against trying
// every keyword, on random messages of the keywords' words and their forms.
func TestKeywordIndexIsItsSpec(t *testing.T) {
	c := NewClassifier([]Intent{
		{Name: "book", Keywords: []string{"book a flight", "book flight", "book", "one way", "one-way ticket", "flight ticket", "plane tickets"}},
		{Name: "other", Keywords: []string{"a flight", "book a flight", "flights", "booking", "tickets", "way"}},
		{Name: "cancel", Keywords: []string{"cancel my booking", "cancel", "cancel booking", "no way"}},
	})
	words := []string{"book", "booking", "books", "a", "flight", "flights", "one", "way", "one-way", "ticket", "tickets",
		"plane", "cancel", "cancelling", "my", "no", "booked", "the", "x"}
	r := rand.New(rand.NewSource(1))
	for range 50000 {
		ws := make([]string, 1+r.Intn(7))
		for i := range ws {
			ws[i] = words[r.Intn(len(words))]
		}
		k := key(strings.Join(ws, " "))
		toks := appendTokens(nil, k)
		var texts []string
		for _, tk := range toks {
			texts = append(texts, tk.text)
		}
		said := c.appendMeanings(nil, texts)
		got, ok := c.keyword(k, toks, said)
		want, wantOK := c.keywordSpec(k, toks, said)
		if got != want || ok != wantOK {
			t.Fatalf("keyword(%q) = %v %v, spec %v %v", k, got, ok, want, wantOK)
		}
	}
}
