package nlu

import "slices"

// Answer is the meaning of a typed reply to a yes/no question.
type Answer int

// The answers Confirmation tells apart.
const (
	// Unknown: the message is not a whole yes or no answer of the lexicon.
	Unknown Answer = iota
	// Yes: the user confirms.
	Yes
	// No: the user declines or cancels.
	No
)

func (a Answer) String() string {
	switch a {
	case Yes:
		return "yes"
	case No:
		return "no"
	default:
		return "unknown"
	}
}

// Languages of the lexicons, as used in Lexicon and Markers keys.
const (
	LangEnglish      = "en"
	LangDarijaLatin  = "darija_latin"
	LangDarijaArabic = "darija_arabic" // Darija and Modern Standard Arabic in Arabic script
	LangFrench       = "fr"
	LangSpanish      = "es"
)

// confirmYes and confirmNo are the typed confirmation answers. English and Darija
// (Latin) are seed 000 section 6.1 exactly; French, Arabic script and Spanish (seed
// 003's "Sí") extend it.
var confirmYes = map[string][]string{
	LangEnglish:      {"yes", "y", "confirm", "ok", "okay", "sure"},
	LangDarijaLatin:  {"ah", "wakha", "mzyan", "iyyeh", "na3am"},
	LangDarijaArabic: {"نعم", "واخا", "إيه", "أجل"},
	LangFrench:       {"oui", "d'accord", "ouais", "bien sûr"},
	LangSpanish:      {"sí", "si"},
}

var confirmNo = map[string][]string{
	LangEnglish:      {"no", "n", "cancel", "stop", "nope"},
	LangDarijaLatin:  {"la", "bala", "mansalich"},
	LangDarijaArabic: {"لا", "بلا"},
	LangFrench:       {"non"},
	LangSpanish:      {"no"},
}

// confirmIndex maps the key of every lexicon entry to its answer. Built once, never
// written afterwards.
var confirmIndex = buildConfirmIndex()

func buildConfirmIndex() map[string]Answer {
	idx := make(map[string]Answer)
	for _, entries := range confirmYes {
		for _, e := range entries {
			idx[key(e)] = Yes
		}
	}
	for _, entries := range confirmNo {
		for _, e := range entries {
			idx[key(e)] = No
		}
	}
	return idx
}

// Confirmation classifies a typed yes/no answer strictly by seed 000 section 6.1's
// whole-message lexicon; engines use YesNo, which extends it to multi-word and
// informal answers. The whole message, normalized
// (case-insensitive, surrounding punctuation and whitespace trimmed, diacritics
// folded), must be an entry of ConfirmationLexicon. "WAKHA!" is Yes, " la. " is No,
// "later" and "yes please" are Unknown.
func Confirmation(text string) Answer {
	return confirmIndex[key(text)]
}

// Lexicon holds the confirmation entries per language (LangEnglish, ...).
type Lexicon struct {
	Yes, No map[string][]string
}

// ConfirmationLexicon returns a copy of the entries Confirmation accepts, for
// documentation and tests.
func ConfirmationLexicon() Lexicon {
	return Lexicon{Yes: cloneLexicon(confirmYes), No: cloneLexicon(confirmNo)}
}

func cloneLexicon(m map[string][]string) map[string][]string {
	out := make(map[string][]string, len(m))
	for lang, entries := range m {
		out[lang] = slices.Clone(entries)
	}
	return out
}

// ParseBoolean reads a whole-message boolean: "true"/"false" (and French
// "vrai"/"faux", Spanish "verdadero"/"falso") or any YesNo answer.
func ParseBoolean(text string) (value, ok bool) {
	k := key(text)
	switch k {
	case "true", "vrai", "verdadero", "1":
		return true, true
	case "false", "faux", "falso", "0":
		return false, true
	}
	switch YesNo(text) {
	case Yes:
		return true, true
	case No:
		return false, true
	}
	return false, false
}
