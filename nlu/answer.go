package nlu

import (
	"regexp"
	"slices"
	"strings"
	"sync"
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
var actionVerbs = stemSet(slices.Concat(englishActionVerbs, []string{
	// French, Spanish, Darija (Latin and Arabic script) and Arabic: the same acts.
	"réserve", "réserver", "réservez", "confirme", "confirmer", "confirmez", "valide", "valider", "fais",
	"faites", "continue", "continuer", "commande", "commander", "ajoute", "ajouter", "prends", "envoie",
	"reserva", "reservar", "resérvalo", "confirma", "confirmar", "hazlo", "haz", "sigue", "continúa",
	"compra", "comprar", "añade", "añádelo", "envía", "pide", "pedir",
	"dir", "dirha", "dirou", "kmel", "kammel", "sir", "hjez", "7jez", "sifet", "zid",
	"دير", "ديرها", "كمل", "سير", "احجز", "أكد", "اكد", "أرسل", "ارسل", "تابع", "زيد",
	// Wanting and taking, and the forms a negation takes ("je ne le veux pas", "no
	// lo quiero", "no lo reserves", "لا تحجز").
	"veux", "voulons", "prends", "prenons", "quiero", "queremos", "llevo", "reserves", "confirmes", "hagas",
	"compres", "compro", "reservo", "tomo", "pido", "confirmo", "bghit", "تحجز", "تأكد", "تكمل", "ترسل", "أريد", "اريد", "أريده", "اريده",
})...)

// englishActionVerbs are actionVerbs' English words, as typed: the words a
// typo of a confirming verb is read as (verbtypo.go).
var englishActionVerbs = []string{
	"do", "go", "proceed", "continue", "confirm", "book", "reserve", "order", "buy", "purchase", "pay",
	"send", "submit", "place", "make", "schedule", "finish", "complete", "process", "transfer", "add",
	"get", "take", "start", "run", "execute", "finalize", "finalise", "checkout", "apply", "sign",
	"cancel", "delete", "remove", "set", "save", "accept", "approve", "move", "want", "need",
}

// objectPronouns stand before the verb they are the object of ("je le veux", "no
// lo quiero", "je ne la prends pas"). "la" is also Darija's no: it is a pronoun
// only in a refusal.
var objectPronouns = wordSet("le les l lo los las la lui leur te")

// pronounVerbs are the French and Spanish verbs an object pronoun "la" may
// stand before in a yes ("sí, la quiero", "sí, la compro"): there "la" is
// "it", not Darija's no, which never stands before them ("wakha la" is a yes
// and a no).
var pronounVerbs = stemSet("quiero", "compro", "reservo", "llevo", "tomo", "pido", "confirmo",
	"veux", "prends", "réserve", "confirme", "commande")

// clitics stand between Spanish "no" and its verb besides objectPronouns: "no
// me lo llevo", "no se lo mandes".
var clitics = wordSet("me se nos os")

// fillerWords may stand around the verb of an elaboration: conjunctions, pronouns,
// auxiliaries and adverbs that add nothing to the answer ("and", "it", "now",
// "I'd like to", "for me").
var fillerWords = wordSet("and so then just now right away please pls plz let lets s us it that this them " +
	"one all everything anything with for by me i we ll will d would like to go ahead on can you ok okay " +
	"m am is are be really mind ve time moment shall " +
	// French, Spanish, Darija and Arabic: subject and object pronouns of the speaker,
	// "well", "now", "for me". Never "la": it is Darija's no.
	"je j moi me m bien maintenant ahora mismo yo liya lia liyya li daba دابا ليا لي الآن")

// determiners introduce the one noun an elaboration may name ("book the flight",
// "go ahead with the booking").
var determiners = wordSet("the my our a an this that these those your")

// negationWords turn an elaboration into a refusal ("don't", "won't", "not").
var negationWords = wordSet("not don dont never won wont t cannot n no ma ما pas ne لا")

// darijaNegation opens Darija's "ma ... ch" negation.
var darijaNegation = wordSet("ma ما")

// darijaNegatedVerb reports whether w ends in the "-ch" of Darija's negation.
func darijaNegatedVerb(w string) bool {
	return utf8.RuneCountInString(w) > 3 && (strings.HasSuffix(w, "ش") || strings.HasSuffix(w, "ch"))
}

// changeWords never elaborate an answer: they ask for something else ("yes but
// change the date", "the other one", "cheaper").
var changeWords = wordSet("but instead actually change changed update modify edit switch except wait though " +
	"however different another other else only if or next previous cheaper earlier later first second third " +
	"last what when where which how why who if unless provided maybe perhaps " +
	// French, Spanish, Darija and Arabic: "but", "except", "rather", "other",
	// "if", "maybe" ("oui mais", "sí pero", "wakha walakin", "نعم لكن").
	"mais sauf plutôt plutot autre autres sinon peut pero excepto salvo otro otra otros otras quizás quizas " +
	"walakin wlakin walaken walakine ila wla lakin لكن ولكن إلا الا غير ربما يمكن")

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
	text = WithoutSignOff(text) // "Yes, please book it. Thanks, Ruth"
	if s, ok := WithoutCourtesySentences(text); ok {
		text = s // "Hello. Yes, I confirm.": the greeting sentence read away
	}
	if a, ok := shortReply(text, question != ""); ok {
		return a // "ne": a Greek yes, a Slavic no; "na": a no only as the whole answer to a question
	}
	if opensWithDontKnow(text) {
		return Unknown // "n t'a dɔn": a Bambara "I don't know", no "n" of "y/n"
	}
	a := yesNoByRules(text, question)
	if a == Unknown {
		a = learnedAnswer(text)
	}
	if a != Unknown && opensWithOppositeFiller(text, a) {
		return Unknown // "hə, no": Azerbaijani's yes, then a no
	}
	return a
}

