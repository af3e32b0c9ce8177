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
	dropped := []string{"indak tahu", "ambo indak tahu", "bilmeerim", "нӕ зонын", "ti hu tungo'", "ich weit neet", "wala ako kabalo"}
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
