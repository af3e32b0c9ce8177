package cldrcounts

import "testing"

// TestRBNFSubset evaluates the rule syntax CLDR's spell-out sets use for one
// to thirty-one: literal rules, →→ remainders, ←← quotients, [optional]
// parts, =%set= and ←%set← substitutions, radix-20 keys and $(cardinal)$.
func TestRBNFSubset(t *testing.T) {
	r := newRBNF(map[string][][]string{
		"%spellout-cardinal": {{"-x", "minus →→;"}, {"0", "zero;"}, {"1", "one;"}, {"2", "two;"}, {"3", "three;"},
			{"10", "ten;"}, {"20", "twenty[-→→];"}, {"30", "thirty[-→→];"}},
		"%spellout-numbering": {{"0", "=%spellout-cardinal=;"}},
		"%vigesimal":          {{"1", "un;"}, {"2", "deux;"}, {"20/20", "←%vigesimal← vingt$(cardinal,one{}other{s})$[-→→];"}},
	})
	one := pluralRules{"pluralRule-count-one": "i = 1 and v = 0 @integer 1"}
	for _, c := range []struct {
		set  string
		n    int64
		want string
	}{
		{"%spellout-cardinal", 3, "three"},
		{"%spellout-cardinal", 20, "twenty"},
		{"%spellout-cardinal", 23, "twenty-three"},
		{"%spellout-numbering", 31, "thirty-one"},
		{"%vigesimal", 21, "un vingt-un"},
		{"%vigesimal", 40, "deux vingts"},
	} {
		got, err := r.format(c.set, c.n, one.category, 0)
		if err != nil || got != c.want {
			t.Errorf("format(%s, %d) = %q, %v; want %q", c.set, c.n, got, err, c.want)
		}
	}
}

// TestPluralCategories evaluates CLDR's cardinal conditions for whole
// numbers (Russian's one, few, many).
func TestPluralCategories(t *testing.T) {
	ru := pluralRules{
		"pluralRule-count-one":  "v = 0 and i % 10 = 1 and i % 100 != 11 @integer 1, 21",
		"pluralRule-count-few":  "v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4",
		"pluralRule-count-many": "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14 @integer 0, 5~19",
	}
	for n, want := range map[int64]string{1: "one", 2: "few", 5: "many", 11: "many", 12: "many", 21: "one", 22: "few", 25: "many"} {
		if got := ru.category(n); got != want {
			t.Errorf("category(%d) = %s, want %s", n, got, want)
		}
	}
}

// TestInflect writes a locale's endings onto its night patterns' words
// (Esperanto's accusative), never onto the number's place.
func TestInflect(t *testing.T) {
	l := &locale{name: "eo", nights: map[string][]string{"one": {"{0} nokto"}, "other": {"{0} noktoj"}}}
	inflect([]*locale{l}, map[string][]string{"eo": {"n"}})
	if got := l.nights["other"]; len(got) != 2 || got[1] != "{0} noktojn" {
		t.Errorf("other = %q, want {0} noktoj, {0} noktojn", got)
	}
	if got := l.nights["one"]; len(got) != 2 || got[1] != "{0} nokton" {
		t.Errorf("one = %q, want {0} nokto, {0} nokton", got)
	}
}

// TestPositionWordFits leaves out a word also meaning "other", an English
// word, another locale's other value and an ordinal that is a cardinal.
func TestPositionWordFits(t *testing.T) {
	g := &guard{english: map[string]bool{"none": true}, enNumbers: map[string]int64{}, seed: map[string]string{},
		exclude: map[string]bool{"drugi": true}, cardinal: map[string]bool{"dua": true}}
	val := map[string][]int64{"unua": {1}, "drugi": {2}, "none": {9}, "du": {2, 10}, "dua": {2}}
	var dropped []string
	got := g.positionWords([][]string{nil, {"unua"}, {"drugi", "du", "dua"}, nil, nil, nil, nil, nil, nil, {"none"}}, 10, val, true, &dropped)
	if len(got) != 1 || got[0] != "unua=1" || len(dropped) != 4 {
		t.Errorf("positionWords = %q, dropped %q; want unua=1 and four dropped", got, dropped)
	}
}