// yesNoByRules is YesNoTo without the model's formal answers (learnedAnswer):
// BuiltinIntent reads the model itself, once.
func yesNoByRules(text, question string) Answer {
	text = unquotedReply(text)
	a := yesNoAsTyped(text, question)
	if a == Unknown {
		// "er, yes, that's fine": a pause opening the reply says nothing;
		// the answer is what follows it (replyfillers.go).
		if rest, ok := afterLeadingPause(text); ok {
			a = yesNoAsTyped(rest, question)
		}
	}
	if a == Unknown {
		// "yes b'y", "ouais, cher", "no boy": an answer, then a term of
		// address or a particle (answer_tails.txt's address list).
		if head, addressed, ok := CutAnswerTailOf(text); ok && addressed {
			a = yesNoAsTyped(head, question)
		}
	}
	if a == Unknown {
		a = homonymLed(text, question)
	}
	return a
}

// homonymLed reads a reply that opens with a CLDR yes or no word the
// generator dropped for being an English word of another meaning (Kriolu
// "sin", cldr/replies.txt's "dropped" lines), set off by a comma, when the
// rest of the reply reads as that same answer on its own: "sin, book it" is a
// yes, as "book it" is. Alone ("sin") or before anything else the word is
// read as nothing, as the generator decided (issue 38, coach29).
func homonymLed(text, question string) Answer {
	head, rest, ok := strings.Cut(text, ",")
	if !ok {
		return Unknown
	}
	want, ok := cldrHomonyms()[confirmKey(head)]
	if !ok || strings.TrimSpace(rest) == "" {
		return Unknown
	}
	if yesNoAsTyped(rest, question) == want {
		return want
	}
	return Unknown
}

// cldrHomonyms are the yes and no words cldr/replies.txt drops as English
// words of another meaning ("# dropped yes sin (kea): an English word of
// another meaning"), by their answer; a word dropped for any other reason is
// not among them. Read on first use.
var cldrHomonyms = sync.OnceValue(func() map[string]Answer {
	out := map[string]Answer{}
	for _, line := range strings.Split(cldrRepliesText, "\n") {
		rest, ok := strings.CutPrefix(line, "# dropped ")
		if !ok || !strings.HasSuffix(rest, "): an English word of another meaning") {
			continue
		}
		f := strings.Fields(rest)
		if len(f) < 3 || !strings.HasPrefix(f[2], "(") {
			continue // one word only: a phrase is never read so
		}
		switch f[0] {
		case "yes":
			out[confirmKey(f[1])] = Yes
		case "no":
			out[confirmKey(f[1])] = No
		}
	}
	return out
})

// yesNoAsTyped is yesNoTo, read again with the typos of the words around
// the answer corrected ("yes plase", replytypo.go) when it reads none.
func yesNoAsTyped(text, question string) Answer {
	a := yesNoTo(text, question)
	if a != Unknown {
		return a
	}
	k := replyKey(text)
	if c, ok := correctReplyTypos(k); ok {
		k = c
		a = yesNoTo(c, question)
	}
	if a == Unknown {
		// "bok it", "yea bookit", asked "Book ...?": the question's verb
		// typed in a hurry (verbtypo.go).
		if c, ok := withVerbTypos(k, question); ok {
			k = c
			a = yesNoTo(c, question)
		}
	}
	if a == Unknown {
		// "ok sounds gd": a phrase's word without its vowels (replyskeleton.go).
		if c, ok := withVowellessWords(k); ok {
			a = yesNoTo(c, question)
		}
	}
	return a
}

