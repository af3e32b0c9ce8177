package nlu

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// A request for a human is told apart from a mention of one. A human noun ("human",
// "agent", "bnadem", "conseiller", "موظف") asks for a human only when, in its own
// clause:
//   - a request cue comes before it ("talk to", "I want", "connect me with", "bghit
//     nhder m3a", "je veux parler à", "بغيت نهضر مع"), a help cue after it ("can
//     a human help me?"), or the clause is nothing but the noun and polite words
//     ("agent please", "un humain svp");
//   - no negation comes before it ("no need for a human", "pas besoin d'un
//     conseiller", "ma bghitch bnadem");
//   - no question about the bot comes before it ("are you a bot or a human?").
//
// Weak nouns, which also mean "one" or "anybody" ("someone", "chi wahed",
// "quelqu'un", "شي واحد"), need a cue to talk: "bghit chi wahed cap" is "I want a
// cap", "bghit nhder m3a chi wahed" is a request. Questions ask as well: a talk cue
// after the noun of a wanting clause ("is there someone I can chat with?"), a help
// cue after a weak noun in a clause opening with "can", "could", "is" ("can a
// person help me?"), and a weak noun placed in the business is a strong one
// ("someone from your team", "anyone at the store"). A question about the bot
// cancels only when nothing but words naming what the bot is stands between it
// and the noun ("are you a bot or a real human?", but "is it possible to speak to
// an agent?" asks for one). Clauses end at sentence punctuation, commas and "but".

// humanNouns name a human helper; weakHumanNouns need a talking cue.
var humanNouns = map[string][]string{
	LangEnglish: {
		"human", "humans", "real person", "live person", "actual person", "real human", "agent", "agents",
		"live agent", "customer service", "customer support", "customer care", "support team", "representative",
		"rep", "operator", "staff", "manager", "employee", "salesperson", "someone real", "human being",
	},
	LangDarijaLatin:  {"bnadem", "insan", "mowadaf", "mowadhaf", "mwadaf", "wahed mn l5edma", "service client"},
	LangDarijaArabic: {"موظف", "إنسان", "انسان", "بنادم", "خدمة العملاء", "شخص حقيقي", "عون"},
	LangFrench: {
		"humain", "un humain", "conseiller", "conseillère", "une vraie personne", "vraie personne", "agent",
		"service client", "opérateur", "opératrice", "vendeur", "vendeuse",
	},
	LangSpanish: {
		"humano", "persona real", "agente", "atención al cliente", "servicio al cliente", "asesor", "asesora",
		"representante", "operador", "operadora", "encargado", "encargada",
	},
}

var weakHumanNouns = map[string][]string{
	LangEnglish:      {"someone", "somebody", "a person", "person", "people", "anyone", "anybody"},
	LangDarijaLatin:  {"chi wahed", "chi wa7ed", "chi had", "chi 7ad"},
	LangDarijaArabic: {"شي واحد", "شي حد", "شخص", "احد", "حد", "أحد"},
	LangFrench:       {"quelqu'un", "une personne", "personne"},
	LangSpanish:      {"alguien", "una persona", "persona"},
}

// talkCues are cues to talk or be put through: they make any human noun a request.
var talkCues = map[string][]string{
	LangEnglish: {
		"talk", "speak", "chat", "connect", "transfer", "put me through", "hand me", "pass me", "escalate",
		"call", "contact", "reach", "get me", "talking", "speaking",
	},
	LangDarijaLatin:  {"nhder", "nhdr", "nhdar", "nhadar", "nthdr", "ntkallem", "ntkalem", "nhdro", "dwezni", "wasalni", "hder", "tkallem"},
	LangDarijaArabic: {"نهضر", "نتكلم", "اتكلم", "أتكلم", "نهدر", "دوزني", "وصلني", "حولني", "كلمني", "هضر", "التحدث", "اتحدث", "أتحدث", "أكلم", "اكلم"},
	LangFrench:       {"parler", "discuter", "passez moi", "passe moi", "mettez moi", "contacter", "joindre", "transférer"},
	LangSpanish:      {"hablar", "comunicarme", "pasame", "paseme", "comuniqueme", "comunicame", "conversar", "charlar"},
}

