package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestIsWellWish: a sentence hoping the reader is well is a well-wish,
// whole; one asking for or naming anything more is not.
func TestIsWellWish(t *testing.T) {
	for text, want := range map[string]bool{
		"I hope all is well with you.":      true,
		"I hope you're well!":               true,
		"hope you are doing well":           true,
		"I hope this email finds you well.": true,
		"I hope you have caps":              false,
		"hope all is well, do you ship?":    false,
		"I hope the cap fits well":          false,
		"":                                  false,
	} {
		if got := IsWellWish(text); got != want {
			t.Errorf("IsWellWish(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestWellWishWithMoreIsNone: a well-wish with any word added after it is
// no well-wish (the caller reads the rest), never a wider match.
func TestWellWishWithMoreIsNone(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := rapid.SampledFrom(wellWishes()).Draw(t, "wish")
		extra := rapid.SampledFrom([]string{"caps", "and do you ship", "please show me hoodies", "cheap"}).Draw(t, "extra")
		text := "I " + strings.Join(p, " ") + " " + extra
		if IsWellWish(text) {
			t.Fatalf("%q read as a well-wish", text)
		}
		if !IsWellWish("I " + strings.Join(p, " ") + ".") {
			t.Fatalf("%q not read", strings.Join(p, " "))
		}
	})
}
