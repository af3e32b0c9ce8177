package nlu

import (
	_ "embed"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// The built-in intents every engine reads besides its own (issue 38 item 3).
const (
	IntentCancel   = "cancel"
	IntentHuman    = "human"
	IntentHelp     = "help"
	IntentGreeting = "greeting"
	IntentThanks   = "thanks"
	IntentYes      = "yes"
	IntentNo       = "no"
	IntentMore     = "more"
	IntentQuestion = "question"
	// intentOther is the model's class of what is none of the built-in intents
	// (a search, a value, a vague message): its examples keep a word such as
	// "good" from making "anything good?" a greeting. It is never returned.
	intentOther = "other"
)

// BuiltinThreshold is the confidence below which the intent model's reading is
// "not understood": the engine asks again instead of guessing.
const BuiltinThreshold = 0.65

// BuiltinActThreshold is the model's confidence needed for the intents an engine
// acts on at once, ending what was under way: a person (a handoff) and cancel.
// Above BuiltinThreshold, since a word in the wrong place ("in-person training")
// costs the conversation.
const BuiltinActThreshold = 0.85

// social are the intents a message asking something is not, from the model: a
// greeting or thanks the rules did not read, ending in "?", asks ("what's good
// here?"); the rules read "how are you?". Nor is it a yes or a no the rules
// did not read ("c'est quoi ce bot?", "really?"): an answer asked back
// answers nothing.
var social = map[string]bool{IntentGreeting: true, IntentThanks: true, IntentYes: true, IntentNo: true}

// asksSomething reports whether text ends with a question mark.
func asksSomething(text string) bool {
	t := strings.TrimSpace(text)
	return strings.HasSuffix(t, "?") || strings.HasSuffix(t, "؟")
}

// threshold is the model confidence intent needs.
func threshold(intent string) float64 {
	if intent == IntentHuman || intent == IntentCancel {
		return BuiltinActThreshold
	}
	return BuiltinThreshold
}

//go:embed builtin_intents.json
var builtinIntentsJSON []byte

// builtinModel is the model of the built-in intents, trained once, on first use.
var builtinModel = sync.OnceValue(func() *IntentModel {
	return TrainIntents(BuiltinExamples())
})

// BuiltinExamples are the built-in intents' examples (builtin_intents.json), in
// file order, each with its grammar's sample (intent_grammar) as Generated. A bot's model trains on them and on its own examples.
func BuiltinExamples() []Labelled {
	var file struct {
		Intents []struct {
			Intent   string   `json:"intent"`
			Examples []string `json:"examples"`
		} `json:"intents"`
	}
	if err := json.Unmarshal(builtinIntentsJSON, &file); err != nil {
		panic("nlu: builtin_intents.json: " + err.Error()) // embedded, checked by the tests
	}
	out := make([]Labelled, 0, len(file.Intents))
	for _, in := range file.Intents {
		out = append(out, Labelled{Intent: in.Intent, Examples: in.Examples, Generated: grammarSamples(in.Intent)})
	}
	return out
}

// BuiltinIntent reads which built-in intent a message expresses: the rules first
// where they are certain (a request for a person, a cancel, a yes or no, a
// greeting or thanks and nothing else), then the intent model at
// BuiltinThreshold or above, then a message that asks something ("?", or a
// question word first) is a question. Below all of these it is no intent
// (Result{}): "not understood".
func BuiltinIntent(text string) Result {
	return builtinIntentOf(text, nil)
}

// BuiltinIntentWith is BuiltinIntent of text where model is
// BuiltinModelIntent(text), already read: the model is not asked again (its
// reading is a turn's largest cost).
func BuiltinIntentWith(text string, model Result) Result {
	return builtinIntentOf(text, &model)
}

// builtinIntentOf is BuiltinIntent of text, where model, when not nil, is
// BuiltinModelIntent(text).
func builtinIntentOf(text string, model *Result) Result {
	if isUnreadReply(text) {
		return Result{} // "ne", "tak": an answer one way in one language, the other in another
	}
	r := builtinIntent(text, model)
	if r.Intent == IntentThanks && opensWithUnreadReply(text) {
		// "cha, thanks": Swati and Zulu "cha" is a no, Khmer "cha" a yes;
		// the thanks beside it makes it no small talk: the bot asks again.
		return Result{}
	}
	if r.Intent == "" && mayElongate(text) {
		// A letter held down ("nvmmm", "heyyy there"): the message again,
		// with the lexicons' words (unelongate).
		if u := unelongate(text); u != text {
			return builtinIntent(u, nil)
		}
	}
	return r
}

// builtinIntent is BuiltinIntent of text as typed; model, when not nil, is
// BuiltinModelIntent(text).
func builtinIntent(text string, model *Result) Result {
	if t := unquotedReply(text); t != text { // "> Book Boston -> Paris?" above "yes": the reply is "yes"
		text, model = t, nil
	}
	if r, ok := builtinRule(text); ok {
		return r
	}
	if r, ok := builtinTypoRule(text); ok {
		return r // "hlep", "mre pls": the rules' reading, typos read
	}
	if r, ok := framedIntent(text); ok {
		return r // "a person, thanks", "right, more please", "help me then"
	}
	if model == nil {
		m := BuiltinModelIntent(text)
		model = &m
	}
	if r := *model; r.Intent != "" {
		return r
	}
	if isQuestion(text) {
		return Result{Intent: IntentQuestion, Confidence: 0.8}
	}
	return Result{}
}

// framedIntent is the built-in intent of text's answer without its
// discourse frame (CutDiscourseFrame), read as if it stood alone by the
// rules and the model; false when text has no frame or its answer reads as
// no intent. Only reached when the rules read nothing in text as typed.
func framedIntent(text string) (Result, bool) {
	core, ok := CutDiscourseFrame(text)
	if !ok {
		return Result{}, false
	}
	r := builtinIntentOf(core, nil)
	return r, r.Intent != ""
}

// BuiltinModelIntent is BuiltinIntent's second step alone: the intent model's
// reading at its intent's threshold or above (never a greeting or thanks for
// a message that asks something), else Result{}. BuiltinIntent is this
// reading unless a rule reads the message first (a person, a cancel, a
// greeting or thanks, a yes or no), so a caller asking whether a message is
// one intent can read the model first and the rules only when it says that
// intent: a cancel is nlu.IsCancel, or this reading when no rule preempts it.
func BuiltinModelIntent(text string) Result {
	if !strings.ContainsFunc(text, unicode.IsLetter) {
		// No word the examples teach ("2026-12-12", "14"): a yes or no by
		// emoji is the rules'. Not asking the model saves a turn's largest cost.
		return Result{}
	}
	if isLooseReplyWord(text) {
		// "te" alone: Lingala "tɛ̂" (no) typed plain, never the model's
		// thanks.
		return Result{}
	}
	r := builtinModel().Classify(text)
	if r.Intent == intentOther || r.Confidence < threshold(r.Intent) || (social[r.Intent] && asksSomething(text)) {
		return Result{}
	}
	if (r.Intent == IntentHuman || r.Intent == IntentCancel) && refusedRequest(text, r.Intent) {
		// The grammar's negated requests taught the model, but grams weigh
		// "don't" less than "put me through to": a refusal the rules read is
		// never a handoff or a cancel from the model.
		return Result{}
	}
	if r.Intent == IntentCancel && AsksAboutAction(text) {
		// "is there a fee to cancel?": a question about the action, never
		// the action.
		return Result{}
	}
	if r.Intent == IntentCancel && affirmsWanting(text) {
		// "I still want it", "I need it": the cancel examples' verbs of
		// wanting, said without a refusal, are no change of mind.
		return Result{}
	}
	return r
}

// wantingWords are the verbs of wanting, needing and taking that a change of
// mind negates ("I don't want it anymore") and a request affirms.
var wantingWords = wordSet("want wanna need needed like take keep veux voudrais besoin prends quiero necesito tomo bghit bghina ابغي اريد احتاج بغيت")

// stoppingWords want an end ("I want to stop").
var stoppingWords = wordSet("stop quit end abort arreter arrete parar terminar nwa9ef")

// affirmsWanting reports whether text wants, needs or takes something without
// refusing anything (SaysNot), wanting an end or naming a cancel (IsCancel).
func affirmsWanting(text string) bool {
	ws := words(key(text))
	return slices.ContainsFunc(ws, func(w string) bool { return wantingWords[w] }) &&
		!slices.ContainsFunc(ws, func(w string) bool { return stoppingWords[w] }) && !SaysNot(text) && !IsCancel(text)
}

// builtinRule is BuiltinIntent's certain readings.
func builtinRule(text string) (Result, bool) {
	if in := grammarIntentOfKey(key(text)); in != "" && in != intentOther {
		// A sentence of the grammar is certain: the model learned a sample of
		// the same sentences, so the two agree.
		return Result{Intent: in, Confidence: 1}, true
	}
	switch {
	case IsHumanRequest(text):
		return Result{Intent: IntentHuman, Confidence: 1}, true
	case IsCancel(text):
		return Result{Intent: IntentCancel, Confidence: 1}, true
	}
	switch SmallTalkOf(text) {
	case Greeting:
		return Result{Intent: IntentGreeting, Confidence: 1}, true
	case Thanks:
		return Result{Intent: IntentThanks, Confidence: 1}, true
	}
	a := yesNoByRules(text, "") // the model is BuiltinIntent's next step
	if a != Unknown {
		if r, ok := framedIntent(text); ok && r.Intent != IntentYes && r.Intent != IntentNo && r.Intent != IntentQuestion {
			return r, true // "ok, a person": the ok opens the request, no yes
		}
	}
	switch a {
	case Yes:
		return Result{Intent: IntentYes, Confidence: 1}, true
	case No:
		return Result{Intent: IntentNo, Confidence: 1}, true
	}
	return Result{}, false
}

// questionWords open a question in the languages the seeds name.
var questionWords = map[string]bool{
	"what": true, "why": true, "how": true, "when": true, "where": true, "who": true, "which": true,
	"whats": true, "hows": true, "pourquoi": true, "comment": true, "quand": true, "ou": true, "quoi": true,
	"combien": true, "que": true, "quel": true, "quelle": true, "por": true, "como": true, "cuando": true,
	"donde": true, "cuanto": true, "cual": true, "quien": true, "3lach": true, "kifach": true, "fin": true,
	"imta": true, "chno": true, "achno": true, "bchhal": true, "علاش": true, "كيفاش": true, "فين": true,
	"امتى": true, "شنو": true, "لماذا": true, "كيف": true, "متى": true, "اين": true, "ماذا": true, "بشحال": true,
}

// isQuestion reports whether a message asks something: it ends with a question
// mark, or its first word is a question word.
func isQuestion(text string) bool {
	if asksSomething(text) {
		return true
	}
	ws := intentWords(text)
	return len(ws) > 0 && questionWords[ws[0]]
}

// modelNegations, right before a cancel word, refuse it for the model's
// reading: the rules' negations and a Spanish "no" ("no cancela el pedido"),
// which the rules leave alone since "no, cancela" is a cancel.
var modelNegations = wordSet("don dont not never ne n pas t ma no didn")

// refusedRequest reports whether text refuses the request the model read:
// it is a negated sentence of the intent grammar, a person after a negation the
// handoff rules know ("no need for", "je ne veux pas", "no quiero"), or a cancel
// word right after a negation ("don't cancel it").
func refusedRequest(text, intent string) bool {
	k := key(text)
	if grammarIntentOfKey(k) == intentOther {
		return true
	}
	toks := tokenize(k)
	if intent == IntentHuman {
		return anyPhrase(toks, humanNegationIndex)
	}
	for i, t := range toks {
		if cancelFirstWords[t.text] && slices.ContainsFunc(toks[max(0, i-2):i], func(n token) bool { return modelNegations[n.text] }) {
			return true
		}
	}
	return false
}
