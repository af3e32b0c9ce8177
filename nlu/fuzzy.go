package nlu

import (
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
)

// This file holds the typo-tolerant lookups of the rules: a word or phrase of a
// message against a vocabulary (the city names, an enum's values, a classifier's
// example words, a catalog's words). Scanning a vocabulary with an edit distance
// per entry per word made the first message of a conversation cost fifteen times
// a later one (#24); a Fuzzy index is built once per vocabulary instead and a
// lookup costs a few dozen map reads, whatever the vocabulary's size.

// MaxFuzzyDistance is the largest edit distance a Fuzzy index finds.
const MaxFuzzyDistance = 2

// Fuzzy is a symmetric-delete index of a vocabulary (Wolf Garbe's SymSpell
// scheme): every entry is stored under each string obtained by deleting up to
// MaxFuzzyDistance of its runes, so that the entries within distance d of a
// query are among those stored under the query's own deletions of up to d runes;
// each candidate is then checked with the Levenshtein distance of
// github.com/agnivade/levenshtein. It is immutable once built and safe for
// concurrent use.
type Fuzzy struct {
	entries []string
	// deletes maps each deletion variant (the entry itself included) to the
	// entries it comes from, in entry order.
	deletes map[string][]int32
	// lengths has bit n set when an entry has n runes (bit 63: 63 or more): an
	// entry within distance d of a query differs from it by at most d runes.
	lengths uint64
	// bits holds the hashes of deletes' keys (fuzzyhash.go).
	bits variantBits
	// long are the entries too long to index (newScanningFuzzy), measured
	// against each query instead (fuzzyscan.go).
	long longEntries
}

// FuzzyMatch is one entry of a Fuzzy index near a query.
type FuzzyMatch struct {
	// Index is the entry's position in the vocabulary given to NewFuzzy.
	Index int
	// Entry is the entry as given.
	Entry string
	// Distance is the Levenshtein distance in runes between query and entry.
	Distance int
}

// NewFuzzy indexes entries (compared as given: callers fold them as they fold
// the queries). Repeated entries keep their first position.
func NewFuzzy(entries []string) *Fuzzy { return newScanningFuzzy(entries, 0) }

// newScanningFuzzy is NewFuzzy, its entries of more than maxIndexed runes (when
// maxIndexed is above zero) measured against each query rather than indexed:
// it finds the same entries at the same distances, but builds in a fraction of
// the time and memory where a vocabulary holds many long names.
func newScanningFuzzy(entries []string, maxIndexed int) *Fuzzy {
	x := &Fuzzy{entries: entries, deletes: make(map[string][]int32, len(entries)*8)}
	seen := make(map[string]bool, len(entries))
	var buf []byte
	for i, e := range entries {
		if seen[e] {
			continue
		}
		seen[e] = true
		runes := utf8.RuneCountInString(e)
		x.lengths |= 1 << min(runes, 63)
		if maxIndexed > 0 && runes > max(maxIndexed, gramBytes*(MaxFuzzyDistance+1)) {
			x.long.add(int32(i), e, runes)
			continue
		}
		buf = forDeletes(buf, e, MaxFuzzyDistance, func(variant []byte) {
			ids := x.deletes[string(variant)]
			if n := len(ids); n > 0 && ids[n-1] == int32(i) {
				return // the same variant by another deletion ("ll" of "hello")
			}
			x.deletes[string(variant)] = append(ids, int32(i))
		})
	}
	x.bits = newVariantBits(len(x.deletes))
	for v := range x.deletes {
		x.bits.add(variantHash([]byte(v)))
	}
	return x
}

// Len is the number of entries indexed.
func (x *Fuzzy) Len() int {
	if x == nil {
		return 0
	}
	return len(x.entries)
}

// Near appends to dst the entries within maxDist (at most MaxFuzzyDistance) of
// query, each once, in no particular order, and returns it. A query with a
// letter held down ("berlinnn", "hoodiesss") is measured with its runs cut
// to two letters and to one as well, the nearest of the three counting: the
// entries found are the vocabulary's, never the cut words themselves.
func (x *Fuzzy) Near(dst []FuzzyMatch, query string, maxDist int) []FuzzyMatch {
	if x == nil || len(x.entries) == 0 {
		return dst
	}
	if !hasElongation(query) {
		return x.near(dst, query, maxDist)
	}
	first := len(dst)
	dst = x.near(dst, query, maxDist)
	for _, keep := range []int{2, 1} {
		var buf [16]FuzzyMatch
		for _, m := range x.near(buf[:0], shortenRuns(query, keep), maxDist) {
			dst = keepNearest(dst, first, m)
		}
	}
	return dst
}