// wantCues are cues of wanting: enough for a (strong) human noun.
var wantCues = map[string][]string{
	LangEnglish: {
		"i want", "i wanna", "i need", "i'd like", "i would like", "can i have", "can i get", "could i get",
		"give me", "let me", "is there", "are there", "i'd prefer", "i prefer", "i'd rather", "want", "need",
		"get", "send", "where is", "bring", "find me",
	},
	LangDarijaLatin:  {"bghit", "bgheet", "bghina", "3tini", "jib", "jibli", "kayn", "wach kayn", "khassni", "bghit ghir"},
	LangDarijaArabic: {"بغيت", "اريد", "أريد", "ابغى", "عطيني", "جيب", "كاين", "واش كاين", "خاصني", "ممكن", "واش نقدر", "نقدر"},
	LangFrench:       {"je veux", "je voudrais", "j'aimerais", "donnez moi", "il y a", "y a t il", "je préfère", "je prefere", "besoin d'un", "besoin d'une"},
	LangSpanish:      {"quiero", "necesito", "quisiera", "me gustaria", "puedo", "podria", "hay"},
}

// existenceCues ask whether someone is there to answer: with nothing after it
// but polite words, a weak noun after one is a request ("is there someone?",
// "y a-t-il quelqu'un ?", "¿hay alguien?", "wach kayn chi wahed?", "هل يوجد
// أحد؟"). English "is anyone there?" checks that the bot answers: a greeting.
var existenceCues = map[string][]string{
	LangEnglish:      {"is there", "are there"},
	LangDarijaLatin:  {"kayn", "wach kayn", "kayna", "wach kayna"},
	LangDarijaArabic: {"كاين", "واش كاين", "هل يوجد", "يوجد", "هل هناك", "هناك", "فيه"},
	LangFrench:       {"il y a", "y a t il", "est ce qu il y a", "y a", "ya"},
	LangSpanish:      {"hay"},
}

// presenceCues after a (strong) human noun, in a clause that opens as a
// question ("is anyone from the shop there?", "any humans here?", "¿hay un
// agente aquí?"), ask for that person.
var presenceCues = map[string][]string{
	LangEnglish:      {"there", "here", "in", "about", "on"},
	LangDarijaLatin:  {"hna", "temma"},
	LangDarijaArabic: {"هنا", "تما", "هناك"},
	LangFrench:       {"là", "la", "ici"},
	LangSpanish:      {"ahí", "ahi", "aquí", "aqui", "allí", "disponible"},
}

// helpCues after a (strong) human noun make it a request: "can a human help me?",
// "un conseiller peut m'aider ?".
var helpCues = withReplyWords(map[string][]string{
	LangEnglish: {
		"help me", "help us", "assist me", "call me", "contact me", "get back to me", "take over", "help me out",
		"available", "around", "online", "free to chat", "free to talk",
	},
	LangDarijaLatin:  {"y3awenni", "y3awni", "iy3awenni", "yhder m3aya", "yt3awen m3aya"},
	LangDarijaArabic: {"يعاوني", "يعاونني", "يساعدني", "يهضر معايا"},
	LangFrench:       {"m'aider", "m aider", "me rappeler", "me contacter"},
	LangSpanish:      {"ayudarme", "me ayude"},
}, "human_help")

// humanNegations before a human noun cancel the request.
var humanNegations = withReplyWords(map[string][]string{
	LangEnglish: {
		"no need", "don't need", "dont need", "do not need", "don't want", "dont want", "do not want", "not",
		"without", "never", "instead of", "rather than", "don't", "dont",
	},
	LangDarijaLatin:  {"ma bghitch", "mabghitch", "machi", "mashi", "bla", "ma7tajch", "mahtajch", "ma khassnich", "makhassnich"},
	LangDarijaArabic: {"مابغيتش", "ما بغيتش", "ماشي", "بلا", "بدون", "ماخاصنيش", "ما محتاجش", "لا أحتاج", "لا احتاج", "لا أريد", "لا اريد", "لا حاجة", "لا داعي"},
	LangFrench:       {"pas besoin", "pas de", "pas d", "sans", "ne veux pas", "veux pas", "pas"},
	LangSpanish:      {"sin", "no quiero", "no necesito", "no hace falta", "no me hace falta", "no hay"},
}, "human_not")

// botQuestions ask what the bot is.
var botQuestions = map[string][]string{
	LangEnglish:      {"are you", "r u", "are u", "is this", "am i talking", "am i speaking", "am i chatting", "is it", "you're a", "you are a", "what are you", "is that"},
	LangDarijaLatin:  {"wach nta", "wach nti", "wash nta", "wach enta", "nta", "nti", "wach hada"},
	LangDarijaArabic: {"واش نتا", "واش نتي", "واش انت", "هل انت", "انت", "واش هذا"},
	LangFrench:       {"es tu", "t es", "êtes vous", "etes vous", "tu es", "vous êtes", "vous etes", "c est un", "est ce un"},
	LangSpanish:      {"eres", "es usted"},
}

