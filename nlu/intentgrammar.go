package nlu

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
)

// The built-in intents' grammar (intent_grammar/*.grammar) says each intent as
// frames times fillers ("talk to", "put me through to" times "a person", "an
// agent", "customer service"), so the examples generalize by construction
// rather than one phrasing at a time. It serves both readers: a message that
// is wholly a sentence of it is read by the rules with certainty
// (grammarIntentOfKey), and a bounded sample of each template trains the intent
// model beside builtin_intents.json (BuiltinExamples), so rules and model agree
// on what the grammar says. Its "other" templates (negated requests: "I don't
// need a person") teach the model what is none of the intents and stop the
// rules.

//go:embed intent_grammar/*.grammar
var intentGrammarFS embed.FS

// grammarSamplePerTemplate bounds the sentences one template gives the model:
// a template's product runs to thousands ("can I" times "talk to" times "a
// person" times "please"), which would drown the hand-written examples and slow
// a bot's load; a deterministic spread of this many covers every filler.
const grammarSamplePerTemplate = 16

// grammarMaxWords bounds the messages the rules match against the grammar: no
// sentence of it is longer, and a message's words stay on the stack.
const grammarMaxWords = 24

// grammarTemplate is one "intent: words {SLOT} words" line. Each part is the
// list of its alternatives (a literal part has one), as written and as words.
type grammarTemplate struct {
	intent string
	parts  [][]string
	words  [][][]string
	source string // file:line, for errors
	// rulesOnly: the model is not trained on its sentences ("intent*:").
	rulesOnly bool
	// keep: a "keep:" template, a request kept (KeepsIt).
	keep bool
}

// intentKeep names the templates of a request kept after all ("don't cancel
// it after all"): other to every reader but KeepsIt.
const intentKeep = "keep"

// KeepsIt reports whether text is wholly a sentence of the grammar's "keep:"
// templates: the user takes back a cancel ("oh wait, don't cancel it after
// all", "no, I still want it"). A flow whose business is cancelling ends on it.
func KeepsIt(text string) bool {
	return keepsIt(text) || byClauses(text, keepsIt) // "oh wait, no, don't cancel it"
}

func keepsIt(text string) bool {
	t := matchedTemplate(key(text))
	return t != nil && t.keep
}

// intentGrammar is the parsed grammar: its templates, indexed by the words a
// sentence of each can start with, and the training sample per intent.
type intentGrammar struct {
	templates []grammarTemplate
	byFirst   map[string][]int
	samples   map[string][]string
}

// loadedGrammar is the embedded grammar, parsed on first use.
var loadedGrammar = sync.OnceValue(func() *intentGrammar {
	g, err := parseIntentGrammar(intentGrammarFS)
	if err != nil {
		panic("nlu: " + err.Error()) // embedded, checked by the tests
	}
	return g
})

// parseIntentGrammar reads every *.grammar file of fsys, indexes its templates
// and samples them.
func parseIntentGrammar(fsys fs.FS) (*intentGrammar, error) {
	files, err := fs.Glob(fsys, "intent_grammar/*.grammar")
	if err != nil {
		return nil, err
	}
	g := &intentGrammar{byFirst: map[string][]int{}, samples: map[string][]string{}}
	for _, name := range files {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		ts, err := parseGrammarFile(name, string(data))
		if err != nil {
			return nil, err
		}
		g.templates = append(g.templates, ts...)
	}
	for i, t := range g.templates {
		for _, w := range t.firstWords() {
			g.byFirst[w] = append(g.byFirst[w], i)
		}
		if !t.rulesOnly {
			g.samples[t.intent] = append(g.samples[t.intent], t.sample(grammarSamplePerTemplate)...)
		}
	}
	return g, nil
}

// parseGrammarFile reads one file's slots ("@NAME = a | b | ~") and templates
// ("intent: words {NAME}"); slots are the file's own.
func parseGrammarFile(name, text string) ([]grammarTemplate, error) {
	slots := map[string][]string{}
	var out []grammarTemplate
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		where := fmt.Sprintf("%s:%d", name, i+1)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "@"):
			slot, alts, ok := strings.Cut(line[1:], "=")
			if !ok {
				return nil, fmt.Errorf("%s: a slot is @NAME = a | b", where)
			}
			slots[strings.TrimSpace(slot)] = grammarAlternatives(alts)
		default:
			intent, body, ok := strings.Cut(line, ":")
			// "cancel*:" is read by the rules only: its sentences (long
			// ones, with the reason of a change of mind) would outweigh the
			// short ones in the model's sample and move its other answers.
			intent, rulesOnly := strings.CutSuffix(strings.TrimSpace(intent), "*")
			// "keep:" is a kept request ("oh wait, don't cancel it after
			// all"): other to every reader, read by the rules only, and
			// told apart by KeepsIt.
			keep := intent == intentKeep
			if keep {
				intent, rulesOnly = intentOther, true
			}
			if !ok || !isGrammarIntent(intent) {
				return nil, fmt.Errorf("%s: a template is intent: words {SLOT}, with a built-in intent or other", where)
			}
			parts, err := grammarParts(body, slots)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
			t := newGrammarTemplate(strings.TrimSpace(intent), parts, where)
			t.rulesOnly, t.keep = rulesOnly, keep
			out = append(out, t)
		}
	}
	return out, nil
}

