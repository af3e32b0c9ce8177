package flows

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"slices"
	"unicode"
	"unicode/utf8"
)

// pattern is a slot's compiled pattern (a cue pattern, a labelled pattern) with
// what the turn needs to run it cheaply: the capture it reads, and its cues.
type pattern struct {
	re *regexp.Regexp
	// group is the capture a match's value is read from: the group named value,
	// else the first.
	group int
	// cues are lowercase ASCII literals one of which starts every match, as the
	// pattern's syntax says ("(?i)\b(?:from|out of)\s+(...)": "from", "out of");
	// nil when the syntax says no such thing (a leading character class, an
	// optional word, a literal that is not ASCII). An ASCII text that contains
	// none of them in any case cannot match, and the regexp is not run.
	cues [][]byte
	// anchored: the syntax asserts the start of the text or of a line (^, \A),
	// which a search started later than asked would read differently.
	anchored bool
	// follow is the character class the syntax says comes right after the
	// cue ("(?i)\b(?:to|a)\s+(...)": a space), nil when it says none: a cue
	// an ASCII text holds followed by another character ("a" of "Angeles")
	// starts no match, and the regexp is not run for it.
	follow *syntax.Regexp
	// startGroup is, for each byte, 1 + the index in startCues of the cues
	// (in their order) that start with it, 0 for none, where scanByStart says
	// the cues are searched so (none is empty): one scan of the text finds
	// the first cue, where each cue's own search read the text again.
	startGroup  [256]uint8
	startCues   [][][]byte
	scanByStart bool
}

// newPattern is re with its capture and its cues.
func newPattern(re *regexp.Regexp) *pattern {
	p := &pattern{re: re, group: 1}
	if i := re.SubexpIndex("value"); i > 0 {
		p.group = i
	}
	if tree, err := syntax.Parse(re.String(), syntax.Perl); err == nil {
		p.anchored = assertsStart(tree)
		if cues, ok := leadingLiterals(tree.Simplify()); ok && asciiCues(cues) {
			for _, c := range cues {
				p.cues = append(p.cues, bytes.ToLower([]byte(c)))
			}
			p.follow = cueFollow(tree.Simplify(), p.cues)
			p.groupCues()
		}
	}
	return p
}

// leadingLiterals are literals one of which starts every match of re; ok is false
// when re's syntax does not say (it may start otherwise, or match nothing).
// Empty-width assertions (\b, ^) before the first literal consume nothing and are
// passed over.
func leadingLiterals(re *syntax.Regexp) (lits []string, ok bool) {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{string(re.Rune)}, len(re.Rune) > 0
	case syntax.OpCapture, syntax.OpPlus:
		return leadingLiterals(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return leadingLiterals(re.Sub[0])
		}
	case syntax.OpConcat:
		return concatLiterals(re.Sub)
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			l, ok := leadingLiterals(sub)
			if !ok {
				return nil, false
			}
			lits = append(lits, l...)
		}
		return lits, len(lits) > 0
	}
	return nil, false
}

// concatLiterals are leadingLiterals of a concatenation: its first part's, each
// followed by the next part's while the parts before are literals ("f(?:rom|lying
// from)": "from", "flying from"), at most maxCues of them.
func concatLiterals(subs []*syntax.Regexp) (lits []string, ok bool) {
	for _, sub := range subs {
		if emptyWidth(sub.Op) {
			continue
		}
		next, ok := leadingLiterals(sub)
		switch {
		case lits == nil && !ok:
			return nil, false
		case lits == nil:
			lits = next
		case !ok || len(lits)*len(next) > maxCues:
			return lits, true
		default:
			lits = joinLiterals(lits, next)
		}
		if sub.Op != syntax.OpLiteral {
			return lits, true
		}
	}
	return lits, lits != nil
}

// maxCues bounds the cues a concatenation's literals multiply into.
const maxCues = 64

// joinLiterals is every a followed by every b.
func joinLiterals(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return out
}

// emptyWidth reports whether op matches without consuming text.
func emptyWidth(op syntax.Op) bool {
	switch op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return true
	}
	return false
}

// asciiCues reports whether every cue is ASCII: for an ASCII text, an ASCII
// literal matches (with or without (?i)) only where the text has it in some case.
func asciiCues(cues []string) bool {
	for _, c := range cues {
		if !isASCII(c) {
			return false
		}
	}
	return true
}