// businessNouns place a weak human noun in the business: "someone from your team".
var businessNouns = map[string][]string{
	LangEnglish: {
		"team", "shop", "store", "staff", "support", "company", "office", "sales", "customer service",
		"customer support", "help desk", "helpdesk", "service", "business",
	},
	LangFrench:      {"équipe", "equipe", "magasin", "boutique", "service client", "support"},
	LangDarijaLatin: {"l5edma", "lkhedma", "lmagasin", "lhanout"},
	LangSpanish:     {"equipo", "tienda", "soporte", "empresa", "atención al cliente", "servicio al cliente", "oficina"},
}

// humanRolesText is human_roles.txt: the role nouns of the businesses the bots
// stand for (a coach, a trainer, an advisor), read as weak human nouns.
//
//go:embed human_roles.txt
var humanRolesText string

// humanRoleNouns are human_roles.txt's nouns per language.
var humanRoleNouns = readPhraseLines(humanRolesText)

// readPhraseLines reads "code: phrase | phrase" lines, skipping comments and
// blank lines.
func readPhraseLines(text string) map[string][]string {
	out := map[string][]string{}
	for _, line := range strings.Split(text, "\n") {
		lang, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, p := range strings.Split(list, "|") {
			if p = strings.TrimSpace(p); p != "" {
				out[strings.TrimSpace(lang)] = append(out[strings.TrimSpace(lang)], p)
			}
		}
	}
	return out
}

var (
	// Role nouns are weak: "I want a coach to help me run faster" asks for
	// what the business sells, "can I talk to a real coach?" for a person.
	humanRoleIndex     = buildPhraseList(humanRoleNouns)
	helpCueIndex       = buildPhraseList(helpCues)
	delegateCueIndex   = buildPhraseList(withReplyWords(map[string][]string{}, "delegate"))
	humanNegationIndex = buildPhraseList(humanNegations)
	botQuestionIndex   = buildPhraseList(botQuestions)
	existenceCueIndex  = buildPhraseList(existenceCues)
	presenceCueIndex   = buildPhraseList(presenceCues)
	businessNounIndex  = buildPhraseList(businessNouns)
	// personAsideIndex and personContrastIndex are what is said beside a
	// request for a person: a reason or urgency, a contrast with the bot.
	personAsideIndex    = buildPhraseList(withReplyWords(map[string][]string{}, "person_aside"))
	personContrastIndex = buildPhraseList(withReplyWords(map[string][]string{}, "person_contrast"))
	// botQuestionFiller may stand between a question about the bot and the noun
	// it asks about: "are you a bot or a real human".
	botQuestionFiller    = wordSet(`a an the or just only real actual live talking speaking chatting to with un une ou vraie vrai`)
	businessPrepositions = wordSet(`from on at in of with de du del chez mn f`)
	businessDeterminers  = wordSet(`the your ur you this that our la le les votre vos l dyal dial`)
	requestOpeners       = wordSet(`can could would will may is are any anyone anybody please pouvez pourriez peut wach momkin hay`)
	// standaloneFiller may surround a lone human noun: "a human please".
	standaloneFiller = wordSet(`a an the un une une le la real live actual please pls plz now asap
		svp stp 3afak afak عفاك عافاك من فضلك lah ykhlik just only ghir i me hello hi hey sorry excuse
		est ce que qu bonjour pardon hola oye perdona perdone disculpe salam سلام مرحبا هل واش wach`)
)

// The person lexicons with reply_words.txt's words of ~100 languages
// (human, weak_human, talk, want) are built on the first message that asks
// whether a person is wanted, never at init.
var (
	humanNounIndex     = lazyPhraseList(humanNouns, "human")
	weakHumanNounIndex = lazyPhraseList(weakHumanNouns, "weak_human")
	talkCueIndex       = lazyPhraseList(talkCues, "talk")
	wantCueIndex       = lazyPhraseList(wantCues, "want")
	// humanNounFirstWords() are the words a (strong or weak) human noun starts with.
	humanNounFirstWords = sync.OnceValue(func() map[string]bool {
		return firstWords(humanNounIndex(), weakHumanNounIndex(), humanRoleIndex)
	})
)

// lazyPhraseList is buildPhraseList of lex with reply_words.txt's phrases of
// kind, built on its first call.
func lazyPhraseList(lex map[string][]string, kind string) func() [][]string {
	return sync.OnceValue(func() [][]string { return buildPhraseList(withReplyWords(lex, kind)) })
}

