package check

import (
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley/flows"
)

// noValue is an answer no typed slot accepts.
const noValue = "zzqx"

// samples are the values that stand, in the alphabet, for the answers to one
// slot. Every valid one passes the slot's type and every built-in validator it
// declares, as the engine checks them (flows.Engine.Accepts): candidates are
// drawn from the slot's values, its validators (strings generated from a regex,
// enum members, numbers inside a range, lengths) and its type (dates in the
// future, times, ...), and only those the engine takes are kept.
type samples struct {
	valid []string
	// invalid is a candidate the engine refuses; "" when the slot takes any text.
	invalid string
	// refused passes the built-in checks but the slot's custom validator (a
	// webhook or a function) answers it is invalid: the validator is explored
	// both ways. "" when the slot has no custom validator or no second value.
	refused string
	// closed: the slot takes only the values the bot's search records list, so
	// a value outside them is not understood, whoever read it (asked again, as
	// a typed answer it cannot read).
	closed bool
	// blocked, when no candidate passes, is the index of the validator that
	// refused the candidate that got furthest (-1: none read as the type), and
	// tried the candidates.
	blocked *blocked
}

type blocked struct {
	validator int
	tried     []string
}

// slotSamples picks slot sl's samples (of flow) with the engine e, at now. Its
// valid value is one the flow's earlier slots have not taken where one passes:
// a flow may refuse a value another slot holds (a trip from a city to itself).
func slotSamples(e *flows.Engine, flow string, sl *flows.Slot, now time.Time, taken map[string]bool) samples {
	var out samples
	furthest := -1
	// A text slot with a closed set of values (the bot's search records) takes
	// only them: they come first.
	listed := e.RecordValues(flow, sl.Name)
	out.closed = len(listed) > 0
	cands := dedupe(append(listed, candidates(sl)...))
	for _, c := range cands {
		ok, failed := e.Accepts(flow, sl.Name, c, now)
		if ok {
			out.valid = append(out.valid, c)
			continue
		}
		furthest = max(furthest, failed)
	}
	if len(out.valid) == 0 {
		out.blocked = &blocked{validator: furthest, tried: cands}
	}
	for _, c := range invalidCandidates(sl) {
		if ok, _ := e.Accepts(flow, sl.Name, c, now); !ok {
			out.invalid = c
			break
		}
	}
	if hasValidator(sl, flows.ValidateCustom) && len(out.valid) > 1 {
		out.refused = out.valid[1]
	}
	if len(out.valid) > 0 {
		first := 0
		for first < len(out.valid)-1 && taken[out.valid[first]] {
			first++
		}
		if taken[out.valid[first]] {
			first = 0
		}
		out.valid = out.valid[first : first+1]
	}
	return out
}

// candidates are the values tried as a valid answer, most telling first: the
// slot's own values, values its validators describe, then its type's.
func candidates(sl *flows.Slot) []string {
	out := slices.Clone(sl.Values)
	for _, v := range sl.Validators {
		if gen, ok := validatorCandidates[v.Type]; ok {
			out = append(out, gen(v)...)
		}
	}
	out = append(out, typeCandidates(sl)...)
	if v, ok := lookupValue(sl); ok {
		out = append(out, v)
	}
	return append(out, "Springfield")
}

// validatorCandidates derive values from a validator that says what is valid.
var validatorCandidates = map[string]func(v *flows.Validator) []string{
	flows.ValidateRegex: func(v *flows.Validator) []string { return regexSamples(v.Pattern, 6) },
	flows.ValidateEnum:  func(v *flows.Validator) []string { return v.Values },
	flows.ValidateLength: func(v *flows.Validator) []string {
		n := 1
		if v.Min != nil {
			n = max(int(math.Ceil(*v.Min)), 1)
		}
		return []string{strings.Repeat("a", n)}
	},
	flows.ValidateRange: func(v *flows.Validator) []string { return rangeNumbers(v) },
}

// rangeNumbers are numbers inside a range validator: its lower bound (at least
// 1 when it allows), a whole number inside, the middle and its upper bound.
func rangeNumbers(v *flows.Validator) []string {
	lo, hi := 1.0, math.Inf(1)
	if v.Min != nil {
		lo = max(lo, *v.Min)
	}
	if v.Max != nil {
		hi = *v.Max
	}
	if lo > hi { // a range below 1
		lo = hi
		if v.Min != nil {
			lo = *v.Min
		}
	}
	nums := []float64{lo, math.Ceil(lo)}
	if !math.IsInf(hi, 1) {
		nums = append(nums, math.Floor((lo+hi)/2), hi)
	}
	var out []string
	for _, n := range nums {
		out = append(out, num(n))
	}
	return out
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// typeCandidates are valid values of each slot type that needs no other
// knowledge, a few of each so that one passes a validator narrowing the type.
func typeCandidates(sl *flows.Slot) []string {
	return typeSamples[sl.Type]
}

var typeSamples = map[string][]string{
	flows.TypeDate:    {"2026-06-15", "2026-01-15", "2027-03-01"},
	flows.TypeTime:    {"18:30", "09:00", "10:30", "12:00", "14:15", "20:00", "07:45"},
	flows.TypeNumber:  {"1", "2", "10", "100", "0"},
	flows.TypeInteger: {"1", "2", "10", "100", "0"},
	flows.TypeEmail:   {"someone@example.com"},
	flows.TypePhone:   {"+1 415 555 0100"},
	flows.TypeCity:    {"Boston", "Madrid"},
	flows.TypeBoolean: {"true", "false"},
}

// invalidCandidates are values tried as an invalid answer: outside a number's
// range, a past date, then things no type reads.
func invalidCandidates(sl *flows.Slot) []string {
	var out []string
	for _, v := range sl.Validators {
		if v.Type == flows.ValidateRange && v.Max != nil {
			out = append(out, num(*v.Max+1))
		}
		if v.Type == flows.ValidateRange && v.Min != nil {
			out = append(out, num(*v.Min-1))
		}
	}
	if sl.Type == flows.TypeDate {
		out = append(out, "2001-01-01")
	}
	return append(out, noValue, "0", "!", "zz zz")
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

func hasValidator(sl *flows.Slot, kind string) bool {
	return slices.ContainsFunc(sl.Validators, func(v *flows.Validator) bool { return v != nil && v.Type == kind })
}
