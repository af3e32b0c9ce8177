package nlu

import "strings"

// longEntries are the entries of a Fuzzy index too long to index by their
// deletions (newScanningFuzzy): the deletions of a name of n runes number
// about n²/2, so a few hundred long names would outweigh all the rest. Each is
// cut in MaxFuzzyDistance+1 pieces; a query within MaxFuzzyDistance edits of
// it leaves one piece whole, and so holds that piece's first gramBytes bytes:
// only the entries one of whose grams the query holds are measured.
type longEntries struct {
	entries []longEntry
	// byGram maps a piece's first gramBytes bytes to the entries (positions
	// in entries) with a piece starting so.
	byGram map[uint32][]int32
}

// gramBytes is the length of a gram; a long entry's pieces are no shorter.
const gramBytes = 4

// longEntry is one entry of longEntries.
type longEntry struct {
	id     int32
	runes  int
	pieces [MaxFuzzyDistance + 1]string
}

// add cuts the entry e, at position id, of the given number of runes (at
// least gramBytes pieces' worth), into its pieces and indexes their grams.
func (l *longEntries) add(id int32, e string, runes int) {
	le := longEntry{id: id, runes: runes}
	var startsBuf [65]int
	starts := runeStarts(e, startsBuf[:0])
	n := len(le.pieces)
	for p := range n {
		le.pieces[p] = e[starts[min(p*runes/n, len(starts)-1)]:starts[min((p+1)*runes/n, len(starts)-1)]]
	}
	if l.byGram == nil {
		l.byGram = map[uint32][]int32{}
	}
	pos := int32(len(l.entries))
	l.entries = append(l.entries, le)
	for _, p := range le.pieces {
		g := gramAt(p, 0)
		if ids := l.byGram[g]; len(ids) == 0 || ids[len(ids)-1] != pos {
			l.byGram[g] = append(ids, pos)
		}
	}
}

// near appends to dst the long entries that may be within maxDist of query,
// of the given number of runes, each with its distance, skipping those
// already in dst[first:]; entries are the index's entries.
func (l *longEntries) near(dst []FuzzyMatch, first int, entries []string, query string, runes, maxDist int) []FuzzyMatch {
	if len(l.entries) == 0 {
		return dst
	}
	for i := 0; i+gramBytes <= len(query); i++ {
		for _, pos := range l.byGram[gramAt(query, i)] {
			le := &l.entries[pos]
			if le.runes < runes-maxDist || le.runes > runes+maxDist ||
				containsIndex(dst[first:], int(le.id)) || !le.pieceIn(query) {
				continue
			}
			e := entries[le.id]
			dst = append(dst, FuzzyMatch{Index: int(le.id), Entry: e, Distance: Levenshtein(query, e)})
		}
	}
	return dst
}

// gramAt is the gramBytes bytes of s from i.
func gramAt(s string, i int) uint32 {
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}

// pieceIn reports whether query holds one of the entry's pieces whole.
func (le *longEntry) pieceIn(query string) bool {
	for _, p := range le.pieces {
		if strings.Contains(query, p) {
			return true
		}
	}
	return false
}