// buildPhraseList turns a lexicon into the word lists of its phrases, languages in
// name order.
func buildPhraseList(lex map[string][]string) [][]string {
	var out [][]string
	for _, lang := range sortedKeys(lex) {
		for _, p := range lex[lang] {
			if w := phraseWords(p); len(w) > 0 {
				out = append(out, w)
			}
		}
	}
	return out
}

// IsHumanRequest reports whether text explicitly asks for a human: "can I talk to a
// real person?", "agent please", "connect me with customer service", "bghit nhder
// m3a chi wahed", "بغيت نهضر مع موظف", "je voudrais parler à un conseiller". A
// mention is not a request: "are you a bot or a human?", "the support agent told
// me...", "no need for a human, just show me caps", "bghit chi wahed cap".
func IsHumanRequest(text string) bool {
	k := key(unstammered(text))
	switch grammarIntentOfKey(k) {
	case IntentHuman:
		return true // a sentence of the intent grammar (intent_grammar/human.grammar)
	case intentOther:
		return false // a negated request the grammar says ("no need for an agent")
	}
	if humanRequestKey(k) {
		return true
	}
	if c, ok := withHumanNounTypos(k); ok && (humanRequestKey(c) || grammarIntentOfKey(c) == IntentHuman) { // "real persn pls", "an agnet please", "a humna coach please"
		return true
	}
	if personThenReason(text) {
		return true // "a person, the app's confusing"
	}
	// "a real coach, please, дзякуй": the request, then a thanks or a please
	// of any language's reply lexicon, taken off one at a time.
	for c, ok := withoutLastCourtesy(k); ok; c, ok = withoutLastCourtesy(c) {
		if grammarIntentOfKey(c) == IntentHuman || humanRequestKey(c) {
			return true
		}
		// "agnet pls then": the typo of the noun read once the courtesy
		// is off, as it is in the whole message ("an agnet please").
		if t, ok := withHumanNounTypos(c); ok && humanRequestKey(t) {
			return true
		}
	}
	return false
}

// courtesyKinds are the reply word kinds said after a request that add
// nothing to it: a polite word and a thanks.
const courtesyKinds = replyKindPolite | 1<<(uint(Thanks)+replyKindTalk)

// withoutLastCourtesy is the key k without the polite or thanks word of any
// language it ends with (a single word of the reply lexicons), when it ends
// with one and words are left; it allocates nothing.
func withoutLastCourtesy(k string) (string, bool) {
	last := strings.TrimRight(k[strings.LastIndexByte(k, ' ')+1:], " ,;.!?-–—")
	if replyVocabulary()[last]&courtesyKinds == 0 {
		return k, false // the common case: one look-up, nothing tokenized
	}
	var buf [24]token
	toks := appendTokens(buf[:0], k)
	n := len(toks)
	if n < 2 || replyVocabulary()[toks[n-1].text]&courtesyKinds == 0 {
		return k, false
	}
	return strings.TrimRight(k[:toks[n-1].start], " ,;.!-–—"), true
}

// humanRequestKey is IsHumanRequest of a key whose grammar sentence is read.
func humanRequestKey(k string) bool {
	if !hasWordIn(k, humanNounFirstWords()) {
		return false // a clause's words are k's: no human noun in any clause
	}
	contrast := anyPhrase(tokenize(k), personContrastIndex)
	parts := clauses(k)
	for _, clause := range parts {
		toks := tokenize(clause)
		if clauseAsksForHuman(withoutAsides(toks), contrast) || weakNounPlease(toks) {
			return true
		}
		// A clause that is a whole request of the grammar ("a real coach
		// please") asks for a person whatever the other clauses say in
		// words the rules do not read ("ngifuna ukukhuluma nomuntu, a real
		// coach please").
		if len(parts) > 1 && grammarIntentOfKey(strings.Join(strings.Fields(clause), " ")) == IntentHuman {
			return true
		}
	}
	return false
}

// withoutAsides is a clause without the reasons, urgency and contrasts with
// the bot said at its end (person_aside and person_contrast in
// reply_words.txt): "real person pls no time" asks as "real person pls" does.
// A clause that is nothing but such words is kept whole.
func withoutAsides(toks []token) []token {
	for {
		n := endingPhrase(toks, personAsideIndex, personContrastIndex)
		if n == 0 || n == len(toks) {
			return toks
		}
		toks = toks[:len(toks)-n]
	}
}

// endingPhrase is the length of the longest phrase of the indexes toks end
// with, 0 when none.
func endingPhrase(toks []token, indexes ...[][]string) int {
	longest := 0
	for _, index := range indexes {
		for _, p := range index {
			if len(p) > longest && endsWithPhrase(toks, p) {
				longest = len(p)
			}
		}
	}
	return longest
}

