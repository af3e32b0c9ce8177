package nlu

// Enum is a closed set of canonical values, each with optional synonyms, that a
// slot answer must map to.
type Enum struct {
	Values   []string
	Synonyms map[string][]string // canonical value -> synonyms
}

// enumForm is one way of saying a canonical value.
type enumForm struct {
	value string
	words []string
	key   string
}

// forms lists every value and synonym, Values order first, then canonical values
// that appear only in Synonyms, in sorted order.
func (e Enum) forms() []enumForm {
	var out []enumForm
	add := func(value, say string) {
		k := key(say)
		if k != "" {
			out = append(out, enumForm{value, words(k), k})
		}
	}
	listed := make(map[string]bool, len(e.Values))
	for _, v := range e.Values {
		listed[v] = true
		add(v, v)
		for _, s := range e.Synonyms[v] {
			add(v, s)
		}
	}
	for _, v := range sortedKeys(e.Synonyms) {
		if listed[v] {
			continue
		}
		add(v, v)
		for _, s := range e.Synonyms[v] {
			add(v, s)
		}
	}
	return out
}

// Match maps text to a canonical value (see EnumMatcher.Match). It indexes the
// enum on every call: a caller matching many messages builds Matcher once.
func (e Enum) Match(text string) (string, bool) { return e.Matcher().Match(text) }

// EnumMatcher is an Enum compiled for matching: its forms, and a Fuzzy index of
// their words. It is immutable and safe for concurrent use.
type EnumMatcher struct {
	forms []enumForm
	// vocab indexes the distinct words of the forms; formWords[i][j] is the
	// vocab index of forms[i].words[j].
	vocab     *Fuzzy
	formWords [][]int
}

// Matcher compiles the enum for Match.
func (e Enum) Matcher() *EnumMatcher {
	m := &EnumMatcher{forms: e.forms()}
	ids := map[string]int{}
	var vocab []string
	for _, f := range m.forms {
		ws := make([]int, len(f.words))
		for j, w := range f.words {
			id, ok := ids[w]
			if !ok {
				id = len(vocab)
				ids[w] = id
				vocab = append(vocab, w)
			}
			ws[j] = id
		}
		m.formWords = append(m.formWords, ws)
	}
	m.vocab = NewFuzzy(vocab)
	return m
}

// Match maps text to a canonical value: first the whole message equal to a value
// or synonym, then the leftmost whole-word occurrence of one inside the text, then
// the closest fuzzy match (Levenshtein distance at most 1 for words of 4 to 7
// letters, at most 2 for 8 or more; shorter words must match exactly).
func (m *EnumMatcher) Match(text string) (string, bool) {
	k := key(text)
	if k == "" || m == nil {
		return "", false
	}
	for _, f := range m.forms {
		if f.key == k {
			return f.value, true
		}
	}
	toks := tokenize(k)
	best, bestPos, bestLen := "", len(toks), 0
	for _, f := range m.forms {
		pos := findPhrase(toks, f.words, 0)
		if pos < 0 {
			continue
		}
		if pos < bestPos || (pos == bestPos && len(f.words) > bestLen) {
			best, bestPos, bestLen = f.value, pos, len(f.words)
		}
	}
	if bestLen > 0 {
		return best, true
	}
	return m.fuzzy(toks)
}

// fuzzy is Match's last resort: the form whose words, side by side in the text,
// are each within the tolerance of their length, with the smallest summed
// distance (ties to the earlier form).
func (m *EnumMatcher) fuzzy(toks []token) (string, bool) {
	// near[i] are the vocabulary words within reach of toks[i].
	near := make([][]FuzzyMatch, len(toks))
	for i, t := range toks {
		near[i] = m.vocab.Near(nil, t.text, MaxFuzzyDistance)
	}
	best, bestDist := "", -1
	for fi, f := range m.forms {
		n := len(f.words)
		for i := 0; n > 0 && i+n <= len(toks); i++ {
			d, ok := windowDistance(near[i:i+n], m.formWords[fi], f.words)
			if ok && (bestDist < 0 || d < bestDist) {
				best, bestDist = f.value, d
			}
		}
	}
	return best, bestDist >= 0
}

// windowDistance sums the distances of a window of message words to a form's
// words, each within the tolerance of the form's word.
func windowDistance(near [][]FuzzyMatch, ids []int, want []string) (int, bool) {
	total := 0
	for j, id := range ids {
		d := -1
		for _, m := range near[j] {
			if m.Index == id {
				d = m.Distance
				break
			}
		}
		if d < 0 || d > FuzzyTolerance(want[j]) {
			return 0, false
		}
		total += d
	}
	return total, true
}
