package gates

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// Validate checks a flow before it is stored: every gate and state referenced is
// defined, node ids are unique, enumerations hold known values, extractors are
// well-formed and declare facts their node produces, aliases point from a produced
// fact to a known one, and some order of nodes can reach the primary goal. The error
// is a *parley.Error with code EINVALID whose message starts with the JSON path.
func (f *Flow) Validate() error {
	v := validator{flow: f}
	v.run()
	if v.err != nil {
		return v.err
	}
	return nil
}

type validator struct {
	flow *Flow
	err  *parley.Error
	// producedFacts are canonical facts some node can produce; rawFacts the names
	// nodes declare before aliasing; producedStates the states some node adds.
	producedFacts  map[string]bool
	rawFacts       map[string]bool
	producedStates map[string]bool
}

func (v *validator) fail(path, format string, args ...any) {
	if v.err == nil {
		v.err = parley.Errorf(parley.EINVALID, "%s: %s", path, fmt.Sprintf(format, args...))
	}
}

// collectProduced lists the facts (canonical and raw) and states the nodes
// produce, with the handoff states the engine produces.
func (v *validator) collectProduced() {
	f := v.flow
	v.producedFacts, v.rawFacts, v.producedStates = map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, n := range f.Nodes {
		for _, fact := range n.Produces {
			v.rawFacts[fact] = true
			v.producedFacts[f.canonical(fact)] = true
		}
		for _, s := range n.ProducesStates {
			v.producedStates[s] = true
		}
	}
	v.producedStates[StateHandoffRequested] = true
	v.producedStates[StateHandoffComplete] = true
}

func (v *validator) run() {
	f := v.flow
	if len(f.Nodes) == 0 {
		v.fail("nodes", "a flow needs at least one node")
		return
	}
	if _, ok := nlu.LocaleDateOrder(f.Locale); f.Locale != "" && !ok {
		v.fail("locale", "%q is no CLDR locale with a date order (en-US, en-GB, ...)", f.Locale)
	}
	v.collectProduced()
	v.gateNames()
	v.aliases()
	seen := map[string]int{}
	for i := range f.Nodes {
		v.node(i, seen)
	}
	for _, name := range slices.Sorted(maps.Keys(f.Gates)) {
		v.gate(name, f.Gates[name])
	}
	if f.Defaults.RetryPolicy != nil {
		v.retryPolicy("defaults.retryPolicy", f.Defaults.RetryPolicy)
	}
	for _, m := range f.Messages.texts() {
		v.template("messages."+m.name, m.text)
	}
	v.oneOf("postGoalPolicy", f.PostGoalPolicy, postGoalPolicies)
	v.goal()
}

// gateNames checks that every gate has a name.
func (v *validator) gateNames() {
	for name := range v.flow.Gates {
		if strings.TrimSpace(name) == "" {
			v.fail("gates", "a gate needs a name")
		}
	}
}

func (v *validator) node(i int, seen map[string]int) {
	n := &v.flow.Nodes[i]
	at := fmt.Sprintf("nodes[%d]", i)
	v.nodeID(at, i, n.ID, seen)
	v.oneOf(at+".importance", n.Importance, importances)
	v.nodeLists(at, n)
	if m := n.RunPolicy.MaxExecutions; m != nil && *m < 1 {
		v.fail(at+".runPolicy.maxExecutions", "must be at least 1 (leave it out for no cap), got %d", *m)
	}
	if n.RetryPolicy != nil {
		v.retryPolicy(at+".retryPolicy", n.RetryPolicy)
	}
	for j := range n.Extract {
		v.extractor(fmt.Sprintf("%s.extract[%d]", at, j), n, &n.Extract[j])
	}
	v.prompts(at, n)
}

func (v *validator) nodeID(at string, i int, id string, seen map[string]int) {
	if strings.TrimSpace(id) == "" {
		v.fail(at+".id", "a node needs an id")
	} else if first, dup := seen[id]; dup {
		v.fail(at+".id", "duplicate node id %q (also nodes[%d])", id, first)
	} else {
		seen[id] = i
	}
}

// nameList is a list of names a node declares, and the rule each name obeys.
type nameList struct {
	field string
	names []string
	check func(path, name string)
}

// nodeLists checks, in this order, the gates a node requires and satisfies, the
// states it requires, and the facts and states it produces.
func (v *validator) nodeLists(at string, n *Node) {
	v.nameLists(at, []nameList{
		{"requires", n.Requires, v.gateDefined},
		{"satisfies.gates", n.Satisfies.Gates, v.gateDefined},
		{"requiresStates", n.RequiresStates, v.stateDefined},
		{"produces", n.Produces, v.named("a fact needs a name")},
		{"producesStates", n.ProducesStates, v.named("a state needs a name")},
	})
}