// unstammered writes a word typed with its first letters repeated by hyphens
// as the word ("p-p-person" is "person", "h-h-human" "human"): a stammer
// typed as it is said.
func unstammered(text string) string {
	if !strings.Contains(text, "-") {
		return text
	}
	words := strings.Fields(text)
	for i, w := range words {
		if last, ok := stammeredWord(w); ok {
			words[i] = last
		}
	}
	return strings.Join(words, " ")
}

// stammeredWord is w's last hyphened part when every part before it is one
// or two of its first letters ("p-p-person").
func stammeredWord(w string) (string, bool) {
	parts := strings.Split(w, "-")
	last := parts[len(parts)-1]
	if len(parts) < 2 || len(last) < 3 {
		return "", false
	}
	for _, p := range parts[:len(parts)-1] {
		if p == "" || len(p) > 2 || !strings.HasPrefix(strings.ToLower(last), strings.ToLower(p)) {
			return "", false
		}
	}
	return last, true
}

// clauses splits a key at sentence punctuation, commas and "but".
func clauses(k string) []string {
	parts := strings.FieldsFunc(k, func(r rune) bool {
		switch r {
		case '.', ',', ';', '!', '?', '؟', '،', '؛', ':', '\n':
			return true
		}
		return false
	})
	var out []string
	for _, p := range parts {
		for _, sep := range []string{" but ", " mais ", " walakin ", " wlakin ", " لكن ", " ولكن "} {
			p = strings.ReplaceAll(" "+p+" ", sep, "\x00")
		}
		out = append(out, strings.Split(p, "\x00")...)
	}
	return out
}

// clauseAsksForHuman applies the rule of this file to one clause; contrast
// says the message contrasts a person with the bot ("not a bot").
func clauseAsksForHuman(toks []token, contrast bool) bool {
	for _, nouns := range []struct {
		index      [][]string
		weak, role bool
	}{{humanNounIndex(), false, false}, {weakHumanNounIndex(), true, false}, {humanRoleIndex, true, true}} {
		for _, noun := range nouns.index {
			for at := findPhrase(toks, noun, 0); at >= 0; at = findPhrase(toks, noun, at+1) {
				if nounAsksForHuman(toks, at, len(noun), nouns.weak && !contrast, nouns.role && !contrast, contrast) {
					return true
				}
			}
		}
	}
	return false
}

// nounAsksForHuman reads the human noun at toks[at:at+n] in its clause. A weak noun
// counts as a strong one when it is placed in the business ("someone from your
// team", "anybody at the store"). A role noun (a coach) takes a cue to talk
// only as a verb: "a video call with a coach" is what the business books.
// A message that contrasts a person with the bot (contrast: "I want my real
// coach, not a bot", "person please, a real one") asks for the person its
// noun names, even a weak one or the user's own coach.
func nounAsksForHuman(toks []token, at, n int, weak, role, contrast bool) bool {
	before := toks[:at]
	own := !contrast && usersOwn(toks, at, n) && !endsWithCuePreposition(before)
	if anyPhrase(before, humanNegationIndex) || asksAboutBot(toks, at) || own {
		return false
	}
	if talkedTo(before, role) || asksCallBack(toks, at, n) {
		return true
	}
	if weak && !role && anyPhrase(before, wantCueIndex()) && startsWithAny(toks[at+n:], delegateCueIndex) {
		// "I want a person to do this": someone wanted to take the task
		// over. A role noun wanted for a task is what the business sells
		// ("I want a coach to help me run faster").
		return true
	}
	if placed := fromTheBusiness(toks[at+n:]); placed > 0 {
		// "anyone from support?": the placed noun is a strong one, and its
		// place is part of it.
		weak, n = false, n+placed
	}
	return nounRequested(toks, at, n, weak) || askedIfThere(toks, at, n, weak)
}

// asksCallBack reports whether the human noun at toks[at:at+n] is asked to
// call the user back (callback_frames in reader_words.txt): "get a coach to
// ring me", "can someone phone me back". A frame without its "to" asks only
// after a callback opener ("have someone call me"): "did someone call me?"
// asks about the past.
func asksCallBack(toks []token, at, n int) bool {
	after := toks[at+n:]
	for _, frame := range callBackFrames() {
		if !startsWithPhrase(after, frame) {
			continue
		}
		if frame[0] == "to" {
			return true
		}
		for _, t := range toks[:at] {
			if callBackOpeners()[t.text] {
				return true
			}
		}
	}
	return false
}

