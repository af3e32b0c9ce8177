package nlu

import (
	"slices"
	"strings"
	"sync"
)

// This file holds the ordinary replies every engine meets: the one yes/no rule that
// the shop (seed 000 section 6.1) and the flows (seeds 001/003) both use, and
// greetings and thanks. A reply is read word by word against phrase lexicons, so
// "yes please", "yeah go ahead", "ok thanks", "no thanks" and "la shukran" are
// answers, while "no, make it Boston" is a no followed by something else.

// yesPhrases and noPhrases extend the seed's whole-message lexicon (confirmYes,
// confirmNo) with multi-word and informal answers. Every entry of confirmYes and
// confirmNo is an answer too.
var yesPhrases = withReplyWords(map[string][]string{
	LangEnglish: {
		"yeah", "yea", "yah", "ya", "yep", "yup", "yes yes", "k", "kk", "sure thing", "go ahead", "go for it",
		"do it", "please do", "sounds good", "sounds great", "sounds fine", "looks good", "that's fine",
		"that works", "fine", "alright", "all right", "of course", "absolutely", "definitely", "certainly",
		"correct", "right", "perfect", "great", "cool", "deal", "let's do it", "add it", "yes add it",
		"i do", "why not", "okey", "oki", "works", "that'll work", "that would work", "that's great",
		"that'd be great", "that would be great", "that's perfect", "lovely", "awesome", "brilliant",
		"excellent", "take it", "want it", "have it", "go on", "let's go", "add it to my cart",
		"add it to the cart", "put it in my cart", "put it in the cart",
		"all good", "all set", "all fine", "that's right", "that is right",
		"thats right", "that's correct", "that is correct", "thats correct", "works for me", "that works for me",
		"fine by me", "good by me", "good to go", "thats fine", "thats ok", "thats good", "oki doki", "okey dokey", "okie dokie", "proceed", "please proceed", "indeed", "confirmed",
		"affirmative", "you bet", "exactly", "spot on", "i'm in", "count me in", "lets go",
		"let's do this", "do that", "that's it", "no problem", "not a problem", "yes indeed", "sure why not",
		"makes sense", "looks right", "sounds right", "go", "by all means",
		// Approval said of the request, by the user or for someone else ("yes
		// she's happy with that", "that all looks right to me, my husband
		// double-checked the dates"): the speaker is a hedge.
		"happy with that", "happy with it", "happy with this", "fine with that", "fine with it",
		"ok with that", "okay with that", "ok with it", "good with that", "good with it", "all good with that",
		"looks correct", "looks fine", "looks great", "looks perfect", "looks ok", "looks okay", "seems right",
		"seems fine", "seems good", "all looks right", "all looks good", "all looks correct", "all looks fine",
		"everything looks right", "everything looks good", "everything looks correct", "everything is correct",
		"everything is right", "everything's right", "everything's correct", "everything's fine",
		"double checked", "triple checked", "checked it", "checked them", "checked everything", "verified",
		"agrees", "agreed", "approves", "approved", "signed off on it",
		// A learner's yes drops the subject ("yes is good", "is fine for me").
		"is good", "is fine", "is ok", "is okay", "is perfect", "is correct", "it's good", "its good", "it is good",
		"it's fine", "it is fine", "is all good", "that is good", "that's good", "thats good", "very good",
		// Formally: "That would be acceptable", "very well".
		"that would be acceptable", "that's acceptable", "that is acceptable", "acceptable", "that will be fine",
		"that will do", "that'll do", "very well", "that would be fine", "that would be lovely",
		"that's grand", "that'd be grand",
	},
	LangDarijaLatin: {
		"iyeh", "ayeh", "eyyeh", "wakha a sahbi", "safi wakha", "yallah", "mashi mochkil", "machi mochkil",
		"zwin", "mzyana", "n3am", "akhay", "ewa", "iyeh a sahbi", "ah wakha", "wakha dir",
		// "I want it", "I'll take it", as English "want it", "take it".
		"bghito", "bghitha", "bghithom", "bghitou", "ghadi nakhdo", "ghadi nakhdha",
		"eyeh", "iyyeh a khoya", "wah", "wakha a khoya",
		// Egyptian, Levantine and Gulf Arabic in Latin letters (Arabizi).
		"aywa", "aiwa", "aywah", "aiwah", "aywaa", "ayuwa", "aywa tab3an", "tamam", "tmam", "tayeb", "tayyeb",
		"tayib", "akid", "akeed", "tab3an", "tab3an aywa", "7ader", "hader", "na3am", "ah tab3an",
	},
	LangDarijaArabic: {
		"اه", "آه", "ايوا", "يالله", "ماشي مشكل", "مزيان",
		// Arabic
		"أكيد", "اكيد", "طبعا", "موافق", "صحيح", "تمام", "حسنا", "بالتأكيد", "ايه", "أيوه", "ايوه",
		// Egyptian, Levantine and Gulf.
		"أيوة", "ايوة", "أيوا", "ايوا اكيد", "طيب", "حاضر", "زين", "اوكي", "أوكي", "تمام كده", "ماشي الحال",
		// Darija "I want it", Arabic "I'll take it".
		"بغيتو", "بغيتها", "سآخذه", "سآخذها",
	},
	LangFrench: {
		"ok d'accord", "dac", "d'acc", "vas-y", "vas y", "allez-y", "allez y", "ça marche", "ca marche",
		"parfait", "carrément", "volontiers", "exactement", "oui oui", "bien sur", "avec plaisir", "je veux bien",
		// "I want it", "I'll take it", with the object pronoun French puts first.
		"je le veux", "je la veux", "je les veux", "je le veux bien", "je la veux bien", "je les veux bien",
		"je le prends", "je la prends", "je les prends", "c'est bon", "ça me va", "ca me va", "ça me convient",
		// Québécois and spoken: "c'est beau" and "c'est correct" say "that's fine".
		"c'est beau", "c'est correct", "c'est parfait", "mets-en", "mets en", "certain", "pas de problème",
		"pas de probleme", "aucun problème", "aucun probleme", "ça roule", "ca roule", "tout à fait", "absolument",
		"ben oui", "bien sûr que oui", "ça marche pour moi", "ça me va très bien", "c'est tout bon",
		"parfaitement", "ça me convient parfaitement", "ça me convient tout à fait", "c'est parfait pour moi",
	},
	LangSpanish: {
		"claro", "vale", "de acuerdo", "adelante", "perfecto", "por supuesto", "claro que sí", "claro que si",
		"exacto", "correcto", "está bien", "esta bien", "muy bien", "bueno", "dale", "venga", "eso es",
		"sí claro", "si claro", "cómo no", "como no", "desde luego", "genial",
		// "I'll take it", "that suits me".
		// "lo quiero" is read as a verb with its pronoun (answer.go), so that "no lo
		// quiero" stays a refusal.
		"me lo llevo", "me la llevo", "me los llevo", "me las llevo", "me parece bien", "me vale",
		// Latin American: "órale", "sale", "listo", "de una".
		"órale", "orale", "sale pues", "listo", "de una", "ándale", "andale", "simón", "con gusto",
		"obvio", "seguro", "sí señor", "si señor", "me parece perfecto", "está perfecto", "todo bien",
	},
}, "yes")

