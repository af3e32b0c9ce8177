package nlu

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reads the words people put around a yes or a no ("yep, go ahead and
// book", "forget it, I'm not booking", "no, I don't want to book it"): the
// second half of the one yes/no rule every engine uses (YesNoTo). A yes or a no
// followed by words that only carry it out or refuse it is that answer; anything
// else after it ("yes but change the date", "no, make it Boston", "yes, the
// other one") leaves the message to the engine's understanding.

// actionVerbs are verbs that carry out what a yes/no question proposes, in any
// engine: a yes may name one ("yes, book it"), a refusal negates one ("I'm not
// booking"). They are compared by stem, as are the words of the question asked
// (a flow's "Renew your plan?" makes "renew" one).
var actionVerbs = stemSet(
	"do", "go", "proceed", "continue", "confirm", "book", "reserve", "order", "buy", "purchase", "pay",
	"send", "submit", "place", "make", "schedule", "finish", "complete", "process", "transfer", "add",
	"get", "take", "start", "run", "execute", "finalize", "finalise", "checkout", "apply", "sign",
	"cancel", "delete", "remove", "set", "save", "accept", "approve", "move", "want", "need",
)

// fillerWords may stand around the verb of an elaboration: conjunctions, pronouns,
// auxiliaries and adverbs that add nothing to the answer ("and", "it", "now",
// "I'd like to", "for me").
var fillerWords = wordSet("and so then just now right away please pls plz let lets s us it that this them " +
	"one all everything anything with for by me i we ll will d would like to go ahead on can you ok okay " +
	"m am is are be really mind ve time moment")

// determiners introduce the one noun an elaboration may name ("book the flight",
// "go ahead with the booking").
var determiners = wordSet("the my our a an this that these those your")

// negationWords turn an elaboration into a refusal ("don't", "won't", "not").
var negationWords = wordSet("not don dont never won wont t cannot n no")

// changeWords never elaborate an answer: they ask for something else ("yes but
// change the date", "the other one", "cheaper").
var changeWords = wordSet("but instead actually change changed update modify edit switch except wait though " +
	"however different another other else only if or next previous cheaper earlier later first second third " +
	"last what when where which how why who")

// YesNoTo is the yes/no rule of every engine, reading the answer to question
// (the text the bot asked, or ""): YesNo's answer phrases, or one of them
// followed by words that only carry it out ("yep, go ahead and book", "yes
// please book the flight", "all good, go ahead with the booking") or refuse it
// ("nah, don't do that", "forget it, I'm not booking", "no, I don't want to
// book it"), or such a refusal alone ("don't book it"). The verbs are
// actionVerbs and the question's own words, compared by stem (Stem). Words
// asking for a change ("but", "instead", "other", a number) leave the message
// Unknown: "yes but change the date to Friday", "no, make it Boston".
func YesNoTo(text, question string) Answer {
	a, rest := LeadingYesNo(text)
	if rest == "" {
		return a
	}
	toks := words(rest)
	asked := questionVerbs(question)
	switch a {
	case Yes:
		if elaborates(toks, asked, false) {
			return Yes
		}
	case No:
		// A no phrase ending in a negation ("nope, don't" + "book it") negates
		// the verb after it.
		if said := words(strings.TrimSuffix(key(text), rest)); len(said) > 1 && negationWords[said[len(said)-1]] && said[len(said)-1] != "no" {
			toks = append([]string{"not"}, toks...)
		}
		if elaborates(toks, asked, true) {
			return No
		}
	default:
		if negationAt(toks) >= 0 && elaborates(toks, asked, true) {
			return No
		}
	}
	return Unknown
}

// elaborates reports whether the words after an answer only carry it out
// (refusing: only refuse it): filler, at most a verb per clause (an action verb
// or a word of the question) with its object, and for a refusal a negation
// before the verb. A refusal with no verb is filler only ("no, not for me").
func elaborates(toks []string, asked map[string]bool, refusing bool) bool {
	e := elaboration{asked: asked, refusing: refusing, same: Yes}
	if refusing {
		e.same = No
	}
	for i := 0; i < len(toks); {
		n, ok := e.read(toks, i)
		if !ok {
			return false
		}
		i += n
	}
	return !refusing || !e.verb || e.negated
}

// elaboration is what elaborates has read so far.
type elaboration struct {
	asked         map[string]bool
	refusing      bool
	same          Answer // the answer being elaborated
	negated, verb bool
}

// read reads the words at toks[i]: how many it took, and whether they fit.
func (e *elaboration) read(toks []string, i int) (int, bool) {
	if n, kind := answerPhraseAt(toks, i, e.same); n > 0 {
		// Another answer of the same kind ("yep, all correct", "no, I've
		// changed my mind"); a no phrase negates the verb after it ("I
		// don't" + "want to book it").
		e.negated = e.negated || kind == No
		return n, true
	}
	w := toks[i]
	switch {
	case changeWords[w] || hasDigit(w):
		return 0, false
	case negationWords[w]:
		e.negated = true
		return 1, e.refusing
	case determiners[w] && i+1 < len(toks) && !fillerWords[toks[i+1]]:
		// "the flight", "the booking": one noun after a determiner.
		next := toks[i+1]
		return 2, !changeWords[next] && !hasDigit(next)
	case fillerWords[w]:
		return 1, true
	case isActionVerb(w, e.asked):
		e.verb = true
		// "no, book it": a no and a yes.
		return 1, !e.refusing || e.negated
	}
	return 0, false
}

// answerPhraseAt is the length in words of the longest answer phrase of kind a,
// or polite phrase (kind Unknown), at toks[i], with its kind; 0 when none is.
func answerPhraseAt(toks []string, i int, a Answer) (int, Answer) {
	for _, p := range replyPhrases { // longest first
		if (p.answer != a && p.answer != Unknown) || len(p.words) > len(toks)-i {
			continue
		}
		if slices.Equal(toks[i:i+len(p.words)], p.words) {
			return len(p.words), p.answer
		}
	}
	return 0, Unknown
}

// negationAt is the index of the first negation, or -1: "not", "never",
// "don't" ("don" "t"), "can't" ("can" "t").
func negationAt(toks []string) int {
	for i, w := range toks {
		switch {
		case w == "t" || w == "n":
			if i > 0 && contractedNegation[toks[i-1]] {
				return i
			}
		case w != "no" && negationWords[w]:
			return i
		}
	}
	return -1
}

// contractedNegation are the words before n't ("can" of "can't").
var contractedNegation = wordSet("can don won didn doesn isn aren wasn weren shouldn wouldn couldn haven hasn")

func isActionVerb(w string, asked map[string]bool) bool {
	s := Stem(w)
	return actionVerbs[s] || asked[s]
}

// questionVerbs are the stems of the question's words that may be a verb the
// answer repeats: lowercase words, and the first word ("Book Boston -> Paris?"
// gives "book" but not the city names).
func questionVerbs(question string) map[string]bool {
	if question == "" {
		return nil
	}
	out := map[string]bool{}
	for i, w := range strings.FieldsFunc(question, func(r rune) bool { return !isWordRune(r) }) {
		if r, _ := utf8.DecodeRuneInString(w); i > 0 && !unicode.IsLower(r) {
			continue
		}
		if k := key(w); utf8.RuneCountInString(k) > 2 && !hasDigit(k) && !fillerWords[k] && !determiners[k] {
			out[Stem(k)] = true
		}
	}
	return out
}

func hasDigit(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= '0' && w[i] <= '9' {
			return true
		}
	}
	return false
}

// stemSet is the set of the stems of words.
func stemSet(words ...string) map[string]bool {
	out := make(map[string]bool, len(words))
	for _, w := range words {
		out[Stem(w)] = true
	}
	return out
}