// callBackFrames and callBackOpeners are reader_words.txt's lists, read once.
var (
	callBackFrames  = sync.OnceValue(func() [][]string { return readerFrames("callback_frames") })
	callBackOpeners = sync.OnceValue(func() map[string]bool { return readerWords("callback_openers") })
)

// weakNounPlease reports whether a clause is a weak noun for a person with
// a please and filler only ("a person please", "someone pls"): that person
// asked for. A role noun ("a coach please") is what the business sells;
// "anyone please" calls for attention, as "is anyone there?" does (a
// greeting: intent_grammar/human.grammar), not for a person instead of the bot.
func weakNounPlease(toks []token) bool {
	if !anyPhrase(toks, pleaseIndex) {
		return false
	}
	for _, noun := range weakHumanNounIndex() {
		if len(noun) == 1 && attentionCalls[noun[0]] {
			continue
		}
		if at := findPhrase(toks, noun, 0); at >= 0 && onlyFiller(toks, at, len(noun)) {
			return true
		}
	}
	return false
}

// roleAt is the length of the longest role noun (human_roles.txt) that
// starts at toks[i], 0 when none: after a noun for a person it names the
// person's role, so "human coach pls" asks for a person as "human pls"
// does (issue 38 round 19: "humna coach pls"), while "a coach please" alone
// is still what the business sells.
func roleAt(toks []token, i int) int {
	longest := 0
	for _, p := range humanRoleIndex {
		if len(p) > longest && i < len(toks) && startsWithPhrase(toks[i:], p) {
			longest = len(p)
		}
	}
	return longest
}

// attentionCalls are the weak nouns that, with a please alone, call for
// anyone's attention rather than ask for a person.
var attentionCalls = wordSet(`anyone anybody`)

// pleaseIndex are the words that make a bare noun a request ("a person
// please").
var pleaseIndex = [][]string{{"please"}, {"pls"}, {"plz"}, {"plse"}, {"pleaseee"}}

// talkCueNouns stand before a cue to talk that is a noun ("a call", "a quick
// chat", "une discussion"), not a request to talk.
var talkCueNouns = wordSet(`a an the quick short brief little first free intro video phone zoom one un une la el una`)

// talkedTo reports whether a cue to talk or be put through stands in before;
// for a role noun, as a verb only (no article or adjective right before it).
func talkedTo(before []token, role bool) bool {
	if !role {
		return anyPhrase(before, talkCueIndex())
	}
	for _, p := range talkCueIndex() {
		for at := findPhrase(before, p, 0); at >= 0; at = findPhrase(before, p, at+1) {
			if at == 0 || !talkCueNouns[before[at-1].text] {
				return true
			}
		}
	}
	return false
}

// endsWithCuePreposition reports whether before ends with a cue to talk
// whose last word is its preposition ("razgovarati sa", "mluvit s"): that
// word is no possessive, though French "sa" is one.
func endsWithCuePreposition(before []token) bool {
	for _, p := range talkCueIndex() {
		if len(p) > 1 && endsWithPhrase(before, p) {
			return true
		}
	}
	return false
}

// usersOwnBefore are the possessives of the user and of people the user
// speaks of, and the adjectives that may stand between one and its noun ("my
// old coach"); usersOwnAfter the Darija possessives said after the noun
// ("lcoach dyali").
var (
	usersOwnBefore = wordSet(`my our his her their mon ma mes notre nos son sa ses leur leurs mi mis nuestro nuestra nuestros
		meu minha meus minhas nosso nossa mio mia miei mie nostro nostra mein meine meinem meinen meiner unser unsere unserem mijn onze ons`)
	usersOwnAdjective = wordSet(`own old new usual regular current former personal real ancien nouveau actuel propre antiguo nuevo actual`)
	usersOwnAfter     = wordSet(`dyali dyalna dyalo dyalha dyalhom dial diali dialna ديالي ديالنا ديالو ديالها`)
)

// usersOwn reports whether the human noun at toks[at:at+n] is the user's own
// or someone's the user speaks of ("I'll talk to my coach about it", "her
// trainer told her to rest", "nhder m3a lcoach dyali"): no person of the
// business is asked for.
func usersOwn(toks []token, at, n int) bool {
	if at+n < len(toks) && usersOwnAfter[toks[at+n].text] {
		return true
	}
	for i := at - 1; i >= 0; i-- {
		switch w := toks[i].text; {
		case usersOwnBefore[w]:
			return true
		case !usersOwnAdjective[w]:
			return false
		}
	}
	return false
}

