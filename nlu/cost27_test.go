package nlu

import (
	"strings"
	"testing"
)

// lexiconHoldsReference is lexiconHolds before lexiconKeys: each table in turn.
func lexiconHoldsReference(w string) bool {
	k := key(w)
	if _, ok := glossByFirst[k]; ok {
		return true
	}
	if _, ok := cityIndex[k]; ok {
		return true
	}
	if IsNumberWord(k) || IsCountUnit(k) {
		return true
	}
	words := lexiconWords()
	s, plural := strings.CutSuffix(k, "s")
	return words[k] || plural && !strings.HasSuffix(s, "s") && words[s]
}

// knownDateWordReference is knownDateWord before dateWordKeys.
func knownDateWordReference(w string) bool {
	_, weekday := weekdayNames[w]
	_, month := monthNames[w]
	_, unit := dayUnits[w]
	_, ord := ordinalWords[w]
	return weekday || month || relativeDayWord(w) || unit || ord || dateFillers[w] || holidayWords()[w]
}

// mayUnframeReference is mayUnframe before unframeFirsts.
func mayUnframeReference(text string) bool {
	var kb [64]byte
	first, last := true, ""
	for start, end := nextWord(text, 0); start >= 0; start, end = nextWord(text, end) {
		k, ok := wordKey(kb[:0], text[start:end])
		if !ok {
			continue
		}
		if _, hit := frameByFirst[string(k)]; hit || questionFirsts[string(k)] || first && mayHaveEdgeTag(string(k)) {
			return true
		}
		first, last = false, text[start:end]
	}
	k, _ := wordKey(kb[:0], last)
	return last != "" && mayHaveEdgeTag(string(k))
}

// The cost27 cuts read as before: the one-set gates (lexiconKeys,
// dateWordKeys) and apartByTwo before typoDistance.
func TestCost27CutsReadAsBefore(t *testing.T) {
	ws := strings.Fields(`I want to book a flight New York Los Angeles 2026-12-12 yes nights nightss
		monday mondy tomorow tonite weekend christmas noel pm morning noon paris parís Zürich zurich
		twelfth fortnight days sábado mañana the please okay flights hotels octobre ao São Paulo
		éé abcd straße strasse 12th 3rd a an ok let iz Ljubljane v London, petek ljubljana`)
	for _, w := range ws {
		k := key(w)
		if got, want := lexiconHolds(w), lexiconHoldsReference(w); got != want {
			t.Errorf("lexiconHolds(%q) = %v, want %v", w, got, want)
		}
		if got, want := knownDateWord(k), knownDateWordReference(k); got != want {
			t.Errorf("knownDateWord(%q) = %v, want %v", k, got, want)
		}
		for _, v := range ws {
			if apartByTwo(k, key(v)) && typoDistance(k, key(v)) < 2 {
				t.Errorf("apartByTwo(%q, %q) but typoDistance %d", k, key(v), typoDistance(k, key(v)))
			}
		}
	}
	for _, text := range []string{"I want to book a flight", "New York", "well um Paris I guess", "can you book it?", "uh huh",
		"Los Angeles, right?", "2026-12-12", "yes", "maybe Tuesday", "like, Boston or so", "what about Denver", "let iz Ljubljane v London, v petek"} {
		if got, want := mayUnframe(text), mayUnframeReference(text); got != want {
			t.Errorf("mayUnframe(%q) = %v, want %v", text, got, want)
		}
	}
	for _, w := range ws {
		if got, want := mayUnframe(w), mayUnframeReference(w); got != want {
			t.Errorf("mayUnframe(%q) = %v, want %v", w, got, want)
		}
	}
	for k := range dateFillers {
		if got, want := knownDateWord(k), knownDateWordReference(k); got != want {
			t.Errorf("knownDateWord(%q) = %v, want %v", k, got, want)
		}
	}
	for k := range dateWordKeys() {
		if got, want := knownDateWord(k), knownDateWordReference(k); got != want {
			t.Errorf("knownDateWord(%q) = %v, want %v", k, got, want)
		}
	}
}
