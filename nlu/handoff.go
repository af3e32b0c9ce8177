package nlu

// humanPhrases are explicit requests for a human, per language. A message asks for
// a human when one of them occurs in it as whole words.
var humanPhrases = map[string][]string{
	LangEnglish: {
		"human", "humans", "real person", "live person", "agent", "live agent",
		"customer service", "customer support", "customer care", "support team",
		"representative", "operator", "speak to someone", "talk to someone",
		"speak with someone", "talk with someone", "speak to somebody", "talk to somebody",
		"someone real",
	},
	LangDarijaLatin: {
		"bghit nhder m3a chi wahed", "bghit nhdr m3a chi wa7ed", "nhder m3a chi wahed",
		"nhder m3a chi wa7ed", "bnadem", "insan", "chi wahed", "chi wa7ed", "mowadaf", "mowadhaf",
	},
	LangDarijaArabic: {
		"بغيت نهضر مع شي واحد", "نهضر مع شي واحد", "شي واحد", "موظف", "إنسان", "بنادم",
		"خدمة العملاء", "شخص حقيقي",
	},
	LangFrench: {
		"parler à un humain", "humain", "un humain", "un conseiller", "conseiller",
		"conseillère", "une vraie personne", "vraie personne", "un agent",
		"service client", "un opérateur",
	},
	LangSpanish: {
		"humano", "persona real", "un agente", "agente", "atención al cliente",
		"servicio al cliente", "hablar con alguien",
	},
}

var humanIndex = buildPhraseList(humanPhrases)

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

// IsHumanRequest reports whether text explicitly asks for a human: "talk to a
// human", "real person", "agent", "customer service", "bghit nhder m3a chi wahed",
// "بغيت نهضر مع شي واحد", "parler à un humain", "un conseiller" and the like.
func IsHumanRequest(text string) bool {
	toks := tokenize(key(text))
	for _, p := range humanIndex {
		if containsPhrase(toks, p) {
			return true
		}
	}
	return false
}
