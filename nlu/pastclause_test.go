package nlu

import (
	"testing"

	"pgregory.net/rapid"
)

// TestPastClauseAside checks a clause opening with a past said without its
// subject (reader_words.txt past_verb, or a past in -ed before its object):
// the speaker's story, an aside beside the answer; an attribute in -ed
// ("lined with fleece") and a place stay the answer's.
func TestPastClauseAside(t *testing.T) {
	cases := []struct{ text, part string }{
		{"a scarf, broke my old one", "a scarf"},
		{"Denver, moved there in May", "Denver"},
		{"hello, just found your shop", "hello"},
		{"tuesday, finally paid the deposit", "tuesday"},
		{"porto, dropped my phone in the river", "porto"},
		{"unas botas, perdí las mías", "unas botas"},
		{"a jacket, lined with fleece", "a jacket, lined with fleece"},
		{"a hat, hooded and warm", "a hat, hooded and warm"},
		{"boston, lost", "boston, lost"},
	}
	for _, c := range cases {
		if part, _ := AnswerPart(c.text); part != c.part {
			t.Errorf("AnswerPart(%q) = %q; want %q", c.text, part, c.part)
		}
	}
}

// TestPastClauseAsideProperty: any answer word, a comma, a listed past and
// more words is the answer and a story after it.
func TestPastClauseAsideProperty(t *testing.T) {
	var pasts []string
	for w := range pastVerbs {
		pasts = append(pasts, w)
	}
	rapid.Check(t, func(t *rapid.T) {
		answer := rapid.SampledFrom([]string{"a scarf", "friday", "two nights", "gloves", "the 4th"}).Draw(t, "answer")
		past := rapid.SampledFrom(pasts).Draw(t, "past")
		adverb := rapid.SampledFrom([]string{"", "just ", "finally "}).Draw(t, "adverb")
		rest := rapid.SampledFrom([]string{"my old one", "the whole lot", "it last week"}).Draw(t, "rest")
		text := answer + ", " + adverb + past + " " + rest
		if part, k := AnswerPart(text); part != answer || k != AsideReason {
			t.Fatalf("AnswerPart(%q) = %q, %d; want %q, a reason", text, part, k, answer)
		}
	})
}
