package flows

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/nlu"
)

type flow struct {
	def       *Flow
	name      string
	label     string
	slots     map[string]*slot
	slotOrder []*slot
	steps     []*step
	stepIndex map[string]int
	resume    string
}

type slot struct {
	def        *Slot
	name       string
	typ        string
	label      string
	prompt     string
	enum       nlu.Enum
	validators []*validator
	lookup     map[string]string
	caseMode   string
	patterns   []*regexp.Regexp
	labelled   *regexp.Regexp
	names      []string // lowercase label and names: labelled runs only when one is in the text
	maxRetries int
	onExhaust  string
}

type validator struct {
	def     *Validator
	pattern *regexp.Regexp
}

type step struct {
	def    *Step
	id     string
	kind   string
	index  int
	next   int // -1: end of the flow
	slot   *slot
	prompt string
	cases  []compiledCase
	target *flow // call and link
}

type compiledCase struct {
	cond *Condition
	next int
}

// Exhaust policies.
const (
	ExhaustReask   = "reask"
	ExhaustSkip    = "skip"
	ExhaustHandoff = "handoff"
	ExhaustCancel  = "cancel"
)

// defaultTexts returns the engine's own sentences; a flow file overrides any of
// them under messages.
func defaultTexts() map[string]string {
	return map[string]string{
		"fallback":       "Sorry, I didn't understand. I can help you with: {flows}.",
		"not_understood": "Sorry, I didn't catch that.",
		"updated":        "Got it, I've updated your {label} to {value}.",
		"cancelled":      "OK, I've cancelled {flow}.",
		"nothing":        "There is nothing to cancel.",
		"ask_change":     "What would you like to change?",
		"error":          "Sorry, something went wrong and I couldn't finish that. Say \"try again\" or \"cancel\".",
		"recovered":      "I encountered an error. Let's try again.",
		"resume":         "Let's get back to {flow}.",
		"handoff":        "Let me connect you with a human agent.",
		"invalid":        "That doesn't look like a valid {label}.",
		"yes_or_no":      "Please answer yes or no.",
		"declined":       "OK, I won't go ahead.",
		"offer":          "How about this one: {offer}?",
		"no_more":        "That was the last one I found.",
		"no_results":     "I couldn't find anything matching that.",
		"selected":       "Good choice.",
		"not_taken":      "OK, not that one.",
		"failed":         "Sorry, that didn't go through.",
		"goodbye":        "Alright. Let me know if you need anything else.",
	}
}

// indexMarkers prepares markerCandidate.
func (e *Engine) indexMarkers() {
	for _, list := range e.markers {
		for _, m := range list {
			folded := foldLatin(strings.ToLower(m))
			if !isASCII(folded) {
				// Letters nlu does not fold to ASCII: such a marker matches only
				// messages that are not ASCII, which always take the exact path.
				continue
			}
			e.markerWords = append(e.markerWords, strings.Fields(folded))
		}
	}
}

