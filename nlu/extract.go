package nlu

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

var emailRe = regexp.MustCompile(`[a-zA-Z0-9._%+\-]+@[a-zA-Z0-9](?:[a-zA-Z0-9\-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9\-]*[a-zA-Z0-9])?)*\.[a-zA-Z]{2,}`)

// addressRe is an address with the whole RFC 5322 dot-atom local part: the
// atext characters (letters, digits and !#$%&'*+^_`{|}~-) in runs joined
// by single dots ("old.spines", "ana+gym", "o'brien", "j_doe-2"), so that
// no reader cuts it at a word (issue 38 round 18: "old.spines@bindery.org"
// is never "spines@bindery.org"). The atext "=", "/" and "?" are read as
// what they are typed as, a key's end ("email=dev.ana@proton.me") or a
// choice ("work/ana@x.org"): no local part of a person's address holds
// them in practice. A quoted local part ("\"jo doe\"@x.org")
// or one with two dots in a row is no address here: the question is asked
// again, the part after the quote or the dots is never stored.
var addressRe = regexp.MustCompile("[A-Za-z0-9!#$%&'*+^_`{|}~.-]+@[a-zA-Z0-9](?:[a-zA-Z0-9\\-]*[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9\\-]*[a-zA-Z0-9])?)*\\.[a-zA-Z]{2,}")

// ExtractEmail returns the first email address in text, lowercased, or one
// spelled out ("jo dot smith at gmail dot com": SpokenEmail). The local part
// is kept whole or the address is not read (EmailSpans).
func ExtractEmail(text string) (string, bool) {
	if a, ok := commaForDot(text); ok {
		return a, true
	}
	if !strings.Contains(text, "@") {
		return SpokenEmail(text)
	}
	spans := EmailSpans(text)
	if len(spans) == 0 {
		if addressRe.MatchString(text) || emailRe.MatchString(text) {
			return "", false // an address no dot-atom reads whole: asked again
		}
		return SpokenEmail(text)
	}
	return strings.ToLower(text[spans[0][0]:spans[0][1]]), true
}

// quoteInWord reports whether a quote mark right before at stands inside
// a word ("jo\"x@x.org", "jo"x@x.org": a quoted local part's end), not
// around an address ({"email":"dev@x.org"}).
func quoteInWord(text string, at int) bool {
	if at < 2 || text[at-1] != '"' {
		return false
	}
	b := text[at-2]
	return b == '\\' || isLabelByte(b) || strings.IndexByte("!#$%&'*+^_`{|}~.-", b) >= 0
}

// EmailSpans are the byte spans of text's whole email addresses, each local
// part a whole RFC 5322 dot-atom: quote marks and dots around it are left
// out ("'sam@x.org'", "...sam@x.org"), and an address right after a
// backslash or an "@", or with two dots in a row in its local part, is
// none (a garbled one: never stored cut). A quoted local part ("\"jo
// doe\"@x.org") is matched by none: it is asked again.
func EmailSpans(text string) [][]int {
	var out [][]int
	for _, m := range addressRe.FindAllStringIndex(text, -1) {
		start, end := m[0], m[1]
		for start < end && strings.IndexByte("'`{.", text[start]) >= 0 {
			start++
		}
		at := strings.IndexByte(text[start:end], '@') + start
		local := text[start:at]
		if local == "" || strings.HasSuffix(local, ".") || strings.Contains(local, "..") {
			continue
		}
		if m[0] > 0 && strings.IndexByte("\\@", text[m[0]-1]) >= 0 || quoteInWord(text, m[0]) {
			continue
		}
		out = append(out, []int{start, end})
	}
	return out
}

// commaForDot reads an address whose domain a phone typed with a comma for a
// dot ("mike.r@gmail,com", "ana@correo,com,mx"): only in the domain, only a
// comma between two letters or digits, and only when the address it makes is
// a whole valid one. A comma elsewhere ("sam@mail.com, or call me") ends the
// address as it always did.
func commaForDot(text string) (string, bool) {
	if !strings.Contains(text, "@") || !strings.Contains(text, ",") {
		return "", false
	}
	for _, f := range strings.Fields(text) {
		f = strings.TrimRight(f, ".,;:!?)\"'")
		local, domain, ok := strings.Cut(f, "@")
		if !ok || local == "" || !strings.Contains(domain, ",") {
			continue
		}
		b := []byte(domain)
		for i := 1; i < len(b)-1; i++ {
			if b[i] == ',' && isLabelByte(b[i-1]) && isLabelByte(b[i+1]) {
				b[i] = '.'
			}
		}
		addr := strings.TrimLeft(local, "(\"'") + "@" + string(b)
		if emailRe.FindString(addr) == addr && commonTLDs[addr[strings.LastIndexByte(addr, '.')+1:]] {
			return strings.ToLower(addr), true
		}
	}
	return "", false
}