// askedIfThere reads a question whether someone is there: an existence cue
// right before a weak noun with nothing else in the clause but polite words
// ("is there someone?", "¿hay alguien?", "wach kayn chi wahed?"), or a clause
// opening as a question with a presence word after a strong noun ("is anyone
// from the shop there?", "any humans here?").
func askedIfThere(toks []token, at, n int, weak bool) bool {
	before, after := toks[:at], toks[at+n:]
	if !weak {
		asked := openingRequest(before) || onlyFiller(before, -1, 0)
		return asked && len(after) > 0 && startsWithAny(after, presenceCueIndex) && onlyFiller(after[1:], -1, 0)
	}
	for _, cue := range existenceCueIndex {
		if endsWithPhrase(before, cue) && onlyFiller(before[:len(before)-len(cue)], -1, 0) && onlyFiller(after, -1, 0) {
			return true
		}
	}
	return false
}

// startsWithAny reports whether toks start with one of the phrases.
func startsWithAny(toks []token, index [][]string) bool {
	return slices.ContainsFunc(index, func(p []string) bool { return startsWithPhrase(toks, p) })
}

// endsWithPhrase reports whether toks end with phrase.
func endsWithPhrase(toks []token, phrase []string) bool {
	return len(toks) >= len(phrase) && startsWithPhrase(toks[len(toks)-len(phrase):], phrase)
}

// nounRequested reads the words around a human noun that no negation or talk
// cue comes before: a want cue before it or after it and a talk cue after
// ("is there someone I can talk to?", "бо одам гап задан мехоҳам"); for a weak noun a request opening the clause and a
// help cue after ("can someone help me?"); else a want cue, a help cue or only
// filler.
func nounRequested(toks []token, at, n int, weak bool) bool {
	before, after := toks[:at], toks[at+n:]
	asked := anyPhrase(before, wantCueIndex())
	switch {
	case anyPhrase(after, talkCueIndex()) && (asked || anyPhrase(after, wantCueIndex())):
		// The verb-final languages put both cues after the noun ("бо одам
		// гап задан мехоҳам", "hito to hanashitai desu").
		return true
	case weak:
		return openingRequest(before) && anyPhrase(after, helpCueIndex)
	}
	return asked || anyPhrase(after, helpCueIndex) || onlyFiller(toks, at, n)
}

// asksAboutBot reports whether a question about the bot introduces the noun at
// toks[at] ("are you a bot or a human?", "am I talking to a real person?"): only
// words naming what the bot is may stand between. "is it possible to speak to an
// agent?" asks for one.
func asksAboutBot(toks []token, at int) bool {
	for _, q := range botQuestionIndex {
		for from := findPhrase(toks[:at], q, 0); from >= 0; from = findPhrase(toks[:at], q, from+1) {
			between := toks[from+len(q) : at]
			if !slices.ContainsFunc(between, func(t token) bool { return !botQuestionFiller[t.text] && !botWords[t.text] }) {
				return true
			}
		}
	}
	return false
}

// fromTheBusiness is the length in words of what places a person in the
// business after a weak noun ("from your team", "at the shop", "on the support
// team", "in sales"), or 0.
func fromTheBusiness(after []token) int {
	if len(after) < 2 || !businessPrepositions[after[0].text] {
		return 0
	}
	rest := after[1:]
	for len(rest) > 0 && businessDeterminers[rest[0].text] {
		rest = rest[1:]
	}
	for _, p := range businessNounIndex {
		if startsWithPhrase(rest, p) {
			return len(after) - len(rest) + len(p)
		}
	}
	return 0
}

// openingRequest reports whether the clause opens as a request to the business:
// "can ...", "could ...", "is there ...".
func openingRequest(before []token) bool {
	return len(before) > 0 && requestOpeners[before[0].text]
}

func anyPhrase(toks []token, index [][]string) bool {
	for _, p := range index {
		if containsPhrase(toks, p) {
			return true
		}
	}
	return false
}

// onlyFiller reports whether every word of toks outside the noun at [at, at+n) is
// standalone filler.
func onlyFiller(toks []token, at, n int) bool {
	if at >= 0 {
		n += roleAt(toks, at+n) // "human coach pls": the person's role
	}
	for i, t := range toks {
		if i >= at && i < at+n {
			continue
		}
		if !standaloneFiller[t.text] && !isHumanNounWord(t.text) { // "human agent pls"
			return false
		}
	}
	return true
}

// botWords name what a bot is, in questions about the bot.
var botWords = wordSet(`bot bots robot chatbot ai machine program computer automated real human person
	robo روبوت آلي الي بوت`)

