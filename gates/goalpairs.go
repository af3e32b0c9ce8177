package gates

import (
	"regexp"
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// This file reads the two quantities a goal answer gives (issue 38 item 6:
// "where you are now and where you are going") in the terse and garbled
// forms people type: from and to with an arrow ("140 lb -> 160 lb"), two
// quantities with a slash in the order the question asked them
// ("100kg/80kg" after "What are you aiming for, and where are you now?"), and
// a unit mistyped next to its number ("140 kf, currently 120 kg"). Whatever
// it reads, the pair is taken whole or not at all (wholeOrNothing): a
// message that holds both numbers never stores one without the other.

// arrows say "from ... to ...": "140 lb -> 160 lb" is "140 lb to 160 lb".
var arrows = strings.NewReplacer("-->", " to ", "->", " to ", "→", " to ", "=>", " to ", "⇒", " to ", "⟶", " to ", "➡", " to ", "➡️", " to ")

// mendedQuantities writes node n's quantities as its number extractors read
// them: arrows as "to" and a unit mistyped next to its number as the unit
// (mendUnitTypos). Text without a digit is left as it is.
func mendedQuantities(n *Node, text string) string {
	if !strings.ContainsAny(text, "0123456789") || !hasNumberExtractor(n) {
		return text
	}
	mended := actuallyAsNow(mendNowTypos(n, mendUnitTypos(n, raceDistancesAsKm(n, arrows.Replace(text)))))
	if numberRuns(mended) >= 2 && twoMarkedNumbers(mended) && hasPresentLevel(n) {
		return withoutNumbers(mended) // two numbers said as the present: asked again
	}
	if read, ok := reasonedLevelAsCue(n, mended); !ok {
		return withoutNumbers(mended) // roles not accounted for: asked again
	} else if read != mended {
		return read
	}
	if rest := withoutOtherActivity(n, mended); rest != mended {
		return rest
	}
	return presentLevelAsCue(n, mended)
}

// hasPresentLevel reports whether node n has a present-level fact
// (presentLevelExtractor).
func hasPresentLevel(n *Node) bool {
	level, _ := presentLevelExtractor(n)
	return level != nil
}

func hasNumberExtractor(n *Node) bool {
	return slices.ContainsFunc(n.Extract, func(x Extractor) bool { return x.Kind == ExtractNumber })
}

// wordAfterNumberRe is a number and the word right after it ("140 kf",
// "140kf").
var wordAfterNumberRe = regexp.MustCompile(`(\d+(?:[.,]\d+)?)(\s?)(\pL+)`)

// notMistypedUnits are short words that may follow a number and are one
// edit from a unit ("in" from "min", "m" from "mi"): never mended.
var notMistypedUnits = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`in on at an as is it by to of or me my we he am pm and x a i
		k m s h g l lb kg km mi min en et y o de le la el al un ka fi f b`) {
		notMistypedUnits[w] = true
	}
}

// mendUnitTypos replaces a word right after a number that is no unit but one
// edit from the spelling of a unit node n's number extractors take ("kf",
// "lbd", "kgz") by that unit, only when the message says that unit at
// another number and no other unit is one edit away: "deadlift 140 kf,
// currently 120 kg" is 140 kg; "deadlift 140 kf" alone (kg or km?) is left
// as typed, and the question is asked again.
func mendUnitTypos(n *Node, text string) string {
	said := map[string]bool{}
	for _, q := range nlu.ExtractQuantities(text) {
		if q.Unit != "" {
			said[q.Unit] = true
		}
	}
	if len(said) == 0 {
		return text
	}
	units := nodeUnits(n)
	return wordAfterNumberRe.ReplaceAllStringFunc(text, func(m string) string {
		g := wordAfterNumberRe.FindStringSubmatch(m)
		w := strings.ToLower(g[3])
		if notMistypedUnits[w] || len(w) > 5 || nlu.IsNumberWord(w) {
			return m
		}
		if qs := nlu.ExtractQuantities("1 " + w); len(qs) == 1 && qs[0].Unit != "" {
			return m // a unit already
		}
		var near []string
		for _, u := range units {
			if slices.ContainsFunc(nlu.UnitSpellings(u), func(s string) bool { return len(s) > 1 && oneEdit(w, s) }) {
				near = append(near, u)
			}
		}
		if near = slices.DeleteFunc(near, func(u string) bool { return !said[u] }); len(near) != 1 {
			return m
		}
		return g[1] + g[2] + near[0]
	})
}

