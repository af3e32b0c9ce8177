package flows

import (
	"cmp"
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
	// cancels: the flow's business is cancelling something (a trigger
	// keyword the rules read as a cancel: "cancel my booking"), so a request
	// kept after all ("don't cancel it", nlu.KeepsIt) ends it.
	cancels bool
}

type slot struct {
	def        *Slot
	name       string
	typ        string
	label      string
	prompt     string
	enum       *nlu.EnumMatcher
	validators []*validator
	lookup     map[string]string
	caseMode   string
	patterns   []*pattern
	labelled   *pattern
	names      []string // lowercase label and names: labelled runs only when one is in the text
	maxRetries int
	onExhaust  string
	days       bool // it counts days or nights (countsDays), read once
	// dateOrder is the order of an open numeric date ("7/6") the bot's
	// locale gives (Definition.Locale); nlu.OrderOpen asks again.
	dateOrder nlu.DateOrder
	// records are the bot's search records carrying a field of the slot's
	// name: a text slot with records takes only their values (records.go).
	records []map[string]string
	// places are the values the bot's search records give a city slot's
	// field ("Lisbon", "Porto"): a typo of one is read as it (recordCity).
	places []string
	// cues are the one-word cues of the slot's patterns ("from", "leaving"),
	// frameCues those of every slot of its flow: a typo of one glued to a
	// known city ("Fro Portland") is read by cueTypo, never kept as a name.
	cues, frameCues []string
	// reference is the form the bot's actions give the slot's references
	// (prefix and digits), which a typed one is written in (asReference).
	reference *Reference
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
		"fallback":          "Sorry, I didn't understand. I can help you with: {flows}.",
		"not_understood":    "Sorry, I didn't catch that.",
		"updated":           "Got it, I've updated your {label} to {value}.",
		"cancelled":         "OK, I've stopped {flow}.",
		"nothing":           "There is nothing to cancel.",
		"ask_change":        "What would you like to change?",
		"error":             "Sorry, something went wrong and I couldn't finish that. Say \"try again\" or \"cancel\".",
		"recovered":         "I encountered an error. Let's try again.",
		"resume":            "Let's get back to {flow}.",
		"handoff":           "Let me connect you with a human agent.",
		"invalid":           "That doesn't look like a valid {label}.",
		"am_or_pm":          "Is that {am} or {pm}?",
		"yes_or_no":         "Please answer yes or no.",
		"declined":          "OK, I won't go ahead.",
		"offer":             "How about this one: {offer}?",
		"no_more":           "That was the last one I found.",
		"no_results":        "I couldn't find anything matching that.",
		"selected":          "Good choice.",
		"not_taken":         "OK, not that one.",
		"failed":            "Sorry, that didn't go through.",
		"pending":           "I haven't heard back yet whether that went through, so I won't send it again as a new request. Say \"try again\" to check, or \"cancel\".",
		"pending_check":     "I couldn't check that yet. Say \"try again\" to check again, or \"cancel\".",
		"cancelled_pending": "OK, I've stopped {flow}. I still don't know whether the last request went through.",
		"goodbye":           "Alright. Let me know if you need anything else.",
		"greeting":          "Hello! I can help you with: {flows}.",
		"help":              "I can help you with: {flows}. Tell me what you need in your own words.",
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
	firsts := make([]string, len(e.markerWords))
	for i, words := range e.markerWords {
		if len(words) > 0 {
			firsts[i] = words[0] // a marker of no words has "": every text holds it
		}
	}
	e.markerFirsts = newLiteralSet(firsts)
}

// latinFolds maps each Latin letter nlu folds to its ASCII form.
var latinFolds = func() map[rune]string {
	folds := map[rune]string{}
	for letters, ascii := range map[string]string{
		"àáâãäåā": "a", "çč": "c", "èéêëē": "e", "ìíîïī": "i", "ñ": "n", "òóôõöøō": "o", "ùúûüū": "u", "ýÿ": "y",
		"œ": "oe", "æ": "ae", "ß": "ss",
	} {
		for _, r := range letters {
			folds[r] = ascii
		}
	}
	return folds
}()

