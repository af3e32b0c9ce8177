package flows

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/nlu"
)

// An answer to the question of a slot with records may pick one without its
// full name (records.go): by a word of its name that no other record's name
// holds ("tagus", "the loft one"), by a record's other field ("the five star
// one": stars "5 stars"), or by its price ("the 120 one", "the one under
// 100"). A description that fits two records, or none, picks none: the
// question is asked again.

var (
	recordBelow = nlu.AnswerWords("record_below")
	recordUpTo  = nlu.AnswerWords("record_upto")
	recordAbove = nlu.AnswerWords("record_above")
	recordKind  = phraseSet(nlu.AnswerWords("record_kind"))
	recordGroup = nlu.AnswerWords("record_group")
	groupLead   = nlu.AnswerWords("record_group_lead")
	recordOr    = phraseSet(nlu.AnswerWords("record_or"))
	groupNoun   = phraseSet(nlu.AnswerWords("record_group_noun"))
	recordAmong = nlu.AnswerWords("record_among")
	recordIndef = nlu.AnswerWords("record_indefinite")
	recordDef   = nlu.AnswerWords("record_definite")
	// positionWord stands before a number that is a listed offer's position.
	positionWord = map[string]bool{"number": true, "no": true, "option": true, "choice": true, "nr": true, "num": true}
)

// describesSeveral reports whether words (folded) describe more than one
// record: a word of a group ("one of the cheaper two", "either of the cheap
// ones", "both"), an alternative ("the four or five star one") or a count of
// two or more after another word that ends the answer or stands before a
// group's noun ("the cheaper two", "the two cheaper ones"; "number 2" is a
// position). A pick that leaves two is no pick.
func describesSeveral(words []string) bool {
	if startsWithAnyPhrase(words, groupLead) {
		return true
	}
	for i, w := range words {
		if recordOr[w] || startsWithAnyPhrase(words[i:], recordGroup) {
			return true
		}
		n, ok := nlu.ParseInteger(w)
		if ok && n >= 2 && n <= 9 && i > 0 && !positionWord[words[i-1]] && !endsWithAnyPhrase(words[:i], recordAmong) &&
			(i == len(words)-1 || groupNoun[words[i+1]] || i+2 < len(words) && groupNoun[words[i+2]]) {
			return true
		}
	}
	return false
}

// describesNoOne reports whether words (folded) describe no one record:
// several ("one of the cheaper two") or any of a kind ("a cheap one").
func describesNoOne(words []string) bool {
	return describesSeveral(words) || describesIndefinitely(words)
}

// describesIndefinitely reports whether words (folded) open with an
// indefinite description ("a cheap one", "something nice"): a kind of record
// any that fits would do, no pick of one. A quantifier followed by a price
// bound ("anything below 100", "something up to 95") is no such kind: the
// bound says which records are meant, and picks the one it leaves (two or
// none left: asked again).
func describesIndefinitely(words []string) bool {
	for _, p := range recordIndef {
		if len(p) <= len(words) && slices.Equal(words[:len(p)], p) {
			return !boundsPrice(words[len(p):])
		}
	}
	return false
}

// boundsPrice reports whether words open with a price bound ("below",
// "less than", "up to", "over").
func boundsPrice(words []string) bool {
	return startsWithAnyPhrase(words, recordBelow) || startsWithAnyPhrase(words, recordUpTo) ||
		startsWithAnyPhrase(words, recordAbove)
}

// describesDefinitely reports whether words (folded) open with a definite
// description ("the 2 star hotel", "that cheap one"): one record meant.
func describesDefinitely(words []string) bool {
	return startsWithAnyPhrase(words, recordDef)
}

// endsWithAnyPhrase reports whether words end with one of phrases: a count
// after "of the" names the records a pick is made among ("the priciest of
// the three"), not the pick.
func endsWithAnyPhrase(words []string, phrases [][]string) bool {
	for _, p := range phrases {
		if len(p) <= len(words) && slices.Equal(words[len(words)-len(p):], p) {
			return true
		}
	}
	return false
}

// startsWithAnyPhrase reports whether words start with one of phrases.
func startsWithAnyPhrase(words []string, phrases [][]string) bool {
	for _, p := range phrases {
		if len(p) <= len(words) && slices.Equal(words[:len(p)], p) {
			return true
		}
	}
	return false
}

// recordPicks read a description of a record, in order: a description that a
// reader finds is read by it alone.
var recordPicks []func(*slot, []map[string]string, []string) ([]string, bool)

func init() {
	recordPicks = append(recordPicks, byNamePart, byField, byPriceFigure)
}

func phraseSet(phrases [][]string) map[string]bool {
	set := map[string]bool{}
	for _, p := range phrases {
		set[strings.Join(p, " ")] = true
	}
	return set
}

// describedRecord is the one value of cands that words (folded) describe;
// said is true when they describe some (a value nil then: two or none fit).
func describedRecord(sl *slot, cands []map[string]string, words []string) (v any, said bool) {
	for _, pick := range recordPicks {
		if vs, said := pick(sl, cands, words); said {
			if len(vs) == 1 {
				return vs[0], true
			}
			return nil, true
		}
	}
	return nil, false
}