var noPhrases = withReplyWords(withReplyWords(map[string][]string{
	LangEnglish: {
		"nah", "naw", "nay", "no no", "not that one", "not this one", "not that", "not this", "not those",
		"never mind", "nevermind", "no way", "not really", "don't", "do not", "i don't want it",
		"not interested", "forget it", "skip it", "leave it", "no need", "i'm good", "im good", "pass",
		"leave it out", "skip", "not today", "not now", "not right now", "not this time", "maybe later",
		"some other time", "changed my mind", "rather not", "not for me", "don't add it", "do not add it",
		"don't bother", "don't want it",
		"don't do that", "don't do it", "i'll pass", "ill pass", "i changed my mind", "not anymore",
		"i'd rather not", "hold off", "scratch that", "negative", "absolutely not", "definitely not",
		"of course not", "not at all", "no chance", "i don't think so", "don't think so", "cancel that",
		"cancel it", "nope nope", "i'm not interested", "no thank you", "i've changed my mind",
		"not at the moment", "not for now", "not yet", "no sorry", "sorry no", "no, sorry",
		// Declined softly or formally.
		"maybe not", "perhaps not", "probably not", "better not", "i'd better not", "i think not",
		"decided against it", "i've decided against it", "i have decided against it", "i decided against it",
		"give it a miss", "i'll give it a miss", "i'll skip it", "i'll skip", "no can do", "not keen",
		"i'm not keen", "i don't think i will", "i'll hold off", "i'd prefer not", "i would prefer not",
		"i would rather not", "not this one", "not for me thanks",
		// Thanks, but declined: the "but" belongs to the decline.
		"i shall decline", "i will decline", "i'll decline", "i must decline", "i decline", "i'll have to decline",
		"but i shall decline", "but i will decline", "but i'll decline", "but i must decline", "but no thanks",
		"but no thank you", "but i'll pass", "but not this time", "but no",
		"another time", "maybe another time", "perhaps another time", "perhaps later",
	},
	LangDarijaLatin: {
		"machi hadi", "mashi hadi", "mabghitch", "ma bghitch", "walo", "la la", "balak", "khliha",
		"machi daba", "mashi daba", "bla", "lla", "la a sahbi", "ma bghitch daba", "mabghitch daba",
		"la shukran", "la choukran", "khalliha", "khliha daba", "ma3lich la", "la2", "la2a", "la2 shukran",
		"mn b3d", "men ba3d", "ba3din",
		"mosh delwa2ty", "mish hala2",
	},
	LangDarijaArabic: {
		"ماشي هادي", "مابغيتش", "ما بغيتش", "والو", "لا لا", "ماشي دابا", "بلا",
		// Arabic
		"أبدا", "ابدا", "لا أريد", "لا اريد", "ليس الآن", "مش الآن", "لا شكرا", "كلا",
		"لأ", "ربما لا", "لا داعي", "مش دلوقتي", "مش عايز", "لا مش عايز", "مش هلأ", "خليها",
		"من بعد", "بعدين", "مرة أخرى", "مرة اخرى",
	},
	LangFrench: {
		"nan", "non non", "pas celui-là", "pas celui la", "pas celle-là", "pas celle la", "pas ça", "pas ca",
		"laisse tomber", "annule", "annuler", "pas la peine", "pas maintenant", "pas du tout", "pas vraiment",
		"peut-être pas", "peut être pas", "plutôt pas", "pas pour moi", "laisse faire", "laissez faire",
		"je vais passer", "je passe", "pas cette fois", "j'ai changé d'idée", "non finalement", "ça ira",
		"je préfère pas", "je préfère ne pas", "pas aujourd'hui",
		"pas pour l'instant", "pas pour le moment", "plus tard", "peut-être plus tard", "une autre fois", "une prochaine fois", "je dois refuser", "je décline",
		"mais non merci", "mais je vais passer",
	},
	LangSpanish: {
		"no gracias", "para nada", "de ninguna manera", "mejor no", "no quiero", "todavía no", "todavia no",
		"ahora no", "olvídalo", "olvidalo", "nunca", "en absoluto", "claro que no", "ni hablar",
		"tal vez no", "quizás no", "quizas no", "quizá no", "paso", "creo que no", "no por ahora", "por ahora no",
		"no creo", "ahorita no", "mejor después", "mejor despues", "prefiero que no", "mejor lo dejo",
		"quizás después", "quizas despues", "tal vez después", "tal vez despues", "más tarde", "mas tarde",
		"otro día", "otro dia", "en otra ocasión", "otra vez será", "debo declinar", "pero no gracias",
	},
}, "no"), "giveup")

