package flows

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// A text slot whose values the bot's own search records list (a hotel_name
// that a search action's records carry) has a closed set of values: an answer
// must name one of them, in any case, among other words ("the bairro loft
// pls"), a typo away (sameSpelling: "Bairo Loft"), or by its price ("the
// cheapest one"). Anything else ("yes", a name not on the list) is not
// understood and asked again: a text slot never stores a word the user did
// not mean as its value.

// priceField is the record field a price superlative compares.
const priceField = "price"

// indexRecords gives each text slot without patterns the records of the bot's
// search actions that carry a field of its name, and each text slot the form
// of the references an action fills it with.
func (e *Engine) indexRecords() {
	byField := map[string][]map[string]string{}
	refs := map[string]*Reference{}
	for _, f := range e.order {
		for _, st := range f.steps {
			if a := st.def.Action; a != nil {
				indexAction(a, byField, refs)
			}
		}
	}
	for _, f := range e.order {
		for _, sl := range f.slotOrder {
			if sl.typ == TypeCity {
				sl.places = fieldValues(byField[sl.name], sl.name)
			}
			if sl.typ != TypeText {
				continue
			}
			if len(sl.patterns) == 0 && len(byField[sl.name]) > 0 {
				sl.records = byField[sl.name]
			}
			sl.reference = refs[sl.name]
		}
	}
}

// fieldValues are the values records give field, each once, in order.
func fieldValues(records []map[string]string, field string) []string {
	var out []string
	for _, r := range records {
		if v := r[field]; v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// recordCity is the place of sl's records that c, an unknown name, is
// written as or a typo of ("Dnever" for "Denver"), by the tolerance of city
// names (nlu.NearName); none when it is near none, or near two.
func (sl *slot) recordCity(c string) (string, bool) {
	found := ""
	for _, p := range sl.places {
		if !nlu.NearName(c, p) && !nlu.SoundsLike(c, p) {
			continue
		}
		if found != "" {
			return "", false
		}
		found = p
	}
	return found, found != ""
}

// indexAction adds an action's search records, by field, and its reference's
// form, by slot.
func indexAction(a *Action, byField map[string][]map[string]string, refs map[string]*Reference) {
	if r := a.Reference; r != nil && r.Prefix != "" && r.Digits > 0 {
		refs[r.Slot] = r
	}
	if a.Search == nil {
		return
	}
	for _, r := range a.Search.Records {
		for k := range r {
			byField[k] = append(byField[k], r)
		}
	}
}

// asReference writes v in the form of the references the bot's actions give
// the slot (prefix and digits: "BK-" and 5), when v is one typed with another
// case, a space or no separator ("bk 73310", "bk30718": "BK-73310"); any
// other v is returned as it is, and "" when v is a reference typed with a
// digit astray (strayDigit).
func (sl *slot) asReference(v string) string {
	r := sl.reference
	if r == nil {
		return v
	}
	squash := func(s string) string {
		return strings.Map(func(c rune) rune {
			if unicode.IsSpace(c) || c == '-' || c == '_' || c == '.' || c == '/' {
				return -1
			}
			return unicode.ToUpper(c)
		}, s)
	}
	k, p := squash(nlu.WithoutSpokenSeparators(v)), squash(r.Prefix)
	digits, ok := strings.CutPrefix(k, p)
	if !ok || len(digits) != r.Digits || strings.ContainsFunc(digits, func(c rune) bool { return c < '0' || c > '9' }) {
		return v
	}
	if strayDigit(v) {
		return "" // "bk 8330 2": a digit astray, or one missing
	}
	return r.Prefix + digits
}

// strayDigit reports whether the digits of v are typed in groups apart by
// spaces that mix a lone digit with longer groups ("bk 8330 2"): typed digit
// by digit ("b k 5 9 3 0 8") or in groups as a number is said ("bk 45 678")
// they are one reference; a lone digit beside a group is a slip whose
// reference is not known.
func strayDigit(v string) bool {
	var single, longer bool
	for _, f := range strings.FieldsFunc(v, func(c rune) bool { return c < '0' || c > '9' }) {
		if len(f) == 1 {
			single = true
		} else {
			longer = true
		}
	}
	return single && longer
}

// recordAnswer reads the value of a slot with records in raw (see above):
// the one listed value raw names, else (byPrice: raw answers sl's own
// question) the one its price words pick; a sentence answering another
// question ("tomorrow or Saturday, whichever is cheaper") picks no hotel.
func recordAnswer(t parley.Turn, sl *slot, raw string, byPrice bool) (any, bool) {
	cands := recordsFitting(t, sl)
	words := strings.FieldsFunc(raw, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) && r != '\'' && r != '-' })
	if refusesWhatItNames(raw) {
		return nil, false
	}
	if v, ok, two := namedRecord(sl, cands, words); ok || two {
		if ok && describesAnother(sl, cands, nlu.FoldWords(raw), v.(string)) {
			return nil, false // "Alfama or Tagus View": a part of another's name too
		}
		return v, ok
	}
	if !byPrice || describesNoOne(nlu.FoldWords(raw)) {
		return nil, false // "one of the cheaper two": two left; "a cheap one": any
	}
	v, said := describedRecord(sl, cands, nlu.FoldWords(raw))
	pv, priceSaid := pricePick(sl, cands, " "+foldKey(strings.Join(words, " "))+" ")
	switch {
	case said && priceSaid && v != pv:
		return nil, false // "the cheapest or the four star": two picks
	case said:
		return v, v != nil
	}
	return pv, pv != nil
}