func newGrammarTemplate(intent string, parts [][]string, source string) grammarTemplate {
	t := grammarTemplate{intent: intent, parts: parts, source: source}
	for _, alts := range parts {
		ws := make([][]string, len(alts))
		for i, a := range alts {
			ws[i] = phraseWords(a)
		}
		t.words = append(t.words, ws)
	}
	return t
}

// grammarAlternatives splits "a | b | ~" into its alternatives; ~ is empty.
func grammarAlternatives(s string) []string {
	var out []string
	for _, a := range strings.Split(s, "|") {
		a = strings.TrimSpace(a)
		if a == "~" {
			a = ""
		}
		out = append(out, a)
	}
	return out
}

// grammarParts splits a template's body into literal words and slots.
func grammarParts(body string, slots map[string][]string) ([][]string, error) {
	var parts [][]string
	for rest := body; ; {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			return appendLiteral(parts, rest), nil
		}
		parts = appendLiteral(parts, rest[:open])
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return nil, fmt.Errorf("unclosed {")
		}
		name := rest[open+1 : open+end]
		alts, ok := slots[name]
		if !ok {
			return nil, fmt.Errorf("no slot @%s above the template", name)
		}
		parts = append(parts, alts)
		rest = rest[open+end+1:]
	}
}

func appendLiteral(parts [][]string, s string) [][]string {
	if s = strings.TrimSpace(s); s != "" {
		parts = append(parts, []string{s})
	}
	return parts
}

// isGrammarIntent reports whether a template may name intent.
func isGrammarIntent(intent string) bool {
	switch intent {
	case IntentCancel, IntentHuman, IntentHelp, IntentGreeting, IntentThanks, IntentYes, IntentNo, IntentMore, intentOther:
		return true
	}
	return false
}

// size is how many sentences t expands to.
func (t grammarTemplate) size() int {
	n := 1
	for _, p := range t.parts {
		n *= len(p)
	}
	return n
}

// sample is up to take of t's sentences, at a stride coprime with their number,
// so that it is deterministic and reaches every filler of every slot rather
// than the first few.
func (t grammarTemplate) sample(take int) []string {
	n := t.size()
	take = min(n, take)
	stride := coprimeStride(n, take)
	out := make([]string, 0, take)
	for i := range take {
		out = append(out, t.sentence(i*stride%n))
	}
	return out
}

// sentence is t's i-th combination (mixed radix, the last part fastest), its
// words joined by single spaces.
func (t grammarTemplate) sentence(i int) string {
	picked := make([]string, len(t.parts))
	for j := len(t.parts) - 1; j >= 0; j-- {
		picked[j] = t.parts[j][i%len(t.parts[j])]
		i /= len(t.parts[j])
	}
	return strings.Join(strings.Fields(strings.Join(picked, " ")), " ")
}

// firstWords are the words a sentence of t can start with: the first part's,
// and the next part's as long as the parts before may be empty.
func (t grammarTemplate) firstWords() []string {
	var out []string
	for _, alts := range t.words {
		empty := false
		for _, ws := range alts {
			if len(ws) == 0 {
				empty = true
			} else if !slices.Contains(out, ws[0]) {
				out = append(out, ws[0])
			}
		}
		if !empty {
			break
		}
	}
	return out
}

// matches reports whether toks are wholly one sentence of t.
func (t grammarTemplate) matches(toks []token) bool { return matchParts(toks, t.words) }

func matchParts(toks []token, parts [][][]string) bool {
	if len(parts) == 0 {
		return len(toks) == 0
	}
	for _, alt := range parts[0] {
		if (len(alt) == 0 || startsWithPhrase(toks, alt)) && matchParts(toks[len(alt):], parts[1:]) {
			return true
		}
	}
	return false
}

func coprimeStride(n, take int) int {
	s := max(1, n/max(1, take))
	for gcd(s, n) != 1 {
		s++
	}
	return s
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// grammarIntentOfKey is the intent of the grammar sentence k (a key) wholly
// is, "other" for a negated request it says, or "" when k is no sentence of
// the grammar. Templates are tried in file order; the tests hold that no
// sentence is two intents'. It does not allocate.
func grammarIntentOfKey(k string) string {
	if t := matchedTemplate(k); t != nil {
		return t.intent
	}
	return ""
}

// matchedTemplate is the first template of the grammar the folded sentence k
// matches, nil when none does (or k is empty or longer than any template).
func matchedTemplate(k string) *grammarTemplate {
	n, _ := wordCount(k)
	if n == 0 || n > grammarMaxWords {
		return nil
	}
	var arr [grammarMaxWords]token
	toks := appendTokens(arr[:0], k)
	g := loadedGrammar()
	for _, i := range g.byFirst[toks[0].text] {
		if g.templates[i].matches(toks) {
			return &g.templates[i]
		}
	}
	return nil
}

// grammarSamples are the grammar's training sentences for intent, in file order.
func grammarSamples(intent string) []string {
	return slices.Clone(loadedGrammar().samples[intent])
}
