package flows

import (
	"cmp"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley/nlu"
)

// Diagnostic is one problem of a flow file, at a position in it.
type Diagnostic struct {
	File    string
	Line    int
	Col     int
	Message string
}

// String is "file:line:col: message".
func (d Diagnostic) String() string {
	return d.File + ":" + strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col) + ": " + d.Message
}

// ValidateFile parses and validates a flow file. A file that does not parse is an
// error (EINVALID, file:line:col); a file that parses returns its diagnostics.
func ValidateFile(path string) ([]Diagnostic, error) {
	def, err := LoadFile(path)
	if err != nil {
		return nil, err
	}
	return Validate(def), nil
}

var (
	namePattern        = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)
	placeholderPattern = regexp.MustCompile(`\{([A-Za-z][A-Za-z0-9_]*)(?::([A-Za-z]*))?\}`)
)

// Validate reports what would make the definition misbehave: unknown slots,
// steps and flows, unreachable steps, branches without an else, collect steps
// without a prompt, bad validators and patterns, and so on, in file order.
func Validate(def *Definition) []Diagnostic {
	v := &validation{def: def}
	v.run()
	slices.SortStableFunc(v.out, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	return v.out
}

type validation struct {
	def *Definition
	out []Diagnostic
}

func (v *validation) report(path, format string, args ...any) {
	line, col := v.def.lineCol(path)
	v.out = append(v.out, Diagnostic{File: v.def.File, Line: line, Col: col, Message: fmt.Sprintf(format, args...)})
}

// enumeration is a field of the format that takes one of a few values.
type enumeration struct {
	field  string
	values []string
	// optional: the field may be left empty.
	optional bool
}

// The enumerations of the format, each value in the order its error lists them.
var (
	slotTypes      = []string{TypeText, TypeNumber, TypeInteger, TypeBoolean, TypeDate, TypeTime, TypeCity, TypeEmail, TypePhone, TypeEnum}
	slotExhausts   = enumeration{"on_exhaust", []string{ExhaustReask, ExhaustSkip, ExhaustHandoff, ExhaustCancel}, true}
	normalizeCases = enumeration{"case", []string{"keep", "lower", "upper", "title"}, true}
	formats        = enumeration{"format", []string{"email", "phone", "date", "number", "integer"}, false}
	confirmOnNos   = enumeration{"on_no", []string{"ask_change", "end"}, true}
)

// check reports value at path unless the enumeration allows it: "on_no is
// ask_change or end, not "x"".
func (e enumeration) check(v *validation, path, value string) {
	if (value == "" && e.optional) || slices.Contains(e.values, value) {
		return
	}
	last := len(e.values) - 1
	v.report(path, "%s is %s or %s, not %q", e.field, strings.Join(e.values[:last], ", "), e.values[last], value)
}

func (v *validation) run() {
	def := v.def
	if len(def.Flows) == 0 {
		v.report("$.flows", "no flows defined")
	}
	for k := range def.Messages {
		if _, ok := defaultTexts()[k]; !ok {
			v.report("$.messages."+k, "unknown message %q", k)
		}
	}
	if _, ok := nlu.LocaleDateOrder(def.Locale); def.Locale != "" && !ok {
		v.report("$.locale", "locale %q is no CLDR locale (a tag such as en-US or en-GB)", def.Locale)
	}
	flows := v.flowNames()
	v.triggers()
	for i, f := range def.Flows {
		v.flow(fmt.Sprintf("$.flows[%d]", i), f, flows)
	}
}

// flowNames checks the flows' names and returns them.
func (v *validation) flowNames() map[string]bool {
	flows := map[string]bool{}
	for i, f := range v.def.Flows {
		p := fmt.Sprintf("$.flows[%d]", i)
		switch {
		case !namePattern.MatchString(f.Name):
			v.report(p, "flow name %q must be a letter followed by letters, digits or _", f.Name)
		case flows[f.Name]:
			v.report(p+".name", "flow %q defined twice", f.Name)
		}
		flows[f.Name] = true
	}
	return flows
}

// triggers reports an intent that starts two flows, then a flow nothing starts.
func (v *validation) triggers() {
	reached := map[string]bool{}
	intents := map[string]string{}
	for i, f := range v.def.Flows {
		for _, st := range f.Steps {
			reached[st.Call], reached[st.Link] = true, true
		}
		for j, in := range f.Trigger.Intents {
			if other, dup := intents[in]; dup && other != f.Name {
				v.report(fmt.Sprintf("$.flows[%d].trigger.intents[%d]", i, j), "intent %q already starts flow %s", in, other)
			}
			intents[in] = f.Name
		}
	}
	for i, f := range v.def.Flows {
		t := f.Trigger
		if len(t.Intents) == 0 && len(t.Examples) == 0 && len(t.Keywords) == 0 && !reached[f.Name] {
			v.report(fmt.Sprintf("$.flows[%d]", i), "flow %s can never start: no trigger, and no step calls or links it", f.Name)
		}
	}
}

func (v *validation) flow(p string, f *Flow, flows map[string]bool) {
	fs := &flowScope{v: v, f: f, flows: flows, slots: v.flowSlots(p, f)}
	if len(f.Steps) == 0 {
		v.report(p, "flow %s has no steps", f.Name)
		return
	}
	fs.known = knownNames(fs.slots, f.Steps)
	fs.steps = v.stepIDs(p, f)
	for i, st := range f.Steps {
		fs.step(fmt.Sprintf("%s.steps[%d]", p, i), st)
	}
	v.reachability(p, f, fs.steps)
}

// flowScope is what the checks of one flow's steps share.
type flowScope struct {
	v     *validation
	f     *Flow
	flows map[string]bool  // the bot's flows, for call and link
	slots map[string]*Slot // the flow's own slots
	known map[string]bool  // the slots and the names the flow's actions set
	steps map[string]int   // step ids
}

// flowSlots checks the flow's slots and returns them by name.
func (v *validation) flowSlots(p string, f *Flow) map[string]*Slot {
	slots := map[string]*Slot{}
	for i, s := range f.Slots {
		sp := fmt.Sprintf("%s.slots[%d]", p, i)
		if !namePattern.MatchString(s.Name) {
			v.report(sp, "slot name %q must be a letter followed by letters, digits or _", s.Name)
		} else if slots[s.Name] != nil {
			v.report(sp+".name", "slot %q defined twice in flow %s", s.Name, f.Name)
		}
		slots[s.Name] = s
		v.slot(sp, s)
	}
	v.differsRefs(p, f, slots)
	return slots
}

// differsRefs checks that each differs_from validator names a slot of the flow.
func (v *validation) differsRefs(p string, f *Flow, slots map[string]*Slot) {
	for i, s := range f.Slots {
		for j, val := range s.Validators {
			if val.Type == ValidateDiffers && val.Slot != "" && val.Slot != s.Name && slots[val.Slot] == nil {
				v.report(fmt.Sprintf("%s.slots[%d].validators[%d].slot", p, i, j), "unknown slot %q in flow %s", val.Slot, f.Name)
			}
		}
	}
}

// knownNames are the names a step may refer to as a slot: the flow's slots and
// what its actions set, reference, output or offer.
func knownNames(slots map[string]*Slot, steps []*Step) map[string]bool {
	known := map[string]bool{}
	for name := range slots {
		known[name] = true
	}
	for _, st := range steps {
		a := st.Action
		if a == nil {
			continue
		}
		for k := range a.Set {
			known[k] = true
		}
		if a.Reference != nil && a.Reference.Slot != "" {
			known[a.Reference.Slot] = true
		}
		for _, o := range a.Outputs {
			known[o] = true
		}
		for _, o := range a.Offer {
			// Offered values go into the slots: they are slots of the bot.
			known[o] = true
		}
	}
	return known
}

// stepIDs checks the step ids and returns each one's index.
func (v *validation) stepIDs(p string, f *Flow) map[string]int {
	steps := map[string]int{}
	for i, st := range f.Steps {
		sp := fmt.Sprintf("%s.steps[%d]", p, i)
		switch {
		case !namePattern.MatchString(st.ID):
			v.report(sp, "step id %q must be a letter followed by letters, digits or _", st.ID)
		case st.ID == StepEnd:
			v.report(sp+".id", "step id %q is reserved", StepEnd)
		case hasKey(steps, st.ID):
			v.report(sp+".id", "step %q defined twice in flow %s", st.ID, f.Name)
		default:
			steps[st.ID] = i
		}
	}
	return steps
}

func (fs *flowScope) stepRef(path, id string) {
	if id != StepEnd && !hasKey(fs.steps, id) {
		fs.v.report(path, "unknown step %q in flow %s", id, fs.f.Name)
	}
}

func (fs *flowScope) slotRef(path, name string) {
	if !fs.known[name] {
		fs.v.report(path, "unknown slot %q in flow %s", name, fs.f.Name)
	}
}

// template checks the {slot} placeholders of a text: an unknown one is reported
// at its own column, with the known name it is likely a typo of.
func (fs *flowScope) template(path, text string) {
	for _, m := range placeholderPattern.FindAllStringSubmatch(text, -1) {
		if name := m[1]; !fs.known[name] {
			line, col := fs.v.def.placeholderAt(path, m[0])
			fs.v.out = append(fs.v.out, Diagnostic{File: fs.v.def.File, Line: line, Col: col,
				Message: fmt.Sprintf("unknown slot %q in flow %s%s", name, fs.f.Name, didYouMean(name, fs.known))})
		}
		if m[2] != "" && !slices.Contains(DateFormats, m[2]) {
			line, col := fs.v.def.placeholderAt(path, m[0])
			fs.v.out = append(fs.v.out, Diagnostic{File: fs.v.def.File, Line: line, Col: col,
				Message: fmt.Sprintf("unknown format %q in {%s:%s}: a date is written long, medium or weekday", m[2], m[1], m[2])})
		}
	}
}

// didYouMean is ` (did you mean "x"?)` for the known name nearest to name, when
// one is a likely typo of it (at most a third of its letters apart); "" when none.
func didYouMean(name string, known map[string]bool) string {
	best, dist := "", len(name)/3+1
	for k := range known {
		if d := nlu.Levenshtein(name, k); d < dist || d == dist && best != "" && k < best {
			best, dist = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// stepRule is a check that applies to a step with some field set.
type stepRule struct {
	applies func(st *Step) bool
	check   func(fs *flowScope, sp string, st *Step)
}

// stepRules are a step's checks, in the order they report.
var stepRules = []stepRule{
	{func(*Step) bool { return true }, (*flowScope).kinds},
	{func(st *Step) bool { return st.Next != "" }, func(fs *flowScope, sp string, st *Step) { fs.stepRef(sp+".next", st.Next) }},
	{func(st *Step) bool { return st.Prompt != "" && st.Collect == "" }, func(fs *flowScope, sp string, _ *Step) {
		fs.v.report(sp+".prompt", "prompt is only for collect steps")
	}},
	{func(st *Step) bool { return st.Collect != "" }, (*flowScope).collect},
	{func(st *Step) bool { return st.Confirm != nil }, (*flowScope).confirm},
	{func(st *Step) bool { return st.Action != nil }, (*flowScope).action},
	{func(st *Step) bool { return st.Say != "" }, func(fs *flowScope, sp string, st *Step) { fs.template(sp+".say", st.Say) }},
	{func(st *Step) bool { return (st.Generate || st.Brief != "") && st.Say == "" && st.Collect == "" }, func(fs *flowScope, sp string, _ *Step) {
		fs.v.report(sp+".generate", "generate and brief apply to say and collect steps only")
	}},
	{func(st *Step) bool { return st.Branch != nil }, (*flowScope).branch},
	{func(st *Step) bool { return st.Call != "" }, func(fs *flowScope, sp string, st *Step) { fs.flowRef(sp+".call", st.Call) }},
	{func(st *Step) bool { return st.Link != "" }, func(fs *flowScope, sp string, st *Step) { fs.flowRef(sp+".link", st.Link) }},
}

// step checks one step at path sp.
func (fs *flowScope) step(sp string, st *Step) {
	for _, rule := range stepRules {
		if rule.applies(st) {
			rule.check(fs, sp, st)
		}
	}
}

// kinds reports a step with no kind or several.
func (fs *flowScope) kinds(sp string, st *Step) {
	kinds := st.kinds()
	switch len(kinds) {
	case 0:
		fs.v.report(sp, "step %s has no kind (collect, action, confirm, branch, say, call or link)", st.ID)
	case 1:
	default:
		fs.v.report(sp, "step %s has several kinds: %v", st.ID, kinds)
	}
}

func (fs *flowScope) flowRef(path, name string) {
	if !fs.flows[name] {
		fs.v.report(path, "unknown flow %q", name)
	}
}

func (fs *flowScope) collect(sp string, st *Step) {
	if s := fs.slots[st.Collect]; s == nil {
		fs.v.report(sp+".collect", "unknown slot %q in flow %s", st.Collect, fs.f.Name)
	} else if st.Prompt == "" && s.Prompt == "" {
		fs.v.report(sp, "collect step %s has no prompt (set prompt on the step or on slot %s)", st.ID, s.Name)
	}
	fs.template(sp+".prompt", st.Prompt)
}

func (fs *flowScope) confirm(sp string, st *Step) {
	c := st.Confirm
	if c.Prompt == "" {
		fs.v.report(sp+".confirm", "confirm step %s has no prompt", st.ID)
	}
	fs.template(sp+".confirm.prompt", c.Prompt)
	confirmOnNos.check(fs.v, sp+".confirm.on_no", c.OnNo)
}

// actionRule is a conflict or omission of an action reported at a field of it.
type actionRule struct {
	field   string
	applies func(a *Action) bool
	message string // its %s is the step's id
}

// actionRules are an action's own checks, in the order they report.
var actionRules = []actionRule{
	{".action", func(a *Action) bool {
		return len(a.Set) == 0 && !a.End && a.Reference == nil && a.Webhook == nil && a.Search == nil && !a.Handoff
	}, "action %s does nothing (set, end, reference, webhook, search or handoff)"},
	{".action.search", func(a *Action) bool { return a.Search != nil && a.Webhook != nil }, "action %s has both search and webhook: one gives the results"},
}

func (fs *flowScope) action(sp string, st *Step) {
	v, a := fs.v, st.Action
	for _, rule := range actionRules {
		if rule.applies(a) {
			v.report(sp+rule.field, rule.message, st.ID)
		}
	}
	if a.Search != nil {
		for j, name := range a.Search.Match {
			fs.slotRef(fmt.Sprintf("%s.action.search.match[%d]", sp, j), name)
		}
	}
	for k, val := range a.Set {
		fs.template(sp+".action.set."+k, val)
	}
	if a.Reference != nil && a.Reference.Slot == "" {
		v.report(sp+".action.reference", "reference needs a slot")
	}
	fs.actionCall(sp, st)
	fs.template(sp+".action.reply", a.Reply)
}

// actionCall checks what an action calls: a func or a webhook, not both.
func (fs *flowScope) actionCall(sp string, st *Step) {
	a := st.Action
	if a.Func != "" && a.Webhook != nil && a.Webhook.Func == "" {
		fs.v.report(sp+".action.func", "action %s has both func and webhook: one is called", st.ID)
	}
	if a.Webhook != nil {
		fs.v.webhook(sp+".action.webhook", a.Webhook)
	}
}

func (fs *flowScope) branch(sp string, st *Step) {
	v := fs.v
	if len(st.Branch) == 0 {
		v.report(sp+".branch", "branch %s has no cases", st.ID)
	}
	hasElse := false
	for j, c := range st.Branch {
		cp := fmt.Sprintf("%s.branch[%d]", sp, j)
		if c.Goto == "" {
			v.report(cp, "branch case without goto")
		} else {
			fs.stepRef(cp+".goto", c.Goto)
		}
		switch {
		case c.Else && c.If != nil:
			v.report(cp, "a branch case has either if or else")
		case c.Else || c.If == nil:
			hasElse = true
			if j != len(st.Branch)-1 {
				v.report(cp, "else must be the last case of branch %s", st.ID)
			}
		default:
			fs.slotRef(cp+".if.slot", c.If.Slot)
		}
	}
	if len(st.Branch) > 0 && !hasElse {
		v.report(sp+".branch", "branch %s has no else", st.ID)
	}
}

func hasKey(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

// reachability reports steps no path from the first step reaches.
func (v *validation) reachability(p string, f *Flow, steps map[string]int) {
	seen := make([]bool, len(f.Steps))
	var visit func(i int)
	visit = func(i int) {
		if i < 0 || i >= len(f.Steps) || seen[i] {
			return
		}
		seen[i] = true
		for _, j := range successors(f.Steps[i], i, steps) {
			visit(j)
		}
	}
	visit(0)
	for i, ok := range seen {
		if !ok {
			v.report(fmt.Sprintf("%s.steps[%d]", p, i), "step %s is unreachable: %s", f.Steps[i].ID, v.skippedBy(p, f, i, seen))
		}
	}
}

// successors lists the steps step i (st) may go to, in the order they are
// visited: none after a link or an ending action; a branch's gotos, then the next
// step if no case is an else; else the next step (-1 for an unknown next).
func successors(st *Step, i int, steps map[string]int) []int {
	next := i + 1
	if st.Next != "" {
		next = -1
		if j, ok := steps[st.Next]; ok {
			next = j
		}
	}
	switch {
	case st.Link != "", st.Action != nil && st.Action.End:
		return nil
	case st.Branch != nil:
		var out []int
		hasElse := false
		for _, c := range st.Branch {
			if j, ok := steps[c.Goto]; ok {
				out = append(out, j)
			}
			hasElse = hasElse || c.Else || c.If == nil
		}
		if !hasElse {
			out = append(out, next)
		}
		return out
	}
	return []int{next}
}

func (v *validation) slot(p string, s *Slot) {
	if s.Type != "" && !slices.Contains(slotTypes, s.Type) {
		v.report(p+".type", "unknown slot type %q (%s)", s.Type, strings.Join(slotTypes, ", "))
	}
	v.slotValues(p, s)
	slotExhausts.check(v, p+".on_exhaust", s.OnExhaust)
	if s.MaxRetries < 0 {
		v.report(p+".max_retries", "max_retries must not be negative")
	}
	if n := s.Normalizer; n != nil {
		normalizeCases.check(v, p+".normalizer.case", n.Case)
	}
	for i, pat := range s.Patterns {
		re, err := regexp.Compile(pat)
		if err != nil {
			v.report(fmt.Sprintf("%s.patterns[%d]", p, i), "bad pattern: %v", err)
		} else if re.NumSubexp() == 0 {
			v.report(fmt.Sprintf("%s.patterns[%d]", p, i), "pattern needs a group for the value")
		}
	}
	for i, val := range s.Validators {
		v.validator(fmt.Sprintf("%s.validators[%d]", p, i), s, val)
	}
}

// slotValues checks an enum slot's values, its default and its synonyms' values.
func (v *validation) slotValues(p string, s *Slot) {
	if s.Default != "" && s.Type == TypeEnum && !slices.Contains(s.Values, s.Default) {
		v.report(p+".default", "default %q of slot %s is not one of its values", s.Default, s.Name)
	}
	if s.Type == TypeEnum && len(s.Values) == 0 {
		v.report(p, "enum slot %s has no values", s.Name)
	}
	for k := range s.Synonyms {
		if !slices.Contains(s.Values, k) {
			v.report(p+".synonyms."+k, "synonyms of %q, which is not one of the values", k)
		}
	}
}

// validatorRules check each validator type's own fields, at the validator's path vp.
var validatorRules = map[string]func(v *validation, vp string, s *Slot, val *Validator){
	ValidateFormat: func(v *validation, vp string, _ *Slot, val *Validator) {
		formats.check(v, vp+".format", val.Format)
	},
	ValidateRange:  boundedValidator,
	ValidateLength: boundedValidator,
	ValidateEnum: func(v *validation, vp string, _ *Slot, val *Validator) {
		if len(val.Values) == 0 {
			v.report(vp, "enum validator needs values")
		}
	},
	ValidateRegex: func(v *validation, vp string, _ *Slot, val *Validator) {
		if _, err := regexp.Compile(val.Pattern); err != nil || val.Pattern == "" {
			v.report(vp+".pattern", "bad or missing regex pattern")
		}
	},
	ValidateFutureDate: func(v *validation, vp string, s *Slot, _ *Validator) {
		if s.Type != TypeDate {
			v.report(vp, "future_date_only needs a date slot")
		}
	},
	ValidateCustom: customValidator,
	ValidateDiffers: func(v *validation, vp string, s *Slot, val *Validator) {
		if val.Slot == "" || val.Slot == s.Name {
			v.report(vp+".slot", "differs_from needs another slot of the flow")
		}
	},
}

// validator checks one of slot s's validators, at path vp.
func (v *validation) validator(vp string, s *Slot, val *Validator) {
	rule, known := validatorRules[val.Type]
	if !known {
		v.report(vp+".type", "unknown validator %q (format, range, length, enum, regex, future_date_only, differs_from, custom)", val.Type)
		return
	}
	rule(v, vp, s, val)
}

// boundedValidator checks a range or length validator.
func boundedValidator(v *validation, vp string, _ *Slot, val *Validator) {
	if val.Min == nil && val.Max == nil {
		v.report(vp, "%s validator needs min or max", val.Type)
	}
}

func customValidator(v *validation, vp string, _ *Slot, val *Validator) {
	switch {
	case val.Webhook == nil:
		v.report(vp, "custom validator needs a webhook or a func")
	case val.Func != "" && val.Webhook.Func == "":
		v.report(vp+".func", "custom validator has both func and webhook: one is called")
	default:
		v.webhook(vp+".webhook", val.Webhook)
	}
}

func (v *validation) webhook(p string, w *Webhook) {
	if w.Func != "" {
		if !namePattern.MatchString(w.Func) {
			v.report(strings.TrimSuffix(p, ".webhook")+".func", "func %q must be a letter followed by letters, digits or _", w.Func)
		}
		return
	}
	if !httpURL(w.URL) {
		v.report(p+".url", "webhook url must be an http(s) URL")
	}
	if w.Retries < 0 || w.Retries > 10 {
		v.report(p+".retries", "retries must be between 0 and 10")
	}
	v.webhookTime(p, w)
}

// httpURL reports whether raw is an absolute http or https URL with a host.
func httpURL(raw string) bool {
	u, err := url.Parse(raw)
	return raw != "" && err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// webhookTime checks a webhook's timeout, and that its retries fit in the time a
// webhook call may take.
func (v *validation) webhookTime(p string, w *Webhook) {
	if w.Timeout != "" {
		if d, err := time.ParseDuration(w.Timeout); err != nil || d <= 0 {
			v.report(p+".timeout", "timeout %q is not a positive duration (500ms, 2s, 1m)", w.Timeout)
			return
		}
	}
	if w.Retries >= 0 && w.timeout()*time.Duration(w.Retries+1) > MaxWebhookTime {
		v.report(p+".timeout", "timeout %s with %d retries may take %s, over the %s a webhook call may take; answer at once and report later instead",
			w.timeout(), w.Retries, w.timeout()*time.Duration(w.Retries+1), MaxWebhookTime)
	}
}