// politePhrases carry no answer of their own: politeness, thanks and forms of
// address around a yes or a no ("yes please", "no thanks mate", "wakha 3afak").
var politePhrases = withReplyWords(map[string][]string{
	LangEnglish: {
		"please", "pls", "plz", "thanks", "thank you", "thanks a lot", "thank you so much", "thx", "ty", "cheers",
		"mate", "man", "bro", "dude", "sir", "madam", "buddy", "friend", "then", "again", "just", "thanks again",
		"for now", "lol", "haha",
	},
	LangDarijaLatin: {"3afak", "afak", "shukran", "choukran", "chokran", "lah ykhlik", "sahbi", "khoya", "a khoya", "baraka allahu fik",
		// "safi" (done, fine) says no answer alone: "iyeh safi" is a yes, "la safi" a no.
		"safi", "saafi"},
	LangDarijaArabic: {"عفاك", "عافاك", "شكرا", "الله يخليك", "من فضلك", "لو سمحت", "خويا", "صاحبي", "صافي"},
	LangFrench:       {"merci", "merci beaucoup", "s'il vous plait", "s'il te plait", "svp", "stp", "mon ami", "madame", "monsieur", "merci bcp"},
	LangSpanish:      {"por favor", "gracias", "amigo", "amiga", "señor", "señora", "muchas gracias", "porfa", "porfis", "xfa"},
}, "polite")

