package gates

import (
	"regexp"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// amountAsGoal reads an amount of change said as the answer to a goal
// question ("lose 6 kg before summer", "drop 10 lb, thanks"): the user has
// answered what they aim for, so the node's target takes the amount as said
// and its delta the same amount, the gap itself; no level is computed from
// it (a level less an amount is a value the user did not say, issue 38,
// coach27). A level said beside the amount ("lose 6 kg, at 94 kg") is no
// baseline of that target, which is no level: the baseline is left unread,
// so target and baseline are never an amount and a level read as a pair.
// It reads only when no level was read as the target, when the message
// says exactly one amount, with a unit the target takes, after a change
// word not in the past ("lost 6 kg already" is no goal), not as a rate ("1
// kg a week"), and every other quantity in the node's units is a fact read
// (parse or ask). A target read without its cue from a number joined to
// the amount ("lose 5 kg or 6 kg") is another amount, and dropped. text is what settleNumbers read.
func amountAsGoal(n *Node, text string, values map[string]string) {
	delta, to := amountDelta(n)
	if delta == nil {
		return
	}
	lower := strings.ToLower(rangeUnits(numberWordsAsDigits(text)))
	ms := amountRe.FindAllStringSubmatchIndex(lower, -1)
	if values[delta.To] != "" {
		dropTargetBesideAmount(lower, text, ms, delta, to, values)
		return
	}
	if strings.ContainsRune(text, '?') {
		return
	}
	if len(ms) != 1 || saysAny(strings.Fields(lower[ms[0][2]:ms[0][3]]), "change-done") || rateRe.MatchString(lower[ms[0][1]:]) {
		return
	}
	qs := nlu.ExtractQuantities(lower[ms[0][3]:ms[0][1]])
	if len(qs) != 1 || qs[0].Unit == "" || !acceptsUnit(to, qs[0].Unit) {
		return
	}
	if !othersRead(n, lower[:ms[0][0]]+" , "+lower[ms[0][1]:], qs[0], values) {
		return
	}
	amount := formatQuantity(qs[0])
	values[delta.To] = amount
	values[delta.Fact] = amount
	delete(values, delta.From)
}

// readsAmount reports whether text, read as node n's answer, says an amount
// as its goal (amountAsGoal): "cut 3 kg" answers, though no extractor of
// its own reads a word of it.
func readsAmount(n *Node, text string) bool {
	values := map[string]string{}
	amountAsGoal(n, ownWords(text, ExtractNumber), values)
	return len(values) > 0
}

// amountDelta is node n's delta extractor whose target is one of n's number
// facts, and that number extractor; nil when n has none.
func amountDelta(n *Node) (*Extractor, *Extractor) {
	for i := range n.Extract {
		d := &n.Extract[i]
		if d.Kind != ExtractDelta {
			continue
		}
		for j := range n.Extract {
			if x := &n.Extract[j]; x.Kind == ExtractNumber && x.Fact == d.To {
				return d, x
			}
		}
	}
	return nil, nil
}

// otherAmountRe is a second number joined to an amount as its
// alternative or range's end ("or 6 kg", "-6 kg").
var otherAmountRe = regexp.MustCompile(`^\s*(?:-|–|or|/)\s*\d`)

// rateRe is a rate right after an amount ("1 kg a week", "2 lb per
// month", "0.5 kg weekly"): a pace, no goal.
var rateRe = regexp.MustCompile(`^\s*(?:(?:a|an|per|each|every|/)\s*(?:week|wk|month|mo|day|fortnight|year)\b|weekly\b|monthly\b|daily\b)`)

// othersRead reports whether every quantity of rest (the message without
// its amount) that a number fact of n could take is a value read (values):
// "lose 5 kg-6 kg" or "lose 5 kg or 6" leaves a quantity unplaced, and the
// goal is asked.
func othersRead(n *Node, rest string, amount nlu.Quantity, values map[string]string) bool {
	var units []string
	read := map[string]bool{}
	for i := range n.Extract {
		if x := &n.Extract[i]; x.Kind == ExtractNumber {
			units = append(units, x.Unit...)
			read[values[x.Fact]] = true
		}
	}
	all := &Extractor{Kind: ExtractNumber, Unit: units}
	for _, q := range inheritUnits(amount, nlu.ExtractQuantities(rest)) {
		mine := q.Unit != "" && acceptsUnit(all, q.Unit) || q.Unit == "" && ofASize(q.Value, amount.Value)
		if mine && !read[formatQuantity(q)] {
			return false
		}
	}
	return true
}

// amountGapKept reports whether delta extractor x's fact is a gap said as an
// amount, to keep rather than compute: read so this turn (values), or known
// as the known target's amount when this turn reads no new target (a
// baseline said later makes no level-minus-amount gap).
func (f *Flow) amountGapKept(x *Extractor, values, known map[string]string) bool {
	if _, said := values[x.Fact]; said {
		return true
	}
	if _, newTarget := values[x.To]; newTarget {
		return false
	}
	gap, okGap := f.factValue(x.Fact, nil, known)
	to, okTo := f.factValue(x.To, nil, known)
	return okGap && okTo && gap == to
}

// mergeGap settles an amount's gap after fillFromGloss merged the targets:
// a gap whose target the gloss did not read alike is dropped (no gap stands
// without its target), and a target taken from the gloss takes the gloss's
// gap with it.
func mergeGap(n *Node, values, glossed map[string]string) {
	d, _ := amountDelta(n)
	switch {
	case d == nil:
	case values[d.To] == "":
		delete(values, d.Fact)
	case values[d.Fact] == "" && glossed[d.Fact] != "" && glossed[d.To] == values[d.To]:
		values[d.Fact] = glossed[d.Fact]
	}
}

// dropTargetBesideAmount drops the target read beside the one amount of
// change ms holds when it is no target (amountAsGoal): a second number joined
// to the amount, or a level said with neither the target's cue nor a word of
// aiming.
func dropTargetBesideAmount(lower, text string, ms [][]int, delta, to *Extractor, values map[string]string) {
	if len(ms) == 1 && otherAmountRe.MatchString(lower[ms[0][1]:]) && !hasCue(to, rangeUnits(text)) {
		// A second number joined to the amount is another amount,
		// no level: "lose 5 kg or 6 kg", "lose 5-6 kg".
		delete(values, delta.To)
	}
	if len(ms) == 1 && !hasCue(to, rangeUnits(text)) && !saysAny(remarkTokens(lower), "aim") &&
		!saysAny(strings.Fields(lower[ms[0][2]:ms[0][3]]), "change-done") {
		// Beside an amount to change, a level said with no word of
		// aiming is no target by its place: "lose 8 kg, snacks put me
		// at 102 kg" stores no 102 kg target (issue 38, coach29); the
		// goal is asked again. "..., aiming 82 kg" is the target.
		delete(values, delta.To)
	}
}
