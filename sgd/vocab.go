package sgd

import (
	_ "embed"
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
)

// Vocabulary is a service's words for the values of its slots, learned from a
// split's annotations (LearnVocabulary): service, slot, value, the user's
// expressions that mean it. Every value of a categorical slot is one the
// schema lists among its possible values; a free slot's is one it lists or one
// the service was called with as users said it. Every expression means
// exactly one value of its slot.
type Vocabulary map[string]map[string]map[string][]string

// VocabularyOptions are the thresholds an expression passes to be kept.
type VocabularyOptions struct {
	// MinCount is how many times, at least, the expression must have meant the
	// value.
	MinCount int
	// MinPrecision is the share, at least, of the expression's occurrences
	// (see LearnVocabulary) in which it meant the value.
	MinPrecision float64
	// Exclude holds dialogue ids not learned from (a held-out sample's).
	Exclude map[string]bool
}

// DefaultVocabularyOptions are the thresholds of sgd/vocabulary.json: an
// expression seen at least 4 times meaning the value, and meaning it in at
// least 80% of the places it occurs. Four keeps a word one crowd worker
// repeated in three dialogues out; 80% keeps out words that come with a value
// only because that value is common (a city, "restaurant", "find").
var DefaultVocabularyOptions = VocabularyOptions{MinCount: 4, MinPrecision: 0.8}

// vocabCounts are the learner's counts for one slot of one service: how often
// each expression meant each value, and how often it occurred at all.
type vocabCounts struct {
	meant map[string]map[string]int
	seen  map[string]int
	// called counts, for a free slot that lists no values, the values the
	// service was called with as the user said them: the service's own words.
	called map[string]int
	// spelled holds each expression's spellings as the user wrote them ("rom-com"
	// for "rom com"), which the flows' lookup folds without splitting words.
	spelled map[string]map[string]bool
}

// vocabLearner counts, per service and slot, over the dialogues it reads.
type vocabLearner struct {
	services map[string]*Service
	counts   map[string]map[string]*vocabCounts
	exclude  map[string]bool
}

// LearnVocabulary learns each service's words for its slots' possible values
// from a split's dialogues files (verbatim, as Sample takes them):
//
//   - A categorical slot: at the user turn where a value first enters the
//     dialogue state, and the value's own words are not all in the utterance,
//     each word and pair of words of the utterance meant that value. An
//     expression occurs at every user turn of the service whose utterance
//     holds it.
//   - A free slot whose schema lists possible values (a restaurant's cuisine),
//     or a plain-text one that lists none (a genre; calledValues): at each
//     call of the service with the slot as a parameter, each value the state
//     holds for the slot that is not the call's (the user's word, "Punjabi",
//     for the call's "Indian") meant it. An expression occurs at every call
//     made with it in the state. The values it may mean are those listed and
//     the service's own (ownValues: called as users said them at least
//     MinCount times); its words are the user's whole value, with the user's
//     spelling beside them ("rom-com").
//
// An expression is kept for a value when it meant it at least MinCount times,
// in at least MinPrecision of its occurrences, and meant no other value of
// the slot that often; an expression that is itself a possible value, or a
// number, is never kept. The result is deterministic: sorted expressions.
func LearnVocabulary(services []Service, files [][]byte, opts VocabularyOptions) (Vocabulary, error) {
	l := &vocabLearner{services: map[string]*Service{}, counts: map[string]map[string]*vocabCounts{}, exclude: opts.Exclude}
	for i := range services {
		l.services[services[i].Name] = &services[i]
	}
	for i, data := range files {
		var dialogues []Dialogue
		if err := decodeJSON(data, &dialogues); err != nil {
			return nil, parley.WrapError(parley.EINVALID, err, "sgd vocabulary: file %d does not decode", i+1)
		}
		for j := range dialogues {
			l.read(&dialogues[j])
		}
	}
	return l.vocabulary(opts), nil
}

