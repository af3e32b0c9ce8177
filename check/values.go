package check

import (
	"maps"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/flows"
)

// noValue is an answer no typed slot accepts.
const noValue = "zzqx"

// slotValues returns values standing for "a valid answer" and "an invalid answer"
// of a slot, derived from its type, values, normalizer and validators. invalid is
// empty when the slot accepts any text.
func slotValues(sl *flows.Slot) (valid []string, invalid string) {
	if len(sl.Values) > 0 {
		return []string{sl.Values[0]}, noValue
	}
	switch sl.Type {
	case flows.TypeDate:
		return dateValues(sl)
	case flows.TypeNumber, flows.TypeInteger:
		return numberValues(sl)
	}
	if v, ok := typeSamples[sl.Type]; ok {
		return []string{v}, noValue
	}
	if valid, invalid, ok := validatorValues(sl); ok {
		return valid, invalid
	}
	if v, ok := lookupValue(sl); ok {
		return []string{v}, ""
	}
	return []string{"Springfield"}, ""
}

// lookupValue is a word the slot's normalizer looks up: the first word of its
// first value, else that value.
func lookupValue(sl *flows.Slot) (string, bool) {
	if sl.Normalizer == nil || len(sl.Normalizer.Lookup) == 0 {
		return "", false
	}
	first := slices.Min(slices.Collect(maps.Keys(sl.Normalizer.Lookup)))
	if words := sl.Normalizer.Lookup[first]; len(words) > 0 {
		return words[0], true
	}
	return first, true
}

// dateValues are a future date and, as invalid, a past one when the slot wants
// a future date, else no date.
func dateValues(sl *flows.Slot) ([]string, string) {
	if hasValidator(sl, flows.ValidateFutureDate) {
		return []string{"2026-06-15"}, "2001-01-01"
	}
	return []string{"2026-06-15"}, noValue
}

// typeSamples are a valid value of each slot type that needs no other knowledge.
var typeSamples = map[string]string{
	flows.TypeEmail:   "someone@example.com",
	flows.TypePhone:   "+1 415 555 0100",
	flows.TypeTime:    "18:30",
	flows.TypeCity:    "Boston",
	flows.TypeBoolean: "true",
}

// validatorValues derives values from the first of a text slot's validators that
// says what is valid: a regex, an enum or a minimum length.
func validatorValues(sl *flows.Slot) (valid []string, invalid string, ok bool) {
	for _, v := range sl.Validators {
		if read, known := validatorSamples[v.Type]; known {
			if valid, invalid, ok := read(v); ok {
				return valid, invalid, true
			}
		}
	}
	return nil, "", false
}

// validatorSamples derive a valid and an invalid value from a validator of each
// type that says what is valid; false when this one does not.
var validatorSamples = map[string]func(v *flows.Validator) ([]string, string, bool){
	flows.ValidateRegex: func(v *flows.Validator) ([]string, string, bool) {
		s, ok := sample(v.Pattern)
		if !ok {
			return nil, "", false
		}
		return []string{s}, invalidFor(v.Pattern), true
	},
	flows.ValidateEnum: func(v *flows.Validator) ([]string, string, bool) {
		if len(v.Values) == 0 {
			return nil, "", false
		}
		return []string{v.Values[0]}, noValue, true
	},
	flows.ValidateLength: func(v *flows.Validator) ([]string, string, bool) {
		if v.Min == nil {
			return nil, "", false
		}
		return []string{strings.Repeat("a", max(int(*v.Min), 1))}, "", true
	},
}

func hasValidator(sl *flows.Slot, kind string) bool {
	return slices.ContainsFunc(sl.Validators, func(v *flows.Validator) bool { return v != nil && v.Type == kind })
}

// numberValues picks a number inside every range validator and one outside.
func numberValues(sl *flows.Slot) ([]string, string) {
	lo := 1.0
	invalid := noValue
	for _, v := range sl.Validators {
		if v == nil || v.Type != flows.ValidateRange {
			continue
		}
		if v.Min != nil {
			lo = max(lo, *v.Min)
		}
		if v.Max != nil {
			invalid = strconv.FormatFloat(*v.Max+1, 'f', -1, 64)
		} else if v.Min != nil {
			invalid = strconv.FormatFloat(*v.Min-1, 'f', -1, 64)
		}
	}
	return []string{strconv.FormatFloat(lo, 'f', -1, 64)}, invalid
}

// invalidFor returns a text the pattern does not match.
func invalidFor(pattern string) string {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return noValue
	}
	for _, c := range []string{noValue, "0", "!", "zz zz"} {
		if !re.MatchString(c) {
			return c
		}
	}
	return ""
}

// sample returns a short string the pattern matches, built from its syntax tree;
// ok is false when the pattern is outside what the builder handles.
func sample(pattern string) (string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	build(&b, re.Simplify())
	s := b.String()
	m, err := regexp.MatchString(pattern, s)
	return s, err == nil && m
}

func build(b *strings.Builder, re *syntax.Regexp) {
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		b.WriteRune(classRune(re.Rune))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
	case syntax.OpCapture, syntax.OpPlus, syntax.OpAlternate:
		build(b, re.Sub[0])
	case syntax.OpRepeat:
		for range re.Min {
			build(b, re.Sub[0])
		}
	case syntax.OpConcat:
		buildAll(b, re.Sub)
	}
}

func buildAll(b *strings.Builder, subs []*syntax.Regexp) {
	for _, s := range subs {
		build(b, s)
	}
}

// classRune picks a letter or digit from a character class when it has one.
func classRune(ranges []rune) rune {
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r < ranges[i]+128; r++ {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return r
			}
		}
	}
	if len(ranges) > 0 {
		return ranges[0]
	}
	return 'a'
}