// commonTLDs are the top-level domains a comma typed for a dot may end in:
// "sam@gmail,com,thanks" is no address ending in ".thanks".
var commonTLDs = wordSet(`com net org edu gov info biz io co me uk fr es ma de it nl be ch ca us mx ar
	br pt ie at au dz tn eu cat`)

// isLabelByte reports whether b may end or start a domain label.
func isLabelByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// spokenAt and spokenDot are the words that spell "@" and "." in an address
// said aloud, in the languages the seeds name.
var (
	spokenAt  = wordSet("at @ arobase arroba")
	spokenDot = wordSet("dot point punto")
)

// SpokenEmail reads an address spelled out in words ("jo dot smith at gmail dot
// com", "ana point lopez arobase free point fr"): the last "at" word, the run of
// labels joined by "dot" words before it and after it. The result is an
// address only when it is a whole valid one (its domain has a dot and a
// top-level domain of letters); anything else is no address, never a guess.
func SpokenEmail(text string) (string, bool) {
	toks := strings.Fields(strings.ToLower(text))
	for i := range toks {
		toks[i] = strings.Trim(toks[i], ",;:!?.()\"'")
	}
	at := -1
	for i, t := range toks {
		if spokenAt[t] {
			at = i
		}
	}
	if at < 1 || at == len(toks)-1 {
		return "", false
	}
	local := spelledLabels(toks[:at], true)
	domain := spelledLabels(toks[at+1:], false)
	addr := local + "@" + domain
	// "it's at gmail dot com" names no one: a function word is no local part.
	if local == "" || functionWords[local] || !strings.Contains(domain, ".") || emailRe.FindString(addr) != addr {
		return "", false
	}
	return addr, true
}

// spelledLabels joins the labels of an address said aloud, each two joined by
// a "dot" word: the run that ends the tokens (backward, the local part) or
// starts them (the domain).
func spelledLabels(toks []string, backward bool) string {
	var labels []string
	for k := range toks {
		i := k
		if backward {
			i = len(toks) - 1 - k
		}
		t := toks[i]
		wantLabel := k%2 == 0
		switch {
		case wantLabel && t != "" && !spokenDot[t] && !spokenAt[t]:
			labels = append(labels, t)
		case !wantLabel && spokenDot[t]:
			continue
		default:
			return joinLabels(labels, backward)
		}
	}
	return joinLabels(labels, backward)
}

// joinLabels joins labels with dots, in reading order.
func joinLabels(labels []string, backward bool) string {
	if backward {
		slices.Reverse(labels)
	}
	return strings.Join(labels, ".")
}

// phoneRe finds runs that may be phone numbers: an optional +, then digits mixed
// with spaces, dots, dashes and parentheses.
var phoneRe = regexp.MustCompile(`\+?\(?\d[\d\s().\-]{5,}\d`)

// isoLikeRe rejects dates ("2026-12-12", "12.12.2026") that look like phone runs.
var isoLikeRe = regexp.MustCompile(`^(?:\d{4}[-.]\d{1,2}[-.]\d{1,2}|\d{1,2}[-.]\d{1,2}[-.]\d{4})$`)

// ExtractPhone returns the first phone number in text in an E.164-like form: digits
// with an optional leading +, separators (space . - ( )) removed, 7 to 15 digits.
// Dates such as 2026-12-12 are not phone numbers.
//
// A correction after the number ("202 555 0110, no wait, 0111": SplitCorrection)
// gives the number that stands: digit groups that replace the number's last
// groups of the same lengths ("0111" for "0110"), else a whole new number; a
// correction's digits that are neither leave no number. A correction that
// names no digit ("..., sorry, it's a landline") keeps the number.
func ExtractPhone(text string) (string, bool) {
	head, tail, ok := SplitCorrection(text)
	if !ok || strings.IndexFunc(tail, isASCIIDigit) < 0 {
		return extractPhone(text)
	}
	if phone, ok := correctedPhoneTail(head, tail); ok {
		return phone, true // "617-555-0142, no, 555-0199": the last groups again
	}
	return extractPhone(tail) // a whole new number, or none
}

