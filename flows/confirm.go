package flows

import (
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// answerConfirmation handles the message that answers a confirm step. A yes
// goes on (unset slots with a default take it: the summary showed it); a plain
// no ends the flow (seed 001 "CONFIRMING -> COMPLETED: User cancels"), or with
// on_no: ask_change asks what to change; a no that carries a new value ("no,
// make it Boston") is a correction: understanding sets it and confirms again,
// as anything else does.
func (tu *turn) answerConfirmation() error {
	st := tu.currentStep()
	if st == nil || st.kind != KindConfirm {
		return tu.fail("invalid_state", "confirming without a confirm step")
	}
	answer, correction, unplaced := tu.confirmationAnswer()
	switch {
	case unplaced:
		// "No, make it Boston" with an origin and a destination: a
		// correction, but of which? Ask, rather than end the flow.
		return tu.askChange()
	case answer == nlu.Yes:
		if o := tu.s.Metadata.Offer; o != nil && o.Flow == tu.s.CurrentFlow {
			tu.takeOffer(nil) // what a failed action proposed instead
		}
		tu.applyDefaults(tu.flow())
		return tu.advance(st.next)
	case answer == nlu.No && !correction:
		if tu.isCancel() {
			// "No, cancel it": the user withdraws the transaction.
			tu.sayKey("declined")
			return tu.withdraw()
		}
		if st.def.Confirm.OnNo != "ask_change" {
			// A plain no rejects the proposal; its values stay for the
			// change that may follow.
			tu.sayKey("declined")
			return tu.endFlow(OutcomeCancelled)
		}
		return tu.askChange()
	}
	if err := tu.fire(DialogueUserResponds); err != nil {
		return err
	}
	return tu.understand()
}

// confirmationAnswer reads the message that answers a confirmation: yes, no or
// neither; whether it also corrects a value (a no with an upstream entity, or a
// typed no with a value, correctsValue); and whether the value it corrects could
// be of several slots (unplaced).
func (tu *turn) confirmationAnswer() (answer nlu.Answer, correction, unplaced bool) {
	m := &tu.in.Message
	switch {
	case m.Meaning != "":
		return confirmationMeaning(m.Meaning), false, false
	case m.NLU != nil:
		answer = confirmationMeaning(m.NLU.Intent)
		return answer, answer == nlu.No && len(m.NLU.Entities) > 0 && m.NLU.Intent != "cancel", false
	}
	answer = tu.typedConfirmation()
	if answer == nlu.Yes {
		// A question asked back is no yes ("wait, which airline?"): only
		// the clauses that ask nothing may say yes ("yes, what time is it?").
		if rest := nlu.WithoutQuestions(tu.text); rest != tu.text {
			answer = nlu.YesNoTo(rest, tu.s.LastResponse)
		}
	}
	if answer == nlu.Yes || tu.isCancel() || isBare(tu.text) {
		// A bare answer word ("diri", Waray's no) is the whole answer, no
		// place of the same spelling.
		return answer, false, false
	}
	if answer == nlu.Unknown && nlu.IsNonAnswer(tu.text) {
		// "diri ak maaram" (Waray, "I don't know"): no answer, and no
		// value beside it (a town named Diri).
		return answer, false, false
	}
	if answer == nlu.Unknown && nlu.AsksForInformation(tu.text) {
		// "which airport in Paris?": a question back, no correction of the
		// place it names.
		return answer, false, false
	}
	correction, unplaced = tu.correctsValue()
	return answer, correction, unplaced
}

// confirmedBeforeAside reads a yes or a no followed by a clause of the user's own
// ("yep, that's my week off", "no, I'm on call that day"): the answer stands
// when the clause names no value of the flow's slots and no place; one that
// does ("no, the 5th works better", "yes, from Boston") is left to
// understanding, which corrects or asks.
func (tu *turn) confirmedBeforeAside() nlu.Answer {
	a, aside := nlu.AnswerAside(tu.text, tu.s.LastResponse)
	f := tu.flow()
	if a == nlu.Unknown || f == nil || nlu.SaysOnlyDontKnow(tu.text) {
		// "wala ko kabalo, salamat" (Hiligaynon, I don't know): no
		// answer, though "wala" is Tagalog's no.
		return nlu.Unknown
	}
	found := map[string]any{}
	tu.findIn(f, aside, strings.ToLower(aside), found)
	tu.findInGloss(f, aside, tu.glossOf(aside), found)
	if _, city := nlu.FindCity(aside); len(found) > 0 || city {
		return nlu.Unknown
	}
	return a
}

// typedConfirmation reads a typed answer to a confirmation: a yes or a no,
// else one before an aside of the user's own (confirmedBeforeAside), else one
// before a tail that holds no value (answerBeforeTail).
func (tu *turn) typedConfirmation() nlu.Answer {
	if a := tu.yesNo(); a != nlu.Unknown {
		return a
	}
	if a := tu.confirmedBeforeAside(); a != nlu.Unknown {
		return a
	}
	if a := tu.answerBeforeTail(); a != nlu.Unknown {
		return a
	}
	return tu.answerInFrame()
}

// answerInFrame reads a yes or a no inside a discourse frame ("right, no",
// "quick one, yes", "alright then, no": nlu.CutDiscourseFrame) as the answer
// alone; a question framed stays no answer.
func (tu *turn) answerInFrame() nlu.Answer {
	core, ok := nlu.CutDiscourseFrame(tu.text)
	if !ok || nlu.AsksQuestion(core) {
		return nlu.Unknown
	}
	return nlu.AnswerTo(core, tu.s.LastResponse)
}

// answerBeforeTail reads a yes or a no followed by a tail that holds no
// value ("book it, if that works", "yes pleas", "no thanks, not for us":
// nlu.CutAnswerTail) as the answer before it.
func (tu *turn) answerBeforeTail() nlu.Answer {
	head, ok := nlu.CutAnswerTail(tu.text)
	if !ok {
		return nlu.Unknown
	}
	return nlu.AnswerTo(head, tu.s.LastResponse)
}

// askChange asks what to change in the summary a confirmation showed.
func (tu *turn) askChange() error {
	if err := tu.fire(DialogueUserCorrects); err != nil {
		return err
	}
	tu.s.WaitingForSlot = nil
	tu.sayKey("ask_change")
	return nil
}

// correctsValue reports whether a typed no also gives a value of one of the
// active flow's slots that differs from the one held ("no, make it 4 nights"),
// and whether it names a city that could be any of several city slots ("no,
// make it Boston" with an origin and a destination).
func (tu *turn) correctsValue() (placed, unplaced bool) {
	f := tu.flow()
	if f == nil {
		return false, false
	}
	found := map[string]any{}
	tu.findInText(f, found)
	for name, v := range found {
		if format(tu.s.Slots[name]) != format(v) {
			return true, false
		}
	}
	if _, ok := nlu.FindCity(tu.text); ok {
		cities := 0
		for _, sl := range f.slotOrder {
			if sl.typ == TypeCity {
				cities++
			}
		}
		return false, cities > 1
	}
	return false, false
}

// applyDefaults gives the flow's unset slots their default: the user accepted
// the summary that showed it.
func (tu *turn) applyDefaults(f *flow) {
	if f == nil {
		return
	}
	for _, sl := range f.slotOrder {
		if v, ok := tu.s.Slots[sl.name]; sl.def.Default != "" && (!ok || v == nil) {
			tu.s.Slots[sl.name] = sl.def.Default
		}
	}
}

// confirmationMeaning reads a button's meaning or an upstream intent as an answer
// to a confirmation: confirm and yes say yes; no, deny and cancel say no (cancel
// also ends the flow).
func confirmationMeaning(m string) nlu.Answer {
	switch m {
	case "confirm", "yes", "affirm":
		return nlu.Yes
	case "no", "deny", "cancel":
		return nlu.No
	}
	return nlu.Unknown
}

// confirmStep asks the user to confirm the step's prompt.
func (tu *turn) confirmStep(st *step) error {
	tu.setStep(st)
	if err := tu.fire(DialogueNextStepConfirm); err != nil {
		return err
	}
	if err := tu.fire(DialogueAskConfirmation); err != nil {
		return err
	}
	tu.say(tu.render(st.def.Confirm.Prompt))
	tu.options = []parley.Option{{Title: "Yes", Meaning: "confirm"}, {Title: "No", Meaning: "no"}}
	return nil
}

// isBare reports whether text is wholly a bare answer word (nlu.BareAnswer).
func isBare(text string) bool {
	_, ok := nlu.BareAnswer(text)
	return ok
}
