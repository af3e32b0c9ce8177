package gates

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
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

func (v *validator) run() {
	f := v.flow
	if len(f.Nodes) == 0 {
		v.fail("nodes", "a flow needs at least one node")
		return
	}
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

	for name := range f.Gates {
		if strings.TrimSpace(name) == "" {
			v.fail("gates", "a gate needs a name")
		}
	}
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
	switch f.PostGoalPolicy {
	case "", PostGoalStop, PostGoalContinueHigh:
	default:
		v.fail("postGoalPolicy", "%q is not one of STOP, CONTINUE_HIGH", f.PostGoalPolicy)
	}
	v.goal()
}

func (v *validator) node(i int, seen map[string]int) {
	f := v.flow
	n := &f.Nodes[i]
	at := fmt.Sprintf("nodes[%d]", i)
	if strings.TrimSpace(n.ID) == "" {
		v.fail(at+".id", "a node needs an id")
	} else if first, dup := seen[n.ID]; dup {
		v.fail(at+".id", "duplicate node id %q (also nodes[%d])", n.ID, first)
	} else {
		seen[n.ID] = i
	}
	switch n.Importance {
	case "", ImportanceHigh, ImportanceNormal, ImportanceLow:
	default:
		v.fail(at+".importance", "%q is not one of high, normal, low", n.Importance)
	}
	for j, g := range n.Requires {
		v.gateDefined(fmt.Sprintf("%s.requires[%d]", at, j), g)
	}
	for j, g := range n.Satisfies.Gates {
		v.gateDefined(fmt.Sprintf("%s.satisfies.gates[%d]", at, j), g)
	}
	for j, s := range n.RequiresStates {
		v.stateDefined(fmt.Sprintf("%s.requiresStates[%d]", at, j), s)
	}
	for j, fact := range n.Produces {
		if strings.TrimSpace(fact) == "" {
			v.fail(fmt.Sprintf("%s.produces[%d]", at, j), "a fact needs a name")
		}
	}
	for j, s := range n.ProducesStates {
		if strings.TrimSpace(s) == "" {
			v.fail(fmt.Sprintf("%s.producesStates[%d]", at, j), "a state needs a name")
		}
	}
	if m := n.RunPolicy.MaxExecutions; m != nil && *m < 1 {
		v.fail(at+".runPolicy.maxExecutions", "must be at least 1 (leave it out for no cap), got %d", *m)
	}
	if n.RetryPolicy != nil {
		v.retryPolicy(at+".retryPolicy", n.RetryPolicy)
	}
	for j := range n.Extract {
		v.extractor(fmt.Sprintf("%s.extract[%d]", at, j), n, &n.Extract[j])
	}
	for j, text := range n.Prompts.Variants {
		v.template(fmt.Sprintf("%s.prompts.variants[%d]", at, j), text)
	}
	v.template(at+".prompts.broaden", n.Prompts.Broaden)
	v.template(at+".prompts.done", n.Prompts.Done)
	for _, fact := range slices.Sorted(maps.Keys(n.Prompts.Ask)) {
		path := at + ".prompts.ask" + strings.TrimPrefix(joinPath("x", fact), "x")
		if !slices.ContainsFunc(n.Produces, func(p string) bool { return p == fact || f.canonical(p) == fact }) {
			v.fail(path, "fact %q is not produced by node %s", fact, n.ID)
		}
		v.template(path, n.Prompts.Ask[fact])
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
	switch p.OnExhaust {
	case "", OnExhaustClarify, OnExhaustBroaden, OnExhaustHandoff, OnExhaustSkip:
	default:
		v.fail(path+".onExhaust", "%q is not one of CLARIFY, BROADEN, HANDOFF, SKIP", p.OnExhaust)
	}
	if p.CooldownTurns != nil && *p.CooldownTurns < 0 {
		v.fail(path+".cooldownTurns", "must not be negative, got %d", *p.CooldownTurns)
	}
	switch p.PromptVariantStrategy {
	case "", StrategyRotate, StrategyEscalate, StrategyRephrase:
	default:
		v.fail(path+".promptVariantStrategy", "%q is not one of ROTATE, ESCALATE, REPHRASE", p.PromptVariantStrategy)
	}
}

func (v *validator) extractor(path string, n *Node, x *Extractor) {
	declared := func(fieldPath, fact string) {
		if fact == "" {
			v.fail(fieldPath, "an extractor needs a fact")
		} else if !slices.Contains(n.Produces, fact) {
			v.fail(fieldPath, "fact %q is not in the node's produces", fact)
		}
	}
	switch x.Kind {
	case ExtractEmail, ExtractPhone, ExtractDate, ExtractNumber:
		declared(path+".fact", x.Fact)
		if x.Index < 0 {
			v.fail(path+".index", "must not be negative, got %d", x.Index)
		}
	case ExtractCategory:
		declared(path+".fact", x.Fact)
		if len(x.Categories) == 0 {
			v.fail(path+".categories", "a category extractor needs at least one category")
		}
		for _, name := range slices.Sorted(maps.Keys(x.Categories)) {
			if len(x.Categories[name]) == 0 {
				v.fail(joinPath(path+".categories", name), "category %q has no keywords", name)
			}
		}
	case ExtractDelta:
		declared(path+".fact", x.Fact)
		for _, ref := range [][2]string{{"from", x.From}, {"to", x.To}} {
			field, fact := ref[0], ref[1]
			if fact == "" {
				v.fail(path+"."+field, "a delta needs both from and to")
			} else if !v.rawFacts[fact] && !v.producedFacts[fact] {
				v.fail(path+"."+field, "fact %q is not produced by any node", fact)
			}
		}
	case ExtractRegex:
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
			declared(path+".pattern", group)
		}
		if named == 0 {
			v.fail(path+".pattern", "a regex extractor needs named groups (?P<fact>...)")
		}
	case "":
		v.fail(path+".kind", "an extractor needs a kind")
	default:
		v.fail(path+".kind", "%q is not one of email, phone, date, number, regex, category, delta", x.Kind)
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
	for j, fact := range g.SatisfiedBy.MetricsAll {
		v.factProduced(fmt.Sprintf("%s.metricsAll[%d]", at, j), fact)
	}
	for j, fact := range g.SatisfiedBy.MetricsAny {
		v.factProduced(fmt.Sprintf("%s.metricsAny[%d]", at, j), fact)
	}
	for j, s := range g.SatisfiedBy.StatesAll {
		v.stateDefined(fmt.Sprintf("%s.statesAll[%d]", at, j), s)
	}
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
	for _, n := range f.Nodes {
		for _, x := range n.Extract {
			if x.Kind == ExtractDelta && (x.From == fact || x.To == fact) {
				return true
			}
		}
		texts := append(slices.Clone(n.Prompts.Variants), n.Prompts.Broaden, n.Prompts.Done)
		for _, fact := range slices.Sorted(maps.Keys(n.Prompts.Ask)) {
			texts = append(texts, n.Prompts.Ask[fact])
		}
		for _, text := range texts {
			if slices.Contains(placeholders(text), fact) {
				return true
			}
		}
	}
	return false
}

func (v *validator) goal() {
	f := v.flow
	g := f.PrimaryGoal
	switch g.Type {
	case GoalGate:
		if g.Gate == "" {
			v.fail("primaryGoal.gate", "a GATE goal needs a gate")
			return
		}
		v.gateDefined("primaryGoal.gate", g.Gate)
	case GoalState:
		if g.State == "" {
			v.fail("primaryGoal.state", "a STATE goal needs a state")
			return
		}
		v.stateDefined("primaryGoal.state", g.State)
	case "":
		v.fail("primaryGoal.type", "a flow needs a primary goal of type GATE or STATE")
		return
	default:
		v.fail("primaryGoal.type", "%q is not one of GATE, STATE", g.Type)
		return
	}
	if v.err != nil {
		return
	}
	facts, states := f.reachable()
	r := RuntimeState{Facts: sortedSet(facts), States: sortedSet(states)}
	r.GatesSatisfied = f.satisfiedGates(&r)
	if f.goalSatisfied(&r) {
		return
	}
	if g.Type == GoalState {
		v.fail("primaryGoal.state", "no node can reach state %q: every node producing it is blocked", g.State)
		return
	}
	v.fail("primaryGoal.gate", "no node can reach gate %q: %s", g.Gate, f.gateMissing(g.Gate, &r))
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
