package jsonbody

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/parleyhq/parley"
)

func TestDuplicates(t *testing.T) {
	tests := []struct {
		body, want string
	}{
		{`{"id":"a","text":"hi"}`, ""},
		{`{"id":"a","id":"b"}`, `request body has the key "id" twice in the top-level object`},
		{`{"nlu":{"entities":{"n":1,"n":2}}}`, `request body has the key "n" twice in /nlu/entities`},
		{`[{"a":1},{"a":1,"a":1}]`, `request body has the key "a" twice in /1`},
		{`{"a":{"x":1},"b":{"x":1}}`, ""}, // the same name in two objects
		{`{"a":1}{"a":2,"a":3}`, `twice`}, // a second value is checked too
		{`{"a":`, ""},                     // malformed: the caller's decoder says so
		{"{\"a\xff\":1,\"b\":2}", ""},     // invalid UTF-8: the caller's rules apply
		{`{"\u0061":1,"a":2}`, `twice`},   // an escaped name is the same name
		{`{"id":"a","ID":"b"}`, `request body has the keys "id" and "ID" in the top-level object`},
		{`{"nlu":{"entities":{"City":1,"city":2}}}`, `has the keys "City" and "city" in /nlu/entities`},
		{"{\"\u212a\":1,\"k\":2}", `differ only in case`}, // the Kelvin sign folds to k, as encoding/json folds it
		{`{"a":{"ID":1},"b":{"id":1}}`, ""},               // folded names in two objects
		{`["id","ID"]`, ""},                               // strings in an array are no names
		{`{"id":"ID"}`, ""},                               // nor is a value
	}
	for _, tt := range tests {
		err := Duplicates("request body", []byte(tt.body))
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s: %v, want nil", tt.body, err)
			}
			continue
		}
		if parley.ErrorCode(err) != parley.EINVALID || !strings.Contains(parley.ErrorMessage(err), tt.want) {
			t.Errorf("%s: %v, want EINVALID with %q", tt.body, err, tt.want)
		}
	}
}

// FuzzDuplicates: any input is answered without a panic, and one JSON value that
// encoding/json accepts is refused exactly when some object in it repeats a name,
// or has two names strings.EqualFold takes for one.
func FuzzDuplicates(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":{"b":[{"c":1,"c":1}]}}`, `{}`, `[]`, `{"a":"\u0000"}`, `{"a":{"a":1}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		err := Duplicates("body", b)
		if err != nil && parley.ErrorCode(err) != parley.EINVALID {
			t.Fatalf("code %q", parley.ErrorCode(err))
		}
		var v any
		if json.Unmarshal(b, &v) != nil || !utf8.Valid(b) {
			return
		}
		if want := repeatsAName(t, b); (err != nil) != want {
			t.Fatalf("%q: Duplicates = %v, but a name repeats: %v", b, err, want)
		}
	})
}

// repeatsAName walks b's tokens with encoding/json and reports whether an object
// has a member name twice, but for case.
func repeatsAName(t *testing.T, b []byte) bool {
	type frame struct {
		object, expectName bool
		names              []string
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	var stack []*frame
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].expectName = true
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		top := (*frame)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch {
		case top != nil && top.object && top.expectName && tok != json.Delim('}'):
			name := tok.(string)
			// encoding/json matches names to fields with strings.EqualFold's folding.
			for _, seen := range top.names {
				if strings.EqualFold(seen, name) {
					return true
				}
			}
			top.names = append(top.names, name)
			top.expectName = false
		case tok == json.Delim('{'):
			stack = append(stack, &frame{object: true, expectName: true})
		case tok == json.Delim('['):
			stack = append(stack, &frame{})
		case tok == json.Delim('}') || tok == json.Delim(']'):
			stack = stack[:len(stack)-1]
			valueDone()
		default:
			valueDone()
		}
		if len(stack) == 0 && !dec.More() {
			return false
		}
	}
}

func TestUTF8(t *testing.T) {
	for _, tc := range []struct {
		body string
		bad  bool
	}{
		{`{"text":"héllo ✓ 😀"}`, false},
		{`{"text":"\ud83d\ude00"}`, false}, // a pair, escaped
		{"{\"text\":\"caf\xe9\"}", true},   // Latin-1 é
		{`{"text":"\ud800"}`, true},        // half a pair
		{`{"text":"\udc00\ud800"}`, true},  // halves in the wrong order
		{"{\"a\":1,\"a\":2}", false},       // duplicates are Duplicates' to report
		{"{\"text\":", false},              // malformed: the decoder's to report
		{"\xff", false},
	} {
		err := UTF8("the JSON body", []byte(tc.body))
		if tc.bad != (err != nil) || err != nil && parley.ErrorCode(err) != parley.EINVALID {
			t.Errorf("UTF8(%q) = %v, want refused: %v", tc.body, err, tc.bad)
		}
	}
}

// FuzzUTF8: a body UTF8 accepts decodes with encoding/json to the same strings the
// strict JSON v2 reader reads, so no two accepted bodies read as one.
func FuzzUTF8(f *testing.F) {
	for _, s := range []string{`{"text":"a"}`, `{"text":"\ud800"}`, "{\"text\":\"\xe9\"}", `["\ud83d\ude00"]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if UTF8("body", data) != nil {
			return
		}
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		if !jsontext.Value(data).IsValid(jsontext.AllowDuplicateNames(true)) {
			t.Fatalf("accepted %q, which is not valid UTF-8 JSON", data)
		}
	})
}
