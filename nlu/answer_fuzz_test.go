package nlu

import (
	"strings"
	"testing"
)

// FuzzYesNoTo: the one yes/no rule of every engine never panics and is a pure
// function of its input; its answer is Yes, No or Unknown; the question only
// adds verbs an answer may name, so an answer read without it stands with any
// question; and words asking for a change after an answer leave it Unknown.
func FuzzYesNoTo(f *testing.F) {
	seeds := []struct{ text, question string }{
		{"yep, go ahead and book", ""},
		{"nah, don't do that", "Book Boston -> Paris?"},
		{"forget it, I'm not booking", "Shall I go ahead?"},
		{"yes, renew it", "Renew your plan?"},
		{"no, make it Boston", "Fly to Paris?"},
		{"please do not", ""},
		{"", ""},
		{"¿sí?", "¿Confirmas?"},
		{"don't", "Cancel it?"},
		{"yes yes yes no no", "Book it, 2 nights?"},
	}
	for _, s := range seeds {
		f.Add(s.text, s.question)
	}
	f.Fuzz(func(t *testing.T, text, question string) {
		a := YesNoTo(text, question)
		if a != Yes && a != No && a != Unknown {
			t.Fatalf("YesNoTo(%q, %q) = %d, not an answer", text, question, a)
		}
		if again := YesNoTo(text, question); again != a {
			t.Fatalf("YesNoTo(%q, %q) = %v then %v", text, question, a, again)
		}
		if plain := YesNoTo(text, ""); plain != Unknown && plain != a {
			t.Fatalf("YesNoTo(%q, %q) = %v, but %v without the question", text, question, a, plain)
		}
		if changed := text + " but change the date"; a != Unknown && YesNoTo(changed, question) != Unknown {
			t.Fatalf("YesNoTo(%q, %q) = %v, want Unknown: it asks for a change", changed, question, YesNoTo(changed, question))
		}
	})
}

// BenchmarkYesNoToLongMessage: the split of a message into reply phrases tries
// every phrase at every token; each try compares only the phrase's tokens (a
// scan of the rest made a 20 KB message take seconds).
func BenchmarkYesNoToLongMessage(b *testing.B) {
	text := strings.Repeat("no don't ", 2000)
	for b.Loop() {
		YesNoTo(text, "Book it?")
	}
}
