package jsonenc

import (
	"encoding/json"
	"math"
	"testing"
)

func marshal(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestString(t *testing.T) {
	for _, s := range []string{
		"", "plain", `quote " and \ backslash`, "<b>&amp;</b>", "tab\tnew\nline\r",
		"\x00\x01\x1f\x7f", "\b\f", "café ☕ 日本", "\u2028\u2029", "bad \xff\xfe utf-8",
		"truncated \xe2\x82", "emoji 😀 at the end 😀",
	} {
		if got, want := string(String(nil, s)), marshal(t, s); got != want {
			t.Errorf("String(%q) = %s, want %s", s, got, want)
		}
	}
}

func TestFloat(t *testing.T) {
	for _, f := range []float64{
		0, math.Copysign(0, -1), 1, -1, 1.5, 1e-7, 1.234e-9, 1e20, 1e21, 123456789012345,
		1e15, 1e16, 1764300000.125, math.MaxFloat64, math.SmallestNonzeroFloat64,
	} {
		if got, want := string(Float(nil, f)), marshal(t, f); got != want {
			t.Errorf("Float(%v) = %s, want %s", f, got, want)
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got := string(Float(nil, f)); got != "null" {
			t.Errorf("Float(%v) = %s, want null", f, got)
		}
	}
}

func TestArray(t *testing.T) {
	each := func(b []byte, s *string) []byte { return String(b, *s) }
	for _, tc := range []struct {
		items []string
		want  string
	}{
		{nil, `[]`},
		{[]string{}, `[]`},
		{[]string{"a"}, `["a"]`},
		{[]string{"a", "<b>"}, `["a","\u003cb\u003e"]`},
	} {
		if got := string(Array(nil, tc.items, each)); got != tc.want {
			t.Errorf("Array(%q) = %s, want %s", tc.items, got, tc.want)
		}
	}
}

func TestStringAllocatesNothing(t *testing.T) {
	b := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { b = String(b[:0], "café <&> \u2028 \xff") }); n != 0 {
		t.Errorf("String allocated %v times, want 0", n)
	}
}

func FuzzStringIsMarshal(f *testing.F) {
	for _, s := range []string{"", "a", "<&>", "\u2028", "\xff", "é\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(String(nil, s)), marshal(t, s); got != want {
			t.Fatalf("String(%q) = %s, want %s", s, got, want)
		}
	})
}

func FuzzFloatIsMarshal(f *testing.F) {
	for _, x := range []float64{0, 1, -1.5, 1e-7, 1e21, 1764300000.125} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Skip("encoding/json refuses it")
		}
		if got, want := string(Float(nil, x)), marshal(t, x); got != want {
			t.Fatalf("Float(%v) = %s, want %s", x, got, want)
		}
	})
}
