package gates

import "github.com/parleyhq/parley/nlu"

// Reasons of the handoffs after completion.
const (
	reasonHumanAfterGoal = "the user asked for a person after the flow completed"
	reasonKeptWriting    = "the user kept writing after the flow completed; the flow has nothing more to ask"
)

// afterGoal answers a message that arrives once the flow is complete. The facts it
// volunteers are kept. Under CONTINUE_HIGH a fact that makes an unrun
// high-importance node eligible takes the flow up again. Otherwise the flow has
// nothing more to ask: the first message gets the flow's afterGoal message (which
// says what was settled and how to reach a person), and a request for a person, or
// any further message, is handed to a human rather than answered with the same
// sentence forever. Thanks, goodbyes and acknowledgements ask a person for
// nothing: they get the flow's closing message (Messages.Closing) every time.
func (r *turnRun) afterGoal(turn int) {
	st, flow := r.st, r.flow
	st.AfterGoalMessages++
	r.volunteer(turn)
	if flow.PostGoalPolicy == PostGoalContinueHigh {
		if sel := flow.selectNextNode(st, turn+1); sel.Status == SelectOK {
			st.Status, st.AfterGoalMessages = StatusActive, 0
			r.advance(turn)
			return
		}
	}
	text := r.turn.Message.Text
	switch {
	case nlu.IsHumanRequest(text):
		r.handOff(st.Position, reasonHumanAfterGoal)
	case st.AfterGoalMessages == 1:
		text := orDefault(flow.Messages.AfterGoal, "We're all set; there's nothing more I need from you. If something needs a person, just ask and I'll bring someone in.")
		r.texts = append(r.texts, render(text, st.FactValues))
	case closingWords(text):
		// Thanks, goodbyes and an "ok great" close the conversation; they ask a
		// person for nothing.
		reply := orDefault(flow.Messages.Closing, "You're welcome! We're all set. If anything needs a person, just ask.")
		r.texts = append(r.texts, render(reply, st.FactValues))
	default:
		r.handOff(st.Position, reasonKeptWriting)
	}
}

// closingWords reports whether a message only thanks, greets, says goodbye or
// acknowledges ("thanks a lot!", "bye", "ok great, thank you").
func closingWords(text string) bool {
	if nlu.SmallTalkOf(text) != nlu.NoSmallTalk {
		return true
	}
	// An acknowledgement, then maybe thanks or a goodbye ("ok thanks bye").
	a, rest := nlu.LeadingYesNo(text)
	return a != nlu.Unknown && (rest == "" || nlu.SmallTalkOf(rest) != nlu.NoSmallTalk)
}
