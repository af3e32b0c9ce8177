package nlu

// A question may name an action inside a clause of what it asks about: the
// action's cost ("is there a fee to cancel?", "how much does it cost to
// cancel?") or what follows it ("what happens if I cancel?"). It asks about
// the action and requests none: no flow starts or ends by it.

var (
	consequenceLinks = readerWords("consequence_link")
	abilityWords     = readerWords("ability_word")
)

// AsksAboutConsequence reports whether text is a question about an action
// (AsksAboutAction, no request frame: OpensRequest) that opens with a
// question word or an inverted auxiliary and names a cancel's first word
// after "to" ("a fee to cancel") or after "if" or "when" and its subject
// ("if I cancel"): what it asks about is the action's cost or outcome. "is
// it possible to cancel?" (ability_word before "to") asks for the action,
// and "how do I cancel?" asks how: the action is the question's own verb.
func AsksAboutConsequence(text string) bool {
	if !AsksAboutAction(text) || OpensRequest(text) {
		return false
	}
	if core, ok := CutDiscourseFrame(text); ok {
		text = core
	}
	toks := words(replyKey(text))
	if len(toks) < 3 || !questionWords[toks[0]] && openerLen(toks, discourse().questionAux) == 0 {
		return false
	}
	for j := 2; j < len(toks); j++ {
		if !cancelFirstWords[toks[j]] {
			continue
		}
		if toks[j-1] == "to" && !abilityWords[toks[j-2]] {
			return true // "a fee to cancel"
		}
		if reasonSubjects[toks[j-1]] && consequenceLinks[toks[j-2]] {
			return true // "if i cancel"
		}
	}
	return false
}