// prompts checks a node's texts: each placeholder names a produced fact, and each
// ask question is for a fact of the node.
func (v *validator) prompts(at string, n *Node) {
	for j, text := range n.Prompts.Variants {
		v.template(fmt.Sprintf("%s.prompts.variants[%d]", at, j), text)
	}
	v.template(at+".prompts.broaden", n.Prompts.Broaden)
	v.template(at+".prompts.done", n.Prompts.Done)
	for _, fact := range slices.Sorted(maps.Keys(n.Prompts.Ask)) {
		path := at + ".prompts.ask" + strings.TrimPrefix(joinPath("x", fact), "x")
		if !slices.ContainsFunc(n.Produces, func(p string) bool { return p == fact || v.flow.canonical(p) == fact }) {
			v.fail(path, "fact %q is not produced by node %s", fact, n.ID)
		}
		v.template(path, n.Prompts.Ask[fact])
	}
}

// nameLists applies each list's rule to its names, list by list, in order.
func (v *validator) nameLists(at string, lists []nameList) {
	for _, list := range lists {
		for j, name := range list.names {
			list.check(fmt.Sprintf("%s.%s[%d]", at, list.field, j), name)
		}
	}
}

// named returns the rule that a name is not blank.
func (v *validator) named(message string) func(path, name string) {
	return func(path, name string) {
		if strings.TrimSpace(name) == "" {
			v.fail(path, "%s", message)
		}
	}
}

// The enumerations of the format, in the order the errors list them.
var (
	importances      = []string{ImportanceHigh, ImportanceNormal, ImportanceLow}
	onExhausts       = []string{OnExhaustClarify, OnExhaustBroaden, OnExhaustHandoff, OnExhaustSkip}
	variantStrategys = []string{StrategyRotate, StrategyEscalate, StrategyRephrase}
	postGoalPolicies = []string{PostGoalStop, PostGoalContinueHigh}
	goalTypes        = []string{GoalGate, GoalState}
	extractorKinds   = []string{ExtractEmail, ExtractPhone, ExtractDate, ExtractNumber, ExtractRegex, ExtractCategory, ExtractDelta}
)

// oneOf is the rule of an enumerated field: empty (the default) or one of allowed.
func (v *validator) oneOf(path, value string, allowed []string) {
	if value != "" && !slices.Contains(allowed, value) {
		v.fail(path, "%q is not one of %s", value, strings.Join(allowed, ", "))
	}
}

func (v *validator) gateDefined(path, gate string) {
	if _, ok := v.flow.Gates[gate]; !ok {
		v.fail(path, "gate %q is not defined", gate)
	}
}

func (v *validator) stateDefined(path, state string) {
	if !v.producedStates[state] {
		v.fail(path, "state %q is not produced by any node", state)
	}
}

func (v *validator) factProduced(path, fact string) {
	if !v.producedFacts[fact] {
		v.fail(path, "fact %q is not produced by any node", fact)
	}
}

func (v *validator) retryPolicy(path string, p *RetryPolicy) {
	if p.MaxAttempts < 0 {
		v.fail(path+".maxAttempts", "must be at least 1, got %d", p.MaxAttempts)
	}
	v.oneOf(path+".onExhaust", p.OnExhaust, onExhausts)
	if p.CooldownTurns != nil && *p.CooldownTurns < 0 {
		v.fail(path+".cooldownTurns", "must not be negative, got %d", *p.CooldownTurns)
	}
	v.oneOf(path+".promptVariantStrategy", p.PromptVariantStrategy, variantStrategys)
}

// extractorRules are the checks of each extractor kind beyond its kind.
var extractorRules = map[string]func(v *validator, path string, n *Node, x *Extractor){
	ExtractEmail:    (*validator).quantityExtractor,
	ExtractPhone:    (*validator).quantityExtractor,
	ExtractDate:     (*validator).dateExtractor,
	ExtractNumber:   (*validator).quantityExtractor,
	ExtractCategory: (*validator).categoryExtractor,
	ExtractDelta:    (*validator).deltaExtractor,
	ExtractRegex:    (*validator).regexExtractor,
}

func (v *validator) extractor(path string, n *Node, x *Extractor) {
	if x.Kind == "" {
		v.fail(path+".kind", "an extractor needs a kind")
		return
	}
	rule, known := extractorRules[x.Kind]
	if !known {
		v.oneOf(path+".kind", x.Kind, extractorKinds)
		return
	}
	rule(v, path, n, x)
}