// AnswerTo is YesNoTo for an engine that asks its own yes/no question again
// when the answer is unclear (the flows' confirmations and offers): a bare
// answer word asked back ("ok?", "yes?", "¿vale?", "wakha?") checks what the
// bot means, and is no answer. YesNo, the shop's rule (seed 000 section 6.1),
// ignores the punctuation around an answer: "na3am?" there is a yes.
func AnswerTo(text, question string) Answer {
	if asksSomething(text) && bareAnswerAsked(text) {
		return Unknown
	}
	return YesNoTo(text, question)
}

// bareAnswerAsked reports whether text is nothing but a yes or a no (and
// polite words).
func bareAnswerAsked(text string) bool {
	if after, ok := afterLeadingPause(text); ok {
		text = after // "er, yes?"
	}
	a, rest := LeadingYesNo(text)
	return a != Unknown && rest == ""
}

// unquotedReply is text without its lines quoted from the bot ("> Book
// Boston -> Paris?" above "yes"): a quoted line is what the reply answers,
// not the reply. text is returned as it is when it quotes nothing or
// nothing else.
func unquotedReply(text string) string {
	if strings.IndexByte(text, '>') < 0 || !strings.Contains(text, "\n") {
		return text
	}
	var kept []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), ">") {
			kept = append(kept, line)
		}
	}
	rest := strings.TrimSpace(strings.Join(kept, "\n"))
	if rest == "" || len(kept) == strings.Count(text, "\n")+1 {
		return text
	}
	return rest
}

// modelMayAnswer reports whether the learned model may read text as a yes or
// a no: not a question, some letters, and no "_with" word ("may a it": the
// rules read such a word only beside a word of its own language; the model,
// taught its supported forms, would read it on its own).
func modelMayAnswer(text string) bool {
	return !asksSomething(text) && strings.ContainsFunc(text, unicode.IsLetter) && !holdsSupportedOnlyWord(text)
}

// learnedAnswer reads a yes or a no said without a yes or no phrase of the
// lexicons, formally or indirectly ("that is correct, please proceed", "I'm
// afraid that won't do", "je le prends", "no la quiero"), with the built-in
// intents' model: only when it reads yes or no at BuiltinActThreshold, the
// confidence an action needs, every word of the message is a word of that
// answer's examples, none asks for a change and the message asks nothing.
// Anything less stays Unknown, and the engine asks again.
func learnedAnswer(text string) Answer {
	if !modelMayAnswer(text) {
		return Unknown
	}
	lead, rest := LeadingYesNo(text)
	if lead != Unknown && saysTheOpposite(text, lead) {
		return Unknown // "ah la": a yes and a no of the lexicons
	}
	m := builtinModel()
	r := m.Classify(text)
	if r.Confidence < BuiltinActThreshold || slices.ContainsFunc(words(key(text)), func(w string) bool { return changeWords[w] }) {
		return Unknown
	}
	a := Unknown
	switch {
	case r.Intent == IntentYes && m.saysOnly(text, IntentYes):
		a = Yes
	case r.Intent == IntentNo && m.saysOnly(text, IntentNo) && SaysNot(text):
		a = No
	}
	if lead != Unknown && a != lead && isUnreadReply(rest) {
		// "absolutely ne", "do that, nee ne": after the lexicon's answer
		// only a word read both ways (a Greek yes, a Slavic no): the
		// model's opposite reading rests on that word alone.
		return Unknown
	}
	return a
}

// refusalWords say no inside a sentence: the negations, and the words of "no
// longer" in the languages the seeds name.
var refusalWords = wordSet("longer anymore plus nunca jamais ya لم لا لن ليس كلا machi ماشي")

// SaysNot reports whether text negates or refuses something: a negation word
// ("not", "don't", "ne ... pas", "ma ... ch"), or a word of "no longer". A
// model's no or change of mind without one ("I think", "I need it") is no
// refusal.
func SaysNot(text string) bool {
	toks := words(key(text))
	if negationAt(toks) >= 0 || slices.Index(toks, "no") >= 0 {
		return true
	}
	for i, w := range toks {
		if refusalWords[w] || (i > 0 && darijaNegation[toks[i-1]] && darijaNegatedVerb(w)) || (strings.HasPrefix(w, "ma") && darijaNegatedVerb(w)) {
			return true
		}
	}
	return false
}

