package gates

import (
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// ownWords is the part of a message's text that can give the user's own
// values (issue 38: never store a value the user did not say):
//
//   - none when the message leaves its value unsure ("Fri 3 Jul? no wait, I'm
//     not sure yet", "not sure, maybe Friday", "je sais pas encore",
//     nlu.IsNonAnswer) or ends by taking it back ("... but don't use it",
//     "Friday, scratch that": withdraw in remarks.txt);
//   - without its clauses about someone else's values ("my husband benches
//     120 kg", "my wife has her session Saturday", "my trainer's email is
//     ...": nlu.WithoutOthersClauses), which are none of the user's; for an
//     email or a phone, without its clauses about one no longer used ("my
//     old email was ...": withoutFormerClauses).
//
// A later sentence that decides without a hedge stands ("no idea. Next
// Monday works": decidedAfter). The text is returned as it is when none of
// this applies (no allocation).
func ownWords(text, kind string) string {
	if kind == ExtractEmail && strings.Contains(text, "@") {
		return ownAddressWords(text)
	}
	return ownWordsOf(text, kind)
}

// ownAddressWords is ownWords for an email: the message's addresses are read
// as whole words (placeholders) while its clauses and words are weighed, so
// that no word of an address's local part ("old.spines", "ex.wife",
// "no.reply") is read as the user's and no dot in it ends a clause (issue
// 38 round 18); the addresses are written back after.
func ownAddressWords(text string) string {
	own := ownWordsOf(text, ExtractEmail)
	if own == text {
		return text // nothing set aside: the addresses are whole
	}
	spans := nlu.EmailSpans(text)
	if len(spans) == 0 {
		return own
	}
	return nlu.WithAddressesHeld(text, spans, func(held string) string {
		return ownWordsOf(held, ExtractEmail)
	})
}

// ownWordsOf is ownWords for a text whose addresses, if any, are held.
func ownWordsOf(text, kind string) string {
	if endsWithdrawn(text) {
		return ""
	}
	if nlu.IsNonAnswer(text) {
		if rest := withoutUnknownLevel(text, kind); rest != text {
			text = rest
		} else if text = decidedAfter(text); text == "" {
			return ""
		}
	}
	// Someone else's value is none of the user's, of any kind
	// (nlu.WithoutOthersClauses: "my wife has her session Saturday").
	text = nlu.WithoutOthersClauses(text)
	if kind == ExtractEmail || kind == ExtractPhone {
		if contactHedged(text) {
			return ""
		}
		return withoutFormerClauses(text)
	}
	return text
}

// contactHedged reports whether text says its email or phone with a hedge
// of memory right beside it (recall-hedge in remarks.txt): the message ends
// in one ("jen at gmail dot com i think", "07700 900123, probably"), or
// opens with one that the address follows at once, after an "it's" or not
// ("i think it's jen@x.org", "maybe 07700 900123", "it's probably
// tina@x.org"). A hedge about something
// else stands ("I guess you could use my email, it's priya@x.org").
func contactHedged(text string) bool {
	words := ownerTokens(strings.TrimRight(text, " .!?,;:"))
	for _, p := range remarkWords["recall-hedge"] {
		if len(p) < len(words) && slices.Equal(words[len(words)-len(p):], p) {
			return true
		}
	}
	fields := trimmedFields(strings.Fields(strings.ToLower(text)))
	fields = afterIts(fields)
	for _, p := range remarkWords["recall-hedge"] {
		if len(p) >= len(fields) || !slices.Equal(fields[:len(p)], p) {
			continue
		}
		rest := afterIts(fields[len(p):])
		if len(rest) > 0 && (strings.ContainsAny(rest[0], "@0123456789") || strings.HasPrefix(rest[0], "+") || strings.HasPrefix(rest[0], "qxaddr")) {
			return true
		}
	}
	return false
}

// unsureContact is s without its gloss when node n reads an email or a
// phone and s says it with a hedge of memory beside it (contactHedged): the
// gloss leaves the hedge out ("i think" frames an answer, nlu.Gloss), and
// would read the address as said for sure.
func unsureContact(n *Node, s said) said {
	if s.NLU != nil || s.gloss == "" || s.gloss == s.Text {
		return s
	}
	for _, x := range n.Extract {
		if (x.Kind == ExtractEmail || x.Kind == ExtractPhone) && contactHedged(s.Text) {
			s.gloss = ""
			return s
		}
	}
	return s
}

// afterIts is fields without an opening "it's" or "it is" ("it's probably
// tina@x.org"), when a word follows it.
func afterIts(fields []string) []string {
	switch {
	case len(fields) > 1 && (fields[0] == "it's" || fields[0] == "its" || fields[0] == "it’s"):
		return fields[1:]
	case len(fields) > 2 && fields[0] == "it" && fields[1] == "is":
		return fields[2:]
	}
	return fields
}

// trimmedFields are fields without the punctuation around each.
func trimmedFields(fields []string) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = strings.Trim(f, ".,;:!?\"'")
	}
	return out
}

// withoutFormerClauses returns text without its clauses about a contact no
// longer used (former in remarks.txt: "my old email was old@example.com, the
// new one is new@example.com" keeps the new one).
func withoutFormerClauses(text string) string {
	if !saysAny(ownerTokens(text), "former") {
		return text
	}
	var b strings.Builder
	for _, clause := range clauseRe.FindAllString(text, -1) {
		if !saysAny(ownerTokens(clause), "former") {
			b.WriteString(clause)
		}
	}
	return b.String()
}

