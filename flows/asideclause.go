package flows

import (
	"slices"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/nlu"
)

// clauseAside is a typed answer to sl's question less its aside clauses
// (nlu.AnswerPart: a reason, a plan, a parenthesis, a subject's clause of
// its own, an anchor) and what opened them: a value volunteered for another
// slot is read from the answer part only, never from an aside ("Austin, we
// play there thursday night" gives no departure day). Guards: a subject's
// clause or a parenthesis is an aside only after an answer that reads as
// sl's value ("ok, I want to go to Paris" is all answer), a parenthesis
// never at a date's or a time's question ("3/21 (Fri)"); a reason only after
// a short answer (a story's "since I live in Vancouver" may hold the answer). An anchor after a relative day ("the day after I get
// back") leaves the date unread: the part is "".
func (tu *turn) clauseAside(sl *slot, text string) (string, nlu.AsideKind) {
	if sl == nil || !typed(tu.in) || tu.in.Message.Meaning != "" {
		return text, nlu.AsideNone
	}
	part, k := tu.answerPart(sl, text)
	switch {
	case k == nlu.AsideNone:
		return text, k
	case k == nlu.AsideAnchor && sl.typ == TypeDate && nlu.RelativeDayOnly(part):
		return "", k
	case !asideMayBe(sl, part, k) || !tu.answers(sl, part):
		return text, nlu.AsideNone
	}
	// "seven (8) nights", "Ville de départ - Boston": the aside is itself a
	// value of sl, two values or a label before it, no aside.
	if (k == nlu.AsideParen || k == nlu.AsideSubject) && tu.asideGives(sl, text[len(part):]) {
		return text, nlu.AsideNone
	}
	return part, k
}

// asideMayBe reports whether an aside of kind k after part may be cut off at
// sl's question: a subject's clause at a question for a date, a time, a
// place or a count, a parenthesis never at a date's or a time's, and what
// comes before any but a parenthesis in four words at most.
func asideMayBe(sl *slot, part string, k nlu.AsideKind) bool {
	switch {
	case k == nlu.AsideSubject && !readsValue(sl),
		k == nlu.AsideParen && (sl.typ == TypeDate || sl.typ == TypeTime),
		k != nlu.AsideParen && wordsWithLetters(part) > 4:
		return false
	}
	return true
}

// answers reports whether part reads wholly as a value of sl.
func (tu *turn) answers(sl *slot, part string) bool {
	_, ok := tu.e.parse(tu.in, sl, part, true)
	return ok
}

// asideGives reports whether an aside (rest, from its opening mark on) is
// wholly a value of sl, in three words at most: "seven (8) nights" says two
// counts, "Ville de départ - Boston" a label and its value.
func (tu *turn) asideGives(sl *slot, rest string) bool {
	inner := strings.TrimLeft(strings.TrimSpace(rest), "([-–— ")
	if end := strings.IndexAny(inner, ")]"); end >= 0 {
		inner = inner[:end]
	}
	return len(strings.Fields(inner)) <= 3 && tu.answers(sl, inner)
}

// awaitedSlot is the slot the turn's question asks for, or nil.
func (tu *turn) awaitedSlot() *slot {
	f, w := tu.flow(), tu.s.WaitingForSlot
	if f == nil || w == nil {
		return nil
	}
	return f.slots[*w]
}

// otherCueTypoBefore reports whether the word just before city in text is a
// typo of another city slot's one-word cue, not of target's own ("Form
// Boston, for the festival" asked where to): the city is that slot's, which
// way is not sure, so target never takes it.
func otherCueTypoBefore(f *flow, target *slot, text, city string) bool {
	i := strings.Index(strings.ToLower(text), strings.ToLower(city))
	if i <= 0 {
		return false
	}
	before := strings.Fields(text[:i])
	if len(before) == 0 {
		return false
	}
	w := strings.ToLower(strings.TrimFunc(before[len(before)-1], unicode.IsPunct))
	near := func(cue string) bool { return w == cue || nlu.NearWord(w, cue) }
	if slices.ContainsFunc(target.cues, near) {
		return false
	}
	return slices.ContainsFunc(f.slotOrder, func(o *slot) bool {
		return o != target && o.typ == TypeCity && slices.ContainsFunc(o.cues, near)
	})
}