// yesNoTo is YesNoTo of text as typed.
func yesNoTo(text, question string) Answer {
	a, rest := LeadingYesNo(text)
	if a == Unknown {
		if ca, crest := copulaAnswer(replyKey(text)); ca != Unknown {
			a, rest = ca, crest // "that is all correct"
		}
	}
	if b := correctedAnswer(a, text); b != Unknown {
		// "yes... actually no": the last answer, read before the whole
		// message is taken as one answer, since a hedge ("actually yeah")
		// or a tag ("no, wait, yeah") after the first answer leaves no rest.
		return b
	}
	if rest == "" {
		return a
	}
	leading := a
	toks := words(rest)
	if a != Unknown {
		if toks = withoutVocatives(toks); len(toks) == 0 {
			return a // "yes chef", "no sir"
		}
	}
	asked := questionVerbs(question)
	var ok bool
	switch a {
	case Yes:
		ok = elaborates(toks, asked, false) || restates(toks, asked, question)
	case No:
		ok = elaborates(negatedRest(text, rest, toks), asked, true) || givesReason(toks)
	default:
		a, ok = answerWithoutLeadingWord(text, question, toks, asked)
	}
	if ok {
		return a
	}
	return learnedYesNo(text, leading)
}

// answerWithoutLeadingWord reads a message that opens with no yes or no word:
// a negation that elaborates ("don't book it") is a no; an instruction that
// carries out what was asked ("book it", asked "Book Boston -> Paris?") or
// an exclamation of assent with one ("yeehaw, book it") is a yes.
func answerWithoutLeadingWord(text, question string, toks []string, asked map[string]bool) (Answer, bool) {
	if negationAt(toks) >= 0 && elaborates(toks, asked, true) {
		return No, true
	}
	if imperativeYes(toks, asked) || interjectedYes(text, question) == Yes {
		return Yes, true
	}
	return No, false
}

// learnedYesNo reads a yes or a no opening a message whose other words the
// lexicons do not place ("yeah sur", "si, dale ya") with the built-in intents'
// model (issue 38 item 4): only when the model reads the same answer a, every
// word of the message is a word of that answer's examples, and none asks for a
// change, so that "no, make it Boston" and "yes please maybe" stay the engine's
// to read.
func learnedYesNo(text string, a Answer) Answer {
	if a == Unknown || saysTheOpposite(text, a) {
		return Unknown
	}
	m := builtinModel()
	want := IntentYes
	if a == No {
		want = IntentNo
	}
	if !m.saysOnly(text, want) || slices.ContainsFunc(words(key(text)), func(w string) bool { return changeWords[w] }) {
		return Unknown
	}
	r := m.Classify(text)
	switch {
	case r.Confidence < BuiltinThreshold:
		return Unknown
	case r.Intent == IntentYes && a == Yes, r.Intent == IntentNo && a == No:
		return a
	}
	return Unknown
}

// reasonWords open the reason a no gives ("I'd rather not, it's too early",
// "no, because I'm busy", "non, c'est trop tôt", "no, es muy tarde").
var reasonWords = wordSet("because cause coz cuz since too busy expensive pricey early late far soon " +
	"trop parce car occupe occupee cher chere tot tard loin " +
	"porque demasiado muy ocupado ocupada caro cara temprano tarde lejos " +
	"hit 7it ghali b3id bekri m3attal حيت لأن لان غالي بعيد بكري")

// givesReason reports whether toks, what follows a no, give its reason in
// their first words and ask for nothing else: no word of change ("too early,
// the later one") and no number ("too early, make it 10").
func givesReason(toks []string) bool {
	reason := false
	for i, w := range toks {
		if changeWords[w] || strings.ContainsAny(w, "0123456789") {
			return false
		}
		reason = reason || i < 3 && reasonWords[w]
	}
	return reason
}

// saysTheOpposite reports whether, after the answer a a message opens with,
// the rest opens with the other answer ("ah la", "wakha la", "yes no"): a yes
// and a no together are neither.
func saysTheOpposite(text string, a Answer) bool {
	_, rest := LeadingYesNo(text)
	if ws := words(rest); a == Yes && len(ws) > 1 && ws[0] == "la" && pronounVerbs[Stem(ws[1])] {
		return false // "sí, la quiero": "la" is "it"
	}
	b, _ := leadingYesNo(rest)
	return b != Unknown && b != a
}