// declared is the rule that an extractor's fact is one its node produces.
func (v *validator) declared(fieldPath string, n *Node, fact string) {
	if fact == "" {
		v.fail(fieldPath, "an extractor needs a fact")
	} else if !slices.Contains(n.Produces, fact) {
		v.fail(fieldPath, "fact %q is not in the node's produces", fact)
	}
}

// quantityExtractor checks an email, phone, date or number extractor.
func (v *validator) quantityExtractor(path string, n *Node, x *Extractor) {
	v.declared(path+".fact", n, x.Fact)
	if x.Validate != "" && x.Kind != ExtractDate {
		v.fail(path+".validate", "only a date extractor takes validate")
	}
	if x.Index < 0 {
		v.fail(path+".index", "must not be negative, got %d", x.Index)
	}
}

// dateExtractor checks a date extractor: a quantity one whose validate, when
// set, is future_date_only.
func (v *validator) dateExtractor(path string, n *Node, x *Extractor) {
	v.quantityExtractor(path, n, x)
	v.oneOf(path+".validate", x.Validate, []string{ValidateFutureDate})
}

func (v *validator) categoryExtractor(path string, n *Node, x *Extractor) {
	v.declared(path+".fact", n, x.Fact)
	if len(x.Categories) == 0 {
		v.fail(path+".categories", "a category extractor needs at least one category")
	}
	for _, name := range slices.Sorted(maps.Keys(x.Categories)) {
		if len(x.Categories[name]) == 0 {
			v.fail(joinPath(path+".categories", name), "category %q has no keywords", name)
		}
	}
}

func (v *validator) deltaExtractor(path string, n *Node, x *Extractor) {
	v.declared(path+".fact", n, x.Fact)
	for _, ref := range [][2]string{{"from", x.From}, {"to", x.To}} {
		field, fact := ref[0], ref[1]
		if fact == "" {
			v.fail(path+"."+field, "a delta needs both from and to")
		} else if !v.rawFacts[fact] && !v.producedFacts[fact] {
			v.fail(path+"."+field, "fact %q is not produced by any node", fact)
		}
	}
}

func (v *validator) regexExtractor(path string, n *Node, x *Extractor) {
	re, err := regexp.Compile(x.Pattern)
	if err != nil {
		v.fail(path+".pattern", "not a valid regular expression: %v", err)
		return
	}
	named := 0
	for _, group := range re.SubexpNames() {
		if group == "" {
			continue
		}
		named++
		v.declared(path+".pattern", n, group)
	}
	if named == 0 {
		v.fail(path+".pattern", "a regex extractor needs named groups (?P<fact>...)")
	}
}

// template checks that every {fact} placeholder names a fact some node produces.
func (v *validator) template(path, text string) {
	for _, name := range placeholders(text) {
		if !v.producedFacts[name] && !v.rawFacts[name] {
			v.fail(path, "placeholder {%s} names no fact produced by any node", name)
		}
	}
}

func (v *validator) gate(name string, g Gate) {
	at := joinPath("gates", name) + ".satisfiedBy"
	v.nameLists(at, []nameList{
		{"metricsAll", g.SatisfiedBy.MetricsAll, v.factProduced},
		{"metricsAny", g.SatisfiedBy.MetricsAny, v.factProduced},
		{"statesAll", g.SatisfiedBy.StatesAll, v.stateDefined},
	})
}

func (v *validator) aliases() {
	f := v.flow
	for _, from := range slices.Sorted(maps.Keys(f.FactAliases)) {
		to := f.FactAliases[from]
		at := joinPath("factAliases", from)
		switch {
		case !v.rawFacts[from]:
			v.fail(at, "alias source %q is not produced by any node", from)
		case to == "" || to == from:
			v.fail(at, "alias of %q points nowhere", from)
		case f.FactAliases[to] != "":
			v.fail(at, "alias target %q is itself an alias; point to the canonical fact", to)
		case !v.factUsed(to):
			v.fail(at, "alias target %q is used by no gate, extractor or prompt", to)
		}
	}
}

// factUsed reports whether a canonical fact is read anywhere: a gate, a delta or a
// prompt placeholder.
func (v *validator) factUsed(fact string) bool {
	f := v.flow
	for _, g := range f.Gates {
		if slices.Contains(g.SatisfiedBy.MetricsAll, fact) || slices.Contains(g.SatisfiedBy.MetricsAny, fact) {
			return true
		}
	}
	for _, m := range f.Messages.texts() {
		if slices.Contains(placeholders(m.text), fact) {
			return true
		}
	}
	return slices.ContainsFunc(f.Nodes, func(n Node) bool { return n.readsFact(fact) })
}