// apologyAside is the value said before a "sorry" whose clause (the tail a
// correction would keep) gives sl no value ("Scottsdale - sorry, showing a
// house"): an apology for something else, an aside; ok when the head alone
// reads as sl's value.
func (tu *turn) apologyAside(sl *slot, tail string, corrected bool) (string, bool) {
	if !corrected || !nlu.CorrectsByApology(tu.text) {
		return "", false
	}
	head, _, _ := tu.correction()
	if _, ok := tu.e.parse(tu.in, sl, tail, true); ok || shortWithDigit(tail) {
		// "7/5, sorry, 7/6": a number said after the sorry is the value it
		// corrects to, read or not; never the value taken back.
		return "", false
	}
	head = strings.TrimRight(head, " ,;.:-–—")
	if _, ok := tu.e.parse(tu.in, sl, head, true); !ok {
		return "", false
	}
	return head, true
}

// hedged reports whether a typed answer leaves its choice open between two
// different values of sl ("lisbon maybe porto", "boston or providence"): no
// value is read, the question is asked again.
func (tu *turn) hedged(sl *slot, answer string) bool {
	if !typed(tu.in) || tu.in.Message.Meaning != "" {
		return false
	}
	left, right, ok := nlu.HedgeSplit(answer)
	if !ok {
		return false
	}
	a, okA := tu.e.parse(tu.in, sl, left, true)
	b, okB := tu.e.parse(tu.in, sl, right, true)
	return okA && okB && format(a) != format(b)
}

// concludedAnswer is the answer after a conclusion word ("Napa's closest, so
// Sacramento", "we're in madison so madison": nlu.ConclusionSplit) when it
// alone, in four words at most, reads as sl's value: what comes before it is
// the reason, and a value there is never stored.
func (tu *turn) concludedAnswer(sl *slot, answer string) (string, bool) {
	if !typed(tu.in) || tu.in.Message.Meaning != "" {
		return "", false
	}
	_, after, ok := nlu.ConclusionSplit(answer)
	after = strings.Trim(after, " ,;.:!-–—")
	if !ok || after == "" || wordsWithLetters(after) > 4 || !tu.answers(sl, after) {
		return "", false
	}
	return after, true
}

// answerPart is nlu.AnswerPart of text, or else the part before a clause
// dating an event ("richmond, job interview monday") or, at a stay's date,
// the journey ("friday, flying in thursday night"), as a reason's aside.
func (tu *turn) answerPart(sl *slot, text string) (string, nlu.AsideKind) {
	part, k := nlu.AnswerPart(text)
	if k != nlu.AsideNone {
		return part, k
	}
	if at := nlu.EventAside(text); at > 0 {
		return text[:at], nlu.AsideReason
	}
	if at := nlu.ComparisonAside(text); at > 0 && sl.typ == TypeCity {
		// "boston, the trains from albany are slower": a place compared
		// is the reason's; at a date's question a second day stays asked.
		return text[:at], nlu.AsideReason
	}
	if at := tu.journeyAside(sl, text); at > 0 {
		return text[:at], nlu.AsideReason
	}
	return part, k
}

// shortWithDigit reports whether text is a few words (three at most) one of
// which holds a digit: a value's shape ("7/6", "bk-1204", "3 nights"), not
// a remark an apology is for ("showing a house").
func shortWithDigit(text string) bool {
	return wordsWithLetters(text) <= 3 && len(strings.Fields(text)) <= 3 && strings.ContainsAny(text, "0123456789")
}