// IsBotQuestion reports whether the message asks what the bot is: "are you a bot
// or a human?", "is this a real person?", "wach nta bnadem?", "t'es un robot ?",
// "واش نتا روبوت؟", and who is answering ("who am I talking to?"). Such a
// question is neither a request for a human nor a search.
func IsBotQuestion(text string) bool {
	if asksWhoIsAnswering(text) {
		return true
	}
	for _, clause := range clauses(key(text)) {
		if clauseAsksAboutBot(tokenize(clause)) {
			return true
		}
	}
	return false
}

// clauseAsksAboutBot reports whether a bot question of the clause is followed by
// a word naming what a bot or a human is.
func clauseAsksAboutBot(toks []token) bool {
	for _, q := range botQuestionIndex {
		at := findPhrase(toks, q, 0)
		if at < 0 {
			continue
		}
		if slices.ContainsFunc(toks[at+len(q):], func(t token) bool { return botWords[t.text] || isHumanNounWord(t.text) }) {
			return true
		}
	}
	return false
}

// isHumanNounWord reports whether w alone is a (strong or weak) human noun.
func isHumanNounWord(w string) bool {
	for _, index := range [][][]string{humanNounIndex(), weakHumanNounIndex()} {
		for _, p := range index {
			if len(p) == 1 && p[0] == w {
				return true
			}
		}
	}
	return false
}

// humanTypoNouns are the words of the human nouns a short message may name
// with one typo ("persn", "huamn", "agnet", "somone"): five letters or more,
// English only (the seeds' other languages are read as typed), and
// ordinaryNearHuman are the ordinary words one edit from one of them, never
// corrected ("parson", "humane", "argent").
var (
	humanTypoNouns    = []string{"person", "human", "agent", "someone", "somebody", "operator", "representative", "anyone", "anybody"}
	ordinaryNearHuman = wordSet(`parson persons humane humans agents argent someones operators`)
)

// maxHumanTypoWords is the longest message, in words, whose human noun is
// read through a typo: a request for a person typed in a hurry is short.
const maxHumanTypoWords = 6

// withHumanNounTypos writes the words of a short key that are one typo from a
// word of humanTypoNouns as that word; ok is false when none is. The rules
// then read the key as they read any ("real persn pls" asks as "real person
// pls" does; "the persn who sold it" is still no request).
func withHumanNounTypos(k string) (string, bool) {
	if n, _ := wordCount(k); n == 0 || n > maxHumanTypoWords {
		return k, false
	}
	// The words are cut (a slice made) only when one of them is a typo of a
	// noun: most messages hold none (a turn's cost).
	if !anyHumanNounTypo(k) {
		return k, false
	}
	ws := strings.Fields(k)
	for i, w := range ws {
		if noun, ok := humanNounTypo(w); ok {
			ws[i] = noun
		}
	}
	return strings.Join(ws, " "), true
}

// anyHumanNounTypo reports whether a word of k is a typo of a noun of a human
// (humanNounTypo), without cutting k into a slice.
func anyHumanNounTypo(k string) bool {
	for w := range strings.FieldsSeq(k) {
		if _, ok := humanNounTypo(w); ok {
			return true
		}
	}
	return false
}

// humanNounTypo is the noun of a human the word w is a typo of, when it is one.
func humanNounTypo(w string) (string, bool) {
	if len(w) < 4 || ordinaryNearHuman[w] || !latinLetters(w) {
		return "", false
	}
	for _, noun := range humanTypoNouns {
		if w[0] == noun[0] && len(w)-len(noun) <= 1 && len(noun)-len(w) <= 1 && oneTypoAnyScript(w, noun) {
			return noun, true
		}
	}
	return "", false
}

// personThenReason reports whether text's first clause alone asks for a
// person (BuiltinIntent: the grammar, the rules, or the model at its
// threshold: "a person", "a real coach") and the clause after it says why in
// a statement of the user's own ("a person, the app's confusing", "a real
// coach, i'm driving", "a human, this trip is complicated"): it asks nothing
// and is no intent of its own ("a person? no, never mind" is none). Only a
// message with a clause mark and a human noun before it is read further.
func personThenReason(text string) bool {
	at := strings.IndexAny(text, ",;:")
	if at <= 0 || !hasWordIn(key(text[:at]), humanNounFirstWords()) {
		return false
	}
	first, reason := strings.TrimSpace(text[:at]), strings.TrimSpace(text[at+1:])
	if reason == "" || asksSomething(reason) || !strings.ContainsFunc(reason, unicode.IsLetter) {
		return false
	}
	if r := BuiltinIntent(reason); r.Intent != "" && r.Intent != IntentHelp {
		return false
	}
	return BuiltinIntent(first).Intent == IntentHuman
}