// hedgePhrases carry no answer either: the speaker and their hesitation around a
// yes or a no ("that works for me", "nah, I'll pass", "actually no", "yeah I guess").
// Only YesNo reads them; they are not small talk.
var hedgePhrases = withReplyWords(map[string][]string{
	LangEnglish: {
		"i", "i'll", "i'd", "i think", "i guess", "i suppose", "guess", "actually", "honestly", "well", "oh",
		"hmm", "hm", "um", "umm", "uh", "so", "mmm", "mm", "hmmm", "ehh", "uhh", "err", "for me", "to me", "by me", "with me", "anyway", "really",
		"sorry", "i'm sorry",
		// Whom a yes is said for or with: "yes she's happy with that", "works
		// for him", "my husband double-checked".
		"i'm", "im", "i am", "we", "we're", "we are", "she", "she's", "she is", "he", "he's", "he is", "they",
		"they're", "they are", "my wife", "my husband", "my partner", "my boss", "my manager", "my friend",
		"for her", "for him", "for them", "for us", "by her", "by him", "by them", "by us", "with her",
		"with him", "with them", "with us", "to her", "to him", "to them", "to us", "too", "as well",
		"that all", "it all", "this all",
	},
	LangFrench:       {"je pense", "bon", "ben", "euh", "pour moi", "alors", "désolé", "désolée", "pardon"},
	LangSpanish:      {"pues", "eh", "mira", "a ver", "lo siento", "perdón"},
	LangDarijaLatin:  {"smhli", "smh li", "sma7li"},
	LangDarijaArabic: {"سمحلي", "آسف", "عذرا"},
}, "hedge")

// answerEmoji stand for a word (reply_words.txt, "emoji"): a thumbs-up is a
// yes, a thumbs-down a no, a waving hand a greeting, folded hands a thanks.
var answerEmoji = readEmojiWords(replyWords["emoji"]["all"])

// readEmojiWords reads "E = word" entries: each emoji (one rune; a variation
// selector after it is dropped by key) stands for its word.
func readEmojiWords(entries []string) map[rune]string {
	out := map[rune]string{}
	for _, e := range entries {
		emoji, w, ok := strings.Cut(e, "=")
		if r := []rune(strings.TrimSpace(emoji)); ok && len(r) == 1 {
			out[r[0]] = strings.TrimSpace(w)
		}
	}
	return out
}

// lexPhrase is one lexicon phrase split into words, with what it means.
type lexPhrase[M any] struct {
	words   []string
	meaning M
}