func isASCIIDigit(r rune) bool { return r >= '0' && r <= '9' }

// correctedPhoneTail is the phone number of head with its last digit groups
// replaced by tail's, when tail is only digit groups and each is as long as
// the group it replaces ("202 555 0110" and "0111"); a number written without
// groups takes a tail of at most four digits as its last digits.
func correctedPhoneTail(head, tail string) (string, bool) {
	tail = withoutEndWords(tail)
	loc := lastPhoneLoc(head)
	if loc == nil || strings.TrimFunc(tail, func(r rune) bool { return isASCIIDigit(r) || r == ' ' || r == '-' || r == '.' }) != "" {
		return "", false
	}
	raw := strings.TrimSpace(head[loc[0]:loc[1]])
	groups := strings.FieldsFunc(raw, func(r rune) bool { return !isASCIIDigit(r) && r != '+' })
	fix := strings.FieldsFunc(tail, func(r rune) bool { return !isASCIIDigit(r) })
	switch {
	case len(groups) == 1 && len(fix) == 1 && len(fix[0]) <= 4 && len(fix[0]) < len(groups[0]):
		groups[0] = groups[0][:len(groups[0])-len(fix[0])] + fix[0]
	case len(groups) > len(fix):
		for i, g := range fix {
			at := len(groups) - len(fix) + i
			if len(groups[at]) != len(g) {
				return "", false
			}
			groups[at] = g
		}
	default:
		return "", false
	}
	return extractPhone(strings.Join(groups, " "))
}

// withoutEndWords is a correction's tail without the words that say its
// digits are the number's last ones ("0129 at the end", "the last four
// 0129": phone_end_frames in reader_words.txt), which is how
// correctedPhoneTail reads digit groups anyway; a tail with other words is
// kept as it is.
func withoutEndWords(tail string) string {
	var words, digits []string
	for _, f := range strings.Fields(strings.ToLower(strings.Trim(tail, " .!,;"))) {
		if strings.IndexFunc(f, func(r rune) bool { return !isASCIIDigit(r) && r != '-' && r != '.' }) < 0 {
			digits = append(digits, f)
		} else {
			words = append(words, strings.Trim(f, ",.!;:"))
		}
	}
	if len(words) == 0 || len(digits) == 0 {
		return tail
	}
	for _, frame := range phoneEndFrames() {
		if slices.Equal(frame, words) {
			return strings.Join(digits, " ")
		}
	}
	return tail
}

// phoneEndFrames are reader_words.txt's phone_end_frames, read once.
var phoneEndFrames = sync.OnceValue(func() [][]string { return readerFrames("phone_end_frames") })

// lastPhoneLoc is the span of the last run of head that reads as a phone
// number, or nil.
func lastPhoneLoc(head string) []int {
	var last []int
	for _, loc := range phoneRe.FindAllStringIndex(head, -1) {
		if _, ok := extractPhone(head[loc[0]:loc[1]]); ok && standsAlone(head, loc) {
			last = loc
		}
	}
	return last
}

// extractPhone is ExtractPhone of text without a correction.
func extractPhone(text string) (string, bool) {
	for _, loc := range phoneRe.FindAllStringIndex(text, -1) {
		if !standsAlone(text, loc) {
			continue
		}
		raw := strings.TrimSpace(text[loc[0]:loc[1]])
		if isoLikeRe.MatchString(raw) {
			continue
		}
		if phone, digits := phoneDigits(raw); digits >= 7 && digits <= 15 {
			return phone, true
		}
	}
	return "", false
}

