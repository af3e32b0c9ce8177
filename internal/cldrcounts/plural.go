package cldrcounts

import (
	"strconv"
	"strings"
)

// pluralRules are a locale's cardinal plural rules (CLDR's plurals.json), by
// category: the category of a whole number is the first whose condition
// holds, else "other".
type pluralRules map[string]string

// categoryOrder is the order CLDR lists categories in.
var categoryOrder = []string{"zero", "one", "two", "few", "many"}

// category is the plural category of the whole number n.
func (p pluralRules) category(n int64) string {
	for _, c := range categoryOrder {
		rule, ok := p["pluralRule-count-"+c]
		if !ok {
			continue
		}
		cond, _, _ := strings.Cut(rule, "@")
		if holds(strings.TrimSpace(cond), n) {
			return c
		}
	}
	return "other"
}

// holds evaluates a condition ("n % 10 = 2..4 and n % 100 != 12..14 or ...")
// for a whole number: i and n are the number, v w f t c e are 0.
func holds(cond string, n int64) bool {
	if cond == "" {
		return true
	}
	for _, or := range strings.Split(cond, " or ") {
		all := true
		for _, and := range strings.Split(or, " and ") {
			if !relation(strings.TrimSpace(and), n) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// relation evaluates "operand [% mod] (=|!=) ranges".
func relation(rel string, n int64) bool {
	neg := false
	lhs, rhs, ok := strings.Cut(rel, "!=")
	if ok {
		neg = true
	} else if lhs, rhs, ok = strings.Cut(rel, "="); !ok {
		return false
	}
	lhs = strings.TrimSpace(lhs)
	op, mod, hasMod := strings.Cut(lhs, "%")
	v := int64(0)
	switch strings.TrimSpace(op) {
	case "n", "i":
		v = n
	}
	if hasMod {
		m, err := strconv.ParseInt(strings.TrimSpace(mod), 10, 64)
		if err != nil || m == 0 {
			return false
		}
		v %= m
	}
	in := false
	for _, r := range strings.Split(rhs, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(r), "..")
		a, err1 := strconv.ParseInt(lo, 10, 64)
		b := a
		var err2 error
		if isRange {
			b, err2 = strconv.ParseInt(hi, 10, 64)
		}
		if err1 == nil && err2 == nil && v >= a && v <= b {
			in = true
			break
		}
	}
	return in != neg
}
