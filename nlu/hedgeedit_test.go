package nlu

import "testing"

// TestHesitationEdit: a hesitation or "well" set off by pauses on both sides
// between two parts splits them; one that opens or closes the answer, or
// stands without both pauses, corrects nothing.
func TestHesitationEdit(t *testing.T) {
	for _, c := range []struct {
		text, head, tail string
		ok               bool
	}{
		{"austin, hmm, dallas", "austin", "dallas", true},
		{"austin, hmmm, dallas", "austin", "dallas", true},
		{"to austin, um, to dallas", "to austin", "to dallas", true},
		{"800 m - er - 1 km", "800 m", "1 km", true},
		{"two nights, well, three", "two nights", "three", true},
		{"800 m, , 1 km", "800 m", "1 km", true},
		{"hmm, dallas", "", "hmm, dallas", false},
		{"dallas, hmm", "", "dallas, hmm", false},
		{"dallas hmm houston", "", "dallas hmm houston", false},
		{"austin, ham, dallas", "", "austin, ham, dallas", false},
	} {
		head, tail, ok := HesitationEdit(c.text)
		if head != c.head || tail != c.tail || ok != c.ok {
			t.Errorf("HesitationEdit(%q) = %q, %q, %v; want %q, %q, %v", c.text, head, tail, ok, c.head, c.tail, c.ok)
		}
	}
}

// TestSettledTail: a repair's tail settles on its value after a rejecting
// reason, before a restatement with a yes, after a closing contrast, or
// before a predicate of sufficiency or a courtesy; other tails are none.
func TestSettledTail(t *testing.T) {
	for _, c := range []struct {
		tail, want string
		ok         bool
	}{
		{"too pricey, tagus view", "tagus view", true},
		{"that's too far, newark", "newark", true},
		{"a bit too late, the 5th", "the 5th", true},
		{"lisbon, yes lisbon", "lisbon", true},
		{"4, yeah 4", "4", true},
		{"boulder is closer but denver", "denver", true},
		{"4 is enough", "4", true},
		{"3 will do", "3", true},
		{"tagus view, please", "tagus view", true},
		{"lisbon, yes porto", "lisbon, yes porto", false},
		{"boulder but not denver", "boulder but not denver", false},
		{"too 5 stars, tagus view", "too 5 stars, tagus view", false},
		{"dallas", "dallas", false},
	} {
		got, ok := SettledTail(c.tail)
		if got != c.want || ok != c.ok {
			t.Errorf("SettledTail(%q) = %q, %v; want %q, %v", c.tail, got, ok, c.want, c.ok)
		}
	}
}

// TestJoinSpacedOrdinals: a day's own ordinal suffix typed apart from its
// digits is joined to them; another suffix, a longer number or a word that
// is no suffix is left as typed.
func TestJoinSpacedOrdinals(t *testing.T) {
	for text, want := range map[string]string{
		"may 27 th":        "may 27th",
		"june 1 st":        "june 1st",
		"the 22 nd":        "the 22nd",
		"the 3 rd, please": "the 3rd, please",
		"june 2 th":        "june 2 th",
		"3 star":           "3 star",
		"21 street":        "21 street",
		"2032 th":          "2032 th",
		"a1 st":            "a1 st",
	} {
		if got := joinSpacedOrdinals(text); got != want {
			t.Errorf("joinSpacedOrdinals(%q) = %q, want %q", text, got, want)
		}
	}
}