// read counts one dialogue, frame by frame.
func (l *vocabLearner) read(d *Dialogue) {
	if l.exclude[d.ID] {
		return
	}
	entered := map[string]bool{} // service/slot/value already in the state
	var lastState = map[string]*State{}
	for ti := range d.Turns {
		t := &d.Turns[ti]
		for fi := range t.Frames {
			f := &t.Frames[fi]
			svc := l.services[f.Service]
			if svc == nil {
				continue
			}
			if t.Speaker == SpeakerUser && f.State != nil {
				l.readUser(svc, t.Utterance, f, entered)
				lastState[f.Service] = f.State
			} else if f.ServiceCall != nil && lastState[f.Service] != nil {
				l.readCall(svc, f.ServiceCall, lastState[f.Service])
			}
		}
	}
}

// readUser counts a user turn for the service's categorical slots.
func (l *vocabLearner) readUser(svc *Service, utterance string, f *Frame, entered map[string]bool) {
	st := f.State
	words := vocabWords(utterance)
	exprs := expressions(words)
	for i := range svc.Slots {
		sl := &svc.Slots[i]
		if !sl.IsCategorical || !learnable(sl) {
			continue
		}
		c := l.slotCounts(svc.Name, sl.Name)
		for _, e := range exprs {
			c.seen[e]++
		}
		for _, v := range st.SlotValues[sl.Name] {
			key := svc.Name + "/" + sl.Name + "/" + v
			if entered[key] || !slices.Contains(sl.PossibleValues, v) {
				continue
			}
			entered[key] = true
			if !informs(f, sl.Name, v) || containsAll(words, vocabWords(v)) {
				continue
			}
			for _, e := range exprs {
				c.mean(e, v)
			}
		}
	}
}

// informs reports whether the user's own acts give the slot the value (not an
// offer or a default the user accepts: "that suits me" says no fare type).
func informs(f *Frame, slot, value string) bool {
	return slices.ContainsFunc(f.Actions, func(a Act) bool {
		return a.Act == ActInform && a.Slot == slot && slices.Contains(a.Values, value)
	})
}

// learnable reports whether a slot's values are learned: it lists some, and
// they are words, not numbers or booleans, which the engine reads itself
// ("two people" is 2, "yes" True).
func learnable(sl *Slot) bool {
	if len(sl.PossibleValues) == 0 {
		return false
	}
	return !slices.ContainsFunc(sl.PossibleValues, func(v string) bool {
		return isNumber(v) || booleanSynonyms[v] != nil
	})
}

// readCall counts a service call for the service's free slots with possible
// values, or with values of their own (calledValues).
func (l *vocabLearner) readCall(svc *Service, call *ServiceCall, st *State) {
	for i := range svc.Slots {
		sl := &svc.Slots[i]
		if sl.IsCategorical || !learnable(sl) && !calledValues(sl) {
			continue
		}
		p, ok := call.Parameters[sl.Name]
		if !ok {
			continue
		}
		c := l.slotCounts(svc.Name, sl.Name)
		for _, u := range st.SlotValues[sl.Name] {
			e := strings.Join(vocabWords(u), " ")
			if e == "" {
				continue
			}
			c.seen[e]++
			if strings.EqualFold(u, p) {
				c.called[p]++
				continue
			}
			c.mean(e, p)
			if spelling := strings.ToLower(u); spelling != e {
				if c.spelled[e] == nil {
					c.spelled[e] = map[string]bool{}
				}
				c.spelled[e][spelling] = true
			}
		}
	}
}

// calledValues reports whether a free slot that lists no values is learned
// from the service's calls: its values are plain text (not a date, time, city
// or count, which the engine reads itself, nor a name or an address, which are
// the user's to give), so the service's own words for them are the values it
// is called with when the user said exactly that ("Comedy" for a genre).
func calledValues(sl *Slot) bool {
	if sl.IsCategorical || len(sl.PossibleValues) > 0 || slotType(sl) != flows.TypeText {
		return false
	}
	words := descWords(vocabWords(sl.Description))
	return !words.has("name", "names", "address", "title", "number")
}