// assertsStart reports whether re asserts the start of the text or of a line.
func assertsStart(re *syntax.Regexp) bool {
	if re.Op == syntax.OpBeginText || re.Op == syntax.OpBeginLine {
		return true
	}
	return slices.ContainsFunc(re.Sub, assertsStart)
}

// mayMatch reports whether the pattern can match text: false only for an ASCII
// text that holds none of its cues in any case.
func (p *pattern) mayMatch(text string) bool {
	_, ok := p.searchFrom(text, 0)
	return ok
}

// searchFrom is where a search of text[pos:] may start, with the same matches,
// and false when there are none (mayMatch of text[pos:]). Every match of an
// ASCII text starts at one of the cues, so the search may skip to the word
// holding the first cue at or after pos: a word starts after a non-word byte,
// where \b and \B read as they do at the start of a text (a regexp scanning a
// sentence tries every position before it in vain). A pattern that asserts the
// start (^, \A) is searched from pos.
func (p *pattern) searchFrom(text string, pos int) (int, bool) {
	rest := text[pos:]
	if p.cues == nil || len(rest) > 256 || !isASCII(rest) {
		return pos, true
	}
	var buf [256]byte
	lower := buf[:len(rest)]
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	first := p.firstOfCues(rest, lower)
	switch {
	case first < 0:
		return 0, false
	case p.anchored:
		return pos, true
	}
	start := pos + first
	for start > pos && syntax.IsWordChar(rune(text[start-1])) {
		start--
	}
	return start, true
}

// cueIndex is the first place the cue c is in lower (rest in lower case)
// followed by a character of p.follow, -1 when there is none.
func (p *pattern) cueIndex(rest string, lower, c []byte) int {
	for from := 0; ; {
		i := bytes.Index(lower[from:], c)
		if i < 0 {
			return -1
		}
		i += from
		next := i + len(c)
		if p.follow == nil || next < len(rest) && classHas(p.follow, rune(rest[next])) {
			return i
		}
		from = i + 1
	}
}

// firstOfCues is the first place one of the cues is in lower (rest in lower
// case) followed by a character of p.follow, -1 when there is none.
func (p *pattern) firstOfCues(rest string, lower []byte) int {
	if p.scanByStart {
		return p.firstCue(rest, lower)
	}
	first := -1
	for _, c := range p.cues {
		if i := p.cueIndex(rest, lower, c); i >= 0 && (first < 0 || i < first) {
			first = i
		}
	}
	return first
}

// groupCues fills startGroup and startCues, and sets scanByStart when no cue
// is empty and the groups fit startGroup's bytes.
func (p *pattern) groupCues() {
	if slices.ContainsFunc(p.cues, func(c []byte) bool { return len(c) == 0 }) {
		return
	}
	for _, c := range p.cues {
		g := p.startGroup[c[0]]
		if g == 0 {
			if len(p.startCues) == 255 {
				p.startCues = nil
				return
			}
			p.startCues = append(p.startCues, nil)
			g = uint8(len(p.startCues))
			p.startGroup[c[0]] = g
		}
		p.startCues[g-1] = append(p.startCues[g-1], c)
	}
	p.scanByStart = true
}

// firstCue is the first place one of the cues is in lower followed by a
// character of p.follow, -1 when there is none: the least of the cues'
// cueIndex, found in one scan of lower that tries the cues only where one
// starts (startGroup).
func (p *pattern) firstCue(rest string, lower []byte) int {
	for i, b := range lower {
		g := p.startGroup[b]
		if g == 0 {
			continue
		}
		for _, c := range p.startCues[g-1] {
			if len(lower)-i < len(c) || string(lower[i:i+len(c)]) != string(c) {
				continue
			}
			if next := i + len(c); p.follow == nil || next < len(rest) && classHas(p.follow, rune(rest[next])) {
				return i
			}
		}
	}
	return -1
}

// classHas reports whether the character class cls holds r.
func classHas(cls *syntax.Regexp, r rune) bool {
	for i := 0; i+1 < len(cls.Rune); i += 2 {
		if cls.Rune[i] <= r && r <= cls.Rune[i+1] {
			return true
		}
	}
	return false
}