// standsAlone reports whether the run text[loc[0]:loc[1]] is a number of its
// own: digits glued to a word or after "-", "/", "." or "_" belong to something
// else (a booking reference BK-98765432, a path, a version), and so do digits
// a word follows.
func standsAlone(text string, loc []int) bool {
	if loc[0] > 0 {
		if r, _ := utf8.DecodeLastRuneInString(text[:loc[0]]); isWordRune(r) || strings.ContainsRune("-/._", r) {
			return false
		}
	}
	if loc[1] < len(text) {
		if r, _ := utf8.DecodeRuneInString(text[loc[1]:]); isWordRune(r) {
			return false
		}
	}
	return true
}

// phoneDigits is the run without its separators (a leading + kept) and how many
// digits it has.
func phoneDigits(raw string) (string, int) {
	var b strings.Builder
	digits := 0
	for i, r := range raw {
		switch {
		case r == '+' && i == 0:
			b.WriteRune(r)
		case r >= '0' && r <= '9':
			b.WriteRune(r)
			digits++
		}
	}
	return b.String(), digits
}

// Quantity is a number with its unit, as said in a message.
type Quantity struct {
	Value float64
	// Unit is normalized: "lb", "kg", "km", "m", "mi", "min", "h", "%", currencies "USD",
	// "EUR", "MAD", or "" when the number has no recognised unit.
	Unit string
}

// unitNames maps unit words and symbols (lowercase) to their normalized unit.
var unitNames = map[string]string{
	"lb": "lb", "lbs": "lb", "pound": "lb", "pounds": "lb",
	"kg": "kg", "kgs": "kg", "kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilograms": "kg",
	"kilogramme": "kg", "kilogrammes": "kg",
	"km": "km", "kms": "km", "kilometer": "km", "kilometers": "km", "kilometre": "km", "kilometres": "km",
	"m": "m", "meter": "m", "meters": "m", "metre": "m", "metres": "m",
	"mi": "mi", "mile": "mi", "miles": "mi",
	"min": "min", "mins": "min", "minute": "min", "minutes": "min",
	"h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h", "heure": "h", "heures": "h",
	"%": "%", "percent": "%", "pourcent": "%",
	"$": "USD", "usd": "USD", "dollar": "USD", "dollars": "USD", "bucks": "USD",
	"€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR",
	"dh": "MAD", "dhs": "MAD", "mad": "MAD", "dirham": "MAD", "dirhams": "MAD", "درهم": "MAD",
}

