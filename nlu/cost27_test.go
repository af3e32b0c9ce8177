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

// The cost27 cuts read as before: the one-set gates (lexiconKeys,
// dateWordKeys) and apartByTwo before typoDistance.
func TestCost27CutsReadAsBefore(t *testing.T) {
	ws := strings.Fields(`I want to book a flight New York Los Angeles 2026-12-12 yes nights nightss
		monday mondy tomorow tonite weekend christmas noel pm morning noon paris parís Zürich zurich
		twelfth fortnight days sábado mañana the please okay flights hotels octobre ao São Paulo
		éé abcd straße strasse 12th 3rd a an ok`)
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
	for k := range dateWordKeys() {
		if got, want := knownDateWord(k), knownDateWordReference(k); got != want {
			t.Errorf("knownDateWord(%q) = %v, want %v", k, got, want)
		}
	}
}