// meaningOf gives the phrases of a lexicon (language -> phrases) one meaning.
type meaningOf[M any] struct {
	lex     map[string][]string
	meaning M
}

// lexPhrases lists the phrases of the lexicons, each with its lexicon's meaning,
// longest first; phrases of a length keep lexicon, language and list order.
func lexPhrases[M any](lexicons ...meaningOf[M]) []lexPhrase[M] {
	var out []lexPhrase[M]
	for _, l := range lexicons {
		for _, lang := range sortedKeys(l.lex) {
			for _, p := range l.lex[lang] {
				if w := phraseWords(p); len(w) > 0 {
					out = append(out, lexPhrase[M]{w, l.meaning})
				}
			}
		}
	}
	slices.SortStableFunc(out, func(a, b lexPhrase[M]) int { return len(b.words) - len(a.words) })
	return out
}

// replyPhrases are every yes, no and polite phrase (meaning Unknown), longest
// first so that the longest match wins; built on first use.
var replyPhrases = sync.OnceValue(func() []lexPhrase[Answer] {
	return lexPhrases(
		meaningOf[Answer]{confirmYes, Yes}, meaningOf[Answer]{yesPhrases, Yes},
		meaningOf[Answer]{confirmNo, No}, meaningOf[Answer]{noPhrases, No},
		meaningOf[Answer]{politePhrases, Unknown}, meaningOf[Answer]{hedgePhrases, Unknown},
		meaningOf[Answer]{cldrReplies["yes"], Yes}, meaningOf[Answer]{cldrReplies["no"], No},
	)
})

// replyByFirst and talkByFirst are replyPhrases and talkPhrases by their first
// word, in the same order: a split tries every phrase at every word, and a phrase
// can only start at a word that is its first (the lexicons hold hundreds).
// Built on first use: a program that reads no reply pays nothing at init.
var (
	replyByFirst = sync.OnceValue(func() map[string][]lexPhrase[Answer] { return byFirstWord(replyPhrases()) })
	talkByFirst  = sync.OnceValue(func() map[string][]lexPhrase[SmallTalk] { return byFirstWord(talkPhrases()) })
)

// byFirstWord groups phrases by their first word, keeping their order.
func byFirstWord[M any](phrases []lexPhrase[M]) map[string][]lexPhrase[M] {
	out := map[string][]lexPhrase[M]{}
	for _, p := range phrases {
		out[p.words[0]] = append(out[p.words[0]], p)
	}
	return out
}

// replyKey is key(text) with answer emoji spelled as words.
func replyKey(text string) string {
	if strings.IndexFunc(text, func(r rune) bool { _, ok := answerEmoji[r]; return ok }) >= 0 {
		var b strings.Builder
		for _, r := range text {
			if w, ok := answerEmoji[r]; ok {
				b.WriteString(" " + w + " ")
				continue
			}
			b.WriteRune(r)
		}
		text = b.String()
	}
	return key(text)
}

// LeadingYesNo reads the yes or no a message starts with: it returns the answer
// and what follows it, as a normalized key ("no, make it Boston" is No and "make it
// boston"; "yes please" is Yes and ""). The answer is Unknown when the message does
// not start with yes/no and polite words, or when it holds both a yes and a no.
//
// The message is split into lexicon phrases in every way it can be, not greedily:
// "please do it" is the polite "please" and the yes "do it", although "please do"
// is a yes of its own. The longest split prefix wins.
func LeadingYesNo(text string) (Answer, string) {
	k := replyKey(text)
	a, rest := leadingYesNo(k)
	if a == Unknown {
		if c, ok := correctReplyTypos(k); ok { // "yse please", "noo"
			if ca, crest := leadingYesNo(c); ca != Unknown {
				return ca, crest
			}
		}
	}
	return a, rest
}

