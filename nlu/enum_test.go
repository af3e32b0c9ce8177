package nlu

import "testing"

func TestEnumMatch(t *testing.T) {
	cabin := Enum{
		Values: []string{"economy", "business", "first"},
		Synonyms: map[string][]string{
			"economy": {"coach", "eco", "économique"},
			"first":   {"first class", "première"},
			"premium": {"premium economy"}, // a value only in Synonyms still counts
		},
	}
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"Economy", "economy", true},
		{"coach!", "economy", true},
		{"economique", "economy", true},
		{"I'd like business please", "business", true},
		{"first class please", "first", true},
		{"premium economy", "premium", true}, // exact synonym beats the word "economy"
		{"economy or business", "economy", true},
		{"business, not economy", "business", true},
		{"busness", "business", true},  // fuzzy, distance 1
		{"bisuness", "business", true}, // fuzzy, distance 2 on an 8-letter word
		{"ecnomy", "economy", true},    // fuzzy, distance 1
		{"frst", "first", true},        // 5-letter word, distance 1
		{"eco", "economy", true},       // exact synonym
		{"eko", "", false},             // 3-letter words are never fuzzy
		{"bsnss", "", false},           // too far
		{"xyz", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := cabin.Match(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Match(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if _, ok := (Enum{}).Match("anything"); ok {
		t.Error("empty Enum matched")
	}
}
