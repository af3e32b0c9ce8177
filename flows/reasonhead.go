package flows

import (
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// reasonHead is the answer a typed message gives sl's question before a
// comma, when the clause after it is a reason the aside grammar has no
// opening word for and names no value of sl's kind (nlu.ReasonAfterAnswer:
// "yellowknife, the ice road just closed", "two, the kids go back to
// school", "tuesday, after the easter services"): the head alone, read
// wholly as sl's value (a stay's end counted in nights: "till thursday, i'm
// on air friday"). It is read only when the sentence's readers found
// nothing, so it costs nothing on the common path; a reason that names a
// value of sl's kind ("tuesday, my cousin's wedding is saturday") leaves the
// question asked again.
func (tu *turn) reasonHead(f *flow, sl *slot) (string, bool) {
	if sl == nil || !readsValue(sl) && sl.records == nil || !typed(tu.in) || tu.in.Message.Meaning != "" {
		return "", false
	}
	head, clause, ok := nlu.ReasonAfterAnswer(tu.text)
	if !ok || tu.reasonNamesKind(sl, clause) || nlu.NoneOfClause(clause) && !kindOfNoNoun(sl) {
		return "", false
	}
	if _, declined := nlu.CutTrailingDecline(tu.text); declined && sl.records != nil {
		return "", false // "alfama garden, nah thanks": a name declined
	}
	answer, _, ok := tu.clauseValue(f, sl, head)
	return answer, ok
}

// clauseValue reads a clause of a typed message wholly as sl's value: the
// answer to store (at a stay's count, the nights to the day it names: "till
// thursday") and the value read.
func (tu *turn) clauseValue(f *flow, sl *slot, clause string) (string, string, bool) {
	if sl.days {
		if count, read, ok := tu.countToEnd(f, clause); read {
			return count, count, ok
		}
	}
	v, ok := tu.e.parse(tu.in, sl, clause, true)
	if !ok || sl.typ == TypeCity && !placeAlone(clause, format(v)) {
		return "", "", false
	}
	return clause, format(v), true
}

// restatedAnswer is the answer a typed message gives sl's question by saying
// it, yes, and saying it again ("the 19th, yes the 19th", "5 nights, hmm, yes
// 5": nlu.RestatedAnswer): both read wholly as sl's value and the same one
// (ok). Two values ("friday, yes saturday", "tulsa, yes denver") are a
// conflict: asked again, neither stored.
func (tu *turn) restatedAnswer(f *flow, sl *slot) (answer string, ok, conflict bool) {
	if sl == nil || !readsValue(sl) || !typed(tu.in) || tu.in.Message.Meaning != "" {
		return "", false, false
	}
	head, tail, split := nlu.RestatedAnswer(tu.text)
	if !split {
		return "", false, false
	}
	answer, first, read := tu.clauseValue(f, sl, head)
	if !read {
		return "", false, false
	}
	if tu.answersAnotherIn(f, sl, tail) {
		return "", false, false // "tulsa, yes, to denver": the tail is another slot's
	}
	if _, again, read := tu.clauseValue(f, sl, tail); read {
		return answer, again == first, again != first
	}
	return "", false, false
}

// noneOfReason reports whether a typed answer to sl's question is an answer
// and a clause of "no" and a noun that is no value of sl's kind ("sunday, no
// rehearsal": nlu.NoneOfClause), which the correction reader takes for a
// correction to the noun: the clause is a reason, and the message is read
// whole (its head by reasonHead).
func (tu *turn) noneOfReason(sl *slot) bool {
	if sl == nil || !kindOfNoNoun(sl) || !typed(tu.in) || tu.in.Message.Meaning != "" {
		return false
	}
	_, clause, ok := nlu.ReasonAfterAnswer(tu.text)
	return ok && nlu.NoneOfClause(clause) && !tu.reasonNamesKind(sl, clause)
}

// kindOfNoNoun reports whether sl's values are of a kind no dictionary noun
// said after "no" can be (a day, a time, a place, a count): there "sunday, no
// rehearsal" is a reason (nlu.NoneOfClause); at a choice or a free text
// ("economy, no business") the noun may be the value corrected to.
func kindOfNoNoun(sl *slot) bool {
	switch sl.typ {
	case TypeDate, TypeTime, TypeCity, TypeNumber, TypeInteger:
		return true
	}
	return false
}

// placeAlone reports whether head, read as the place city, is wholly that
// one place's name, one a list holds, perhaps after a preposition
// (nlu.PlaceCore: "from boise"): "Lisbon then Porto" names two, "ny wonn"
// holds a word no place accounts for, "z Budyšina" a name no list holds
// (read only as a whole answer).
func placeAlone(head, city string) bool {
	core, ok := nlu.PlaceCore(head)
	if !ok {
		core = head
	}
	if c, known := nlu.MatchCityExact(core); known {
		return strings.EqualFold(c, city)
	}
	return nlu.IsListedPlace(core) && strings.EqualFold(core, city)
}

// reasonNamesKind reports whether a reason clause names a value of sl's
// kind: a place at a city's question, a day at a date's, a count at a
// number's; at a stay's count a day too, unless the clause is a subject's
// own that says no more of the trip ("i'm on air friday": nlu.AsideClause
// reads it as one).
func (tu *turn) reasonNamesKind(sl *slot, clause string) bool {
	if sl.records != nil {
		return clauseNamesRecord(sl, clause)
	}
	switch sl.typ {
	case TypeCity:
		return nlu.ReasonNamesPlace(clause)
	case TypeDate, TypeTime:
		return nlu.ReasonNamesDay(clause)
	}
	if nlu.ReasonNamesCount(clause) {
		return true
	}
	if !sl.days || !nlu.ReasonNamesDay(clause) {
		return false
	}
	_, k := nlu.AsideClause("x, " + clause)
	return k != nlu.AsideSubject
}

// clauseNamesRecord reports whether a reason clause names or describes a
// record of sl ("the cheapest, the loft looks nicer", "tagus view, the
// 4 star one is full"): a name or a part of one, a field, a price figure or a
// price word. Such a clause may be the pick itself, and is asked again.
func clauseNamesRecord(sl *slot, clause string) bool {
	words := nlu.FoldWords(clause)
	if _, ok, two := namedRecord(sl, sl.records, words); ok || two {
		return true
	}
	for _, pick := range recordPicks {
		if _, said := pick(sl, sl.records, words); said {
			return true
		}
	}
	_, said := pricePick(sl, sl.records, " "+strings.Join(words, " ")+" ")
	return said
}

// fillReasonHead stores answer, the value reasonHead read, in st's slot, or
// asks again when it is no valid value.
func (tu *turn) fillReasonHead(st *step, answer string) error {
	s, sl := tu.s, st.slot
	value, problem, err := tu.e.value(tu.ctx, tu.in, s, sl, answer, true)
	if err != nil {
		return tu.checkFailed(err, sl)
	}
	if problem != "" {
		return tu.invalid(st, problem)
	}
	s.Slots[sl.name] = value
	tu.userGave(sl.name, value)
	tu.clearRetries(sl.name)
	return tu.advance(st.next)
}