// leadingYesNo is LeadingYesNo of a key, as typed.
func leadingYesNo(k string) (Answer, string) {
	toks := tokenize(k)
	at := answerSplits(toks)
	for end := len(toks); end > 0; end-- {
		answer := fewerPhrases(at[end])
		if answer == Unknown { // neither, or a yes and a no by splits as long
			continue
		}
		if end == len(toks) {
			return answer, ""
		}
		return answer, strings.TrimFunc(k[toks[end].start:], isTrimmable)
	}
	return Unknown, k
}

// answerSplits splits toks into reply phrases every way it can: at[i][a] is
// one more than the fewest phrases of a split of the first i tokens that gives
// answer a, and 0 when none does.
func answerSplits(toks []token) [][3]int {
	at := make([][3]int, len(toks)+1)
	at[0][Unknown] = 1
	for i := range toks {
		for a, n := range at[i] {
			if n > 0 {
				extendSplits(at, toks, i, Answer(a), n)
			}
		}
	}
	return at
}

// extendSplits extends a split of the first i tokens giving answer a in n-1
// phrases by each reply phrase that follows.
func extendSplits(at [][3]int, toks []token, i int, a Answer, n int) {
	for _, p := range replyByFirst()[toks[i].text] {
		if !startsWithPhrase(toks[i:], p.words) {
			continue
		}
		if next, ok := joinAnswers(a, p.meaning); ok {
			if cell := &at[i+len(p.words)][next]; *cell == 0 || n+1 < *cell {
				*cell = n + 1
			}
		}
	}
}

// fewerPhrases is the answer of the split in fewer phrases when the same
// tokens split into a yes and into a no: a phrase of the lexicons is read whole
// before its words are read apart, so the Malay no "tak mau" is not the Danish
// "tak" (thanks) before the Indonesian yes "mau". Splits as long are no answer.
func fewerPhrases(splits [3]int) Answer {
	yes, no := splits[Yes], splits[No]
	switch {
	case yes > 0 && (no == 0 || yes < no):
		return Yes
	case no > 0 && (yes == 0 || no < yes):
		return No
	}
	return Unknown
}

// joinAnswers adds a phrase's answer to the answer so far; a yes and a no
// together are no answer.
func joinAnswers(sofar, phrase Answer) (Answer, bool) {
	switch {
	case phrase == Unknown:
		return sofar, true
	case sofar == Unknown || sofar == phrase:
		return phrase, true
	}
	return Unknown, false
}

// YesNo is the yes/no rule of every engine, when the question asked is not
// known: YesNoTo(text, ""). The message is yes or no answers of one kind and
// polite words, in any language of the lexicons (seed 000 section 6.1's entries
// included), case-insensitive, surrounding punctuation ignored, possibly with
// words that carry the answer out or refuse it: "Yes please", "yeah go ahead",
// "sounds good", "ok thanks", "👍", "yep, go ahead and book" are Yes; "no
// thanks", "nah", "not that one", "la shukran", "non merci", "nah, don't do
// that" are No; "thanks", "yes no" and "no, make it Boston" are Unknown (see
// LeadingYesNo and YesNoTo).
func YesNo(text string) Answer { return YesNoTo(text, "") }

// SmallTalk is what a message made only of a greeting or thanks says.
type SmallTalk int

// The kinds of small talk.
const (
	NoSmallTalk SmallTalk = iota
	Greeting
	Thanks
)

