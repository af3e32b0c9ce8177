package nlu

import "strings"

// DropRestatedDigits reads a number written in words and restated in digits
// in parentheses, as contracts write them ("five (5) nights", "the
// twenty-seventh (27th) day of October"): when the two agree the digits are
// dropped, leaving the words for the readers; when they disagree ("five (6)")
// ok is false and nothing may be read. Parentheses holding anything else, or
// digits after no number word, are left as written. Text without '(' comes
// back as it is, with no work done.
func DropRestatedDigits(text string) (string, bool) {
	if strings.IndexByte(text, '(') < 0 {
		return text, true
	}
	out := text
	for from := 0; ; {
		open := strings.IndexByte(out[from:], '(')
		if open < 0 {
			return out, true
		}
		open += from
		end := strings.IndexByte(out[open:], ')')
		if end < 0 {
			return out, true
		}
		end += open
		digits, ok := restatedDigits(out[open+1 : end])
		if !ok {
			from = end
			continue
		}
		said, read := numberBefore(out[:open])
		if !read {
			from = end
			continue
		}
		if said != atoi(digits) {
			return "", false
		}
		out = strings.TrimRight(out[:open], " ") + out[end+1:]
		from = open
		if from > len(out) {
			from = len(out)
		}
	}
}

// restatedDigits is the digits inside parentheses, an ordinal's suffix
// dropped ("27th" gives "27"); false for anything else.
func restatedDigits(inside string) (string, bool) {
	s := strings.TrimSpace(inside)
	for _, suffix := range [...]string{"st", "nd", "rd", "th"} {
		s = strings.TrimSuffix(s, suffix)
	}
	return s, s != "" && len(s) <= 4 && isDigits(s)
}

// numberBefore reads the number written in words that ends text ("five",
// "twenty-seventh", "one hundred and five"): the longest run of its last
// words (up to six) that reads as a count or an ordinal.
func numberBefore(text string) (int, bool) {
	var buf [8]token
	k := key(text)
	toks := appendTokens(buf[:0], k)
	for n := min(len(toks), 6); n >= 1; n-- {
		run := toks[len(toks)-n:]
		if isDigits(run[0].text) {
			continue
		}
		if v, last, ok := ordinalAt(run, 0, false); ok && last == len(run)-1 {
			return v, true
		}
		ws := make([]string, len(run))
		for i, t := range run {
			ws[i] = t.text
		}
		if v, ok := parseNumberWords(ws); ok && v == float64(int(v)) {
			return int(v), true
		}
	}
	return 0, false
}
