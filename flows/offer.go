package flows

import (
	"slices"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/nlu"
)

// DontCare is the value of a slot the user has no preference for ("any rating
// is fine"). It is a value of the conversation, never an action's parameter.
const DontCare = "dontcare"

// dontCareWords say "no preference"; an enum slot that lists dontcare among its
// values reads them as it, besides the synonyms the flow file gives.
var dontCareWords = []string{"any", "anything", "any one", "either", "whichever", "whatever",
	"no preference", "doesn't matter", "does not matter", "don't care", "i don't mind", "don't mind"}

// ReasonFlowRequested is the handoff reason of an action with handoff: true.
const ReasonFlowRequested = "flow_requested"

// Upstream intents (and quick-reply meanings) the engine reads around offers.
const (
	IntentSelect      = "select"
	IntentAlternative = "request_alts"
)

// alternativePhrases ask for another result than the one offered.
var alternativePhrases = []string{
	"another", "another one", "something else", "anything else", "other options", "any others",
	"any other", "other ones", "next one", "the next", "different one", "show me another",
	"what else", "others", "alternatives",
}

// selectionPhrases take the result offered.
var selectionPhrases = []string{
	"that one", "this one", "i'll take it", "i will take it", "i'll take that", "take it",
	"that works", "that sounds good", "sounds good", "sounds great", "that's the one", "perfect",
	"go with that", "i'll go with that", "i like that", "i like it", "that's it",
}

// offer presents the first of an action's results and keeps the others for a
// request for another; no result says so.
func (tu *turn) offer(f *flow, slots []string, results []map[string]any) {
	if len(results) == 0 {
		tu.s.Metadata.Offer = nil
		tu.sayKey("no_results")
		return
	}
	if len(results) > maxOfferResults {
		results = results[:maxOfferResults]
	}
	tu.s.Metadata.Offer = &Offer{Flow: f.name, Slots: slots, Results: results}
	tu.sayOffer()
}

func (tu *turn) sayOffer() {
	o := tu.s.Metadata.Offer
	var parts []string
	for _, name := range o.Slots {
		if v, ok := o.Results[o.Index][name]; ok && v != nil {
			label := strings.ReplaceAll(name, "_", " ")
			if sl := tu.e.slotByName[name]; sl != nil {
				label = sl.label
			}
			parts = append(parts, label+" "+format(v))
		}
	}
	tu.sayKey("offer", "offer", strings.Join(parts, ", "))
}

// wantsAnother reports whether the message asks for another result than the one
// offered: an upstream request_alts, or a typed request ("something else?").
func (tu *turn) wantsAnother() bool {
	if tu.s.Metadata.Offer == nil {
		return false
	}
	if p := tu.in.Message.NLU; p != nil {
		return p.Intent == IntentAlternative
	}
	return tu.in.Message.Meaning == IntentAlternative || hasPhrase(tu.text, alternativePhrases)
}

// selects reports whether the message takes the result offered: an upstream
// select (or affirm, the answer to "how about this one?"), or a typed yes or
// selection phrase ("that one works").
func (tu *turn) selects() bool {
	if tu.s.Metadata.Offer == nil {
		return false
	}
	if p := tu.in.Message.NLU; p != nil {
		return p.Intent == IntentSelect || p.Intent == "affirm"
	}
	if tu.in.Message.Meaning != "" {
		return tu.in.Message.Meaning == IntentSelect || confirmationMeaning(tu.in.Message.Meaning) == nlu.Yes
	}
	return tu.yesNo() == nlu.Yes || hasPhrase(tu.text, selectionPhrases)
}

// proposeAlternative offers what a failed action proposes instead (its first
// result: "not at 6:15, but 6 pm is free"), when the flow went back to its
// confirmation: a yes there takes the proposal's values of the flow's slots
// (answerConfirmation).
func (tu *turn) proposeAlternative(f *flow, results []map[string]any) {
	if len(results) == 0 || tu.s.ConversationState != DialogueConfirming {
		return
	}
	var slots []string
	for _, sl := range f.slotOrder {
		if v, ok := results[0][sl.name]; ok && v != nil && format(v) != format(tu.s.Slots[sl.name]) {
			slots = append(slots, sl.name)
		}
	}
	if len(slots) == 0 {
		return
	}
	tu.s.Metadata.Offer = &Offer{Flow: f.name, Slots: slots, Results: results[:1]}
	tu.sayOffer()
}