var greetingPhrases = withReplyWords(map[string][]string{
	LangEnglish: {
		"hi", "hello", "hey", "hiya", "heya", "yo", "howdy", "hi there", "hello there", "hey there", "good morning",
		"good afternoon", "good evening", "morning", "evening", "greetings", "how are you", "how r u", "sup",
		"what's up", "whats up", "how's it going", "hows it going", "how is it going", "how are you doing",
		"how you doing", "heya there", "hiya there", "good day", "hey you", "hello hello",
		// Checking someone is there is a greeting too.
		"anyone there", "is anyone there", "anybody there", "is anybody there", "anyone here", "you there",
		"are you there", "how are you today", "how are you doing today", "how's your day", "hows your day",
		"how is your day going", "how's your day going", "how have you been", "hope you're well", "hope you are well",
	},
	LangDarijaLatin: {"salam", "slm", "ssalam", "salam alikoum", "salam 3alikom", "salamo alaykom", "ahlan", "labas", "labas 3lik", "mrehba", "sbah lkhir", "msa lkhir", "kidayr", "kidayra",
		"salam alikom", "salam alaykoum", "salamu alaykum", "assalamu alaikum", "salamo 3alaykom", "ahlan wa sahlan",
		"ahla", "ach khbarek", "achbarek", "kidayr labas", "sba7 lkhir", "msa2 lkhir", "cv"},
	LangDarijaArabic: {"سلام", "السلام", "سلامات", "السلام عليكم", "مرحبا", "اهلا", "أهلا", "صباح الخير", "مساء الخير", "لاباس", "كيداير",
		"مرحبا بك", "اهلا وسهلا", "أهلا وسهلا", "وعليكم السلام", "السلام عليكم ورحمة الله", "كيف حالك", "كيف الحال",
		"صباح النور", "لاباس عليك", "اش خبارك"},
	LangFrench: {"bonjour", "bonsoir", "salut", "coucou", "bonjour à vous", "ça va", "ca va", "slt", "bjr", "cc",
		"bonjour à tous", "comment allez-vous", "comment vas-tu", "comment tu vas",
		"ça va aujourd'hui", "comment allez-vous aujourd'hui"},
	LangSpanish: {"hola", "buenos dias", "buenas tardes", "buenas", "buenas noches", "buen día", "qué tal", "como estas",
		"cómo está", "saludos", "hola qué tal", "cómo estás hoy", "qué tal tu día", "cómo te va"},
}, "greeting")

var thanksPhrases = withReplyWords(map[string][]string{
	LangEnglish: {"thanks", "thank you", "thx", "ty", "cheers", "thanks a lot", "thank you so much", "thanks so much",
		"thank u", "thankyou", "thanku", "tysm", "tnx", "thank you very much", "thanks for your help",
		"thanks for the help", "appreciate the help", "appreciate your help", "thanks a bunch", "thanks a million", "many thanks", "much appreciated", "appreciate it", "great thanks", "thanks anyway", "thanks again", "that's all", "that is all", "bye", "goodbye", "see you", "see ya", "cya", "bye bye", "take care", "talk soon", "have a good one", "nice one"},
	LangDarijaLatin: {"shukran", "choukran", "chokran", "baraka allahu fik", "lah y3tik sa7a", "bslama", "beslama",
		"shukran bzaf", "choukran bzaf", "chokran bzaf", "chokran bzf", "merci bzaf", "lah yjazik bkhir"},
	LangDarijaArabic: {"شكرا", "شكرا جزيلا", "بارك الله فيك", "الله يعطيك الصحة", "بسلامة", "مع السلامة",
		"شكرا لك", "شكرا بزاف", "شكرا جزيلا لك", "الله يجازيك بخير"},
	LangFrench: {"merci", "merci beaucoup", "merci bien", "au revoir", "bonne journée", "merci infiniment", "merci à vous",
		"merci à toi", "je vous remercie", "je te remercie", "merci pour votre aide", "merci pour ton aide"},
	LangSpanish: {"gracias", "muchas gracias", "adios", "mil gracias", "muchísimas gracias", "te lo agradezco",
		"se lo agradezco", "gracias por tu ayuda", "gracias por su ayuda"},
}, "thanks")

// talkPhrases are every thanks, greeting and polite phrase (NoSmallTalk),
// longest first; built on first use.
var talkPhrases = sync.OnceValue(func() []lexPhrase[SmallTalk] {
	return lexPhrases(
		meaningOf[SmallTalk]{thanksPhrases, Thanks}, meaningOf[SmallTalk]{greetingPhrases, Greeting},
		meaningOf[SmallTalk]{politePhrases, NoSmallTalk},
	)
})

