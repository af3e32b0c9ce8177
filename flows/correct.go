package flows

import (
	"regexp"
	"strings"
	"sync"
)

// This file reads corrections that point back at a value instead of naming its
// slot (seed 001 example 2 names it: "change the origin to Boston"): "oh wait,
// change that to Phoenix", "sorry, I meant Phoenix", "Phoenix, not Denver",
// "make it Phoenix instead of Denver". The slot changed is the one holding the
// value the correction replaces when it says one ("not Denver"), else the slot
// the user answered last (the collect step before the one asked now) when the
// new value fits it, else the only filled slot it fits.

// maxValueWords is the most words a back-referring correction's value has.
const maxValueWords = 4

// backReferences find a correction's new value (group value) and, for some, the
// value it replaces (group old).
var backReferences = []*regexp.Regexp{
	regexp.MustCompile(`(?i)\b(?:change|make|switch|set|update|correct|turn)\s+(?:that|it|this)\s+(?:to|into|as)?\s*(?P<value>.+?)(?:\s+(?:instead\s+of|not|rather\s+than)\s+(?P<old>.+?))?\s*[.!?]*$`),
	regexp.MustCompile(`(?i)\b(?:i\s+meant|i\s+mean|meant)\s+(?P<value>.+?)(?:\s*,?\s+(?:not|instead\s+of)\s+(?P<old>.+?))?\s*[.!?]*$`),
	regexp.MustCompile(`(?i)^(?:(?:oh\s+)?(?:no\s+)?wait|sorry|oops|actually|no)?[,\s]*(?P<value>[^,]+?)\s*,?\s+(?:not|instead\s+of|rather\s+than)\s+(?P<old>[^,]+?)\s*[.!?]*$`),
	regexp.MustCompile(`(?i)^(?:(?:oh\s+)?(?:no\s+)?wait|sorry|oops|actually)[,\s]+(?:it'?s\s+|make\s+it\s+)?(?P<value>[^,]+?)\s*[.!?]*$`),
}

// correctBack applies a correction that points back at a value, when the
// message names no slot (a named one is read by its labelled pattern): read
// reports whether it read one (then no other slot is read from the message),
// changed whether the slot changed.
func (tu *turn) correctBack(f *flow) (read, changed bool) {
	lower := tu.lower()
	for _, sl := range f.slotOrder {
		for _, n := range sl.names {
			if strings.Contains(lower, n) {
				return false, false
			}
		}
	}
	value, old, ok := tu.backReference()
	if !ok {
		return false, false
	}
	sl, v := tu.correctedSlot(f, value, old)
	if sl == nil {
		return false, false
	}
	return true, tu.setFound(sl, v)
}

// backReference reads a back-referring correction: its new value and the old
// value it names, if any.
func backReference(text, lower string) (value, old string, ok bool) {
	if !hasCorrectionCue(lower) {
		return "", "", false // the common answer ("New York") skips the patterns
	}
	for _, re := range backReferences {
		m := re.FindStringSubmatch(strings.TrimSpace(text))
		if m == nil {
			continue
		}
		value = strings.TrimSpace(m[re.SubexpIndex("value")])
		if i := re.SubexpIndex("old"); i > 0 {
			old = strings.TrimSpace(m[i])
		}
		// A value is a few words; a longer stretch is a sentence ("actually I
		// want to book a flight").
		if n := len(strings.Fields(value)); n > 0 && n <= maxValueWords {
			return value, old, true
		}
	}
	return "", "", false
}

// correctionCues are words one of which every backReferences pattern needs.
var correctionCues = []string{"change", "make", "switch", "set", "update", "correct", "turn", "mean",
	"not", "instead", "rather", "wait", "sorry", "oops", "actually"}

// hasCorrectionCue is a cheap test, of the lowercase text, that is true whenever
// backReferences could match.
func hasCorrectionCue(lower string) bool {
	return correctionCueSet().containsAny(lower)
}

// correctionCueSet is correctionCues indexed for one pass over a text.
var correctionCueSet = sync.OnceValue(func() *literalSet { return newLiteralSet(correctionCues) })

// correctedSlot picks the slot a correction changes and the new value read for
// it (see the file comment); nil when none fits or several do.
func (tu *turn) correctedSlot(f *flow, value, old string) (*slot, any) {
	if old != "" {
		return tu.correctedFrom(f, value, old)
	}
	if sl := tu.lastAnswered(f); sl != nil {
		if v, ok := tu.e.parse(tu.in, sl, value, true); ok {
			return sl, v
		}
	}
	return tu.onlyFilledSlotFor(f, value)
}

// correctedFrom is the filled slot whose value the old text names, and the new
// value read for it.
func (tu *turn) correctedFrom(f *flow, value, old string) (*slot, any) {
	for _, sl := range f.slotOrder {
		held, has := tu.s.Slots[sl.name]
		if !has || held == nil {
			continue
		}
		if ov, ok := tu.e.parse(tu.in, sl, old, true); ok && format(ov) == format(held) {
			if v, ok := tu.e.parse(tu.in, sl, value, true); ok {
				return sl, v
			}
		}
	}
	return nil, nil
}

// onlyFilledSlotFor is the one filled slot the value can be read for; nil when none
// or several can.
func (tu *turn) onlyFilledSlotFor(f *flow, value string) (*slot, any) {
	var hit *slot
	var hitValue any
	for _, sl := range f.slotOrder {
		if held, has := tu.s.Slots[sl.name]; !has || held == nil {
			continue
		}
		if v, ok := tu.e.parse(tu.in, sl, value, true); ok {
			if hit != nil {
				return nil, nil
			}
			hit, hitValue = sl, v
		}
	}
	return hit, hitValue
}

// lastAnswered is the slot of the last collect step before the current one
// that holds a value: what the user answered last, while the flow asks the
// next question.
func (tu *turn) lastAnswered(f *flow) *slot {
	st := tu.currentStep()
	if st == nil || st.kind != KindCollect {
		return nil
	}
	for i := st.index - 1; i >= 0; i-- {
		c := f.steps[i]
		if c.kind != KindCollect || c.slot == nil {
			continue
		}
		if v, ok := tu.s.Slots[c.slot.name]; ok && v != nil {
			return c.slot
		}
	}
	return nil
}
