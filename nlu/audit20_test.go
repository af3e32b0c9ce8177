package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestAudit20DontKnowProperty: the round 18 block's don't-know phrases that
// the round 20 audit kept for a source (Madurese "tak oneng", Upper Sorbian
// "njewěm") and the ones it left out for want of one are all no answer, in
// any case and with any end mark: the kept ones are a bare don't-know, and
// none of them is ever read as a yes or a no (Minangkabau "indak tahu"
// holds the bare no "indak").
func TestAudit20DontKnowProperty(t *testing.T) {
	kept := []string{"tak oneng", "ta' oneng", "njewěm"}
	dropped := []string{"indak tahu", "bilmeerim", "нӕ зонын", "ti hu tungo'", "ich weit neet", "wala ako kabalo"}
	rapid.Check(t, func(t *rapid.T) {
		isKept := rapid.Bool().Draw(t, "kept")
		list := dropped
		if isKept {
			list = kept
		}
		s := rapid.SampledFrom(list).Draw(t, "phrase")
		if rapid.Bool().Draw(t, "capital") {
			r := []rune(s)
			s = strings.ToUpper(string(r[0])) + string(r[1:])
		}
		s += rapid.SampledFrom([]string{"", ".", "!", " ?", "..."}).Draw(t, "end")
		if got := YesNoTo(s, "Book it?"); got != Unknown {
			t.Fatalf("YesNoTo(%q) = %v, want no answer", s, got)
		}
		if isKept && !SaysOnlyDontKnow(s) {
			t.Fatalf("SaysOnlyDontKnow(%q) = false for a sourced don't-know", s)
		}
	})
}

// TestAudit20NightCounts: the round 18 counts of nights that the round 20
// audit kept, each from its cited page (Minangkabau, Madurese, Hiligaynon),
// read as their count; the spellings and languages it left out for want of
// a source stay as written (the bot asks again).
func TestAudit20NightCounts(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"tigo malam", "three nights"},
		{"lapan malam", "eight nights"},
		{"ciek malam", "one night"},
		{"tello' malem", "three nights"},
		{"tello malem", "three nights"},
		{"dhuwa' malem", "two nights"},
		{"sittung malem", "one night"},
		{"duha ka gab-i", "two nights"},
		{"lima ka gabi", "five nights"},
		// Left out: no source.
		{"salapan malam", "salapan malam"},
		{"duwa' malem", "duwa' malem"},
		{"dos puengi", "dos puengi"},
		{"तीन रात", "तीन रात"},
	} {
		if got := Gloss(tc.text); got != tc.want {
			t.Errorf("Gloss(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestAudit20NightCountsProperty: every kept count of the three audited
// languages, one to ten, before its night word reads as that number of
// nights and never another.
func TestAudit20NightCountsProperty(t *testing.T) {
	langs := []struct {
		night  string
		counts [][]string
	}{
		{"malam", [][]string{{"ciek"}, {"duo"}, {"tigo"}, {"ampek"}, {"limo"}, {"anam"}, {"tujuah"}, {"lapan"}, {"sambilan"}, {"sapuluah"}}},
		{"malem", [][]string{{"settong", "sittung"}, {"dhuwa'", "dhuwa", "dhua"}, {"tello'", "tello"}, {"empa'", "empa"}, {"lema'", "lema"}, {"ennem"}, {"petto'", "petto"}, {"ballu'", "ballu"}, {"sanga'", "sanga"}, {"sapolo"}}},
		{"ka gab-i", [][]string{{"isa"}, {"duha"}, {"tatlo"}, {"apat"}, {"lima"}, {"anum"}, {"pito"}, {"walo"}, {"siyam"}, {"napulo"}}},
	}
	words := []string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.SampledFrom(langs).Draw(t, "language")
		n := rapid.IntRange(0, 9).Draw(t, "number")
		w := rapid.SampledFrom(l.counts[n]).Draw(t, "form")
		want := words[n] + " nights"
		if n == 0 {
			want = "one night"
		}
		if got := Gloss(w + " " + l.night); got != want {
			t.Fatalf("Gloss(%q) = %q, want %q", w+" "+l.night, got, want)
		}
	})
}