// nodeUnits are the normalized units node n's number extractors take.
func nodeUnits(n *Node) []string {
	var out []string
	for _, x := range n.Extract {
		if x.Kind != ExtractNumber {
			continue
		}
		for _, u := range x.Unit {
			if u = normalizeUnit(u); !slices.Contains(out, u) {
				out = append(out, u)
			}
		}
	}
	return out
}

// oneEdit reports whether a and b (ASCII words) differ by exactly one
// substitution, insertion, deletion or swap of two neighbouring letters.
func oneEdit(a, b string) bool {
	if a == b {
		return false
	}
	if len(a) == len(b) {
		diff := []int{}
		for i := range len(a) {
			if a[i] != b[i] {
				diff = append(diff, i)
			}
		}
		switch len(diff) {
		case 1:
			return true
		case 2:
			i, j := diff[0], diff[1]
			return j == i+1 && a[i] == b[j] && a[j] == b[i]
		}
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) != 1 {
		return false
	}
	for i := range len(a) {
		if a[i] != b[i] {
			return a[i:] == b[i+1:]
		}
	}
	return true
}

// slashPairRe is two numbers, each maybe with its unit, joined by a slash:
// "100kg/80kg", "100 / 80 kg".
var slashPairRe = regexp.MustCompile(`(\d+(?:[.,]\d+)?)\s*\pL*\s*/\s*(\d+(?:[.,]\d+)?)`)

// inAskedOrder reads a message that gives node n's two number facts as two
// quantities joined by a slash and nothing says which is which ("100kg/80kg"):
// they answer in the order the question asked for them (askedOrder). It
// reports whether it stored them; nothing is stored when the order is not
// known or the message holds other quantities in those units.
func inAskedOrder(n *Node, text string, uncued []*Extractor, values map[string]string) bool {
	if len(uncued) != 2 || len(slashPairRe.FindAllStringIndex(text, -1)) != 1 {
		return false
	}
	order := askedOrder(n)
	if len(order) != 2 {
		return false
	}
	qs := inheritUnits(nlu.Quantity{}, nlu.ExtractQuantities(strings.ToLower(numbersText(slashUnits(text)))))
	a, b := fitting(qs, order[0]), fitting(qs, order[1])
	if len(qs) != 2 || len(a) != 2 || len(b) != 2 || qs[0].Unit != qs[1].Unit {
		return false
	}
	values[order[0].Fact] = formatQuantity(qs[0])
	values[order[1].Fact] = formatQuantity(qs[1])
	return true
}

// slashUnits gives the first number of a slash pair said with one unit the
// second's ("100/80 kg" is "100 kg/80 kg"), as rangeUnits does for "60-80kg".
func slashUnits(text string) string {
	return slashPairRe.ReplaceAllStringFunc(text, func(m string) string {
		g := slashPairRe.FindStringSubmatch(m)
		rest := strings.TrimSpace(strings.TrimPrefix(m, g[1]))
		if strings.HasPrefix(rest, "/") {
			// No unit after the first number: the one after the pair.
			after := text[strings.Index(text, m)+len(m):]
			if qs := nlu.ExtractQuantities("1 " + strings.TrimSpace(after)); len(qs) == 1 && qs[0].Unit != "" {
				return g[1] + " " + qs[0].Unit + " " + rest
			}
		}
		return m
	})
}

