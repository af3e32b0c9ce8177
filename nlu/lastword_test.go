package nlu

import (
	"strings"
	"testing"
	"unicode"

	"pgregory.net/rapid"
)

// lowerLastWordByRunes is lowerLastWord as it was written before its ASCII
// fast path: the strings functions rune by rune. The two must agree.
func lowerLastWordByRunes(s string, comma bool, buf []byte) []byte {
	isSep := unicode.IsSpace
	if comma {
		isSep = isSpaceOrComma
	}
	s = strings.TrimRightFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
	w := s[strings.LastIndexFunc(s, isSep)+1:]
	if w == "" || len(w) > len(buf) {
		return nil
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return buf[:len(w)]
}

func TestLowerLastWordAgreesWithRunes(t *testing.T) {
	// The want of a separator above ASCII keeps its bytes after the first
	// (LastIndexFunc's index + 1): as the readers always read it.
	for _, tc := range []struct {
		text string
		want string
	}{
		{"Austin, TX", "tx"},
		{"Austin,TX.", "tx"},
		{"new york", "york"},
		{"  Portland Maine!!  ", "maine"},
		{"Zürich", "zürich"},
		{"São Paulo\u00a0SP", "\xa0sp"},
		{"Paris\u00a0", "paris"},
		{"...", ""},
		{"", ""},
		{"a verylongwordthatfitsnobuffer", ""},
		{"¿Bogotá?", "¿bogotá"},
		{"x\u2003Québec»", "\x80\x83québec"},
	} {
		for _, comma := range []bool{false, true} {
			var b1, b2 [24]byte
			got, old := lowerLastWord(tc.text, comma, b1[:]), lowerLastWordByRunes(tc.text, comma, b2[:])
			if string(got) != string(old) || (got == nil) != (old == nil) {
				t.Errorf("lowerLastWord(%q, %v) = %q, the rune by rune reading %q", tc.text, comma, got, old)
			}
			if !comma && string(got) != tc.want && !strings.Contains(tc.text, ",") {
				t.Errorf("lowerLastWord(%q) = %q, want %q", tc.text, got, tc.want)
			}
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOf(rapid.SampledFrom([]rune("aZé ,.!?\u00a0\u0085\t\n-'ü»x\u2003"))).Draw(t, "s")
		comma := rapid.Bool().Draw(t, "comma")
		n := rapid.IntRange(0, 24).Draw(t, "n")
		b1, b2 := make([]byte, n), make([]byte, n)
		got, old := lowerLastWord(s, comma, b1), lowerLastWordByRunes(s, comma, b2)
		if string(got) != string(old) || (got == nil) != (old == nil) {
			t.Fatalf("lowerLastWord(%q, %v, %d) = %q, the rune by rune reading %q", s, comma, n, got, old)
		}
	})
}

// appendTokensByNextWord is appendTokens as it was written before its ASCII
// loop: nextWord word by word. The two must agree.
func appendTokensByNextWord(dst []token, k string) []token {
	for start, end := nextWord(k, 0); start >= 0; start, end = nextWord(k, end) {
		dst = append(dst, token{k[start:end], start, end})
	}
	return dst
}

func TestAppendTokensAgreesWithNextWord(t *testing.T) {
	check := func(k string) bool {
		got, want := appendTokens(nil, k), appendTokensByNextWord(nil, k)
		if len(got) != len(want) {
			return false
		}
		for i := range got {
			if got[i] != want[i] {
				return false
			}
		}
		return true
	}
	for _, k := range []string{
		"i want to book a flight", "new york", "2026-12-12", "yes", "", " ", "a", "zürich to paris",
		"münchen", "café au lait", "मंगलवार को", "ab\u0301c d", "x ñ", "ñ x", "tokyo東京 osaka", "it's 5pm.",
	} {
		if !check(k) {
			t.Errorf("appendTokens(%q) = %v, nextWord's words %v", k, appendTokens(nil, k), appendTokensByNextWord(nil, k))
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.StringOf(rapid.SampledFrom([]rune("ab9 .'-éü\u0301ुम東\u00a0"))).Draw(t, "k")
		if !check(k) {
			t.Fatalf("appendTokens(%q) = %v, nextWord's words %v", k, appendTokens(nil, k), appendTokensByNextWord(nil, k))
		}
	})
}

// asideFrom scans only the lists its first word may start: it reads as
// when every list was scanned.
func TestAsideFromAgreesWithEveryList(t *testing.T) {
	every := func(c string, at [][2]int) bool {
		if phraseAt(c, at, asideNot) > 0 || phraseAt(c, at, asidePast) > 0 ||
			phraseAt(c, at, asideBound) > 0 || phraseAt(c, at, asideBoundNum) > 0 {
			return true
		}
		n := phraseAt(c, at, asideLabels)
		return n > 0 && n < len(at) && isDigit(c[at[n][0]])
	}
	var firsts []string
	for _, list := range [][][]string{asideNot, asidePast, asideBound, asideBoundNum, asideLabels} {
		for _, p := range list {
			firsts = append(firsts, strings.Join(p, " ")+" 12", strings.ToUpper(strings.Join(p, " ")))
		}
	}
	for _, c := range append(firsts, "flight 12", "Flight BA12", "at most 3", "no longer there", "I want to book a flight", "was 5") {
		var spans [24][2]int
		words, ok := asciiWords(c, spans[:0])
		for i := range words {
			if ok && asideFrom(c, words[i:]) != every(c, words[i:]) {
				t.Errorf("asideFrom(%q) from word %d = %v, every list %v", c, i, asideFrom(c, words[i:]), every(c, words[i:]))
			}
		}
	}
}
