package flows

import (
	"strings"
	"testing"
)

// TestUnknownSlotIsNoGap: a placeholder naming no slot of its flow is an error of
// Validate (with "did you mean", testdata/validate/template_typo.golden), and
// Warnings does not also tell the author to collect it first.
func TestUnknownSlotIsNoGap(t *testing.T) {
	def, err := LoadFile("testdata/validate/template_typo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if w := Warnings(def); len(w) > 0 {
		t.Fatalf("warnings about slots that do not exist: %v", w)
	}
	if d := Validate(def); len(d) != 3 {
		t.Fatalf("want the three unknown placeholders, got %v", d)
	}
}

// TestNewSaysHowManyMore: the error of a definition New refuses shows its first
// diagnostic, and says how many more only when there are more.
func TestNewSaysHowManyMore(t *testing.T) {
	typo, err := LoadFile("testdata/validate/template_typo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	one, err := Parse([]byte("flows:\n  - name: a\n    trigger: {keywords: [x]}\n    steps:\n      - id: s\n        say: hi {nme}\n"), "one.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for def, want := range map[*Definition]string{
		typo: `unknown slot "patien_name" in flow book (did you mean "patient_name"?) (and 2 more: parley validate lists them)`,
		one:  `one.yaml:6:17: unknown slot "nme" in flow a`,
	} {
		_, err := New(def, Options{})
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s: got %v, want it to end with %s", def.File, err, want)
		}
	}
}
