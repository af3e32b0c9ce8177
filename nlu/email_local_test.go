package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestEmailLocalPartWhole (issue 38 round 18): an address's local part is
// kept whole in every RFC 5322 dot-atom shape, or the address is not read.
func TestEmailLocalPartWhole(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"old.spines@bindery.org", "old.spines@bindery.org"},
		{"my email: ana.r+gym@mail.co.uk thanks", "ana.r+gym@mail.co.uk"},
		{"j_doe-2@x.io", "j_doe-2@x.io"},
		{"o'brien@tara.ie", "o'brien@tara.ie"},
		{"bob!smith@x.com", "bob!smith@x.com"},
		{"'sam@x.org'", "sam@x.org"},
		{`{"email":"dev@x.org"}`, "dev@x.org"},
		{"email=dev.ana@proton.me", "dev.ana@proton.me"},
		{"...sam@x.org", "sam@x.org"},
		{`"jo doe"@x.org`, ""},
		{`"jo.doe"@x.org`, ""},
		{"a..b@x.org", ""},
		{"a.@x.org", ""},
		{`jo\"x@x.org`, ""},
	} {
		got, ok := ExtractEmail(tt.in)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("ExtractEmail(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

// TestGeneratedAddressesStoredWhole: a generated valid dot-atom address,
// said alone or in a sentence, is stored whole.
func TestGeneratedAddressesStoredWhole(t *testing.T) {
	atext := []rune("abcdefghijklmnopqrstuvwxyz0123456789_+-!#$%&*^`|~")
	words := []string{"old", "new", "former", "ex", "no", "reply", "my", "wife", "not", "never", "scratch", "use", "sorry"}
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 4).Draw(rt, "atoms")
		var atoms []string
		for i := 0; i < n; i++ {
			if rapid.Bool().Draw(rt, "word") {
				atoms = append(atoms, rapid.SampledFrom(words).Draw(rt, "w"))
				continue
			}
			a := rapid.SliceOfN(rapid.SampledFrom(atext), 1, 8).Draw(rt, "atom")
			atoms = append(atoms, string(a))
		}
		// A local part starting with a quote-like atext ("'", "`") is
		// read as a quote around the address: generated ones start with a
		// letter or digit.
		local := strings.Join(atoms, ".")
		if c := local[0]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			local = "a" + local
		}
		addr := local + "@" + rapid.SampledFrom([]string{"bindery.org", "mail.co.uk", "x.io"}).Draw(rt, "domain")
		frame := rapid.SampledFrom([]string{"%s", "it's %s", "email me at %s please", "%s.", "(%s)"}).Draw(rt, "frame")
		text := strings.Replace(frame, "%s", addr, 1)
		got, ok := ExtractEmail(text)
		if !ok || got != strings.ToLower(addr) {
			t.Fatalf("%q: %q, %v", text, got, ok)
		}
	})
}
