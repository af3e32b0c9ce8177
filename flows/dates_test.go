package flows

import (
	"strings"
	"testing"
)

// TestFormatDate: each language's long, medium and weekday forms of a date; a
// value that is not a date and an unknown format are shown as they are.
func TestFormatDate(t *testing.T) {
	tests := []struct {
		value, format, language, want string
	}{
		{"2026-12-02", "long", "en", "Wednesday, December 2, 2026"},
		{"2026-12-02", "medium", "", "Dec 2, 2026"},
		{"2026-12-02", "weekday", "en-GB", "Wednesday"},
		{"2026-12-02", "long", "es", "miércoles, 2 de diciembre de 2026"},
		{"2026-12-02", "long", "fr", "mercredi 2 décembre 2026"},
		{"2026-12-02", "long", "de", "Mittwoch, 2. Dezember 2026"},
		{"2026-12-02", "medium", "pt-BR", "2 de dez. de 2026"},
		{"2026-12-02", "long", "it", "mercoledì 2 dicembre 2026"},
		{"2026-12-02", "long", "xx", "Wednesday, December 2, 2026"},
		{"next friday", "long", "en", "next friday"},
		{"2026-12-02", "shout", "en", "2026-12-02"},
	}
	for _, tt := range tests {
		if got := formatDate(tt.value, tt.format, tt.language); got != tt.want {
			t.Errorf("formatDate(%q, %q, %q) = %q, want %q", tt.value, tt.format, tt.language, got, tt.want)
		}
	}
}

// TestValidateRefusesAnUnknownDateFormat: {slot:format} names one of DateFormats.
func TestValidateRefusesAnUnknownDateFormat(t *testing.T) {
	def, err := Parse([]byte(`bot: v
flows:
  - name: visit
    description: a visit
    trigger: {keywords: [book a visit]}
    slots: [{name: day, type: date, prompt: Which day?}]
    steps:
      - {id: ask, collect: day}
      - {id: bye, say: "On {day:loud}, then {day:long}."}
`), "v.yaml")
	if err != nil {
		t.Fatal(err)
	}
	diags := Validate(def)
	if len(diags) != 1 || !strings.Contains(diags[0].String(), `unknown format "loud"`) {
		t.Fatalf("diagnostics %v, want one for the unknown format", diags)
	}
}