// keepNearest adds m to dst[first:], or lowers the distance of the match of
// the same entry there.
func keepNearest(dst []FuzzyMatch, first int, m FuzzyMatch) []FuzzyMatch {
	for i := first; i < len(dst); i++ {
		if dst[i].Index == m.Index {
			dst[i].Distance = min(dst[i].Distance, m.Distance)
			return dst
		}
	}
	return append(dst, m)
}

// near is Near of a query as typed.
func (x *Fuzzy) near(dst []FuzzyMatch, query string, maxDist int) []FuzzyMatch {
	maxDist = min(max(maxDist, 0), MaxFuzzyDistance)
	runes := utf8.RuneCountInString(query)
	if !x.hasLengthNear(runes, maxDist) {
		return dst // no entry is as long as the query, give or take maxDist
	}
	first := len(dst)
	var stack [128]byte
	forIndexedDeleteSpans(query, maxDist, x.bits, func(a1, b1, a2, b2 int) {
		variant := appendVariant(stack[:0], query, a1, b1, a2, b2)
		for _, id := range x.deletes[string(variant)] {
			if containsIndex(dst[first:], int(id)) {
				continue
			}
			// Every candidate is recorded once, a rejected one too (its distance
			// above maxDist marks it), so that none is measured twice.
			e := x.entries[id]
			dst = append(dst, FuzzyMatch{Index: int(id), Entry: e, Distance: Levenshtein(query, e)})
		}
	})
	dst = x.long.near(dst, first, x.entries, query, runes, maxDist)
	// Drop the rejected candidates.
	out := dst[:first]
	for _, m := range dst[first:] {
		if m.Distance <= maxDist {
			out = append(out, m)
		}
	}
	return out
}

// Closest returns the entry nearest to query within the tolerance of that
// entry's length (FuzzyTolerance), the lowest distance first, then the earliest
// entry.
func (x *Fuzzy) Closest(query string) (FuzzyMatch, bool) {
	var buf [16]FuzzyMatch
	best, found := FuzzyMatch{}, false
	for _, m := range x.Near(buf[:0], query, MaxFuzzyDistance) {
		if m.Distance > FuzzyTolerance(m.Entry) {
			continue
		}
		if !found || m.Distance < best.Distance || (m.Distance == best.Distance && m.Index < best.Index) {
			best, found = m, true
		}
	}
	return best, found
}

// hasLengthNear reports whether an entry may have n runes, give or take d.
func (x *Fuzzy) hasLengthNear(n, d int) bool {
	for l := max(n-d, 0); l <= n+d; l++ {
		if x.lengths&(1<<min(l, 63)) != 0 {
			return true
		}
	}
	return false
}

func containsIndex(ms []FuzzyMatch, id int) bool {
	for _, m := range ms {
		if m.Index == id {
			return true
		}
	}
	return false
}

// forDeletes calls fn with s and every string obtained from s by deleting up
// to n runes (n <= 2), using buf as scratch space (returned for reuse). A
// variant may be passed more than once; fn must not keep it.
func forDeletes(buf []byte, s string, n int, fn func([]byte)) []byte {
	fn(append(buf[:0], s...))
	if n == 0 || s == "" {
		return buf
	}
	var startsBuf [65]int
	starts := runeStarts(s, startsBuf[:0])
	runes := len(starts) - 1
	for i := range runes {
		buf = append(buf[:0], s[:starts[i]]...)
		buf = append(buf, s[starts[i+1]:]...)
		fn(buf)
		if n < 2 {
			continue
		}
		for j := i + 1; j < runes; j++ {
			buf = append(buf[:0], s[:starts[i]]...)
			buf = append(buf, s[starts[i+1]:starts[j]]...)
			buf = append(buf, s[starts[j+1]:]...)
			fn(buf)
		}
	}
	return buf
}

// runeStarts appends to starts the byte offsets of s's runes, then len(s).
func runeStarts(s string, starts []int) []int {
	for i := range s {
		starts = append(starts, i)
	}
	return append(starts, len(s))
}

// FuzzyTolerance is the edit distance a word or name of this length may be off
// by: none under 4 runes, 1 from 4 to 7, 2 from 8 on.
func FuzzyTolerance(w string) int {
	switch n := utf8.RuneCountInString(w); {
	case n >= 8:
		return 2
	case n >= 4:
		return 1
	default:
		return 0
	}
}

// Levenshtein returns the edit distance between a and b in runes (insertions,
// deletions and substitutions each cost 1), computed by
// github.com/agnivade/levenshtein.
func Levenshtein(a, b string) int { return levenshtein.ComputeDistance(a, b) }