func (l *vocabLearner) slotCounts(service, slot string) *vocabCounts {
	if l.counts[service] == nil {
		l.counts[service] = map[string]*vocabCounts{}
	}
	c := l.counts[service][slot]
	if c == nil {
		c = &vocabCounts{meant: map[string]map[string]int{}, seen: map[string]int{}, called: map[string]int{}, spelled: map[string]map[string]bool{}}
		l.counts[service][slot] = c
	}
	return c
}

func (c *vocabCounts) mean(expr, value string) {
	if c.meant[expr] == nil {
		c.meant[expr] = map[string]int{}
	}
	c.meant[expr][value]++
}

// vocabulary keeps the expressions that pass the thresholds.
func (l *vocabLearner) vocabulary(opts VocabularyOptions) Vocabulary {
	out := Vocabulary{}
	for service, slots := range l.counts {
		for slot, c := range slots {
			if kept := l.slotWords(service, slot, c, opts); len(kept) > 0 {
				if out[service] == nil {
					out[service] = map[string]map[string][]string{}
				}
				out[service][slot] = kept
			}
		}
	}
	return out
}

// slotWords are the kept expressions of one slot by value, sorted, each with
// the user's other spellings of it: a value is one the slot lists or one of
// the service's own (ownValues), and no expression is a value itself.
func (l *vocabLearner) slotWords(service, slot string, c *vocabCounts, opts VocabularyOptions) map[string][]string {
	values, own := l.possibleValues(service, slot), c.ownValues(opts)
	sl, _ := l.services[service].Slot(slot)
	for v := range own {
		values[strings.Join(vocabWords(v), " ")] = true
	}
	// A free slot's expressions are whole values the user gave ("pizza and
	// pasta"), not words picked from a sentence: no word of theirs is weighed.
	whole := !sl.IsCategorical
	var out map[string][]string
	for expr, meant := range c.meant {
		v, ok := c.onlyValue(expr, meant, opts)
		if !ok || values[expr] || isNumber(expr) || !whole && !c.specific(expr, v, opts) || !own[v] && !slices.Contains(sl.PossibleValues, v) {
			continue
		}
		if out == nil {
			out = map[string][]string{}
		}
		out[v] = append(out[v], expr)
		for spelling := range c.spelled[expr] {
			out[v] = append(out[v], spelling)
		}
	}
	for _, exprs := range out {
		sort.Strings(exprs)
	}
	return out
}

//go:embed vocabulary_function_words.txt
var vocabFunctionWordsText string

// vocabFunctionWords are the words of vocabulary_function_words.txt.
var vocabFunctionWords = func() map[string]bool {
	words := map[string]bool{}
	for _, line := range strings.Split(vocabFunctionWordsText, "\n") {
		if !strings.HasPrefix(line, "#") {
			for _, w := range strings.Fields(line) {
				words[w] = true
			}
		}
	}
	return words
}()

// specific reports whether an expression can mean a value by itself: none of
// its words is a function word, and a pair of words adds to its words: neither
// is kept alone for the value ("blues concert" beside "concert" says no
// more), nor means another value of the slot at least MinCount times
// ("very costly" is a modifier's work on "costly", which the learner does not
// read).
func (c *vocabCounts) specific(expr, value string, opts VocabularyOptions) bool {
	words := strings.Fields(expr)
	if slices.ContainsFunc(words, func(w string) bool { return vocabFunctionWords[w] }) {
		return false
	}
	if len(words) == 1 {
		return true
	}
	for _, w := range words {
		if v, ok := c.onlyValue(w, c.meant[w], opts); ok && v == value {
			return false
		}
		for other, n := range c.meant[w] {
			if other != value && n >= opts.MinCount {
				return false
			}
		}
	}
	return true
}