// namedRecord is the one listed value words name, as spelt or a typo away;
// two is true when they name two ("Afama Garden or Tagus View": a choice,
// asked again).
func namedRecord(sl *slot, cands []map[string]string, words []string) (v any, ok, two bool) {
	named := ""
	for _, typo := range []bool{false, true} {
		for _, r := range cands {
			v := r[sl.name]
			if v == "" || v == named || !namesValue(sl, words, v, typo) {
				continue
			}
			if named != "" {
				return nil, false, true
			}
			named = v
		}
	}
	if named == "" {
		return nil, false, false
	}
	return named, true, false
}

// recordsFitting are sl's records whose value fits the filled slots: a
// value is out when records of it carry a filled slot's field and none of
// them agrees (a hotel of another city); all records when none fits.
func recordsFitting(t parley.Turn, sl *slot) []map[string]string {
	s, err := stateOf(t.State)
	if err != nil || s == nil {
		return sl.records
	}
	// agree[value][field]: whether some record of value agrees on field
	// (false once one carries it and disagrees, true once one agrees).
	agree := map[string]map[string]bool{}
	for _, r := range sl.records {
		v := r[sl.name]
		for k, rv := range r {
			have, ok := s.Slots[k]
			if k == sl.name || !ok || have == nil {
				continue
			}
			if agree[v] == nil {
				agree[v] = map[string]bool{}
			}
			agree[v][k] = agree[v][k] || strings.EqualFold(format(have), rv)
		}
	}
	var out []map[string]string
	for _, r := range sl.records {
		if !slices.Contains(slices.Collect(maps.Values(agree[r[sl.name]])), false) {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return sl.records
	}
	return out
}

// priced is the value of the record of lowest (or highest) price among the
// priced ones of cands; none when no record is priced, a price does not read
// or two values share the extreme.
func priced(sl *slot, cands []map[string]string, highest bool) (any, bool) {
	best, bestPrice, tie := "", 0.0, false
	for _, r := range cands {
		price, priced := r[priceField]
		if !priced || r[sl.name] == "" {
			continue
		}
		p, err := strconv.ParseFloat(price, 64)
		if err != nil {
			return nil, false
		}
		switch {
		case best == "" || highest && p > bestPrice || !highest && p < bestPrice:
			best, bestPrice, tie = r[sl.name], p, false
		case p == bestPrice && r[sl.name] != best:
			tie = true
		}
	}
	if best == "" || tie {
		return nil, false
	}
	return best, true
}

// RecordValues returns the values the bot's search records list for a text
// slot with records (the closed set it takes), sorted, each once; none for any
// other slot. parley check draws a valid answer to such a slot from them.
func (e *Engine) RecordValues(flowName, slotName string) []string {
	f := e.flows[flowName]
	if f == nil || f.slots[slotName] == nil {
		return nil
	}
	var out []string
	for _, r := range f.slots[slotName].records {
		if v := r[slotName]; v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out
}

// refusesWhatItNames reports whether a pick's words refuse what they name:
// a negation ("not the Bairro Loft") or a name said and then declined
// ("alfama garden nah thanks", nlu.CutTrailingDecline). Such a name is
// never chosen.
func refusesWhatItNames(raw string) bool {
	_, declined := nlu.CutTrailingDecline(raw)
	return declined || nlu.Negates(raw)
}
