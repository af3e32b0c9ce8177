package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// words20Question is the confirmation every round 20 answer is read at.
const words20Question = "Book a flight from Boston to Paris on Friday?"

// TestSourcedAnswersRound20 reads the yes and no words courtesy_words.txt
// took from a named source this round (Ojibwe, Tuvan, Crimean Tatar,
// Kirundi, Maithili through CLDR), with the guard each short word needs, and
// leaves unread the words no source was found for.
func TestSourcedAnswersRound20(t *testing.T) {
	for s, want := range map[string]Answer{
		"eya'": Yes, "Eya', miigwech": Yes, "gaawiin": No, "gaawiin, miigwech": No,
		"ийе": Yes, "Ийе, четтирдим": Yes, "чок, четтирдим": No,
		"ebet": Yes, "ebet, sağ ol": Yes, "эбет": Yes,
		"ego": Yes, "Ego!": Yes,
		"हँ": Yes, "हं": Yes, "हँ, धन्यवाद": Yes,
		// No source found this round: asked again, never guessed.
		"чок": Unknown, "aw": Unknown, "hooid": Unknown, "ээ": Unknown, "ee": Unknown,
		// An English sentence with the short words in it is no answer.
		"my ego says yes to Paris": Unknown, "ego trip": Unknown,
	} {
		if got := YesNoTo(s, words20Question); got != want {
			t.Errorf("YesNoTo(%q) = %v, want %v", s, got, want)
		}
	}
	// A bare yes is an answer only to a yes/no question.
	if got := YesNo("ego"); got != Unknown {
		t.Errorf("YesNo(\"ego\") with no question = %v, want unknown", got)
	}
}

// TestSourcedAnswersRound20Property: however the sourced words are typed
// (case, the comma or none, an exclamation, a thanks of their language after
// them) they read as their answer, never as the other one.
func TestSourcedAnswersRound20Property(t *testing.T) {
	type sourced struct {
		word, thanks string
		want         Answer
	}
	words := []sourced{
		{"eya'", "miigwech", Yes}, {"gaawiin", "miigwech", No},
		{"ийе", "четтирдим", Yes}, {"ebet", "sağ ol", Yes}, {"эбет", "sag ol", Yes},
		{"हँ", "धन्यवाद", Yes}, {"हं", "धन्यवाद", Yes},
	}
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom(words).Draw(t, "word")
		s := w.word
		if rapid.Bool().Draw(t, "capital") {
			r := []rune(s)
			s = strings.ToUpper(string(r[0])) + string(r[1:])
		}
		if rapid.Bool().Draw(t, "thanks") {
			s += rapid.SampledFrom([]string{", ", " ", " - "}).Draw(t, "sep") + w.thanks
		}
		s += rapid.SampledFrom([]string{"", "!", ".", " !"}).Draw(t, "end")
		if got := YesNoTo(s, words20Question); got != w.want {
			t.Fatalf("YesNoTo(%q) = %v, want %v", s, got, w.want)
		}
	})
}

// TestDayWordsRound20: the sourced day words of hand.txt's round 20 block
// (Ojibwe weekdays and "noongom", now or today; Tuvan "бөгүн", today) read
// as their day, typed with or without the apostrophe; words no source was
// found for are asked again. round17Now is a Thursday.
func TestDayWordsRound20(t *testing.T) {
	for _, c := range []readDateCase{
		{"niizho-giizhigad", "2027-12-21"},
		{"Aabitoose", "2027-12-22"},
		{"naano-giizhigad", "2027-12-17"},
		{"anama'e-giizhigad", "2027-12-19"},
		{"anamae-giizhigad", "2027-12-19"},
		{"noongom", "2027-12-16"},
		{"бөгүн", "2027-12-16"},
		{"даарта", ""},           // no source found this round
		{"naktuk", "2027-12-17"}, // Mizo tomorrow: sourced in hand.txt's round 19 block (helper coach20)
		{"niizho", ""},           // "second" alone names no day
	} {
		d, ok := ReadDate(Gloss(c.text), round17Now) // as the flows read it: the gloss, then the date
		if got := map[bool]string{true: d.String(), false: ""}[ok]; got != c.want {
			t.Errorf("ReadDate(Gloss(%q)) = %q, want %q", c.text, got, c.want)
		}
	}
}
