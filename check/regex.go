package check

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
)

// regexSamples returns up to n distinct short strings the pattern matches, built
// by walking its syntax tree (regexp/syntax): variant k takes, at each choice,
// the k-th alternative, the k-th letter or digit of a class and one repetition
// more on odd k, so that a value a second check refuses (an hour a type reads
// differently) has siblings to try. Each is matched against the pattern before
// it is returned; a pattern that does not compile gives none.
//
// A generator library (pgregory.net/rapid's StringMatching, which the property
// test of this function uses) draws random strings: "\w+" gives runes from all
// of Unicode, unreadable in a counterexample a person replays. The walk gives
// "BK-00000" and "09:00".
func regexSamples(pattern string, n int) []string {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil
	}
	tree, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	tree = tree.Simplify()
	var out []string
	for k := 0; k < 4*n && len(out) < n; k++ {
		g := &regexGen{variant: k}
		g.build(tree)
		if s := g.b.String(); re.MatchString(s) && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// regexGen builds one string of a pattern: variant picks among the choices, and
// choices counts them so that two choices of one string differ too.
type regexGen struct {
	b       strings.Builder
	variant int
	choices int
}

// pick chooses among n options for the next choice point.
func (g *regexGen) pick(n int) int {
	if n <= 1 {
		return 0
	}
	g.choices++
	return (g.variant + g.variant*g.choices/2) % n
}

func (g *regexGen) build(re *syntax.Regexp) {
	switch re.Op {
	case syntax.OpLiteral:
		g.b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		g.b.WriteRune(g.classRune(re.Rune))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		g.b.WriteByte("abcxyz"[g.pick(6)])
	case syntax.OpCapture:
		g.build(re.Sub[0])
	case syntax.OpAlternate:
		g.build(re.Sub[g.pick(len(re.Sub))])
	case syntax.OpConcat:
		for _, s := range re.Sub {
			g.build(s)
		}
	default:
		g.repeat(re)
	}
}

// repeat builds a repetition (star, plus, quest, {m,n}): its minimum, or one more
// on odd variants when the maximum allows.
func (g *regexGen) repeat(re *syntax.Regexp) {
	lo, hi := 0, -1
	switch re.Op {
	case syntax.OpStar:
	case syntax.OpPlus:
		lo = 1
	case syntax.OpQuest:
		hi = 1
	case syntax.OpRepeat:
		lo, hi = re.Min, re.Max
	default: // anchors, word boundaries, the empty match: no text
		return
	}
	times := lo
	if g.variant%2 == 1 && (hi < 0 || lo < hi) {
		times++
	}
	for range times {
		g.build(re.Sub[0])
	}
}

// classRune picks a letter or digit of a character class (the variant's), or its
// first rune when it has none.
func (g *regexGen) classRune(ranges []rune) rune {
	var readable []rune
	for i := 0; i+1 < len(ranges) && len(readable) < 16; i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r < ranges[i]+128 && len(readable) < 16; r++ {
			if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) || r >= unicode.MaxASCII && unicode.IsLetter(r) {
				readable = append(readable, r)
			}
		}
	}
	if len(readable) > 0 {
		return readable[g.pick(len(readable))]
	}
	if len(ranges) > 0 {
		return ranges[0]
	}
	return 'a'
}
