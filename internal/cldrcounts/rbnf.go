// Package cldrcounts generates the CLDR lists of nlu/cldr/counts_*.txt and
// now_*.txt: every CLDR locale's number words one to thirty-one (its
// rule-based number spell-out evaluated), its counts of nights (the unit's
// pattern per plural category filled with them) and its word for "now", each
// kept only when no other locale or English reads it otherwise.
package cldrcounts

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// rbnfRule is one numbered rule of a rule set: base value, radix and text.
type rbnfRule struct {
	base, radix int64
	text        string
}

// rbnf is a locale's spell-out rule sets by name, each ordered by base.
type rbnf map[string][]rbnfRule

// newRBNF reads the rule sets of a locale's SpelloutRules: pairs of key and
// rule text. Keys that are no whole number ("-x", "x.x", "Inf") are skipped:
// the counts read are whole and positive.
func newRBNF(sets map[string][][]string) rbnf {
	r := rbnf{}
	for name, rules := range sets {
		var rs []rbnfRule
		for _, kv := range rules {
			if len(kv) != 2 {
				continue
			}
			key, radix := kv[0], int64(10)
			if b, rad, ok := strings.Cut(key, "/"); ok {
				v, err := strconv.ParseInt(strings.ReplaceAll(rad, ",", ""), 10, 64)
				if err != nil {
					continue
				}
				key, radix = b, v
			}
			base, err := strconv.ParseInt(strings.ReplaceAll(key, ",", ""), 10, 64)
			if err != nil {
				continue
			}
			rs = append(rs, rbnfRule{base: base, radix: radix, text: kv[1]})
		}
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].base < rs[j].base })
		r[name] = rs
	}
	return r
}

// errDigits says a number's spell-out falls back to digits or to a syntax
// the evaluator does not know: the number has no words in that set.
var errDigits = fmt.Errorf("no words")

// format spells n out with rule set name; plural gives a category of a whole
// number for the rules' $(cardinal,...)$ choices.
func (r rbnf) format(name string, n int64, plural func(int64) string, depth int) (string, error) {
	rs := r[name]
	if depth > 20 || len(rs) == 0 {
		return "", errDigits
	}
	at := -1
	for i, rule := range rs {
		if rule.base <= n {
			at = i
		}
	}
	if at < 0 {
		return "", errDigits
	}
	rule := rs[at]
	div := int64(1)
	for div*rule.radix <= rule.base {
		div *= rule.radix
	}
	e := ruleEval{r: r, set: name, n: n, div: div, plural: plural, depth: depth}
	text := strings.TrimSuffix(strings.TrimSpace(rule.text), ";")
	text = strings.TrimPrefix(text, "'")
	return e.run(text)
}

// ruleEval is one rule's text being written for n.
type ruleEval struct {
	r      rbnf
	set    string
	n, div int64
	plural func(int64) string
	depth  int
}

// run writes text: literal runs, [optional] parts (left out when n is a
// whole multiple of the divisor), ←← →→ == substitutions and $(…)$ plural
// choices.
func (e ruleEval) run(text string) (string, error) {
	var b strings.Builder
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		part, end, err := e.part(rs, i)
		if err != nil {
			return "", err
		}
		b.WriteString(part)
		i = end
	}
	return b.String(), nil
}

// part writes the part of the rule text that starts at rs[i]: a rune, or a
// whole [optional] part, substitution or choice; end is its last rune's
// index.
func (e ruleEval) part(rs []rune, i int) (string, int, error) {
	switch c := rs[i]; c {
	case '[':
		end := indexRune(rs, i+1, ']')
		if end < 0 {
			return "", 0, errDigits
		}
		if e.n%e.div == 0 {
			return "", end, nil
		}
		s, err := e.run(string(rs[i+1 : end]))
		return s, end, err
	case '←', '→', '=':
		end := indexRune(rs, i+1, c)
		if end < 0 {
			return "", 0, errDigits
		}
		s, err := e.substitute(c, string(rs[i+1:end]))
		if c == '→' && end+1 < len(rs) && rs[end+1] == '→' { // →→→
			end++
		}
		return s, end, err
	case '$':
		if i+1 < len(rs) && rs[i+1] == '(' {
			end := indexString(rs, i+2, ")$")
			if end < 0 {
				return "", 0, errDigits
			}
			s, err := e.choose(string(rs[i+2 : end]))
			return s, end + 1, err
		}
	}
	return string(rs[i]), i, nil
}

// substitute writes one substitution: ← the quotient by the divisor, → the
// remainder, = n itself, each with the named set or this one; a number format
// ("#,##0") is digits, which no count of words reads.
func (e ruleEval) substitute(kind rune, inner string) (string, error) {
	set := e.set
	switch {
	case inner == "":
	case strings.HasPrefix(inner, "%"):
		set = inner
	default:
		return "", errDigits
	}
	v := e.n
	switch kind {
	case '←':
		v = e.n / e.div
	case '→':
		v = e.n % e.div
	}
	if kind == '=' && set == e.set {
		return "", errDigits
	}
	return e.r.format(set, v, e.plural, e.depth+1)
}

// choose writes the text of a $(cardinal,one{…}other{…})$ choice for the
// quotient of n by the divisor.
func (e ruleEval) choose(inner string) (string, error) {
	kind, rest, ok := strings.Cut(inner, ",")
	if !ok || kind != "cardinal" || e.plural == nil {
		return "", errDigits
	}
	want := e.plural(e.n / e.div)
	texts := map[string]string{}
	for rest != "" {
		open := strings.IndexByte(rest, '{')
		end := strings.IndexByte(rest, '}')
		if open < 0 || end < open {
			return "", errDigits
		}
		texts[strings.TrimSpace(rest[:open])] = rest[open+1 : end]
		rest = rest[end+1:]
	}
	if t, ok := texts[want]; ok {
		return t, nil
	}
	if t, ok := texts["other"]; ok {
		return t, nil
	}
	return "", errDigits
}

func indexRune(rs []rune, from int, c rune) int {
	for i := from; i < len(rs); i++ {
		if rs[i] == c {
			return i
		}
	}
	return -1
}

func indexString(rs []rune, from int, s string) int {
	i := strings.Index(string(rs[from:]), s)
	if i < 0 {
		return -1
	}
	return from + len([]rune(string(rs[from:])[:i]))
}
