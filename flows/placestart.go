package flows

import (
	"slices"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/nlu"
)

// A first message that is wholly a place a flow asks for starts that flow
// (issue 38 item 3: a flow's slot values start it), read in two shapes:
//
//   - the place after its city slot's own cue, nothing else said but the
//     cue's words, one of them a verb of going ("leaving out of raleigh"):
//     the one flow whose city slot's cue takes a known place ("to atlanta"
//     alone may answer a question never asked, and starts nothing);
//   - a verb of doing the trip or the stay (reader_words.txt request_verb)
//     that one flow's trigger keywords open with, perhaps the speaker as its
//     object, then the place ("book me into porto": the hotel booking's
//     keywords open with "book").
//
// "I'm from denver" says a word no cue accounts for and starts nothing; a
// question, a name no list holds and a place two flows take alike start
// nothing either. It is read only when no trigger, no pair of values and no
// value named a flow.

// maxPlaceStartWords is the most words with letters a first message read
// as a place alone may hold: a cue of three words, a place of three.
const maxPlaceStartWords = 6

// flowOfPlace is the one flow a first message that is wholly a place starts
// (above); nil when none, or several.
func (tu *turn) flowOfPlace() *flow {
	if !typed(tu.in) || tu.in.Message.Meaning != "" || wordsWithLetters(tu.text) > maxPlaceStartWords || tu.asksBack() {
		return nil
	}
	text := tu.text
	if head, addressed, ok := nlu.CutAnswerTailOf(text); ok {
		if addressed {
			// A place named like a particle ("to the Isle of Man") is
			// read as written first.
			if f := tu.flowOfPlaceText(text); f != nil {
				return f
			}
		}
		text = head // "from denver pls", "to denver bro"
	}
	return tu.flowOfPlaceText(text)
}

// flowOfPlaceText is the one flow text, wholly a place with its verb or
// cue, starts.
func (tu *turn) flowOfPlaceText(text string) *flow {
	if f := tu.flowOfVerbAndPlace(text); f != nil {
		return f
	}
	return tu.flowOfCuedPlace(text)
}

// flowOfCuedPlace is the one flow whose city slot's cue takes a known place
// in text with no word left but the cue's own.
func (tu *turn) flowOfCuedPlace(text string) *flow {
	if !goesSomewhere(text) {
		return nil
	}
	var found *flow
	for _, f := range tu.e.order {
		if !tu.cuedPlaceAlone(f, text) {
			continue
		}
		if found != nil {
			return nil
		}
		found = f
	}
	return found
}

// cuedPlaceAlone reports whether text is wholly one known place that a city
// slot of f takes by its cue, beside the words of that slot's cues only.
func (tu *turn) cuedPlaceAlone(f *flow, text string) bool {
	tf := &textFinder{tu: tu, text: text}
	var took *slot
	for _, sl := range f.slotOrder {
		if sl.typ != TypeCity {
			continue
		}
		for _, re := range sl.patterns {
			tf.take(sl, re)
		}
		if _, ok := tf.found[sl.name]; ok && took == nil {
			took = sl
		}
	}
	if took == nil || len(tf.found) != 1 || !nlu.IsListedPlace(format(tf.found[took.name])) {
		return false
	}
	cueWords := slotCueWords(took)
	for _, w := range strings.FieldsFunc(strings.ToLower(tf.freeText()), notWordRune) {
		if !cueWords[w] {
			return false // "i'm from denver": "i'm" is no cue
		}
	}
	return true
}

// goesSomewhere reports whether text holds a verb of going or of doing the
// trip (nlu.IsRequestVerbForm: "leaving", "fly", "book"): a preposition and
// a place alone ("to atlanta", "from denver") may answer a question never
// asked, and start nothing.
func goesSomewhere(text string) bool {
	return slices.ContainsFunc(strings.FieldsFunc(text, notWordRune), nlu.IsRequestVerbForm)
}

// slotCueWords are the words of sl's patterns' cues ("leaving", "out", "of").
func slotCueWords(sl *slot) map[string]bool {
	out := map[string]bool{}
	for _, p := range sl.patterns {
		for _, c := range p.cues {
			for _, w := range strings.Fields(string(c)) {
				out[w] = true
			}
		}
	}
	return out
}

// notWordRune splits a text into its words.
func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' }

// flowOfVerbAndPlace is the flow a first message opening with a request
// verb names by its keywords, when the rest (less the speaker as the verb's
// object) is wholly a known place for it: cued as flowOfCuedPlace reads, or,
// for the flow's only city slot, a listed place after at most an English
// place cue (nlu.IsPlaceCue: "into porto").
func (tu *turn) flowOfVerbAndPlace(text string) *flow {
	verb, rest, ok := strings.Cut(strings.TrimSpace(text), " ")
	if !ok || !nlu.IsRequestVerb(verb) {
		return nil
	}
	f := tu.e.flowOpenedBy(strings.ToLower(verb))
	if f == nil {
		return nil
	}
	if obj, after, ok := strings.Cut(strings.TrimSpace(rest), " "); ok && nlu.IsRequestObject(obj) {
		rest = after
	}
	if tu.cuedPlaceAlone(f, rest) {
		return f
	}
	var city *slot
	for _, sl := range f.slotOrder {
		if sl.typ == TypeCity {
			if city != nil {
				return nil // which of two places? the cue would say
			}
			city = sl
		}
	}
	if city == nil {
		return nil
	}
	rest = strings.TrimSpace(rest)
	if cue, after, ok := strings.Cut(rest, " "); ok && nlu.IsPlaceCue(cue) {
		rest = after // "into porto"
	}
	if !nlu.IsListedPlace(strings.TrimFunc(rest, unicode.IsPunct)) {
		return nil
	}
	return f
}

// flowOpenedBy is the one flow with a city slot whose trigger keywords open
// with the word verb ("book" of "book a room"); nil when none, or several.
func (e *Engine) flowOpenedBy(verb string) *flow {
	var found *flow
	for _, f := range e.order {
		if !slices.ContainsFunc(f.def.Trigger.Keywords, func(k string) bool {
			first, _, _ := strings.Cut(strings.ToLower(k), " ")
			return first == verb
		}) || !slices.ContainsFunc(f.slotOrder, func(sl *slot) bool { return sl.typ == TypeCity }) {
			continue
		}
		if found != nil {
			return nil
		}
		found = f
	}
	return found
}
