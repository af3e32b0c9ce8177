package nlu

import "strings"

// This file reads a polite request that answers a question ("Could I depart
// on the 9th?", "May we fly out of Denver, please?", "¿Podría salir el
// lunes?"): asked where or when, a request to do the trip on a value is that
// value, not a question back. "Can I ..." without "please" stays a question
// of what is possible ("can I stay 2 nights?", "can I leave from
// anywhere?"): the engine asks again rather than read a wish into it.

// politeOpeners open a polite request, as reply keys (folded, apostrophes
// as spaces). The "can" forms need a "please" (requestPlease).
var politeOpeners = readerFrames("polite_frames")

// politeCanOpeners are requests only with a please ("can I leave from
// Austin, please?").
var politeCanOpeners = readerFrames("polite_can_frames")

// agentRequestOpeners ask the agent to do the trip for the speaker ("could
// you take me to ..."): a request only with requestObjects after the verb.
var agentRequestOpeners = readerFrames("agent_request_frames")

// requestObjects are the speaker as a request verb's object ("me", "us").
var requestObjects = readerWords("request_object")

// requestPlease are the words of "please" a request may end with.
var requestPlease = readerWords("request_please")

// requestVerbs are the verbs of doing the trip or the stay a request names;
// a particle may follow them ("check in", "head off").
var requestVerbs = readerWords("request_verb")

var tripParticles = readerWords("trip_particle")

// PoliteRequest is the part of text after a polite request's frame and verb
// ("on March 3rd" of "Could I depart on March 3rd?", "out of Denver" of "Could
// I fly out of Denver, please?"), with its "please" and question mark left
// out; ok is false when text is no such request.
func PoliteRequest(text string) (string, bool) {
	if !asksSomething(text) {
		return "", false
	}
	toks, n, ok := requestVerbEnd(words(replyKey(text)))
	if !ok {
		return "", false
	}
	if n < len(toks) && tripParticles[toks[n]] {
		n++
	}
	if n >= len(toks) {
		return "", false
	}
	return strings.Join(toks[n:], " "), true
}

// requestVerbEnd is toks without a trailing "please" and the index in them
// just after a polite request's frame and verb, and after the speaker as its
// object where the frame asks the agent ("could you take me"); ok is false
// when toks open no request.
func requestVerbEnd(toks []string) (rest []string, n int, ok bool) {
	please := false
	for len(toks) > 0 && requestPlease[toks[len(toks)-1]] {
		toks, please = toks[:len(toks)-1], true
	}
	if n = openerLen(toks, politeOpeners); n == 0 && please {
		n = openerLen(toks, politeCanOpeners)
	}
	agent := false
	if n == 0 {
		n = openerLen(toks, agentRequestOpeners)
		agent = n > 0
	}
	if n > 0 && n < len(toks) && requestPlease[toks[n]] {
		n++ // "May I please fly out of Boston?"
	}
	if n == 0 || n >= len(toks) || !requestVerbs[toks[n]] {
		return nil, 0, false
	}
	n++
	if !agent {
		return toks, n, true
	}
	// "could you take me to ...": the speaker after the verb makes it a
	// request; "could you fly to Denver?" asks what is possible.
	if n >= len(toks) || !requestObjects[toks[n]] {
		return nil, 0, false
	}
	return toks, n + 1, true
}

// openerLen is the length of the frame of frames toks open with, or 0.
func openerLen(toks []string, frames [][]string) int {
	for _, f := range frames {
		if len(toks) >= len(f) && equalWords(toks[:len(f)], f) {
			return len(f)
		}
	}
	return 0
}

// AsksAboutAction reports whether text asks a question about an action
// rather than asking for it ("is there a fee to cancel?", "what if I say
// yes?", "hmm, can I cancel later?"): it asks something (AsksQuestion) and
// opens, after its discourse frame, with no request frame (polite_frames,
// agent_request_frames, or a "can I" with a please): "could you cancel it?"
// and "can we cancel, please?" ask for the action. A question is never a
// command: the engine answers or asks again, and never performs what the
// question names.
func AsksAboutAction(text string) bool {
	if !AsksQuestion(text) {
		return false
	}
	if core, ok := CutDiscourseFrame(text); ok {
		text = core
	}
	toks := words(replyKey(text))
	if !opensAsQuestion(text, toks) {
		return false
	}
	please := false
	for len(toks) > 0 && requestPlease[toks[len(toks)-1]] {
		toks, please = toks[:len(toks)-1], true
	}
	if len(toks) > 0 && requestPlease[toks[0]] {
		return false // "please cancel it?"
	}
	n := openerLen(toks, politeOpeners)
	if n == 0 {
		n = openerLen(toks, agentRequestOpeners)
	}
	if n == 0 && please {
		n = openerLen(toks, politeCanOpeners)
	}
	return n == 0 || !requestsAction(toks[n:])
}

// requestsAction reports whether toks, what follows a request frame, open
// with the action asked for, a request verb or a cancel ("could you CANCEL
// it", "may I FLY on the 5th"), not another verb whose clause names it ("will
// you charge me if I cancel").
func requestsAction(toks []string) bool {
	if len(toks) > 0 && requestPlease[toks[0]] {
		toks = toks[1:] // "could you please cancel it"
	}
	return len(toks) > 0 && (requestVerbs[toks[0]] || cancelFirstWords[toks[0]])
}

// OpensRequest reports whether text opens, after its discourse frame, with a
// request frame ("could you find me a flight into Montreal?", "can I leave
// from Reno?"): a question that may carry its answer's value, which the
// value readers weigh.
func OpensRequest(text string) bool {
	if core, ok := CutDiscourseFrame(text); ok {
		text = core
	}
	toks := words(replyKey(text))
	return openerLen(toks, politeOpeners) > 0 || openerLen(toks, agentRequestOpeners) > 0 || openerLen(toks, politeCanOpeners) > 0
}

// opensAsQuestion reports whether text, of words toks, opens as a question: a
// question word or an inverted auxiliary first, or one clause ending in "?".
// "do not proceed with it" has no question mark and no question word; "the
// 19th, and is there wifi on the plane?" is an answer, then a question of
// its own.
func opensAsQuestion(text string, toks []string) bool {
	if len(toks) == 0 {
		return false
	}
	if questionWords[toks[0]] || openerLen(toks, discourse().questionAux) > 0 {
		return true
	}
	return asksSomething(text) && !clauseMarks.In(strings.TrimRight(text, "?؟ "))
}

// IsRequestVerb reports whether w, one word, is a verb of doing the trip or
// the stay (reader_words.txt request_verb: "book", "reserve", "fly").
func IsRequestVerb(w string) bool { return requestVerbs[key(w)] }

// IsRequestVerbForm reports whether w, one word, is a request verb or its
// -ing form ("leaving", "flying", "heading": the stem, or the stem with
// the "e" English drops before -ing).
func IsRequestVerbForm(w string) bool {
	k := key(w)
	if requestVerbs[k] {
		return true
	}
	stem, ing := strings.CutSuffix(k, "ing")
	return ing && len(stem) >= 2 && (requestVerbs[stem] || requestVerbs[stem+"e"])
}

// IsRequestObject reports whether w, one word, is the speaker as a request
// verb's object (reader_words.txt request_object: "me", "us").
func IsRequestObject(w string) bool { return requestObjects[key(w)] }
