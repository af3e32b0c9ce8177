package nlu

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// numericDateMatches are the matches nextNumericDate walks in k.
func numericDateMatches(k string) [][]int {
	var got [][]int
	for m, ok := nextNumericDate(k, 0); ok; m, ok = nextNumericDate(k, m[1]) {
		got = append(got, append([]int(nil), m[:]...))
	}
	return got
}

// sameAsExpression reports how nextNumericDate's matches in k differ from
// numericDateRe.FindAllStringSubmatchIndex's, or "" when they do not.
func sameAsExpression(k string) string {
	got, want := fmt.Sprint(numericDateMatches(k)), fmt.Sprint(numericDateRe.FindAllStringSubmatchIndex(k, -1))
	if got != want {
		return fmt.Sprintf("%q: matches %s, the expression's %s", k, got, want)
	}
	return ""
}

// TestNextNumericDateIsTheExpression: nextNumericDate walks exactly the
// matches of numericDateRe, on texts made of digits, separators, letters, an
// underscore, spaces and a multi-byte letter.
func TestNextNumericDateIsTheExpression(t *testing.T) {
	pieces := []string{"1", "2", "12", "31", "2026", "123", "00000", "/", ".", "-", " ", "a", "T", "_", "é", ",", "//"}
	rapid.Check(t, func(t *rapid.T) {
		k := strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 12).Draw(t, "pieces"), "")
		if diff := sameAsExpression(k); diff != "" {
			t.Fatal(diff)
		}
	})
}

func TestNextNumericDateExamples(t *testing.T) {
	for _, k := range []string{"2026-12-12", "12/25", "25.12.2026", "on 3/4/26 or 5-6", "1-2-12345", "123-45", "x12/3", "12/3x", "é1.2", "12/25/2026t10", ""} {
		if diff := sameAsExpression(k); diff != "" {
			t.Error(diff)
		}
	}
}