// askedOrder is node n's number extractors in the order its question asks for
// them: each extractor's first cue in the prompt text (every variant, which
// must agree), "What are you aiming for, and where are you now? For example:
// bench press 300 lbs, currently at 225 lbs." asks the target ("aiming for")
// before the baseline ("currently at"). Nil when a variant names one of them
// by none of its cues, or two at the same place.
func askedOrder(n *Node) []*Extractor {
	var order []*Extractor
	for _, prompt := range n.Prompts.Variants {
		var at []int
		var xs []*Extractor
		for i := range n.Extract {
			x := &n.Extract[i]
			if x.Kind != ExtractNumber {
				continue
			}
			first := firstCueAt(x, strings.ToLower(prompt))
			if first < 0 || slices.Contains(at, first) {
				return nil
			}
			at, xs = append(at, first), append(xs, x)
		}
		if len(xs) == 2 && at[1] < at[0] {
			xs[0], xs[1] = xs[1], xs[0]
		}
		if order != nil && (order[0] != xs[0] || order[1] != xs[1]) {
			return nil
		}
		order = xs
	}
	return order
}

// firstCueAt is where the first of x's cues stands in lower, -1 when none.
func firstCueAt(x *Extractor, lower string) int {
	first := -1
	for _, cue := range x.Cues {
		if at := wordIndex(lower, strings.ToLower(cue)); at >= 0 && (first < 0 || at < first) {
			first = at
		}
	}
	return first
}

// wholeOrNothing drops node n's number facts when only some were read from a
// message that holds more quantities than were taken, any of which could be
// a missing one: "deadlift 140 kf, currently 120 kg" is no baseline of 120 kg
// with the target left to ask for; the question comes again for both. A
// message with one quantity ("I weigh 80 kg") keeps what it gave.
func wholeOrNothing(n *Node, text string, values map[string]string) {
	var facts []string
	var got []nlu.Quantity
	var units []string
	for i := range n.Extract {
		x := &n.Extract[i]
		if x.Kind != ExtractNumber {
			continue
		}
		facts = append(facts, x.Fact)
		units = append(units, x.Unit...)
		if v, ok := values[x.Fact]; ok {
			if f, u, ok := splitQuantity(v); ok {
				got = append(got, nlu.Quantity{Value: f, Unit: u})
			}
		}
	}
	if len(got) == 0 || len(got) == len(facts) {
		return
	}
	all := &Extractor{Kind: ExtractNumber, Unit: units}
	count := 0
	for _, q := range inheritUnits(nlu.Quantity{}, nlu.ExtractQuantities(strings.ToLower(numbersText(text)))) {
		if (q.Unit != "" && acceptsUnit(all, q.Unit)) || (q.Unit == "" && slices.ContainsFunc(got, func(g nlu.Quantity) bool { return ofASize(q.Value, g.Value) })) {
			count++
		}
	}
	if count > len(got) {
		for _, f := range facts {
			delete(values, f)
		}
	}
}

// quantityEndRe is a quantity, with its unit, and the words that may stand
// between it and a cue said after it ("100 kg is my goal", "110 kg goal").
var quantityEndRe = regexp.MustCompile(`(\d+(?:\.\d+)?)\s?(\pL*)((?:\s+(?:is|my|the|would|be|will|as|our|your|her|his))*)\s*$`)

// quantityBeforeCue reads a cue said after its quantity, at the end of its
// clause: "squat: 90 kg now, 110 kg goal" gives the target 110 kg, "100 kg
// is my goal" 100 kg. The cue must end its clause (punctuation or the end of
// the message after it): "80 kg to 100 kg" is read forward as it always was.
func quantityBeforeCue(lower string, at, n int) (nlu.Quantity, bool) {
	rest := strings.TrimLeft(lower[at+n:], " ")
	if rest != "" && !strings.ContainsRune(",.;!?", rune(rest[0])) {
		return nlu.Quantity{}, false
	}
	m := quantityEndRe.FindStringSubmatch(lower[:at])
	if m == nil {
		return nlu.Quantity{}, false
	}
	qs := nlu.ExtractQuantities(m[1] + " " + m[2])
	if len(qs) != 1 || qs[0].Unit == "" {
		return nlu.Quantity{}, false
	}
	return qs[0], true
}

// withoutNumbers is text with its digits left out: a goal answer whose
// roles are not accounted for gives no number, and both are asked again.
func withoutNumbers(text string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, text)
}