// UnitSpellings are the words ExtractQuantities reads as the normalized unit
// ("lb", "lbs", "pound", "pounds" for "lb"), sorted: a reader that mends a
// mistyped unit compares with them.
func UnitSpellings(unit string) []string {
	var out []string
	for w, u := range unitNames {
		if u == unit {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// quantityRe: an optional currency prefix, a number, an optional unit. Unit words
// are checked against unitNames after the match.
var quantityRe = regexp.MustCompile(`(?:([$€]|usd|eur)\s?)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)(?:\s?(%|\$|€|[\p{L}]+))?`)

// ExtractQuantities returns every number in text with its unit, in order of
// appearance: "bench press 300 lbs, currently at 225 lbs" gives 300 lb and 225 lb.
// Digits inside words ("m3a", "12th") are not quantities.
func ExtractQuantities(text string) []Quantity {
	lower := strings.ToLower(text)
	var out []Quantity
	for _, m := range quantityRe.FindAllStringSubmatchIndex(lower, -1) {
		if q, ok := quantityAt(lower, m); ok {
			out = append(out, q)
		}
	}
	return out
}

// quantityAt reads one match m of quantityRe in lower: false when its digits are
// inside a word or its number does not read.
func quantityAt(lower string, m []int) (Quantity, bool) {
	numStart, numEnd := m[4], m[5]
	if m[2] < 0 && numStart > 0 {
		if r, _ := utf8.DecodeLastRuneInString(lower[:numStart]); isWordRune(r) {
			return Quantity{}, false
		}
	}
	digits, ok := withLeadingPoint(lower, numStart, numEnd)
	if !ok {
		return Quantity{}, false
	}
	value, ok := parseAmount(digits)
	if !ok {
		return Quantity{}, false
	}
	unit := ""
	if m[2] >= 0 {
		unit = unitNames[lower[m[2]:m[3]]]
	}
	if m[6] >= 0 {
		if unit, ok = unitAfter(lower, m[6], m[7], numEnd, unit); !ok {
			return Quantity{}, false
		}
	}
	return Quantity{Value: value, Unit: unit}, true
}

// withLeadingPoint is the number lower[start:end] with the decimal point
// right before it, when one stands there: ".5 km" is half a kilometre, never
// 5 km. A point glued to a word before it ("done.5 km") may end a sentence
// or be a typo: the number is not read (false) rather than read as a whole
// it may not be.
func withLeadingPoint(lower string, start, end int) (string, bool) {
	if start == 0 || lower[start-1] != '.' {
		return lower[start:end], true
	}
	if start > 1 && lower[start-2] != ' ' {
		return "", false
	}
	return "0." + lower[start:end], !strings.ContainsAny(lower[start:end], ".,")
}

// unitAfter reads the word lower[start:end] after a number that ends at numEnd:
// a known unit replaces unit; an unknown word glued to the number ("12th",
// "3a") makes it no quantity (false).
func unitAfter(lower string, start, end, numEnd int, unit string) (string, bool) {
	if u, known := unitNames[lower[start:end]]; known {
		return u, true
	}
	if lower[start-1] != ' ' || start == numEnd {
		if unicode.IsLetter(rune(lower[start])) || lower[start] >= utf8.RuneSelf {
			return "", false
		}
	}
	return unit, true
}

// parseAmount reads "1,234.5", "12,5" (decimal comma) or "300".
func parseAmount(s string) (float64, bool) {
	switch {
	case thousandsRe.MatchString(s):
		s = strings.ReplaceAll(s, ",", "")
	case strings.Contains(s, ","):
		s = strings.Replace(s, ",", ".", 1)
	}
	return parseFloat(s)
}

// PriceRange is a price constraint; a nil bound is open.
type PriceRange struct {
	Min, Max *float64
}

// priceNumber matches an amount with an optional currency before or after it.
const priceNumber = `(?:[$€]\s?)?(\d+(?:[.,]\d+)?)(?:\s?(?:[$€]|usd|eur|euros?|dollars?|bucks|dhs?|dirhams?|mad)\b)?`

var (
	priceBetweenRe = regexp.MustCompile(`\b(?:between|entre|bin|from|de|desde|men|mn)\s+` + priceNumber + `\s*(?:and|et|y|w|to|a|-|hta|l|o)\s*` + priceNumber)
	priceDashRe    = regexp.MustCompile(`(?:^|[^\d.,\-])` + priceNumber + `\s*(?:-|–|to)\s*` + priceNumber + `(?:[^\d\-]|$)`)
	priceMaxRe     = regexp.MustCompile(`(?:\b(?:under|below|less than|cheaper than|lower than|no more than|not more than|at most|up to|upto|max|maximum|budget of|budget is|moins de|moins que|pas plus de|au maximum|au max|jusqu'a|menos de|menos que|maximo|hasta|no mas de|a9al men|a9al mn|a9el men|a9al min|ta7t|qal men)|<=?)\s*(?:of\s+)?` + priceNumber)
	priceMaxSufRe  = regexp.MustCompile(priceNumber + `\s*(?:or less|or under|or below|or cheaper|max|maximum|au plus|au maximum|maximo|o menos|ou moins)\b`)
	priceMinRe     = regexp.MustCompile(`(?:\b(?:over|above|more than|greater than|at least|min|minimum|plus de|au moins|plus que|mas de|mas que|al menos|minimo|ktar men|kter men|ktar mn|fou9)|>=?)\s*(?:of\s+)?` + priceNumber)
	priceMinSufRe  = regexp.MustCompile(priceNumber + `\s*(?:or more|or above|or over|\+|au moins|ou plus|o mas|minimum|minimo)`)
	priceNegatedRe = regexp.MustCompile(`\b(?:no|not|pas)\s+$`)
)

// ExtractPriceRange finds a price constraint: "under 20", "less than $30", "below
// 50", "max 40" (a maximum); "over 50", "more than 10", "at least 5" (a minimum);
// "between 10 and 20", "from 10 to 20", "10-20 dollars" (both); French ("moins de
// 20", "entre 10 et 20"), Spanish ("menos de 20") and Darija ("a9al men 20") too.
// Bounds of a range are put in order.
func ExtractPriceRange(text string) (PriceRange, bool) {
	k := fold(strings.ToLower(text))
	var pr PriceRange
	if lo, hi, ok := priceRangeBoth(k, priceBetweenRe); ok {
		return PriceRange{Min: &lo, Max: &hi}, true
	}
	if lo, hi, ok := priceRangeBoth(k, priceDashRe); ok {
		return PriceRange{Min: &lo, Max: &hi}, true
	}
	if v, ok := priceBound(k, priceMaxRe, priceMaxSufRe); ok {
		pr.Max = &v
	}
	if v, ok := priceBound(k, priceMinRe, priceMinSufRe); ok {
		pr.Min = &v
	}
	return pr, pr.Min != nil || pr.Max != nil
}

func priceRangeBoth(k string, re *regexp.Regexp) (lo, hi float64, ok bool) {
	m := re.FindStringSubmatch(k)
	if m == nil {
		return 0, 0, false
	}
	a, okA := parseAmount(m[1])
	b, okB := parseAmount(m[2])
	if !okA || !okB {
		return 0, 0, false
	}
	return min(a, b), max(a, b), true
}

// priceBound finds the first prefix-form bound not preceded by a negation ("no
// more than 20" is not a minimum), else the first suffix-form bound.
func priceBound(k string, prefix, suffix *regexp.Regexp) (float64, bool) {
	for _, m := range prefix.FindAllStringSubmatchIndex(k, -1) {
		if priceNegatedRe.MatchString(k[:m[0]]) {
			continue
		}
		if v, ok := parseAmount(k[m[2]:m[3]]); ok {
			return v, true
		}
	}
	if m := suffix.FindStringSubmatch(k); m != nil {
		return parseAmount(m[1])
	}
	return 0, false
}

// ExtractRegex returns the named groups of re's first match in text (groups that
// took part in the match, by name), or nil when re is nil or does not match.
func ExtractRegex(re *regexp.Regexp, text string) map[string]string {
	if re == nil {
		return nil
	}
	m := re.FindStringSubmatchIndex(text)
	if m == nil {
		return nil
	}
	out := make(map[string]string)
	for i, name := range re.SubexpNames() {
		if i == 0 || name == "" || m[2*i] < 0 {
			continue
		}
		out[name] = text[m[2*i]:m[2*i+1]]
	}
	return out
}

// Categorize returns the first category, in sorted name order, one of whose
// keywords occurs in text as whole words (case, accents and punctuation ignored).
func Categorize(text string, categories map[string][]string) (string, bool) {
	toks := tokenize(key(text))
	names := sortedKeys(categories)
	for _, name := range names {
		for _, kw := range categories[name] {
			if containsPhrase(toks, phraseWords(kw)) {
				return name, true
			}
		}
	}
	return typedCategory(toks, names, categories)
}

// typedCategory is the one category a word of toks names with a typo of one
// of its one-word keywords ("quick cal tmrw", "trainng sat", "traning
// friday"): a keyword of four letters or more with the same first letter,
// one edit away from a word of five letters or more, or with a doubled
// letter typed once ("cal" for "call"). None when two categories are near,
// or a word is a date or number word (no kind).
func typedCategory(toks []token, names []string, categories map[string][]string) (string, bool) {
	found := ""
	for _, t := range toks {
		w := t.text
		if len(w) < 3 || IsDateWord(w) || IsNumberWord(w) {
			continue
		}
		for _, name := range names {
			for _, kw := range categories[name] {
				if !typoOfKeyword(w, kw) {
					continue
				}
				if found != "" && found != name {
					return "", false
				}
				found = name
			}
		}
	}
	return found, found != ""
}

// typoOfKeyword reports whether w is kw typed with one slip (see typedCategory).
func typoOfKeyword(w, kw string) bool {
	if len(kw) < 4 || w[0] != kw[0] || strings.ContainsRune(kw, ' ') || w == kw {
		return false
	}
	if len(w) == len(kw)-1 {
		for i := 1; i < len(kw); i++ {
			if kw[i] == kw[i-1] && w == kw[:i]+kw[i+1:] {
				return true // "cal", "sesion"
			}
		}
	}
	// A plural is another word, no slip ("shirts" for "shirt").
	return len(w) >= 5 && w != kw+"s" && kw != w+"s" && Levenshtein(w, kw) == 1
}
