package nlu

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// The readers' hot loops were rewritten for speed (issue 38's cost target);
// each property here holds the new loop to the old one it replaced, kept
// below as the reference, on generated text.

// perfPieces are the pieces generated texts are made of: ASCII words, digits
// and marks, the bytes the fast paths treat apart (’, the wide marks, the
// Tibetan tsheg, lead bytes without their tail), and letters of other scripts.
var perfPieces = []string{
	"a", "Z", "book", "New", "york", "2026", "12", "-", ",", ";", ":", ".", "!", "?", "\n", " ", "  ", "\t",
	"'", "’", "‘", "،", "؛", "؟", "、", "，", "；", "。", "！", "？", "་", "ནངས་པ་", "\xe2", "\xd8", "\xe3", "\xef",
	"\xe2\x80", "é", "Ğ", "дом", "東京", "\u200b", "(", ")", "/", "&", "0", "9", "x-y", "St.", "*", "_", "`", "~", ":", "=", "–", "—", "→", "：",
}

func perfText(t *rapid.T) string {
	return strings.Join(rapid.SliceOfN(rapid.SampledFrom(perfPieces), 0, 14).Draw(t, "pieces"), "")
}

// sideWordsReference is sideWords as it was before its byte table: each byte
// read through sideByte.
func sideWordsReference(text string, dst []sideWord) []sideWord {
	var clause, sentence bool
	start := -1
	for i := 0; i <= len(text); {
		c, size, inWord := sideByte(text, i)
		if !inWord && start >= 0 {
			if len(dst) == cap(dst) {
				return dst
			}
			dst = append(dst, sideWord{start, i, clause || sentence, sentence})
			clause = strings.HasSuffix(text[start:i], "་")
			start, sentence = -1, false
		}
		if inWord && start < 0 {
			start = i
		}
		clause = clause || !inWord && strings.IndexByte(",;:-", c) >= 0
		sentence = sentence || !inWord && strings.IndexByte(".!?\n", c) >= 0 && !(i < len(text) && abbreviationDot(text, i, dst))
		i += size
	}
	return dst
}

func TestSideWordsMatchesReference(t *testing.T) {
	for _, text := range []string{"", "I want to book a flight", "2026-12-12", "yes. no, maybe; that’s it", "دوشنبه، مننه", "ནངས་པ་ ཀ་དྲིན་ཆེ་", "東京。大阪", "\xe2x\xd8"} {
		var a, b [48]sideWord
		if got, want := sideWords(text, a[:0]), sideWordsReference(text, b[:0]); !slices.Equal(got, want) {
			t.Errorf("sideWords(%q) = %v, want %v", text, got, want)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		text := perfText(t)
		n := rapid.IntRange(0, 8).Draw(t, "cap")
		got, want := sideWords(text, make([]sideWord, 0, n)), sideWordsReference(text, make([]sideWord, 0, n))
		if !slices.Equal(got, want) {
			t.Fatalf("sideWords(%q) = %v, want %v", text, got, want)
		}
	})
}

func TestOneTypoMatchesDistance(t *testing.T) {
	for _, c := range []struct{ a, b string }{{"persn", "person"}, {"person", "person"}, {"agnet", "agent"}, {"", "a"}, {"ab", "ba"}, {"abc", "abcde"}, {"pérson", "person"}, {"a", ""}} {
		if got, want := oneTypoAnyScript(c.a, c.b), osaDistance(c.a, c.b) == 1; got != want {
			t.Errorf("oneTypoAnyScript(%q, %q) = %v, want %v", c.a, c.b, got, want)
		}
	}
	letters := []string{"a", "b", "e", "n", "s", "é", "ß", "-"}
	word := rapid.Custom(func(t *rapid.T) string {
		return strings.Join(rapid.SliceOfN(rapid.SampledFrom(letters), 0, 7).Draw(t, "letters"), "")
	})
	rapid.Check(t, func(t *rapid.T) {
		a := word.Draw(t, "a")
		b := a
		if rapid.Bool().Draw(t, "edit") && len(a) > 0 {
			// Near words are the interesting ones: one edit of a, most often.
			i := rapid.IntRange(0, len(a)-1).Draw(t, "at")
			b = a[:i] + rapid.SampledFrom(letters).Draw(t, "letter") + a[min(i+rapid.IntRange(0, 2).Draw(t, "cut"), len(a)):]
		} else {
			b = word.Draw(t, "b")
		}
		if got, want := oneTypoAnyScript(a, b), osaDistance(a, b) == 1; got != want {
			t.Fatalf("oneTypoAnyScript(%q, %q) = %v, want %v", a, b, got, want)
		}
	})
}

