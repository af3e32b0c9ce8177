package nlu

import "strings"

// A clause after the answer may compare ("boston, the trains from albany
// are slower", "tulsa, fares out of dallas are higher"): it says why the
// answer, and a place inside it is no value. ComparisonAside finds it.

var (
	copulas          = readerWords("comparison_copula")
	comparisonDegree = readerWords("comparison_degree")
	comparisonWords  = readerWords("comparison_word")
	notComparatives  = readerWords("not_comparative")
)

// ComparisonAside is the offset of the first comma of text when the clause
// after it says that something is more or less so than another (a copula
// then a comparative, comparisonClause), or -1.
func ComparisonAside(text string) int {
	at, c := clauseAfterAnswer(text)
	if at <= 0 {
		return -1
	}
	var buf [24]token
	if comparisonClause(appendTokens(buf[:0], key(c))) {
		return at
	}
	return -1
}

// comparisonClause reports whether toks are a subject of a word or more, a
// copula and a comparative ("the flights from x are cheaper", "x is way
// closer"), a degree word or two between allowed.
func comparisonClause(toks []token) bool {
	for i := 1; i < len(toks) && i <= 6; i++ {
		if !copulas[toks[i].text] {
			continue
		}
		j := i + 1
		for j < len(toks) && j <= i+2 && comparisonDegree[toks[j].text] {
			j++
		}
		return j < len(toks) && comparative(toks[j].text)
	}
	return false
}

// comparative reports whether w is a comparative: more, less, better, worse
// (comparison_word) or an adjective's -er form ("cheaper", "pricier"), not
// a word that only ends so (not_comparative: "never", "over").
func comparative(w string) bool {
	if comparisonWords[w] {
		return true
	}
	return len(w) >= 5 && strings.HasSuffix(w, "er") && !notComparatives[w]
}
