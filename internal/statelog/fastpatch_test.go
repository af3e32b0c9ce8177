package statelog

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	jsonpatch "github.com/evanphx/json-patch/v5"
	"github.com/tidwall/gjson"
	"pgregory.net/rapid"
)

// TestFastPatchIsStandardAndExact: for random sequences of states written in one
// JSON style, each patch fastBack writes is RFC 6902 that evanphx/json-patch applies
// to a value equal to the previous state, and splice (what Rebuild applies it with)
// gives the previous state byte for byte when the states are compact.
func TestFastPatchIsStandardAndExact(t *testing.T) {
	fast := 0
	rapid.Check(t, func(rt *rapid.T) {
		doc := map[string]any{"messages": []any{}, "slots": map[string]any{}}
		mutate(rt, doc, 0)
		style := rapid.IntRange(0, 2).Draw(rt, "style")
		prev := encodeStyle(rt, doc, style)
		n := rapid.IntRange(1, 20).Draw(rt, "versions")
		for v := 1; v <= n; v++ {
			mutate(rt, doc, v)
			state := encodeStyle(rt, doc, style)
			patch, ok := fastBack(prev, state)
			if !ok {
				rt.Fatalf("no fast patch from\n%s\nto\n%s", state, prev)
			}
			fast++
			checkStandard(rt, state, patch, prev)
			if style != 0 {
				ops, ok := decodeSplice(patch, nil)
				if !ok {
					rt.Fatalf("splice does not decode its own patch %s", patch)
				}
				got, ok := splice(state, ops)
				if !ok || !bytes.Equal(got, prev) {
					rt.Fatalf("splice(%s, %s) = %s, %v\nwant %s", state, patch, got, ok, prev)
				}
			}
			prev = state
		}
	})
	if fast == 0 {
		t.Fatal("the fast path was never taken")
	}
}

// checkStandard fails unless evanphx/json-patch applies patch to state and gives a
// JSON value equal to want.
func checkStandard(rt *rapid.T, state, patch, want []byte) {
	p, err := jsonpatch.DecodePatch(patch)
	if err != nil {
		rt.Fatalf("DecodePatch(%s): %v", patch, err)
	}
	got, err := p.Apply(state)
	if err != nil {
		rt.Fatalf("Apply(%s, %s): %v", state, patch, err)
	}
	var a, b any
	if json.Unmarshal(got, &a) != nil || json.Unmarshal(want, &b) != nil || !reflect.DeepEqual(a, b) {
		rt.Fatalf("evanphx applied %s to\n%s\n= %s\nwant %s", patch, state, got, want)
	}
}

func encodeStyle(rt *rapid.T, doc map[string]any, style int) []byte {
	var b []byte
	var err error
	switch style {
	case 0:
		b, err = json.MarshalIndent(doc, "", "  ")
	case 1:
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		err = enc.Encode(doc)
		b = bytes.TrimRight(buf.Bytes(), "\n")
	default:
		b, err = json.Marshal(doc)
	}
	if err != nil {
		rt.Fatal(err)
	}
	return b
}

// TestBookingTakesTheFastPath: the booking conversation's patches come from the
// fast path, are no larger than the general diff's, and rebuild each state.
func TestBookingTakesTheFastPath(t *testing.T) {
	raw, err := os.ReadFile("testdata/booking.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	states := bytes.Split(bytes.TrimSpace(raw), []byte("\n"))
	fastBytes, diffBytes := 0, 0
	for v := 1; v < len(states); v++ {
		patch, ok := fastBack(states[v-1], states[v])
		if !ok {
			t.Fatalf("version %d: no fast patch", v+1)
		}
		general, err := diff(states[v], states[v-1])
		if err != nil {
			t.Fatal(err)
		}
		fastBytes, diffBytes = fastBytes+len(patch), diffBytes+len(general)
		if got, err := apply(states[v], patch); err != nil || !bytes.Equal(got, states[v-1]) {
			t.Fatalf("version %d: apply = %s, %v", v+1, got, err)
		}
	}
	if fastBytes > diffBytes {
		t.Fatalf("fast patches %d bytes, general %d", fastBytes, diffBytes)
	}
}

func TestDecodeSplice(t *testing.T) {
	tests := []struct {
		name  string
		patch string
		ok    bool
	}{
		{"empty", `[]`, true},
		{"what fastBack writes", `[{"op":"remove","path":"/a/1"},{"op":"add","path":"/a/0","value":[1]},{"op":"replace","path":"/b~1c","value":{"x":1}},{"op":"remove","path":"/s/k~0"}]`, true},
		{"another op", `[{"op":"move","from":"/a","path":"/b"}]`, false},
		{"a deeper path", `[{"op":"replace","path":"/a/b","value":1}]`, false},
		{"an escaped path", `[{"op":"replace","path":"/\u0061","value":1}]`, false},
		{"a leading zero", `[{"op":"add","path":"/a/01","value":1}]`, true},
		{"an extra member", `[{"op":"remove","path":"/a/1","value":1}]`, false},
		{"not an array", `{"op":"remove","path":"/a/1"}`, false},
		{"truncated", `[{"op":"remove","path":"/a/1"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, ok := decodeSplice([]byte(tt.patch), nil); ok != tt.ok {
				t.Fatalf("decodeSplice(%s) ok = %v, want %v", tt.patch, ok, tt.ok)
			}
		})
	}
}

// FuzzApply: apply (the decoder of stored patches and splice, else the library)
// never panics, and what splice gives from valid JSON is valid JSON.
func FuzzApply(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,3],"s":{"k":1,"j":2},"b":"x"}`), []byte(`[{"op":"remove","path":"/a/2"},{"op":"add","path":"/a/0","value":0},{"op":"remove","path":"/s/j"},{"op":"replace","path":"/b","value":null}]`))
	f.Add([]byte(`{"a":[]}`), []byte(`[{"op":"add","path":"/a/0","value":{"x":"]"}}]`))
	f.Add([]byte(` { "a" : [ 1 ] } `), []byte(`[{"op":"remove","path":"/a/0"}]`))
	f.Fuzz(func(t *testing.T, state, patch []byte) {
		ops, ok := decodeSplice(patch, nil)
		if !ok {
			return
		}
		out, ok := splice(state, ops)
		if ok && gjson.ValidBytes(state) && gjson.ValidBytes(patch) && !gjson.ValidBytes(out) {
			t.Fatalf("splice(%s, %s) = %s: not JSON", state, patch, out)
		}
		_, _ = apply(state, patch)
	})
}
