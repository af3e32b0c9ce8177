package nlu

// A numeric date ("12/25", "25.12.2026") is looked for in every message with a
// digit before a separator, a date answer's most common form. numericDateRe
// says what one is; nextNumericDate finds the same matches by hand, without the
// regular expression engine's backtracking (a turn's cost): the tests hold the
// two equal.

// nextNumericDate is the first match of numericDateRe in k at from or after,
// as FindStringSubmatchIndex gives it (the fourth group -1 when absent); a walk
// over k's matches goes on from the end of the last (FindAllStringSubmatchIndex).
func nextNumericDate(k string, from int) ([10]int, bool) {
	for i := from; i < len(k); i++ {
		if isDigitByte(k[i]) && (i == 0 || !isWordByte(k[i-1])) {
			if m, ok := numericDateAt(k, i); ok {
				return m, true
			}
		}
	}
	return [10]int{}, false
}

// numericDateAt is numericDateRe's match starting at i, a digit at a word's
// start, trying its choices in the expression's order: the longer digit runs
// first, the year before none.
func numericDateAt(k string, i int) ([10]int, bool) {
	for g1 := min(digitsAt(k, i), 2); g1 >= 1; g1-- {
		sep := i + g1
		if sep >= len(k) || !isDateSeparator(k[sep]) {
			continue
		}
		for g3 := min(digitsAt(k, sep+1), 2); g3 >= 1; g3-- {
			e := sep + 1 + g3
			m := [10]int{i, e, i, sep, sep, sep + 1, sep + 1, e, -1, -1}
			if e < len(k) && isDateSeparator(k[e]) {
				year := digitsAt(k, e+1)
				for _, n := range [2]int{4, 2} {
					if year >= n && wordEndsAt(k, e+1+n) {
						m[1], m[8], m[9] = e+1+n, e+1, e+1+n
						return m, true
					}
				}
			}
			if wordEndsAt(k, e) {
				return m, true
			}
		}
	}
	return [10]int{}, false
}

// digitsAt counts the ASCII digits from k[i] on, up to five (no choice asks
// more).
func digitsAt(k string, i int) int {
	n := 0
	for i+n < len(k) && n < 5 && isDigitByte(k[i+n]) {
		n++
	}
	return n
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

func isDateSeparator(c byte) bool { return c == '/' || c == '.' || c == '-' }

// isWordByte is \b's word character: an ASCII letter, digit or underscore (a
// byte of a multi-byte rune is none, as that rune is none).
func isWordByte(c byte) bool {
	return isDigitByte(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// wordEndsAt reports whether \b holds at p after a digit: p ends k or a
// non-word character stands there.
func wordEndsAt(k string, p int) bool { return p == len(k) || !isWordByte(k[p]) }
