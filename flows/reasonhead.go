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
	if sl == nil || !readsValue(sl) || !typed(tu.in) || tu.in.Message.Meaning != "" {
		return "", false
	}
	head, clause, ok := nlu.ReasonAfterAnswer(tu.text)
	if !ok || tu.reasonNamesKind(sl, clause) {
		return "", false
	}
	if sl.days {
		if count, read, ok := tu.countToEnd(f, head); read {
			return count, ok
		}
	}
	v, ok := tu.e.parse(tu.in, sl, head, true)
	if !ok || sl.typ == TypeCity && !placeAlone(head, format(v)) {
		return "", false
	}
	return head, true
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