// ownValues are the values of a slot that lists none that the service was
// called with, as the user said them, at least MinCount times: the only values
// its expressions may mean (nil for a slot that lists values).
func (c *vocabCounts) ownValues(opts VocabularyOptions) map[string]bool {
	var out map[string]bool
	for v, n := range c.called {
		if n >= opts.MinCount {
			if out == nil {
				out = map[string]bool{}
			}
			out[v] = true
		}
	}
	return out
}

// onlyValue is the one value expr passes the thresholds for.
func (c *vocabCounts) onlyValue(expr string, meant map[string]int, opts VocabularyOptions) (string, bool) {
	var kept []string
	for v, n := range meant {
		if n >= opts.MinCount && float64(n) >= opts.MinPrecision*float64(c.seen[expr]) {
			kept = append(kept, v)
		}
	}
	if len(kept) != 1 {
		return "", false
	}
	return kept[0], true
}

// possibleValues are a slot's possible values in folded words.
func (l *vocabLearner) possibleValues(service, slot string) map[string]bool {
	out := map[string]bool{}
	for _, sl := range l.services[service].Slots {
		if sl.Name == slot {
			for _, v := range sl.PossibleValues {
				out[strings.Join(vocabWords(v), " ")] = true
			}
		}
	}
	return out
}

// vocabWords are the lower-case words of s.
func vocabWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	})
}

// expressions are the distinct words and pairs of words of an utterance.
func expressions(words []string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(e string) {
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	for i, w := range words {
		add(w)
		if i+1 < len(words) {
			add(w + " " + words[i+1])
		}
	}
	return out
}

func containsAll(words, of []string) bool {
	return len(of) > 0 && !slices.ContainsFunc(of, func(w string) bool { return !slices.Contains(words, w) })
}

func isNumber(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) && r != ' ' }) < 0
}

// MarshalVocabulary writes a vocabulary as indented JSON, keys sorted.
func MarshalVocabulary(v Vocabulary) ([]byte, error) {
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "sgd vocabulary")
	}
	return append(out, '\n'), nil
}

// vocabulary.json is LearnVocabulary of the train split (DefaultVocabularyOptions,
// the held-out samples fresh6/C and fresh7/D left out), with the dev services
// the split lacks given their domain's words (TransferVocabulary), made
// offline by
//
//	parley-tools sgd vocabulary -exclude testdata/sgd/fresh6/C -exclude testdata/sgd/fresh7/D \
//	  -to testdata/sgd/dev_schema.json -o sgd/vocabulary.json \
//	  testdata/sgd/train_schema.json TRAIN/dialogues_*.json
//
//go:embed vocabulary.json
var learnedVocabularyJSON []byte

// learnedVocabulary is vocabulary.json, which the generated flows use.
var learnedVocabulary = func() Vocabulary {
	var v Vocabulary
	if err := json.Unmarshal(learnedVocabularyJSON, &v); err != nil {
		panic("sgd: vocabulary.json: " + err.Error()) // embedded, checked by tests
	}
	return v
}()

// words are the learned expressions of the slot's values in the service, each
// value one a categorical slot lists (a schema of the same service name
// elsewhere may list others: those are left out), or, for a free slot, one the
// service was called with (LearnVocabulary), nil when there are none.
func (v Vocabulary) words(service string, sl *Slot) map[string][]string {
	var out map[string][]string
	for value, exprs := range v[service][sl.Name] {
		if sl.IsCategorical && !slices.Contains(sl.PossibleValues, value) {
			continue
		}
		if out == nil {
			out = map[string][]string{}
		}
		out[value] = slices.Clone(exprs)
	}
	return out
}

// withoutDomain is v without the services of a domain: the vocabulary learned
// without that domain's dialogues, as a service's words come only from its own
// frames or, by TransferVocabulary, from its domain's siblings'.
func (v Vocabulary) withoutDomain(d string) Vocabulary {
	out := Vocabulary{}
	for service, slots := range v {
		if domain(service) != d {
			out[service] = slots
		}
	}
	return out
}