// readsFact reports whether one of the node's deltas or texts reads the fact.
func (n *Node) readsFact(fact string) bool {
	for _, x := range n.Extract {
		if x.Kind == ExtractDelta && (x.From == fact || x.To == fact) {
			return true
		}
	}
	texts := append(slices.Clone(n.Prompts.Variants), n.Prompts.Broaden, n.Prompts.Done)
	for _, name := range slices.Sorted(maps.Keys(n.Prompts.Ask)) {
		texts = append(texts, n.Prompts.Ask[name])
	}
	return slices.ContainsFunc(texts, func(text string) bool { return slices.Contains(placeholders(text), fact) })
}

// goalTarget is what a goal type names: the field and the rule its value obeys.
type goalTarget struct {
	field, name string
	check       func(path, name string)
}

func (v *validator) goal() {
	g := v.flow.PrimaryGoal
	if g.Type == "" {
		v.fail("primaryGoal.type", "a flow needs a primary goal of type GATE or STATE")
		return
	}
	target, known := map[string]goalTarget{
		GoalGate:  {"gate", g.Gate, v.gateDefined},
		GoalState: {"state", g.State, v.stateDefined},
	}[g.Type]
	if !known {
		v.oneOf("primaryGoal.type", g.Type, goalTypes)
		return
	}
	path := "primaryGoal." + target.field
	if target.name == "" {
		v.fail(path, "a %s goal needs a %s", g.Type, target.field)
		return
	}
	target.check(path, target.name)
	if v.err == nil {
		v.goalReachable(path, target)
	}
}

// goalReachable reports a goal that no order of the nodes can reach.
func (v *validator) goalReachable(path string, target goalTarget) {
	f := v.flow
	facts, states := f.reachable()
	r := RuntimeState{Facts: sortedSet(facts), States: sortedSet(states)}
	r.GatesSatisfied = f.satisfiedGates(&r)
	switch {
	case f.goalSatisfied(&r):
	case f.PrimaryGoal.Type == GoalState:
		v.fail(path, "no node can reach state %q: every node producing it is blocked", target.name)
	default:
		v.fail(path, "no node can reach gate %q: %s", target.name, f.gateMissing(target.name, &r))
	}
}

// reachable computes, optimistically, every fact and state some order of nodes can
// produce from an empty conversation: a node runs once its gates and states are
// reachable, and then produces everything it declares.
func (f *Flow) reachable() (facts, states map[string]bool) {
	facts, states = map[string]bool{}, map[string]bool{}
	fired := make([]bool, len(f.Nodes))
	for changed := true; changed; {
		changed = false
		r := RuntimeState{Facts: sortedSet(facts), States: sortedSet(states)}
		r.GatesSatisfied = f.satisfiedGates(&r)
		for i := range f.Nodes {
			n := &f.Nodes[i]
			if fired[i] || !allIn(n.Requires, r.GatesSatisfied) || !allIn(n.RequiresStates, r.States) {
				continue
			}
			fired[i], changed = true, true
			for _, fact := range n.Produces {
				facts[f.canonical(fact)] = true
			}
			for _, s := range n.ProducesStates {
				states[s] = true
			}
		}
	}
	return facts, states
}

// gateMissing describes what keeps a gate closed in r.
func (f *Flow) gateMissing(name string, r *RuntimeState) string {
	by := f.Gates[name].SatisfiedBy
	var missing []string
	for _, fact := range by.MetricsAll {
		if !has(r.Facts, fact) {
			missing = append(missing, "fact "+fact)
		}
	}
	if len(by.MetricsAny) > 0 && !anyIn(by.MetricsAny, r.Facts) {
		missing = append(missing, "any of facts "+strings.Join(by.MetricsAny, ", "))
	}
	for _, s := range by.StatesAll {
		if !has(r.States, s) {
			missing = append(missing, "state "+s)
		}
	}
	return "nothing reachable produces " + strings.Join(missing, "; ")
}

// placeholders lists the {name} references of a prompt text.
func placeholders(text string) []string {
	var names []string
	for {
		open := strings.IndexByte(text, '{')
		if open < 0 {
			return names
		}
		end := strings.IndexByte(text[open:], '}')
		if end < 0 {
			return names
		}
		if name := text[open+1 : open+end]; name != "" && !strings.ContainsAny(name, " {") {
			names = append(names, name)
		}
		text = text[open+end+1:]
	}
}