// offeredSpelling is v as the offer's results spell it, when v names one of
// them for slot name ("Mcdonalds" for the offered "Mcdonald's"): the same
// letters and digits, or for a text slot a typo away (nlu.FuzzyTolerance).
// Otherwise v.
func (tu *turn) offeredSpelling(name string, v any) any {
	o := tu.s.Metadata.Offer
	str, isStr := v.(string)
	if o == nil || !isStr || !slices.Contains(o.Slots, name) {
		return v
	}
	sl := tu.e.slotByName[name]
	for _, r := range o.Results {
		if rv, ok := r[name].(string); ok && rv != str && sameSpelling(sl, rv, str) {
			return rv
		}
	}
	return v
}

// sameSpelling reports whether two values of sl are the same but for case,
// punctuation and spaces, or for a text slot a typo (nlu.FuzzyTolerance of a):
// a typo is forgiven in names only, "2019-03-09" is not "2019-03-02". A nil
// sl forgives no typo (a correction from "Smith" to "Smyth" is one).
func sameSpelling(sl *slot, a, b string) bool {
	ka, kb := spellingKey(a), spellingKey(b)
	if ka == kb {
		return ka != ""
	}
	return sl != nil && sl.typ == TypeText && kb != "" && nlu.Levenshtein(ka, kb) <= nlu.FuzzyTolerance(ka)
}

// eachWordNear reports whether typed is the name v, of two words or more,
// with each word as written or one typo off (nlu.NearWord: a letter added,
// dropped or changed, two neighbours swapped), a word of four letters or
// more: "bairo lfot" is Bairro Loft. Two slips in one name are more than a
// whole name's tolerance, but a slip a word is how names are typed fast; a
// name of the slot's records is read so only when no other is as near
// (namedRecord asks on two).
func eachWordNear(typed, v string) bool {
	n := strings.Count(v, " ")
	if n == 0 || strings.Count(typed, " ") != n || len(typed)-len(v) > n+1 || len(v)-len(typed) > n+1 {
		return false // told by counts without folding the words: most runs stop here
	}
	tw, vw := nlu.FoldWords(typed), nlu.FoldWords(v)
	if len(vw) < 2 || len(tw) != len(vw) {
		return false
	}
	for i, w := range vw {
		if tw[i] != w && (len(w) < 4 || !nlu.NearWord(tw[i], w)) {
			return false
		}
	}
	return true
}

// spellingKey is s's letters and digits, lowercased.
func spellingKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// userGave keeps the offer in step with a value the user gave a slot of it: a
// value naming another of its results ("the Green Room, then") presents that
// one; any other value answers the offer with the user's own ("is 10 am free?"
// after "6:30 pm instead?"), so it is withdrawn and a later yes takes nothing of it.
func (tu *turn) userGave(name string, v any) {
	o := tu.s.Metadata.Offer
	if o == nil || v == nil || !slices.Contains(o.Slots, name) {
		return
	}
	if cur, ok := o.offered()[name]; ok && format(cur) == format(v) {
		return
	}
	for i, r := range o.Results {
		if rv, ok := r[name]; ok && rv != nil && format(rv) == format(v) {
			o.Index = i
			return
		}
	}
	tu.s.Metadata.Offer = nil
}

// nextOffer presents the next result, or says there is none.
func (tu *turn) nextOffer() {
	o := tu.s.Metadata.Offer
	if o.Index+1 >= len(o.Results) {
		tu.sayKey("no_more")
		return
	}
	o.Index++
	tu.sayOffer()
}

// takeOffer puts the offered values into the slots: every offered slot, or with
// only set, those of them (the slots a starting flow declares). It reports
// whether it took any; the offer is done with once taken.
func (tu *turn) takeOffer(only map[string]bool) bool {
	took := false
	for name, v := range tu.s.Metadata.Offer.offered() {
		if only != nil && !only[name] {
			continue
		}
		tu.s.Slots[name] = v
		took = true
	}
	if took {
		tu.s.Metadata.Offer = nil
	}
	return took
}