// SmallTalkOf reports whether the whole message is a greeting or thanks (with
// polite words and forms of address): "hey there!", "salam", "bonjour", "thanks a
// lot mate", "شكرا". Thanks wins when both occur ("hi, thanks"). A message with
// anything else in it ("hi, show me caps") is NoSmallTalk.
func SmallTalkOf(text string) SmallTalk {
	k := replyKey(text) // "👋", "🙏"
	if kind := smallTalkOf(k); kind != NoSmallTalk {
		return kind
	}
	if c, ok := correctReplyTypos(k); ok { // "helo", "thamks"
		if kind := smallTalkOf(c); kind != NoSmallTalk {
			return kind
		}
	}
	// A greeting or thanks said to the bot by a form of address ("hey
	// there bot", "thanks captain"): the words of address read away.
	if toks := words(k); len(toks) > 1 {
		if n := trailingVocatives(toks); n > 0 {
			return smallTalkOf(strings.Join(toks[:len(toks)-n], " "))
		}
	}
	// "comment ça va, cher", "thanks b'y": a greeting or thanks, then a
	// term of address of answer_tails.txt's address list.
	if head, addressed, ok := CutAnswerTailOf(text); ok && addressed {
		return smallTalkOf(replyKey(head))
	}
	return NoSmallTalk
}

// SmallTalkAsTyped is SmallTalkOf without reading typos: "hoody" is no
// "howdy" here, so that a caller with words of its own (a shop's catalog)
// may read such a word as its own first.
func SmallTalkAsTyped(text string) SmallTalk {
	return smallTalkOf(replyKey(text))
}

// maxTalkTokens is the most words smallTalkOf splits into talk phrases: a
// longer message is no greeting or thanks.
const maxTalkTokens = 64

// smallTalkOf is SmallTalkOf of a key, as typed: the message split wholly
// into talk phrases, the longest first, and a shorter one where the longest
// leaves words no phrase starts ("bula, vinaka vakalevu": Fijian's "bula
// vinaka" would leave "vakalevu").
func smallTalkOf(k string) SmallTalk {
	toks := tokenize(k)
	if len(toks) > maxTalkTokens {
		return NoSmallTalk
	}
	var failed uint64 // positions from which no split succeeds
	kind, _ := talkFrom(toks, 0, &failed)
	return kind
}

// talkFrom splits toks[i:] wholly into talk phrases: the kind they say
// (thanks over a greeting) and whether a split was found.
func talkFrom(toks []token, i int, failed *uint64) (SmallTalk, bool) {
	if i == len(toks) {
		return NoSmallTalk, i > 0
	}
	if *failed&(1<<i) != 0 {
		return NoSmallTalk, false
	}
	for _, p := range talkByFirst()[toks[i].text] {
		if !startsWithPhrase(toks[i:], p.words) {
			continue
		}
		if kind, ok := talkFrom(toks, i+len(p.words), failed); ok {
			return max(kind, p.meaning), true
		}
	}
	*failed |= 1 << i
	return NoSmallTalk, false
}

// ReplyLexicon returns copies of every phrase YesNo reads, per language: yes and
// no answers (seed 000 section 6.1's included) and the polite words that may
// surround them (polite and hedging words), for documentation and property tests.
// A yes or no of reply_words.txt's "unread" words ("ne ne": a Czech no, a
// Greek yes) is left out: alone it is read as neither (isUnreadReply).
func ReplyLexicon() (yes, no, polite map[string][]string) {
	merge := func(a, b map[string][]string) map[string][]string {
		out := cloneLexicon(a)
		for lang, entries := range b {
			out[lang] = append(out[lang], entries...)
		}
		for lang, entries := range out {
			out[lang] = slices.DeleteFunc(entries, func(p string) bool { return unreadReplies[confirmKey(p)] })
		}
		return out
	}
	return merge(confirmYes, yesPhrases), merge(confirmNo, noPhrases), merge(politePhrases, hedgePhrases)
}