// foldLatin strips the accents of the Latin letters nlu folds, so that an ASCII
// message is compared with the ASCII form of a marker ("plutot" and "plutôt").
func foldLatin(s string) string {
	if isASCII(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case strings.ContainsRune("àáâãäåā", r):
			b.WriteByte('a')
		case strings.ContainsRune("çč", r):
			b.WriteByte('c')
		case strings.ContainsRune("èéêëē", r):
			b.WriteByte('e')
		case strings.ContainsRune("ìíîïī", r):
			b.WriteByte('i')
		case r == 'ñ':
			b.WriteByte('n')
		case strings.ContainsRune("òóôõöøō", r):
			b.WriteByte('o')
		case strings.ContainsRune("ùúûüū", r):
			b.WriteByte('u')
		case strings.ContainsRune("ýÿ", r):
			b.WriteByte('y')
		case r == 'œ':
			b.WriteString("oe")
		case r == 'æ':
			b.WriteString("ae")
		case r == 'ß':
			b.WriteString("ss")
		case unicode.Is(unicode.Mn, r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// markerCandidate is a cheap test that is true whenever nlu.Markers.Match could
// match: an ASCII message matches an ASCII marker only if it contains each of the
// marker's words. It keeps the common answer ("New York") off the slower exact
// matcher.
func (e *Engine) markerCandidate(text string) bool {
	if !isASCII(text) {
		return true
	}
	k := strings.ToLower(text)
	for _, words := range e.markerWords {
		all := true
		for _, w := range words {
			if !strings.Contains(k, w) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func firstPositive(v ...int) int {
	for _, x := range v {
		if x > 0 {
			return x
		}
	}
	return 0
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

func compileFlow(fd *Flow) *flow {
	f := &flow{
		def:       fd,
		name:      fd.Name,
		label:     fd.Description,
		slots:     map[string]*slot{},
		stepIndex: map[string]int{},
		resume:    fd.Resume,
	}
	if f.label == "" {
		f.label = strings.ReplaceAll(fd.Name, "_", " ")
	}
	for _, sd := range fd.Slots {
		sl := compileSlot(sd)
		f.slots[sl.name] = sl
		f.slotOrder = append(f.slotOrder, sl)
	}
	for i, sd := range fd.Steps {
		f.stepIndex[sd.ID] = i
	}
	for i, sd := range fd.Steps {
		st := &step{def: sd, id: sd.ID, index: i, next: i + 1}
		if ks := sd.kinds(); len(ks) > 0 {
			st.kind = ks[0]
		}
		if i+1 >= len(fd.Steps) {
			st.next = -1
		}
		if sd.Next != "" {
			st.next = f.resolve(sd.Next)
		}
		switch st.kind {
		case KindCollect:
			st.slot = f.slots[sd.Collect]
			st.prompt = sd.Prompt
			if st.prompt == "" && st.slot != nil {
				st.prompt = st.slot.prompt
			}
		case KindBranch:
			for _, c := range sd.Branch {
				st.cases = append(st.cases, compiledCase{cond: c.If, next: f.resolve(c.Goto)})
			}
		}
		f.steps = append(f.steps, st)
	}
	return f
}

// resolve maps a step id or "end" to a step index, -1 for the end.
func (f *flow) resolve(id string) int {
	if i, ok := f.stepIndex[id]; ok {
		return i
	}
	return -1
}

func compileSlot(sd *Slot) *slot {
	sl := &slot{
		def:        sd,
		name:       sd.Name,
		typ:        sd.Type,
		label:      sd.Label,
		prompt:     sd.Prompt,
		enum:       nlu.Enum{Values: sd.Values, Synonyms: sd.Synonyms},
		maxRetries: sd.MaxRetries,
		onExhaust:  sd.OnExhaust,
	}
	if sl.typ == "" {
		sl.typ = TypeText
	}
	if slices.Contains(sd.Values, DontCare) {
		syn := maps.Clone(sd.Synonyms)
		if syn == nil {
			syn = map[string][]string{}
		}
		syn[DontCare] = append(slices.Clone(syn[DontCare]), dontCareWords...)
		sl.enum.Synonyms = syn
	}
	if sl.label == "" {
		sl.label = strings.ReplaceAll(sd.Name, "_", " ")
	}
	if sl.maxRetries <= 0 {
		sl.maxRetries = DefaultMaxRetries
	}
	if sl.onExhaust == "" {
		sl.onExhaust = ExhaustHandoff
	}
	if n := sd.Normalizer; n != nil {
		sl.caseMode = n.Case
		if len(n.Lookup) > 0 {
			sl.lookup = map[string]string{}
			for canonical, words := range n.Lookup {
				sl.lookup[foldKey(canonical)] = canonical
				for _, w := range words {
					sl.lookup[foldKey(w)] = canonical
				}
			}
		}
	}
	for _, vd := range sd.Validators {
		v := &validator{def: vd}
		if vd.Pattern != "" {
			v.pattern, _ = regexp.Compile(vd.Pattern) // Validate refused bad patterns
		}
		sl.validators = append(sl.validators, v)
	}
	for _, p := range sd.Patterns {
		if re, err := regexp.Compile(p); err == nil {
			sl.patterns = append(sl.patterns, re)
		}
	}
	// "change the origin to Boston", "origin is Boston", "set my departure date to
	// tomorrow": the slot named by its label or name, then its value.
	sl.names = []string{strings.ToLower(sl.label)}
	names := []string{regexp.QuoteMeta(sl.label)}
	if sl.label != sd.Name {
		spaced := strings.ReplaceAll(sd.Name, "_", " ")
		names = append(names, regexp.QuoteMeta(sd.Name), regexp.QuoteMeta(spaced))
		sl.names = append(sl.names, strings.ToLower(sd.Name), strings.ToLower(spaced))
	}
	sl.labelled = regexp.MustCompile(`(?i)\b(?:(?:change|update|set|make|switch|correct)\s+)?(?:the\s+|my\s+)?(?:` +
		strings.Join(names, "|") + `)\s+(?:to|is|=|should be|will be|as)\s+(.+?)\s*(?:[,;!?]|\.\s|\.$|\s+and\s+|$)`)
	return sl
}

func foldKey(s string) string { return strings.ToLower(nlu.Normalize(s)) }