// foldLatin strips the accents of the Latin letters nlu folds, so that an ASCII
// message is compared with the ASCII form of a marker ("plutot" and "plutôt");
// combining marks are dropped.
func foldLatin(s string) string {
	if isASCII(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if ascii, ok := latinFolds[r]; ok {
			b.WriteString(ascii)
		} else if !unicode.Is(unicode.Mn, r) {
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
	return e.markerCandidateLower(text, strings.ToLower(text))
}

// markerCandidateLower is markerCandidate of text and its strings.ToLower, k.
func (e *Engine) markerCandidateLower(text, k string) bool {
	if !isASCII(text) {
		return true
	}
	// A marker matches only if k holds its first word: one pass finds the
	// first words k holds, and only their markers' other words are looked for.
	if e.markerFirsts == nil {
		return false // no marker is indexed: none can match
	}
	return e.markerFirsts.hasEmpty || e.markerFirsts.found(k, func(i int) bool {
		for _, w := range e.markerWords[i][1:] {
			if !strings.Contains(k, w) {
				return true
			}
		}
		return false
	})
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
	f.cancels = slices.ContainsFunc(fd.Trigger.Keywords, nlu.IsCancel)
	for _, sd := range fd.Slots {
		sl := compileSlot(sd)
		f.slots[sl.name] = sl
		f.slotOrder = append(f.slotOrder, sl)
	}
	var frame []string
	for _, sl := range f.slotOrder {
		sl.cues = wordCues(sl.patterns)
		frame = append(frame, sl.cues...)
	}
	for _, sl := range f.slotOrder {
		sl.frameCues = frame
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

// compileSlot compiles a slot's definition: its defaults filled in, its
// validators, patterns and lookup ready for the turn.
func compileSlot(sd *Slot) *slot {
	sl := &slot{
		def:        sd,
		name:       sd.Name,
		typ:        cmp.Or(sd.Type, TypeText),
		label:      cmp.Or(sd.Label, strings.ReplaceAll(sd.Name, "_", " ")),
		prompt:     sd.Prompt,
		enum:       slotEnum(sd).Matcher(),
		validators: compileValidators(sd.Validators),
		patterns:   compilePatterns(sd.Patterns),
		maxRetries: sd.MaxRetries,
		onExhaust:  cmp.Or(sd.OnExhaust, ExhaustHandoff),
	}
	if sl.maxRetries <= 0 {
		sl.maxRetries = DefaultMaxRetries
	}
	if n := sd.Normalizer; n != nil {
		sl.caseMode = n.Case
		sl.lookup = compileLookup(n.Lookup)
	}
	sl.names, sl.labelled = labelledPattern(sl.label, sd.Name)
	sl.days = sl.countsDays()
	return sl
}

// slotEnum is the slot's values and their synonyms; a slot that offers DontCare
// also hears it in dontCareWords.
func slotEnum(sd *Slot) nlu.Enum {
	e := nlu.Enum{Values: sd.Values, Synonyms: sd.Synonyms}
	if slices.Contains(sd.Values, DontCare) {
		syn := maps.Clone(sd.Synonyms)
		if syn == nil {
			syn = map[string][]string{}
		}
		syn[DontCare] = append(slices.Clone(syn[DontCare]), dontCareWords...)
		e.Synonyms = syn
	}
	return e
}

// compileLookup maps each folded word of a normalizer's lookup, and each
// canonical value, to its canonical value (nil when there is no lookup).
func compileLookup(lookup map[string][]string) map[string]string {
	if len(lookup) == 0 {
		return nil
	}
	out := map[string]string{}
	for canonical, words := range lookup {
		out[foldKey(canonical)] = canonical
		for _, w := range words {
			out[foldKey(w)] = canonical
		}
	}
	return out
}

func compileValidators(defs []*Validator) []*validator {
	var out []*validator
	for _, vd := range defs {
		v := &validator{def: vd}
		if vd.Pattern != "" {
			v.pattern, _ = regexp.Compile(vd.Pattern) // Validate refused bad patterns
		}
		out = append(out, v)
	}
	return out
}

// wordCues are the cues of patterns that are one word ("from", not "out of").
func wordCues(patterns []*pattern) []string {
	var out []string
	for _, p := range patterns {
		for _, c := range p.cues {
			if w := string(c); !strings.Contains(w, " ") && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

func compilePatterns(patterns []string) []*pattern {
	var out []*pattern
	for _, p := range patterns {
		if re, err := regexp.Compile(p); err == nil {
			out = append(out, newPattern(re))
		}
	}
	return out
}

// labelledPattern finds a slot named by its label or name, then its value:
// "change the origin to Boston", "origin is Boston", "set my departure date to
// tomorrow", "Destination: Boston" (a label pasted from an itinerary). names are the lowercase label and names: the pattern runs only when
// one is in the text.
func labelledPattern(label, name string) (names []string, labelled *pattern) {
	names = []string{strings.ToLower(label)}
	quoted := []string{regexp.QuoteMeta(label)}
	if label != name {
		spaced := strings.ReplaceAll(name, "_", " ")
		quoted = append(quoted, regexp.QuoteMeta(name), regexp.QuoteMeta(spaced))
		names = append(names, strings.ToLower(name), strings.ToLower(spaced))
	}
	labelled = newPattern(regexp.MustCompile(`(?i)\b(?:(?:change|update|set|make|switch|correct)\s+)?(?:the\s+|my\s+)?(?:` +
		strings.Join(quoted, "|") + `)(?:\s*:\s*|\s+(?:to|is|=|should be|will be|as)\s+)(.+?)\s*(?:[,;!?]|\.\s|\.$|\s+and\s+|$)`))
	return names, labelled
}

func foldKey(s string) string { return strings.ToLower(nlu.Normalize(s)) }
