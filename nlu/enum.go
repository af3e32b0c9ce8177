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
	listed := make(map[string]bool, len(e.Values))
	for _, v := range e.Values {
		listed[v] = true
		out = e.appendForms(out, v)
	}
	for _, v := range sortedKeys(e.Synonyms) {
		if !listed[v] {
			out = e.appendForms(out, v)
		}
	}
	return out
}

// appendForms appends the value v and its synonyms, each that says something.
func (e Enum) appendForms(out []enumForm, v string) []enumForm {
	for _, say := range append([]string{v}, e.Synonyms[v]...) {
		if k := key(say); k != "" {
			out = append(out, enumForm{v, words(k), k})
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
	if v, ok := m.leftmost(toks); ok {
		return v, true
	}
	return m.fuzzy(toks)
}

// leftmost is the value of the leftmost whole-word form in toks (the longer at
// one place, then the earlier form).
func (m *EnumMatcher) leftmost(toks []token) (string, bool) {
	best, bestPos, bestLen := "", len(toks), 0
	for _, f := range m.forms {
		pos := findPhrase(toks, f.words, 0)
		if pos >= 0 && (pos < bestPos || (pos == bestPos && len(f.words) > bestLen)) {
			best, bestPos, bestLen = f.value, pos, len(f.words)
		}
	}
	return best, bestLen > 0
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
		if d, ok := m.formDistance(near, fi); ok && (bestDist < 0 || d < bestDist) {
			best, bestDist = f.value, d
		}
	}
	return best, bestDist >= 0
}

// formDistance is the smallest distance of form fi to a window of the message,
// the earlier window on a tie; false when no window is within reach.
func (m *EnumMatcher) formDistance(near [][]FuzzyMatch, fi int) (int, bool) {
	f := m.forms[fi]
	n := len(f.words)
	best := -1
	for i := 0; n > 0 && i+n <= len(near); i++ {
		if d, ok := windowDistance(near[i:i+n], m.formWords[fi], f.words); ok && (best < 0 || d < best) {
			best = d
		}
	}
	return best, best >= 0
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