// endsWithdrawn reports whether text's last clause takes back what it said
// (withdraw in remarks.txt: "... but don't use it", "07700 900456 - actually
// don't use that one", "Friday, scratch that"). A correction with a value
// after it stands ("Friday, scratch that, Saturday": its last clause is the
// value).
func endsWithdrawn(text string) bool {
	clauses := clauseRe.FindAllString(text, -1)
	for i := len(clauses) - 1; i >= 0; i-- {
		if words := ownerTokens(clauses[i]); len(words) > 0 {
			return saysAny(words, "withdraw")
		}
	}
	return false
}

// ownerTokens are remarkTokens with a possessive "'s" read as the word
// ("wife's" is "wife", "she's" is "she").
func ownerTokens(text string) []string {
	words := remarkTokens(text)
	for i, w := range words {
		if len(w) > 2 && strings.HasSuffix(w, "'s") {
			words[i] = w[:len(w)-2]
		}
	}
	return words
}

// actuallyAsNow writes "currently" for an "actually" that starts a clause of
// the user's own present with a number and no word of aiming or correcting
// ("my objective is run 10 km, actually I run 5 km", aim in remarks.txt): a
// speaker of French or Spanish says "actually" for "actuellement" and
// "actualmente", and the clause says where they are now. A clause of aiming
// ("actually I want 12 km") corrects an aim said before it, and is left to
// nlu.SplitCorrection; after no aim it adds one ("and").
func actuallyAsNow(text string) string {
	lower := strings.ToLower(text)
	i := wordIndex(lower, "actually")
	if i < 0 || len(lower) != len(text) {
		return text
	}
	rest := text[i+len("actually"):]
	clause := rest
	if end := strings.IndexAny(rest, ".;!?"); end >= 0 {
		clause = rest[:end]
	}
	words := ownerTokens(clause)
	if len(words) == 0 || !nlu.IsSelfWord(words[0]) || !strings.ContainsAny(clause, "0123456789") {
		return text
	}
	switch {
	case !saysAny(words, "aim"):
		return text[:i] + "currently" + rest
	case !saysAny(ownerTokens(text[:i]), "aim"):
		// "currently 80 kg, actually I'd like 100 kg": nothing aimed at
		// before, so nothing is corrected; the clause adds the aim.
		return text[:i] + "and" + rest
	}
	return text
}

// levelUnits are the units of a goal's level: a weight or a distance.
var levelUnits = map[string]bool{"kg": true, "lb": true, "km": true, "m": true, "mi": true}

// withoutLevelClauses returns text without its clauses that state a level in
// a weight or a distance ("hoy hago 80 kg", "today I lift 80 kg",
// "aujourd'hui je cours 5 km"): a day said there is when the user is at that
// level, no day to book. The text is returned as it is when no clause does.
func withoutLevelClauses(text string) string {
	if !strings.ContainsAny(text, "0123456789") {
		return text
	}
	clauses := clauseRe.FindAllString(text, -1)
	var b strings.Builder
	dropped := false
	for _, c := range clauses {
		if statesLevel(c) {
			dropped = true
			continue
		}
		b.WriteString(c)
	}
	if !dropped {
		return text
	}
	return b.String()
}

// statesLevel reports whether clause holds a quantity in a level unit.
func statesLevel(clause string) bool {
	for _, q := range nlu.ExtractQuantities(strings.ToLower(clause)) {
		if levelUnits[normalizeUnit(q.Unit)] {
			return true
		}
	}
	return false
}

// decidedAfter returns the sentences of text after its last unsure one, when
// they say something without being unsure or hedged ("no idea. Next Monday
// works" is "Next Monday works"); else "": "Fri 3 Jul? no wait, I'm not sure
// yet", "not sure, maybe Friday" and "not sure. Maybe Friday" decide nothing.
func decidedAfter(text string) string {
	rest, start := "", 0
	for i := 0; i+1 < len(text); i++ {
		if c := text[i]; (c == '.' || c == '!' || c == '?') && text[i+1] == ' ' {
			if nlu.IsNonAnswer(text[start : i+1]) {
				rest = text[i+2:]
			}
			start = i + 2
		}
	}
	if strings.TrimSpace(rest) == "" || nlu.IsNonAnswer(rest) || saysAny(ownerTokens(rest), "hedge") {
		return ""
	}
	return rest
}

// withoutUnknownLevel is a goal answer without its one clause that says the
// user does not know where they stand now ("run 50 km someday, no idea what i
// can do now", "run a 10 km, no idea where i'm at"): a clause with no digit
// that declaresLevelUnknown. The rest, holding a number and no hedge, gives the
// target; the level stays unknown. Text is returned as it is otherwise.
func withoutUnknownLevel(text, kind string) string {
	if kind != ExtractNumber {
		return text
	}
	var kept strings.Builder
	dropped := 0
	for _, clause := range clauseRe.FindAllString(text, -1) {
		if !strings.ContainsAny(clause, "0123456789") && declaresLevelUnknown(clause) {
			dropped++
			continue
		}
		kept.WriteString(clause)
	}
	rest := kept.String()
	if dropped != 1 || !strings.ContainsAny(rest, "0123456789") || nlu.IsNonAnswer(rest) {
		return text
	}
	return rest
}

// declaresLevelUnknown reports whether clause says the user's present level
// is not known: a hedge of its own (nlu.IsNonAnswer) with a present marker or
// words naming the level (unknown in levels.txt: "where i'm at", "my
// level"), or words saying it was never measured (unmeasured: "never timed
// it").
func declaresLevelUnknown(clause string) bool {
	words := ownerTokens(clause)
	if nlu.HoldsPhrase(words, levelWords["unmeasured"]) {
		return true
	}
	return nlu.IsNonAnswer(clause) && (saysNow(words) || nlu.HoldsPhrase(words, levelWords["unknown"]))
}