// nearWordReference is NearWord as it was before its ASCII path told the
// lengths by bytes.
func nearWordReference(typed, word string) bool {
	n, m := utf8.RuneCountInString(typed), utf8.RuneCountInString(word)
	if typed == word || n < 3 || n-m > 1 || m-n > 1 {
		return false
	}
	if isASCII(typed) && isASCII(word) {
		return oneTypoASCII(typed, word)
	}
	return osaDistance(typed, word) == 1
}

func TestNearWordMatchesReference(t *testing.T) {
	for _, c := range []struct{ a, b string }{{"fro", "from"}, {"form", "from"}, {"tto", "to"}, {"to", "to"}, {"fr", "for"}, {"frôm", "from"}, {"", ""}} {
		if got, want := NearWord(c.a, c.b), nearWordReference(c.a, c.b); got != want {
			t.Errorf("NearWord(%q, %q) = %v, want %v", c.a, c.b, got, want)
		}
	}
	letters := []string{"f", "r", "o", "m", "t", "ô", "é", " ", "'"}
	word := rapid.Custom(func(t *rapid.T) string {
		return strings.Join(rapid.SliceOfN(rapid.SampledFrom(letters), 0, 6).Draw(t, "letters"), "")
	})
	rapid.Check(t, func(t *rapid.T) {
		a, b := word.Draw(t, "typed"), word.Draw(t, "word")
		if got, want := NearWord(a, b), nearWordReference(a, b); got != want {
			t.Fatalf("NearWord(%q, %q) = %v, want %v", a, b, got, want)
		}
	})
}

// mayHavePrefixReference is mayHavePrefix as it was: each prefix's first
// rune decoded in turn.
func mayHavePrefixReference(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	for _, p := range glosses.prefixes {
		if first, _ := utf8.DecodeRuneInString(p.words[0]); first == r {
			return true
		}
	}
	return false
}

func TestMayHavePrefixMatchesReference(t *testing.T) {
	starts := []string{"", "a", "b", "\xff", "é", "ل", "و", "ب", "東", "k"}
	for _, p := range glosses.prefixes {
		starts = append(starts, p.words[0], p.words[0][:1])
	}
	for _, w := range starts {
		if got, want := mayHavePrefix(w), mayHavePrefixReference(w); got != want {
			t.Errorf("mayHavePrefix(%q) = %v, want %v", w, got, want)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom(starts).Draw(t, "start") + perfText(t)
		if got, want := mayHavePrefix(w), mayHavePrefixReference(w); got != want {
			t.Fatalf("mayHavePrefix(%q) = %v, want %v", w, got, want)
		}
	})
}

func TestMarkSetInIsContainsAny(t *testing.T) {
	sets := []string{",;.!?؟،-–—", "*_`~", ":=-–—→：", "", "a", "é"}
	for _, chars := range sets {
		for _, text := range []string{"", "New York", "Destination: Boston", "a–b", "東京。", "\xff", "**x**", "x\xffy:"} {
			if got, want := NewMarkSet(chars).In(text), strings.ContainsAny(text, chars); got != want {
				t.Errorf("NewMarkSet(%q).In(%q) = %v, want %v", chars, text, got, want)
			}
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		chars := rapid.SampledFrom(sets).Draw(t, "chars")
		text := perfText(t)
		if got, want := NewMarkSet(chars).In(text), strings.ContainsAny(text, chars); got != want {
			t.Fatalf("NewMarkSet(%q).In(%q) = %v, want %v", chars, text, got, want)
		}
	})
}

// TestKeyIsFoldedNormalize holds key, whose ASCII path skips fold and Normalize,
// to fold(Normalize(s)), its memo included (each text asked twice).
func TestKeyIsFoldedNormalize(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := perfText(t)
		want := fold(Normalize(s))
		for range 2 {
			if got := key(s); got != want {
				t.Fatalf("key(%q) = %q, want %q", s, got, want)
			}
		}
	})
}
