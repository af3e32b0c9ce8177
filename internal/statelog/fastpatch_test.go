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
			patch, ok := fastBack(nil, prev, state)
			if !ok {
				rt.Fatalf("no fast patch from\n%s\nto\n%s", state, prev)
			}
			fast++
			checkStandard(rt, state, patch, prev)
			checkSplice(rt, state, patch, prev)
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

// checkSplice fails unless splice gives what spliceSteps gives (the operations
// applied one after the other) and spliceEqual agrees with both, for patch and
// for what it gives with its operations shuffled and repeated (other orders of
// removes and adds than fastBack writes).
func checkSplice(t interface{ Fatalf(string, ...any) }, state, patch, prev []byte) {
	ops, ok := decodeSplice(patch, nil)
	if !ok {
		t.Fatalf("splice does not decode %s", patch)
	}
	sameSplice(t, state, ops, prev)
	for i := range ops {
		rev := append([]spliceOp(nil), ops[i:]...)
		rev = append(rev, ops[:i]...)
		sameSplice(t, state, rev, prev)
		sameSplice(t, state, append(rev, ops...), prev)
	}
}

func sameSplice(t interface{ Fatalf(string, ...any) }, state []byte, ops []spliceOp, want []byte) {
	got, ok := splice(state, ops)
	steps, stepsOK := spliceSteps(state, ops)
	if ok != stepsOK || !bytes.Equal(got, steps) {
		t.Fatalf("splice(%s, %q) = %s, %v; spliceSteps = %s, %v", state, ops, got, ok, steps, stepsOK)
	}
	for _, w := range [][]byte{want, got} {
		applies, equal := spliceEqual(state, ops, w)
		if applies != ok || equal != (ok && bytes.Equal(got, w)) {
			t.Fatalf("spliceEqual(%s, %q, %s) = %v, %v; splice = %s, %v", state, ops, w, applies, equal, got, ok)
		}
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

// encodeStyle writes doc indented (style 0), as json.Encoder does without escaping
// HTML (1), or compact (any other).
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
		patch, ok := fastBack(nil, states[v-1], states[v])
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

// FuzzSplice: splice and spliceEqual agree with spliceSteps, the operations
// applied one after the other, on any state and patch splice decodes.
func FuzzSplice(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,3],"s":{"k":1,"j":2},"b":"x"}`), []byte(`[{"op":"remove","path":"/a/2"},{"op":"add","path":"/a/0","value":0},{"op":"remove","path":"/s/j"},{"op":"replace","path":"/b","value":null}]`))
	f.Add([]byte(`{"a":[ 1 ]}`), []byte(`[{"op":"remove","path":"/a/0"},{"op":"add","path":"/a/0","value":2},{"op":"add","path":"/a/1","value":3}]`))
	f.Add([]byte(`{"a":[1 , 2,3 ],"b":{ "x" : 1 , "y":2 }}`), []byte(`[{"op":"remove","path":"/a/0"},{"op":"add","path":"/a/1","value":[4]},{"op":"remove","path":"/b/x"},{"op":"remove","path":"/b/y"},{"op":"replace","path":"/a","value":[]},{"op":"add","path":"/a/0","value":5}]`))
	f.Add([]byte(` { "a" : [ 1 ] } `), []byte(`[{"op":"remove","path":"/a/0"}]`))
	f.Fuzz(func(t *testing.T, state, patch []byte) {
		ops, ok := decodeSplice(patch, nil)
		if !ok {
			return
		}
		steps, _ := spliceSteps(state, ops)
		sameSplice(t, state, ops, steps)
		sameSplice(t, state, ops, append(append([]byte(nil), steps...), ' '))
	})
}

// FuzzScan: stringEnd finds where a string ends as a byte-by-byte walk does.
func FuzzScan(f *testing.F) {
	f.Add([]byte(`"a\\\"b\\" x"`))
	f.Add([]byte(`"\\\\"`))
	f.Add([]byte(`"abc`))
	f.Fuzz(func(t *testing.T, b []byte) {
		for i := range b {
			if b[i] == '"' {
				if got, want := stringEnd(b, i), stringEndSteps(b, i); got != want {
					t.Fatalf("stringEnd(%q, %d) = %d, want %d", b, i, got, want)
				}
			}
		}
	})
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
