package httpapi

import (
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

// goTypeWords are what encoding/json's own messages show of the implementation.
var goTypeWords = []string{"invalid character", "looking for", "Go struct", "Go value", "ControlBody", "TurnRequest", "httpapi.", "parley.", "json:", "*time.Time", "float64"}

func TestDecodeErrorsArePlain(t *testing.T) {
	tests := []struct {
		name, body string
		into       any
		want       string
	}{
		{"control reason not a string", `{"reason":5}`, &ControlBody{}, `field "reason" must be a string, got number`},
		{"unknown field", `{"txt":"hi"}`, &TurnRequest{}, `unknown field "txt"`},
		{"not an object", `[1,2]`, &TurnRequest{}, `expected an object, got array`},
		{"truncated", `{"id":"x","text":`, &TurnRequest{}, `ends before the JSON value does`},
		{"syntax", `{"id" "x"}`, &TurnRequest{}, `malformed JSON body: it stops being JSON at byte 7 (counting from 1)`},
		{"duplicate key", `{"id":"a","text":"hi","id":"b"}`, &TurnRequest{}, `the JSON body has the key "id" twice in the top-level object`},
		{"duplicate entity", `{"id":"a","nlu":{"intent":"x","entities":{"n":1,"n":2}}}`, &TurnRequest{}, `the key "n" twice in /nlu/entities`},
		{"empty", ``, &TurnRequest{}, `the body is empty`},
		{"bad time", `{"id":"x","text":"hi","sent_at":"yesterday"}`, &TurnRequest{}, `RFC 3339`},
		{"nlu confidence not a number", `{"id":"x","nlu":{"intent":"a","confidence":"high"}}`, &TurnRequest{}, `field "nlu.confidence" must be a number, got string`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := decodeStrict([]byte(tt.body), tt.into)
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("err = %v, want code invalid", err)
			}
			msg := parley.ErrorMessage(err)
			if !strings.Contains(msg, tt.want) {
				t.Fatalf("message %q lacks %q", msg, tt.want)
			}
			for _, w := range goTypeWords {
				if strings.Contains(msg, w) {
					t.Fatalf("message %q names the implementation (%q)", msg, w)
				}
			}
		})
	}
}

// FuzzDecodeErrorsArePlain: whatever a caller sends, an error message about it never
// names a Go type.
func FuzzDecodeErrorsArePlain(f *testing.F) {
	for _, s := range []string{`{"reason":5}`, `{"id":1}`, `{"nlu":{"entities":[1]}}`, `{"sent_at":3}`, `"x"`, `{"id":"a","meaning":{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, into := range []any{&TurnRequest{}, &ControlBody{}} {
			err := decodeStrict(b, into)
			if err == nil {
				continue
			}
			msg := parley.ErrorMessage(err)
			for _, w := range goTypeWords[:5] {
				if strings.Contains(msg, w) {
					t.Fatalf("message %q names the implementation (%q)", msg, w)
				}
			}
		}
	})
}