// TransferVocabulary gives each service of to that from lacks (a dev service
// the train split never saw) the learned words of the same slot in the
// services of its domain that from holds (Media_1's genre for Media_2's): the
// slot of the same name, else the one whose description shares a word with
// its description that singles each out in its own service ("food": the
// cuisine of Restaurants_1, the category of Restaurants_2). An expression the
// siblings learned for two values is dropped; a categorical slot keeps only
// the values it lists. The result is v with the transferred services added.
func TransferVocabulary(v Vocabulary, from, to []Service) Vocabulary {
	known := map[string]*Service{}
	for i := range from {
		known[from[i].Name] = &from[i]
	}
	out := Vocabulary{}
	for service, slots := range v {
		out[service] = slots
	}
	for i := range to {
		svc := &to[i]
		if known[svc.Name] != nil {
			continue
		}
		for j := range svc.Slots {
			sl := &svc.Slots[j]
			if words := transferSlot(v, from, svc, sl); len(words) > 0 {
				if out[svc.Name] == nil {
					out[svc.Name] = map[string]map[string][]string{}
				}
				out[svc.Name][sl.Name] = words
			}
		}
	}
	return out
}

// transferSlot is the union of the words the sibling slots of sl learned, each
// expression meaning one value.
func transferSlot(v Vocabulary, from []Service, svc *Service, sl *Slot) map[string][]string {
	meaning := map[string]string{}
	conflict := map[string]bool{}
	for i := range from {
		other := &from[i]
		if domain(other.Name) != domain(svc.Name) {
			continue
		}
		osl := sameSlot(other, svc, sl)
		if osl == nil {
			continue
		}
		for value, exprs := range v[other.Name][osl.Name] {
			if sl.IsCategorical && !slices.Contains(sl.PossibleValues, value) {
				continue
			}
			for _, e := range exprs {
				if m, ok := meaning[e]; ok && m != value {
					conflict[e] = true
				}
				meaning[e] = value
			}
		}
	}
	var out map[string][]string
	for e, value := range meaning {
		if conflict[e] {
			continue
		}
		if out == nil {
			out = map[string][]string{}
		}
		out[value] = append(out[value], e)
	}
	for _, exprs := range out {
		sort.Strings(exprs)
	}
	return out
}

// domain is a service's name without its number (Restaurants of Restaurants_2).
func domain(service string) string {
	if i := strings.LastIndexByte(service, '_'); i > 0 {
		return service[:i]
	}
	return service
}

// sameSlot is the slot of other that is sl of svc: the one of the same name and
// kind, else the only one of the same kind whose description shares with sl's a
// word no other slot of either service has in its description.
func sameSlot(other, svc *Service, sl *Slot) *Slot {
	var match *Slot
	for i := range other.Slots {
		osl := &other.Slots[i]
		if osl.IsCategorical != sl.IsCategorical {
			continue
		}
		if osl.Name == sl.Name {
			return osl
		}
		if match == nil && sharesSingling(other, osl, svc, sl) {
			match = osl
		}
	}
	return match
}

// sharesSingling reports whether the descriptions of a and b share a word
// (not a function word) that no other slot's description in its service holds.
func sharesSingling(as *Service, a *Slot, bs *Service, b *Slot) bool {
	bw := vocabWords(b.Description)
	for _, w := range vocabWords(a.Description) {
		if vocabFunctionWords[w] || !slices.Contains(bw, w) {
			continue
		}
		if singles(as, a, w) && singles(bs, b, w) {
			return true
		}
	}
	return false
}

// singles reports whether w is in no description of svc's slots but sl's.
func singles(svc *Service, sl *Slot, w string) bool {
	for i := range svc.Slots {
		if o := &svc.Slots[i]; o.Name != sl.Name && slices.Contains(vocabWords(o.Description), w) {
			return false
		}
	}
	return true
}