// negatedRest are the words after a no phrase (rest of text, as toks): a no
// phrase ending in a negation ("nope, don't" + "book it") negates the verb
// after it, so they start with "not".
func negatedRest(text, rest string, toks []string) []string {
	said := words(strings.TrimSuffix(key(text), rest))
	if len(said) == 0 || !negationWords[said[len(said)-1]] {
		return toks
	}
	if said[len(said)-1] == "no" {
		// "no" ends the no phrase ("no, book it" is no refusal) unless a
		// clitic pronoun follows it: "no lo quiero" refuses "quiero".
		if len(toks) > 1 && (objectPronouns[toks[0]] || clitics[toks[0]]) {
			return append([]string{"not"}, toks...)
		}
		return toks
	}
	if len(said) > 1 {
		return append([]string{"not"}, toks...)
	}
	return toks
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

// restates reports whether the words after a yes say the question again:
// they elaborate it, reading the question's names ("Book Boston -> Paris?")
// as its words, every one in the question's order ("yes, please book Boston
// to Paris"). A name the question did not say, its names in another order
// ("yes, Paris to Boston") or one of them alone ("yes, Boston": which one?)
// is no yes.
func restates(toks []string, asked map[string]bool, question string) bool {
	names := questionNames(question)
	if len(names) == 0 {
		return false
	}
	e := elaboration{asked: asked, same: Yes, names: names}
	for i := 0; i < len(toks); {
		n, ok := e.read(toks, i)
		if !ok {
			return false
		}
		i += n
	}
	return e.named == len(names)
}

// questionNames are the question's words written with a capital after its
// first (the names questionVerbs leaves out), as keys, in order.
func questionNames(question string) []string {
	var out []string
	for i, w := range strings.FieldsFunc(question, func(r rune) bool { return !isWordRune(r) }) {
		if r, _ := utf8.DecodeRuneInString(w); i > 0 && unicode.IsUpper(r) && !hasDigit(w) {
			out = append(out, key(w))
		}
	}
	return out
}

// elaboration is what elaborates has read so far.
type elaboration struct {
	asked         map[string]bool
	refusing      bool
	same          Answer // the answer being elaborated
	negated, verb bool
	// names are the question's names a restating yes may say again, in
	// order (restates); nameAt is where the next must be, named how many were.
	names         []string
	nameAt, named int
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
	for _, rule := range elaborationRules {
		if rule.holds(e, toks, i) {
			return rule.read(e, toks, i)
		}
	}
	if e.nameAt < len(e.names) && e.names[e.nameAt] == toks[i] {
		e.nameAt++
		e.named++
		return 1, true
	}
	return 0, false
}

// elaborationRules read the word at toks[i] after an answer, the first rule that
// holds reading it: how many words it took, and whether they fit.
var elaborationRules = []struct {
	holds func(e *elaboration, toks []string, i int) bool
	read  func(e *elaboration, toks []string, i int) (int, bool)
}{
	// A change of the request ("but", "instead", a number) never fits.
	{func(_ *elaboration, toks []string, i int) bool { return changeWords[toks[i]] || hasDigit(toks[i]) },
		func(*elaboration, []string, int) (int, bool) { return 0, false }},
	// A negation fits a refusal.
	{func(_ *elaboration, toks []string, i int) bool { return negationWords[toks[i]] },
		func(e *elaboration, _ []string, _ int) (int, bool) { e.negated = true; return 1, e.refusing }},
	// "the flight", "the booking": one noun after a determiner.
	{func(_ *elaboration, toks []string, i int) bool {
		return determiners[toks[i]] && i+1 < len(toks) && !fillerWords[toks[i+1]]
	}, func(_ *elaboration, toks []string, i int) (int, bool) {
		next := toks[i+1]
		return 2, !changeWords[next] && !hasDigit(next)
	}},
	{func(_ *elaboration, toks []string, i int) bool { return fillerWords[toks[i]] },
		func(*elaboration, []string, int) (int, bool) { return 1, true }},
	// Arabic writes the determiner on its noun: "الحجز", the booking.
	{func(_ *elaboration, toks []string, i int) bool {
		return strings.HasPrefix(toks[i], "ال") && utf8.RuneCountInString(toks[i]) > 3
	}, func(*elaboration, []string, int) (int, bool) { return 1, true }},
	// Darija negates a verb between "ma" and "-ch" ("ma t7jezch", "ما تحجزش"):
	// after the "ma", a word ending in the "-ch" is a refused verb.
	{func(e *elaboration, toks []string, i int) bool {
		return e.negated && i > 0 && darijaNegation[toks[i-1]] && darijaNegatedVerb(toks[i])
	}, func(e *elaboration, _ []string, _ int) (int, bool) { e.verb = true; return 1, e.refusing }},
	// An object pronoun before its verb: "oui je le veux", "no, no lo quiero".
	{func(e *elaboration, toks []string, i int) bool {
		return objectPronouns[toks[i]] && i+1 < len(toks) && isActionVerb(toks[i+1], e.asked) &&
			(e.refusing || toks[i] != "la" || pronounVerbs[Stem(toks[i+1])])
	}, func(*elaboration, []string, int) (int, bool) { return 1, true }},
	// A verb; "no, book it" is a no and a yes.
	{func(e *elaboration, toks []string, i int) bool { return isActionVerb(toks[i], e.asked) },
		func(e *elaboration, _ []string, _ int) (int, bool) { e.verb = true; return 1, !e.refusing || e.negated }},
}

// answerPhraseAt is the length in words of the longest answer phrase of kind a,
// or polite phrase (kind Unknown), at toks[i], with its kind; 0 when none is.
func answerPhraseAt(toks []string, i int, a Answer) (int, Answer) {
	for _, p := range replyByFirst()[toks[i]] { // longest first
		if (p.meaning != a && p.meaning != Unknown) || len(p.words) > len(toks)-i {
			continue
		}
		if slices.Equal(toks[i:i+len(p.words)], p.words) {
			return len(p.words), p.meaning
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
	// Each sentence's first word may be capitalized: a question asked again
	// opens with a word of its own ("Sorry, I didn't catch that. Book
	// Boston -> Paris?"), and its verb is the first word of the sentence
	// after it (issue 38, coach29).
	for _, sentence := range sentenceEndRe.Split(question, -1) {
		for i, w := range strings.FieldsFunc(sentence, func(r rune) bool { return !isWordRune(r) }) {
			if r, _ := utf8.DecodeRuneInString(w); i > 0 && !unicode.IsLower(r) {
				continue
			}
			if k := key(w); mayBeVerb(k) {
				out[Stem(k)] = true
			}
		}
	}
	return out
}

// sentenceEndRe ends a sentence of a question: a full stop, question or
// exclamation mark before a space.
var sentenceEndRe = regexp.MustCompile(`[.!?]\s+`)

// mayBeVerb reports whether a question's word (as key) may be a verb: three
// letters or more, no digit, no filler or determiner.
func mayBeVerb(k string) bool {
	return utf8.RuneCountInString(k) > 2 && !hasDigit(k) && !fillerWords[k] && !determiners[k]
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

// correctedAnswer is the answer a message whose first answer is a corrects
// it to: after a word that starts a correction (correctionLeads: "actually",
// "wait", "I mean", "en fait"; not the answer words "no", "non" themselves)
// the rest is, whole, the opposite answer ("yes... actually no", "no, wait,
// yes"). The last answer said wins; anything else after it and there is none
// (Unknown). A hesitation inside a reply phrase is that phrase's ("uh" in the
// no "nuh uh", never a hesitation before "hajur dhanyabad"); a correction word
// inside one still leads ("no sorry ok": "no sorry" is a no, "sorry" leads).
func correctedAnswer(a Answer, text string) Answer {
	toks := tokenize(replyKey(text))
	for i := 1; a != Unknown && i+1 < len(toks); i++ {
		w := toks[i].text
		if !correctionLeads[w] || w == "no" || w == "non" || shopHesitations[w] && insideReplyPhrase(toks, i) {
			continue
		}
		rest := make([]string, 0, len(toks)-i-1)
		for _, t := range toks[i+1:] {
			rest = append(rest, t.text)
		}
		if b, more := LeadingYesNo(strings.Join(rest, " ")); b != Unknown && b != a && more == "" {
			return b
		}
		return Unknown
	}
	return Unknown
}

// insideReplyPhrase reports whether toks[i] is within a yes or no phrase of
// the lexicons that starts before it.
func insideReplyPhrase(toks []token, i int) bool {
	for j := range i {
		for _, p := range replyByFirst()[toks[j].text] {
			if p.meaning != Unknown && j+len(p.words) > i && startsWithPhrase(toks[j:], p.words) {
				return true
			}
		}
	}
	return false
}
