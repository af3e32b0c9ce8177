package flows

import (
	"cmp"
	"fmt"
	"github.com/parleyhq/parley/nlu"
	"slices"
	"strings"
	"unicode"
)

// A flow's slot values and synonyms start it (issue 38 item 3): "I'd like a root
// canal on Tuesday" names the value "root canal" of the clinic booking's
// treatment slot, so the message starts that flow with no trigger word, and the
// value fills the slot as any value in a first message does. Only a value one
// flow has is evidence: a value two flows share starts neither, and Warnings says
// so; with shared_slots no value starts a flow. Numbers and values of fewer than
// three letters ("1", "no") are no evidence either.

// valueStart is one way of saying an enum value that starts its flow.
type valueStart struct {
	words []string
	f     *flow
}

// minStartValue is the fewest letters a value needs to start a flow.
const minStartValue = 3

// startingValues lists, for each flow, the ways of saying its slots' values that
// are evidence (startingWords), with the flows that have each.
func startingValues(flows []*flow) map[string][]*flow {
	owners := map[string][]*flow{}
	for _, f := range flows {
		for _, sl := range f.slotOrder {
			for _, say := range valueSayings(sl.def) {
				if k := strings.Join(startingWords(say), " "); k != "" && !slices.Contains(owners[k], f) {
					owners[k] = append(owners[k], f)
				}
			}
		}
	}
	return owners
}

// valueSayings are an enum slot's values and synonyms, without the "don't care"
// value (the values of other slots are not read in a sentence).
func valueSayings(sd *Slot) []string {
	if sd.Type != TypeEnum {
		return nil
	}
	var out []string
	for _, v := range sd.Values {
		if v == DontCare {
			continue
		}
		out = append(out, v)
		out = append(out, sd.Synonyms[v]...)
	}
	return out
}

// startingWords are a value's words, lower case; none when it is a number or
// shorter than minStartValue letters.
func startingWords(s string) []string {
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if letters < minStartValue {
		return nil
	}
	return valueWords(s)
}

// valueWords are the lower-case words of s (letters and digits).
func valueWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// indexValueStarts keeps the values one flow only has, longest first. With
// shared_slots a slot is one for every flow: its values are no flow's own.
func (e *Engine) indexValueStarts() {
	if e.sharedSlots {
		return
	}
	for k, fs := range startingValues(e.order) {
		if len(fs) == 1 {
			e.valueStarts = append(e.valueStarts, valueStart{words: strings.Fields(k), f: fs[0]})
		}
	}
	slices.SortFunc(e.valueStarts, func(a, b valueStart) int {
		return cmp.Or(cmp.Compare(len(b.words), len(a.words)), cmp.Compare(strings.Join(a.words, " "), strings.Join(b.words, " ")))
	})
}

// flowOfValue is the one flow a value the message names belongs to; nil when
// none, or values of several flows.
func (tu *turn) flowOfValue() *flow {
	if len(tu.e.valueStarts) == 0 {
		return nil
	}
	ws := valueWords(tu.text)
	var found *flow
	for _, vs := range tu.e.valueStarts {
		if !containsWords(ws, vs.words) {
			continue
		}
		if found != nil && found != vs.f {
			return nil
		}
		found = vs.f
	}
	return found
}

// containsWords reports whether phrase occurs in ws, word for word.
func containsWords(ws, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(phrase)], phrase) {
			return true
		}
	}
	return false
}

// lintSharedValues warns of a slot value two flows have: naming it starts
// neither (flowOfValue), so a user who says "a root canal" without a trigger
// word is not understood.
func lintSharedValues(v *validation, def *Definition) {
	type at struct {
		flow, slot, path string
	}
	seen := map[string]at{}
	for i, f := range def.Flows {
		for j, sd := range f.Slots {
			for _, say := range valueSayings(sd) {
				k := strings.Join(startingWords(say), " ")
				if k == "" {
					continue
				}
				p := fmt.Sprintf("$.flows[%d].slots[%d]", i, j)
				first, ok := seen[k]
				switch {
				case !ok:
					seen[k] = at{f.Name, sd.Name, p}
				case first.flow != f.Name:
					v.report(p, "the value %q of slot %s is also a value of flow %s's slot %s: naming it starts neither flow; add a trigger keyword or example to the one it should start", say, sd.Name, first.flow, first.slot)
				}
			}
		}
	}
}

// flowOfPlaceAndDate is the one flow a first message gives a known place by
// a city slot's own cue and a day its date slot reads ("to honolulu in ten
// days", "tix to nashvile on good firday"): two values of one flow, the
// place by its cue, are evidence of it as two cued values are
// (flowOfValues). A date alone is none (any flow with a date reads it), and
// a question starts nothing; nil when no flow, or several, fit. It is read
// only when no trigger, no cued pair and no value named a flow.
func (tu *turn) flowOfPlaceAndDate() *flow {
	if !typed(tu.in) || tu.in.Message.Meaning != "" || tu.asksBack() {
		return nil
	}
	var found *flow
	for _, f := range tu.e.order {
		if !tu.givesPlaceAndDate(f) {
			continue
		}
		if found != nil {
			return nil
		}
		found = f
	}
	return found
}

// givesPlaceAndDate reports whether the message gives f's city slot a known
// place by the slot's own cue, and f's date slot a day read in the rest.
func (tu *turn) givesPlaceAndDate(f *flow) bool {
	var date *slot
	for _, sl := range f.slotOrder {
		if sl.typ == TypeDate {
			if date != nil {
				return false // which of two dates? read once the flow asks
			}
			date = sl
		}
	}
	if date == nil {
		return false
	}
	tf := &textFinder{tu: tu, text: tu.text}
	places := 0
	for _, sl := range f.slotOrder {
		if sl.typ != TypeCity {
			continue
		}
		for _, re := range sl.patterns {
			tf.take(sl, re)
		}
		if v, ok := tf.found[sl.name]; ok {
			if _, known := nlu.MatchCityExact(format(v)); !known {
				return false
			}
			places++
		}
	}
	if places != 1 {
		return false
	}
	_, ok := tu.e.parse(tu.in, date, tf.freeText(), false)
	return ok
}
