package nlu

import (
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// Issue 38 round 16: the relative days and weekdays of languages CLDR lacks
// or holds only partly (internal/cldrdates/hand.txt: Turkmen and Tatar's day
// after tomorrow, Corsican, Fijian, Tetum's "loron-" names...), a weekday
// phrase whose first word is another language's polite tag (Turkmen "anna
// güni", Friday; Tamil "anna"), and a thanks, greeting or please of any
// language and script after a comma, the Arabic "،" and the ideographic ones
// included. An unknown word after the comma in another script, and a word
// the generator keeps only as a collision (Tetum "aban", a GeoNames town, in a sentence),
// make no date: the bot asks again.
func TestDateWorldWords(t *testing.T) {
	now := time.Date(2027, 6, 29, 20, 35, 0, 0, time.UTC) // a Tuesday
	for _, c := range []struct{ text, want string }{
		{"birigün", "2027-07-01"},
		{"берсекөнне", "2027-07-01"},
		{"بل سبا", "2027-07-01"},
		{"pitgħada", "2027-07-01"},
		{"ātahirā", "2027-07-01"},
		{"dumane", "2027-06-30"},
		{"dopu dumane", "2027-07-01"},
		{"venneri", "2027-07-02"},
		{"nimataka", "2027-06-30"},
		{"Vakarauwai", "2027-07-03"},
		{"Moniti", "2027-07-05"},
		{"loron-sesta", "2027-07-02"},
		{"loron sábadu", "2027-07-03"},
		{"bainrua", "2027-07-01"},
		{"djudi", "2027-07-01"},
		{"umgcibelo", "2027-07-03"},
		{"anna güni", "2027-07-02"},
		{"friday, спасибо", "2027-07-02"},
		{"friday، ممنون", "2027-07-02"},
		{"دوشنبه، مننه", "2027-07-05"},
		{"иртәгә, рәхмәт", "2027-06-30"},
		{"tomorrow，谢谢", "2027-06-30"},
		{"loron-segunda, obrigadu", "2027-07-05"},
		{"friday, жылқыбай", ""},
		{"friday، کتاب", ""},
		{"aban", "2027-06-30"}, // alone answering: Aban the town is read only at a place question
		{"to aban", ""},
		{"enkya", ""},
		{"loron", ""},
		{"güni", ""},
	} {
		got, ok := ReadDate(Gloss(c.text), now) // as the flows read it: the gloss, then the date
		if ok != (c.want != "") || ok && got.String() != c.want {
			t.Errorf("ReadDate(%q) = %s %v, want %q", c.text, got, ok, c.want)
		}
	}
}

// TestDateCourtesyTailProperty: a date answer, a comma of any script and a
// thanks of any language reads as the date alone; any other courtesy phrase
// (a greeting, a please) reads as the date or, where it says more ("anyone
// here": whose tomorrow?), as none, never another day; the same answer with
// a made-up word of another script after the comma reads as none.
func TestDateCourtesyTailProperty(t *testing.T) {
	now := time.Date(2027, 6, 29, 20, 35, 0, 0, time.UTC)
	heads := map[string]string{"birigün": "2027-07-01", "dumane": "2027-06-30", "loron-sesta": "2027-07-02",
		"Vakaraubuka": "2027-07-02", "иртәгә": "2027-06-30", "سبا": "2027-06-30", "friday": "2027-07-02", "anna güni": "2027-07-02"}
	thanks := map[string]bool{}
	for _, ps := range thanksPhrases {
		for _, p := range ps {
			thanks[confirmKey(p)] = true
		}
	}
	var tails []string
	for p := range courtesyTails() {
		if courtesyTail(Gloss(p)) { // "bos dias" glosses to "days": a greeting that names a time is no plain aside
			tails = append(tails, p)
		}
	}
	slices.Sort(tails)
	marks := []string{", ", "، ", "，", "、", " , "}
	rapid.Check(t, func(t *rapid.T) {
		head := rapid.SampledFrom(sortedKeys(heads)).Draw(t, "head")
		mark := rapid.SampledFrom(marks).Draw(t, "mark")
		tail := rapid.SampledFrom(tails).Draw(t, "tail")
		got, ok := ReadDate(Gloss(head+mark+tail), now)
		if ok && got.String() != heads[head] || !ok && thanks[tail] {
			t.Fatalf("ReadDate(%q) = %s %v, want %s", head+mark+tail, got, ok, heads[head])
		}
		made := rapid.StringOfN(rapid.RuneFrom([]rune("жщъыэюёқңғүұһ")), 5, 9, -1).Draw(t, "made")
		if got, ok := ReadDate(Gloss(head+mark+made), now); ok {
			t.Fatalf("ReadDate(%q) = %s, want none (an unknown word)", head+mark+made, got)
		}
	})
}
