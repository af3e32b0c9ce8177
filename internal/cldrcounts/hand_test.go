package cldrcounts

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestUnitOfRate reads a count CLDR writes as a rate ("{0}/شپه") as the
// number and its night word, and leaves any other pattern alone.
func TestUnitOfRate(t *testing.T) {
	for in, want := range map[string]string{"{0}/شپه": "{0} شپه", "{0}/түн": "{0} түн", "{0} nits": "{0} nits",
		"{0}/a b": "{0}/a b", "{0}/": "{0}/"} {
		if got := unitOfRate(in); got != want {
			t.Errorf("unitOfRate(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAddDisplayName adds the unit's one-word name after the number only
// when every pattern says the number and then one word.
func TestAddDisplayName(t *testing.T) {
	out := map[string][]string{"other": {"{0} شپه"}}
	addDisplayName(out, "شپي")
	if !slices.Contains(out["other"], "{0} شپي") {
		t.Errorf("other = %q, want {0} شپي added", out["other"])
	}
	before := map[string][]string{"other": {"àwọn alẹ́ {0}"}}
	addDisplayName(before, "alẹ́")
	if len(before["other"]) != 1 {
		t.Errorf("a night said before its number got %q", before["other"])
	}
	two := map[string][]string{"other": {"{0} gau"}}
	addDisplayName(two, "Ọtụtụ abali")
	if len(two["other"]) != 1 {
		t.Errorf("a name of two words got %q", two["other"])
	}
}

// TestHandCounts reads count_words.txt's lines and files a hand locale's
// counts with its night patterns, a particle written in, and leaves out a
// phrase of English words only.
func TestHandCounts(t *testing.T) {
	p := filepath.Join(t.TempDir(), "count_words.txt")
	text := "# comment: not a line\nfj: dua | rua | tolu\nfj nights: e {0} na bogi | {0} na bogi\nxx: one | to | set\nxx nights: {0} nits\n"
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	hand, err := ReadHand(p)
	if err != nil {
		t.Fatal(err)
	}
	if h := hand["fj"]; h == nil || len(h.Numbers) != 3 || h.Numbers[2][0] != "tolu" || len(h.Nights) != 2 {
		t.Fatalf("fj = %+v", h)
	}
	locs := addHand(t.TempDir(), nil, hand, nil)
	g := newGuard(map[string]bool{"to": true, "set": true, "nits": true}, locs)
	ps := &phrases{seen: map[string]phrase{}, conflict: map[string]bool{}}
	var dropped []string
	for _, l := range locs {
		dropped = append(dropped, g.localeNights(l, ps)...)
	}
	for _, want := range []string{"e tolu na bogi", "tolu na bogi", "e dua na bogi"} {
		if p, ok := ps.seen[foldKey(want)]; !ok || p.loc != "fj" {
			t.Errorf("%q not filed for fj", want)
		}
	}
	if p := ps.seen[foldKey("e tolu na bogi")]; p.n != 3 {
		t.Errorf("e tolu na bogi = %d, want 3", p.n)
	}
	if _, ok := ps.seen[foldKey("set nits")]; ok || !strings.Contains(strings.Join(dropped, ","), "set nits") {
		t.Errorf("set nits filed, dropped %q", dropped)
	}
}