// describesAnother reports whether words describe a value of cands other
// than v (a part of its name, a field, a price): "Alfama or Tagus View", "the
// 120 one or Tagus View" name two.
func describesAnother(sl *slot, cands []map[string]string, words []string, v string) bool {
	for _, pick := range recordPicks {
		vs, _ := pick(sl, cands, words)
		if slices.ContainsFunc(vs, func(o string) bool { return o != v }) {
			return true
		}
	}
	return false
}

// byNamePart are the values of cands one of whose name's words (four letters
// or more, no word of the kind of place) words hold, when no other value of
// sl's records holds that word.
func byNamePart(sl *slot, cands []map[string]string, words []string) ([]string, bool) {
	if opensConditionalPick(words) {
		// "whichever has the river view": a pick on a feature, and a word of
		// a name vouches for none (is Tagus View's view the river's?); a
		// field the records hold reads it ("whichever is cheapest"), else it
		// is asked (round 25).
		return nil, false
	}
	var out []string
	for _, v := range fieldValues(cands, sl.name) {
		for _, w := range nlu.FoldWords(v) {
			if len(w) >= 4 && !recordKind[w] && slices.Contains(words, w) && onlyNameWith(sl, v, w) && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out, len(out) > 0
}

// conditionalPick are the words that open a pick by a condition ("whichever
// has a pool", "whatever's cheapest"), before one of conditionVerbs; a
// shrug after a pick ("the garden one, whatever") opens none.
var conditionalPick = map[string]bool{"whichever": true, "whatever": true, "whichsoever": true}

var conditionVerbs = map[string]bool{"has": true, "have": true, "is": true, "s": true, "with": true, "gets": true, "offers": true, "comes": true}

// opensConditionalPick reports whether words hold a conditional pick.
func opensConditionalPick(words []string) bool {
	for i := 0; i+1 < len(words); i++ {
		if conditionalPick[words[i]] && conditionVerbs[words[i+1]] {
			return true
		}
	}
	return false
}

// onlyNameWith reports whether v is the only value of sl's records whose name
// holds the word w.
func onlyNameWith(sl *slot, v, w string) bool {
	for _, o := range fieldValues(sl.records, sl.name) {
		if o != v && slices.Contains(nlu.FoldWords(o), w) {
			return false
		}
	}
	return true
}

// byField are the values of cands with a record whose field (another than the
// slot's, with a letter: "5 stars", "Lisbon") words hold, numbers as digits
// and words without a plural s ("five star" holds "5 stars").
func byField(sl *slot, cands []map[string]string, words []string) ([]string, bool) {
	said := " " + strings.Join(attrWords(words), " ") + " "
	var out []string
	for _, r := range cands {
		v := r[sl.name]
		for k, f := range r {
			if k == sl.name || k == priceField || v == "" || !strings.ContainsFunc(f, unicode.IsLetter) {
				continue
			}
			if strings.Contains(said, " "+strings.Join(attrWords(nlu.FoldWords(f)), " ")+" ") && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out, len(out) > 0
}

// attrWords writes folded words as a field is compared: a number as its
// digits, a word of four letters or more without a final s.
func attrWords(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		if n, ok := nlu.ParseInteger(w); ok {
			w = strconv.FormatInt(n, 10)
		} else if len(w) >= 4 {
			w = strings.TrimSuffix(w, "s")
		}
		out[i] = w
	}
	return out
}

// byPriceFigure are the values of cands whose price a figure of words fits:
// below or above it after a bound ("under 100", "over 200"), else equal to it
// ("the 120 one").
func byPriceFigure(sl *slot, cands []map[string]string, words []string) ([]string, bool) {
	said := false
	var out []string
	for i, w := range words {
		n, err := strconv.ParseFloat(w, 64)
		if err != nil {
			continue
		}
		said = true
		fits := priceFits(words[:i], n)
		for _, r := range cands {
			p, err := strconv.ParseFloat(r[priceField], 64)
			if err == nil && r[sl.name] != "" && fits(p) && !slices.Contains(out, r[sl.name]) {
				out = append(out, r[sl.name])
			}
		}
	}
	return out, said
}

// priceFits is the test a price passes for the figure n after the words
// before it.
func priceFits(before []string, n float64) func(float64) bool {
	switch {
	case endsWithAny(before, recordBelow):
		return func(p float64) bool { return p < n }
	case endsWithAny(before, recordUpTo):
		return func(p float64) bool { return p <= n }
	case endsWithAny(before, recordAbove):
		return func(p float64) bool { return p > n }
	}
	return func(p float64) bool { return p == n }
}

// endsWithAny reports whether words end with one of phrases.
func endsWithAny(words []string, phrases [][]string) bool {
	for _, p := range phrases {
		if len(p) <= len(words) && slices.Equal(words[len(words)-len(p):], p) {
			return true
		}
	}
	return false
}