// cueFollow is the character class the first character after a match's cue
// is of, when re (simplified) says so: its first parts (after empty-width
// assertions) match exactly one of cues each time, and the part after them
// starts with a class it must match once at least ("\s+", "[a-z]"). Nil
// when re says less: only a pattern whose cues are the whole of its first
// parts gets a follow.
func cueFollow(re *syntax.Regexp, cues [][]byte) *syntax.Regexp {
	subs := []*syntax.Regexp{re}
	if re.Op == syntax.OpConcat {
		subs = re.Sub
	}
	var lits []string
	for _, sub := range subs {
		if lits == nil && emptyWidth(sub.Op) {
			continue
		}
		if lits != nil && sameCues(lits, cues) {
			return leadingClass(sub)
		}
		next, ok := exactLiterals(sub)
		if !ok || lits != nil && len(lits)*len(next) > maxCues {
			return nil
		}
		if lits == nil {
			lits = next
		} else {
			lits = joinLiterals(lits, next)
		}
	}
	return nil
}

// exactLiterals are the strings re matches, when it matches nothing else: a
// literal, an alternation, capture or concatenation of such.
func exactLiterals(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{string(re.Rune)}, len(re.Rune) > 0
	case syntax.OpCapture:
		return exactLiterals(re.Sub[0])
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			l, ok := exactLiterals(sub)
			if !ok {
				return nil, false
			}
			out = append(out, l...)
		}
		return out, len(out) > 0
	case syntax.OpConcat:
		out := []string{""}
		for _, sub := range re.Sub {
			l, ok := exactLiterals(sub)
			if !ok || len(out)*len(l) > maxCues {
				return nil, false
			}
			out = joinLiterals(out, l)
		}
		return out, true
	}
	return nil, false
}

// sameCues reports whether lits, in lower case, are the cues, as sets.
func sameCues(lits []string, cues [][]byte) bool {
	for _, l := range lits {
		if !slices.ContainsFunc(cues, func(c []byte) bool { return string(c) == string(bytes.ToLower([]byte(l))) }) {
			return false
		}
	}
	for _, c := range cues {
		if !slices.ContainsFunc(lits, func(l string) bool { return string(c) == string(bytes.ToLower([]byte(l))) }) {
			return false
		}
	}
	return true
}

// leadingClass is the class re's first character must be of, when re is a
// class matched once at least; nil otherwise.
func leadingClass(re *syntax.Regexp) *syntax.Regexp {
	switch {
	case re.Op == syntax.OpCharClass:
		return re
	case (re.Op == syntax.OpPlus || re.Op == syntax.OpRepeat && re.Min >= 1) && re.Sub[0].Op == syntax.OpCharClass:
		return re.Sub[0]
	}
	return nil
}

// find is FindStringSubmatchIndex of the pattern in text, nil without running
// the regexp when the text cannot match.
func (p *pattern) find(text string) []int {
	return p.findFrom(text, 0)
}

// findFrom is FindStringSubmatchIndex of the pattern in text[pos:], its indexes
// in text, started where searchFrom says.
func (p *pattern) findFrom(text string, pos int) []int {
	from, ok := p.searchFrom(text, pos)
	if !ok {
		return nil
	}
	m := p.re.FindStringSubmatchIndex(text[from:])
	for i := range m {
		if m[i] >= 0 {
			m[i] += from
		}
	}
	wholeWordCaptures(text, m)
	return m
}

// wholeWordCaptures ends a capture of m that stops before a combining mark
// at the end of its word: a class such as \p{L} holds no mark, and
// "Indiánápọ́lis" (ọ then a combining acute) would be captured "Indiánápọ", a
// name nobody typed. The letters and marks that follow are the word's.
func wholeWordCaptures(text string, m []int) {
	for i := 3; i < len(m); i += 2 {
		end := m[i]
		if end < 0 || end >= len(text) {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(text[end:]); !unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) {
			continue
		}
		for end < len(text) {
			r, size := utf8.DecodeRuneInString(text[end:])
			if !unicode.IsLetter(r) && !unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) {
				break
			}
			end += size
		}
		m[i] = end
		m[1] = max(m[1], end)
	}
}
