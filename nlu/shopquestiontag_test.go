package nlu

import (
	"fmt"
	"slices"
	"testing"
)

// TestWithoutQuestionTag: a statement with a question tag of Singlish,
// Malaysian or Indian English is the plain question; a message without one,
// or without a verb of having or being, is left as it is.
func TestWithoutQuestionTag(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"kayak got or not", "got kayak?"},
		{"belt have or not?", "have belt?"},
		{"got more or not", "got more?"},
		{"you sell tents anot", "you sell tents?"},
		{"you are a bot ah?", "are you a bot?"},
		{"this is the last one is it", "is this the last one?"},
		{"can deliver to Penang or not lah", "can deliver to penang?"},
		{"I don't know or not", "I don't know or not"},
		{"belt ah", "belt ah"},
		{"show me hoodies", "show me hoodies"},
	} {
		if got := WithoutQuestionTag(c.in); got != c.want {
			t.Errorf("WithoutQuestionTag(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestShopParticlesAreNoSearchWords: particles and tags after a product are
// filler, the product is the search.
func TestShopParticlesAreNoSearchWords(t *testing.T) {
	p := NewShopParser(DefaultShopCategories())
	for _, text := range []string{"have tent ka?", "tent lah", "tent leh", "tent lor", "tent po", "tent ji", "tent yaar", "tent bro", "tent mate", "tent fam", "tent pls", "tent eh", "tent innit", "tent fr", "tent krub", "tent sia"} {
		if got := p.Parse(text, "").Terms; fmt.Sprint(got) != "[tent]" {
			t.Errorf("%q: terms %v, want [tent]", text, got)
		}
	}
}

// TestCodePositionProperty: a position written as an index expression counts
// from 0, one written with a numbering sign from 1; anything around it, or no
// number, is no position.
func TestCodePositionProperty(t *testing.T) {
	for n := 0; n < 12; n++ {
		for _, name := range []string{"items", "cards", "products", "results", "list", "x", "page.items"} {
			for _, form := range []string{"%s[%d]", "%s[ %d ]", "%s[%d]?"} {
				text := fmt.Sprintf(form, name, n)
				if got, ok := codePosition(text); !ok || got != n+1 {
					t.Errorf("codePosition(%q) = %d, %v; want %d", text, got, ok, n+1)
				}
			}
		}
		for _, form := range []string{"no. %d", "No.%d", "nr %d", "n° %d", "№%d", "#%d", "the no. %d"} {
			text := fmt.Sprintf(form, n)
			got, ok := codePosition(text)
			if n == 0 && ok || n > 0 && (!ok || got != n) {
				t.Errorf("codePosition(%q) = %d, %v; want %d", text, got, ok, n)
			}
		}
		for _, form := range []string{"no %d", "no, %d", "items[%d] and more", "I want %d", "[%d] belts"} {
			if _, ok := codePosition(fmt.Sprintf(form, n)); ok {
				t.Errorf("codePosition(%q) read a position", fmt.Sprintf(form, n))
			}
		}
	}
}

// TestPoliteWordsThatAreProducts: a polite word of the reply lexicon that is
// also a thing a shop sells ("pet", "love") stays a search word, while the
// particles around it ("ka", "lah") are read away.
func TestPoliteWordsThatAreProducts(t *testing.T) {
	p := NewShopParser(DefaultShopCategories())
	for text, want := range map[string][]string{
		"pet bed":             {"pet", "bed"},
		"love heart necklace": {"love", "heart", "necklace"},
		"have pet bowl ka?":   {"pet", "bowl"},
		"horse tack lah":      {"horse", "tack"},
		"show me polos yaar":  {"polos"},
	} {
		if got := p.Parse(text, "").Terms; !slices.Equal(got, want) {
			t.Errorf("Parse(%q).Terms = %q, want %q", text, got, want)
		}
	}
}
