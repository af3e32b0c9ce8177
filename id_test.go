package parley_test

import (
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

func TestCheckID(t *testing.T) {
	tests := []struct {
		id   string
		code string
	}{
		{"c1", ""},
		{"élan 會話", ""},
		{strings.Repeat("x", parley.MaxIDLen), ""},
		{strings.Repeat("x", parley.MaxIDLen+1), parley.EINVALID},
		{strings.Repeat("é", parley.MaxIDLen/2+1), parley.EINVALID}, // 202 bytes, 101 runes
		{"", parley.EINVALID},
		{" \t", parley.EINVALID},
		{"a\xff", parley.EINVALID},
		{"a\xfe", parley.EINVALID},
		{"a\ufffd", parley.EINVALID}, // what a JSON decoder makes of invalid bytes
	}
	for _, tt := range tests {
		if got := parley.ErrorCode(parley.CheckID("conversation id", tt.id)); got != tt.code {
			t.Errorf("CheckID(%q) = %q, want %q", tt.id, got, tt.code)
		}
	}
}

func TestMessageEmpty(t *testing.T) {
	tests := []struct {
		m     parley.Message
		empty bool
	}{
		{parley.Message{}, true},
		{parley.Message{Text: " \n\t"}, true},
		{parley.Message{Meaning: " "}, true},
		{parley.Message{NLU: &parley.NLU{Intent: "  "}}, true},
		{parley.Message{Text: "hi"}, false},
		{parley.Message{Meaning: "confirm"}, false},
		{parley.Message{NLU: &parley.NLU{Intent: "greet"}}, false},
		{parley.Message{NLU: &parley.NLU{Entities: map[string]any{"n": 1}}}, false},
	}
	for _, tt := range tests {
		if got := tt.m.Empty(); got != tt.empty {
			t.Errorf("%+v.Empty() = %v, want %v", tt.m, got, tt.empty)
		}
	}
}
