package nlu

import (
	"strings"
	"sync"
)

// addressWords are the forms of address CutAddressTerms reads away: the
// single-word vocatives and the address_terms phrases of reader_words.txt,
// each phrase its words.
var addressWords = sync.OnceValue(func() [][]string {
	var out [][]string
	for w := range readerWords("vocatives") {
		out = append(out, []string{w})
	}
	return append(out, addressPhrases()...)
})

// addressPhrases are the address_terms phrases alone: only these end a
// clause as its address ("a real person hon"); a single-word vocative
// ("agent", "shop") ending one is as often its noun ("a live agent").
var addressPhrases = sync.OnceValue(func() [][]string { return readerFrames("address_terms") })

// addressGuards are the words after which a form of address is no address
// but the words' object ("a gift for my brother", "not a bot", "some
// honey"): prepositions, determiners, possessives and negations.
var addressGuards = wordSet("a an the this that these those my your our his her their its for to with from of by at in on about like as than per not no some any every each another other")

// CutAddressTerms returns text without the forms of address said at a
// clause's edge (clauses split at commas): a clause made only of one ("my
// man, how da body?", "yes, add it, ace boy") when another clause is left,
// or a clause's last words ("a real person hon", "tank you my man", "yeah
// hon, add it") when a word that is no preposition, determiner, possessive
// or negation stands before them. keep reports a word the caller reads as
// its own (a product's word): a form of address holding one stays. ok says
// whether anything was cut.
func CutAddressTerms(text string, keep func(string) bool) (string, bool) {
	if !strings.Contains(text, " ") {
		return text, false
	}
	clauses := strings.Split(text, ",")
	var out []string
	cut := false
	for i, c := range clauses {
		toks := strings.Fields(c)
		if n := addressTail(toks, addressWords(), keep); n > 0 && n == len(toks) && len(clauses) > 1 && hasWordsBut(clauses, i) {
			cut = true
			continue
		}
		if n := addressTail(toks, addressPhrases(), keep); n > 0 && n < len(toks) && !addressGuards[addressKey(toks[len(toks)-n-1])] {
			end := trailingMarks(toks[len(toks)-1])
			toks = toks[:len(toks)-n]
			toks[len(toks)-1] += end
			c = " " + strings.Join(toks, " ")
			cut = true
		}
		out = append(out, c)
	}
	if !cut {
		return text, false
	}
	return strings.TrimSpace(strings.TrimLeft(strings.Join(out, ","), ",")), true
}

// hasWordsBut reports whether a clause other than the i-th holds a word.
func hasWordsBut(clauses []string, i int) bool {
	for j, c := range clauses {
		if j != i && strings.TrimSpace(c) != "" {
			return true
		}
	}
	return false
}

// addressTail is how many of toks's last words make a form of address
// (the longest that fits), none holding a word keep keeps.
func addressTail(toks []string, phrases [][]string, keep func(string) bool) int {
	best := 0
	for _, phrase := range phrases {
		n := len(phrase)
		if n > len(toks) || n <= best {
			continue
		}
		match := true
		for k, w := range phrase {
			key := addressKey(toks[len(toks)-n+k])
			if key != w || keep != nil && keep(key) {
				match = false
				break
			}
		}
		if match {
			best = n
		}
	}
	return best
}

// addressKey is a token lower case without the marks around it.
func addressKey(tok string) string {
	return strings.ToLower(strings.Trim(tok, ".!?;:'\"’()"))
}

// trailingMarks is the sentence marks ending tok ("hon?" gives "?").
func trailingMarks(tok string) string {
	i := len(tok)
	for i > 0 && strings.ContainsRune(".!?", rune(tok[i-1])) {
		i--
	}
	return tok[i:]
}

// machineNegations are the words that open a clause setting a person
// request against a machine: "not a bot", "no robots", "not some AI".
var machineNegations = wordSet("not no never")

// machineDeterminers may stand between the negation and the machine noun.
var machineDeterminers = wordSet("a an the some any this that your")

// CutNotTheMachine returns text without a clause that only refuses a
// machine ("not a bot", "no robots, please"; machine_nouns of
// reader_words.txt) said beside another clause ("a human please, not a
// bot", "not a bot, a real person"), and whether one was cut: the refusal
// says who is wanted by its contrary and adds nothing to the request.
func CutNotTheMachine(text string) (string, bool) {
	clauses := strings.Split(text, ",")
	if len(clauses) < 2 {
		return text, false
	}
	machines := readerFrames("machine_nouns")
	var out []string
	cut := false
	for i, c := range clauses {
		if refusesMachine(strings.Fields(c), machines) && hasWordsBut(clauses, i) {
			cut = true
			continue
		}
		out = append(out, c)
	}
	if !cut {
		return text, false
	}
	return strings.TrimSpace(strings.TrimLeft(strings.Join(out, ","), ",")), true
}

// refusesMachine reports whether toks are a negation, an optional
// determiner, a machine noun and an optional "please".
func refusesMachine(toks []string, machines [][]string) bool {
	ws := make([]string, 0, len(toks))
	for _, tok := range toks {
		if k := addressKey(tok); k != "" && k != "please" && k != "pls" && k != "thanks" {
			ws = append(ws, k)
		}
	}
	if len(ws) < 2 || !machineNegations[ws[0]] {
		return false
	}
	ws = ws[1:]
	if machineDeterminers[ws[0]] && len(ws) > 1 {
		ws = ws[1:]
	}
	rest := strings.Join(ws, " ")
	for _, m := range machines {
		if strings.Join(m, " ") == rest {
			return true
		}
	}
	return false
}