// collected are the slots a flow's collect steps ask for.
func collected(f *flow) map[string]bool {
	out := map[string]bool{}
	for _, st := range f.steps {
		if st.kind == KindCollect {
			out[st.slot.name] = true
		}
	}
	return out
}

// declared are the slots a flow declares: those it collects and those it
// takes optionally (a fare type with a default), all of which a result chosen
// as the flow starts settles.
func declared(f *flow) map[string]bool {
	out := make(map[string]bool, len(f.slots))
	for name := range f.slots {
		out[name] = true
	}
	return out
}

// answerOffer handles a message about the offer when no flow starts: a
// selection takes it, a request for another presents the next. It reports
// whether the message was one of those.
func (tu *turn) answerOffer() bool {
	switch {
	case tu.wantsAnother():
		tu.nextOffer()
		return true
	case tu.selects():
		tu.takeOffer(nil)
		tu.sayKey("selected")
		return true
	case tu.declines():
		// Not that one: nothing of it is taken, now or by a flow starting later.
		tu.s.Metadata.Offer = nil
		tu.sayKey("not_taken")
		return true
	}
	return false
}

// declines reports whether the message turns the offer down: a plain no.
func (tu *turn) declines() bool {
	if tu.s.Metadata.Offer == nil {
		return false
	}
	if p := tu.in.Message.NLU; p != nil {
		return p.Intent == "deny" || p.Intent == "negate"
	}
	if tu.in.Message.Meaning != "" {
		return confirmationMeaning(tu.in.Message.Meaning) == nlu.No
	}
	return tu.yesNo() == nlu.No
}

func hasPhrase(text string, phrases []string) bool {
	k := " " + strings.Join(strings.FieldsFunc(strings.ToLower(nlu.Normalize(text)), func(r rune) bool {
		return !(r == '\'' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 0x80)
	}), " ") + " "
	for _, p := range phrases {
		if strings.Contains(k, " "+p+" ") {
			return true
		}
	}
	return false
}

// yesNo reads a typed answer as yes, no or neither. Every yes/no question of
// the engine (confirmations, offers) goes through it, so that one rule decides.
func (tu *turn) yesNo() nlu.Answer {
	// The question is what the bot said last: its verbs ("Book ...?",
	// "Renew your plan?") carry the answer out too ("yes, renew it").
	// An answer word asked back ("ok?") is none (nlu.AnswerTo).
	return nlu.AnswerTo(tu.text, tu.s.LastResponse)
}

// pointAtNamed presents, before a starting flow takes the offer, the result a
// typed message names by an offered text value ("book a room at Bairo Loft"
// while Tagus View is presented takes Bairro Loft, not Tagus View): as
// spelt first, else with a typo (sameSpelling).
func (tu *turn) pointAtNamed() {
	o := tu.s.Metadata.Offer
	if o == nil || tu.in.Message.NLU != nil || tu.in.Message.Meaning != "" {
		return
	}
	words := strings.Fields(tu.text)
	for _, typo := range []bool{false, true} {
		for i, r := range o.Results {
			for _, name := range o.Slots {
				sl := tu.e.slotByName[name]
				v, ok := r[name].(string)
				if ok && sl != nil && sl.typ == TypeText && namesValue(sl, words, v, typo) {
					o.Index = i
					return
				}
			}
		}
	}
}

// namesValue reports whether words hold v as a run of as many words: the same
// but for case and punctuation, or with typo a typo away (sameSpelling); spelt
// exactly, as a run of up to two words more.
func namesValue(sl *slot, words []string, v string, typo bool) bool {
	n := len(strings.Fields(v))
	// Spelt exactly, a name may be split into more words than it has ("the
	// tag us view" dictated): its letters are compared without the spaces.
	longest := n
	if !typo {
		longest = n + 2
	}
	for m := n; m <= longest; m++ {
		for j := 0; n > 0 && j+m <= len(words); j++ {
			run := strings.Join(words[j:j+m], " ")
			// With typo, a name spelled by ear is one too ("Tagas Vue").
			if typo && (sameSpelling(sl, v, run) || sl != nil && sl.typ == TypeText && (nlu.SoundsLike(run, v) || sl.records != nil && eachWordNear(run, v))) || !typo && spellingKey(v) == spellingKey(run) {
				return true
			}
		}
	}
	return false
}
