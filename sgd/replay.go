package sgd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/nlu"
)

// ReplayOptions configure Replay.
type ReplayOptions struct {
	// Runtime starts the production runtime over the replay's bots (cmd/parley: the
	// actor runtime over a fresh store, conversations being keyed by dialogue id),
	// with now as its clock; stop ends it.
	Runtime func(bots []*parley.Bot, now func() time.Time) (rt parley.Conversations, stop func())
	// Start is the sent_at of each dialogue's first user turn, each next user turn
	// one second later (default DefaultStart).
	Start time.Time
}

// DefaultStart is the default ReplayOptions.Start: SGD's dialogues were written
// as if "today" were Friday 2019-03-01 ("tomorrow" is 2019-03-02 in their
// service calls), so relative dates resolve as the dataset's do.
var DefaultStart = time.Date(2019, 3, 1, 10, 0, 0, 0, time.UTC)

// Report is the outcome of a replay, one result per dialogue in file order.
type Report struct {
	Dialogues []DialogueResult
}

// DialogueResult is the outcome of one dialogue.
type DialogueResult struct {
	ID string
	// Service is the dialogue's service (the first, for a skipped dialogue of
	// several).
	Service string
	// Skipped says why the dialogue was not replayed (it then neither passes nor
	// fails).
	Skipped string
	// UserTurns is the number of user turns replayed, Matched those after which
	// the engine's active flow and slots matched the annotation.
	UserTurns, Matched int
	// Calls is the number of service calls the dialogue makes, CallsMatched those
	// the engine made at the same turn with the same parameters.
	Calls, CallsMatched int
	Mismatches          []Mismatch
}

// Passed reports whether the dialogue was replayed without a mismatch.
func (d *DialogueResult) Passed() bool { return d.Skipped == "" && len(d.Mismatches) == 0 }

// Mismatch is one difference between the engine and the annotation.
type Mismatch struct {
	// Turn is the 0-based index of the dialogue turn, as in the dataset.
	Turn      int
	Speaker   string
	Utterance string
	// What names what differs: "active intent", "slot NAME", "service call", "turn".
	What      string
	Want, Got string
}

func (m Mismatch) String() string {
	return fmt.Sprintf("turn %d (%s %q): %s: want %s, got %s", m.Turn, m.Speaker, m.Utterance, m.What, m.Want, m.Got)
}

// Totals sums a report.
type Totals struct {
	Dialogues, Passed, Skipped int
	UserTurns, Matched         int
	Calls, CallsMatched        int
}

// Totals sums the report's results.
func (r *Report) Totals() Totals {
	var t Totals
	for i := range r.Dialogues {
		d := &r.Dialogues[i]
		t.Dialogues++
		if d.Skipped != "" {
			t.Skipped++
			continue
		}
		if d.Passed() {
			t.Passed++
		}
		t.UserTurns += d.UserTurns
		t.Matched += d.Matched
		t.Calls += d.Calls
		t.CallsMatched += d.CallsMatched
	}
	return t
}

// Write prints PASS, FAIL or SKIP per dialogue with its first mismatch (every
// mismatch when verbose), then the totals.
func (r *Report) Write(w io.Writer, verbose bool) error {
	for i := range r.Dialogues {
		d := &r.Dialogues[i]
		var err error
		switch {
		case d.Skipped != "":
			_, err = fmt.Fprintf(w, "SKIP %s: %s\n", d.ID, d.Skipped)
		case d.Passed():
			_, err = fmt.Fprintf(w, "PASS %s: %d/%d user turns matched, %d/%d service calls\n", d.ID, d.Matched, d.UserTurns, d.CallsMatched, d.Calls)
		default:
			_, err = fmt.Fprintf(w, "FAIL %s: %d/%d user turns matched, %d/%d service calls; first mismatch at %s\n",
				d.ID, d.Matched, d.UserTurns, d.CallsMatched, d.Calls, d.Mismatches[0])
			if verbose {
				for _, m := range d.Mismatches[1:] {
					if _, err = fmt.Fprintf(w, "     %s\n", m); err != nil {
						return err
					}
				}
			}
		}
		if err != nil {
			return err
		}
	}
	if err := r.writeServices(w); err != nil {
		return err
	}
	t := r.Totals()
	_, err := fmt.Fprintf(w, "total: %d/%d dialogues passed, %d/%d user turns matched, %d/%d service calls matched", t.Passed, t.Dialogues-t.Skipped, t.Matched, t.UserTurns, t.CallsMatched, t.Calls)
	if err == nil && t.Skipped > 0 {
		_, err = fmt.Fprintf(w, ", %d skipped", t.Skipped)
	}
	if err == nil {
		_, err = fmt.Fprintln(w)
	}
	return err
}

// ServiceTotals sums the report per service, in the order services first appear.
func (r *Report) ServiceTotals() ([]string, map[string]Totals) {
	var order []string
	per := map[string]Totals{}
	for i := range r.Dialogues {
		d := r.Dialogues[i]
		if _, ok := per[d.Service]; !ok {
			order = append(order, d.Service)
		}
		one := Report{Dialogues: []DialogueResult{d}}
		t, o := per[d.Service], one.Totals()
		t.Dialogues += o.Dialogues
		t.Passed += o.Passed
		t.Skipped += o.Skipped
		t.UserTurns += o.UserTurns
		t.Matched += o.Matched
		t.Calls += o.Calls
		t.CallsMatched += o.CallsMatched
		per[d.Service] = t
	}
	return order, per
}

// writeServices prints one line of totals per service.
func (r *Report) writeServices(w io.Writer) error {
	order, per := r.ServiceTotals()
	for _, name := range order {
		t := per[name]
		if _, err := fmt.Fprintf(w, "service %s: %d/%d dialogues passed, %d/%d user turns matched, %d/%d service calls matched\n",
			name, t.Passed, t.Dialogues-t.Skipped, t.Matched, t.UserTurns, t.CallsMatched, t.Calls); err != nil {
			return err
		}
	}
	return nil
}

// Replay replays the dialogues through the production runtime (opts.Runtime), one flows bot per service generated by Definition, in
// oracle mode: each user turn carries its annotated parse as the message's nlu
// (see oracleParse). After every user turn it compares the engine's state with
// the annotated dialogue state, and at every system turn the service call the
// dialogue makes with the one the engine made. A dialogue of several services,
// or of a service the schema lacks, is skipped. An error is returned only when
// the replay cannot run at all (no store, a cancelled context).
func Replay(ctx context.Context, services []Service, dialogues []Dialogue, opts ReplayOptions) (*Report, error) {
	if opts.Runtime == nil {
		return nil, parley.Errorf(parley.EINVALID, "sgd replay needs a runtime")
	}
	if opts.Start.IsZero() {
		opts.Start = DefaultStart
	}
	var bots []*parley.Bot
	rec := &recorder{calls: map[parley.ConversationKey][]*call{}, answers: map[parley.ConversationKey]*answer{}}
	used := map[string]*Service{}
	engines := map[string]*flows.Engine{}
	for _, d := range dialogues {
		for _, name := range d.Services {
			if _, done := used[name]; done {
				continue
			}
			svc, err := FindService(services, name)
			if err != nil {
				used[name] = nil
				continue
			}
			def, err := Definition(svc, FlowsOptions{Webhook: replayWebhook})
			if err != nil {
				return nil, err
			}
			engine, err := flows.New(def, flows.Options{Runner: rec})
			if err != nil {
				return nil, err
			}
			used[name] = svc
			engines[name] = engine
			bots = append(bots, &parley.Bot{Name: name, Engine: engine, Description: svc.Description})
		}
	}
	start := opts.Start
	rt, stop := opts.Runtime(bots, func() time.Time { return start })
	defer stop()

	report := &Report{}
	ids := map[string]int{}
	for i := range dialogues {
		d := &dialogues[i]
		res := DialogueResult{ID: d.ID}
		if len(d.Services) > 0 {
			res.Service = d.Services[0]
		}
		switch {
		case len(d.Services) != 1:
			res.Skipped = fmt.Sprintf("%d services %v: a replay bot runs the flows of one service", len(d.Services), d.Services)
		case used[d.Services[0]] == nil:
			res.Skipped = fmt.Sprintf("service %s is not in the schema", d.Services[0])
		default:
			// Dialogue ids are unique within a split only: a repeated id gets its own
			// conversation.
			conv := d.ID
			if n := ids[d.ID]; n > 0 {
				conv = fmt.Sprintf("%s#%d", d.ID, n+1)
			}
			ids[d.ID]++
			r := &replayer{rt: rt, rec: rec, svc: used[d.Services[0]], engine: engines[d.Services[0]], start: opts.Start,
				key: parley.ConversationKey{Bot: d.Services[0], ID: conv}}
			if err := r.dialogue(ctx, d, &res); err != nil {
				return nil, err
			}
		}
		report.Dialogues = append(report.Dialogues, res)
	}
	return report, nil
}

// replayer replays one dialogue.
type replayer struct {
	rt     parley.Conversations
	rec    *recorder
	svc    *Service
	engine *flows.Engine
	key    parley.ConversationKey
	start  time.Time
}

// call is a service call the engine made: the flow whose action ran and the
// flow's slots when it ran.
type call struct {
	Method string
	Params map[string]string
	// listed are the annotated state's surface forms per slot at the turn.
	listed map[string][]string
}

func (c *call) String() string {
	if c == nil {
		return "no call"
	}
	return c.Method + formatParams(c.Params)
}

func formatParams(p map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(p)) {
		parts = append(parts, k+"="+p[k])
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (r *replayer) dialogue(ctx context.Context, d *Dialogue, res *DialogueResult) error {
	var made []*call // calls the engine made in the last user turn
	lastUser := -1
	for i := range d.Turns {
		t := &d.Turns[i]
		f := t.frame(r.svc.Name)
		miss := func(what, want, got string) {
			res.Mismatches = append(res.Mismatches, Mismatch{Turn: i, Speaker: t.Speaker, Utterance: t.Utterance, What: what, Want: want, Got: got})
		}
		if t.Speaker == SpeakerSystem {
			var want *ServiceCall
			if f != nil {
				want = f.ServiceCall
			}
			r.compareCalls(want, made, res, miss)
			made = nil
			continue
		}
		if f == nil || f.State == nil {
			continue
		}
		if len(made) > 0 {
			// The user spoke again before any system turn: the calls had no answer.
			r.compareCalls(nil, made, res, miss)
			made = nil
		}
		res.UserTurns++
		lastUser = i
		r.rec.expect(r.key, r.answerAfter(d, i))
		msg := parley.Message{
			ID:     fmt.Sprintf("t%d", i),
			Text:   t.Utterance,
			NLU:    oracleParse(f),
			SentAt: r.start.Add(time.Duration(res.UserTurns-1) * time.Second),
		}
		got, err := r.rt.Turn(ctx, parley.TurnRequest{Key: r.key, Message: msg})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			miss("turn", "a decision", "error "+string(parley.ErrorCode(err))+": "+parley.ErrorDetail(err))
			continue
		}
		var resp parley.TurnResponse
		var state flows.State
		if err := json.Unmarshal(got.Body, &resp); err != nil {
			return parley.WrapError(parley.EINTERNAL, err, "decode turn response")
		}
		if err := json.Unmarshal(resp.State, &state); err != nil {
			return parley.WrapError(parley.EINTERNAL, err, "decode flows state")
		}
		before := len(res.Mismatches)
		r.compareState(f.State, &state, miss)
		if len(res.Mismatches) == before {
			res.Matched++
		}
		made = r.calls()
		for _, c := range made {
			c.listed = f.State.SlotValues
		}
	}
	if len(made) > 0 {
		t := &d.Turns[lastUser]
		r.compareCalls(nil, made, res, func(what, want, got string) {
			res.Mismatches = append(res.Mismatches, Mismatch{Turn: lastUser, Speaker: t.Speaker, Utterance: t.Utterance, What: what, Want: want, Got: got})
		})
	}
	return nil
}

// calls returns the service calls the engine made in the last turn, each with
// the parameters of its intent.
func (r *replayer) calls() []*call {
	made := r.rec.take(r.key)
	for _, c := range made {
		if in, ok := r.svc.Intent(c.Method); ok {
			params := map[string]string{}
			for _, name := range intentSlots(in) {
				if v, ok := c.Params[name]; ok {
					params[name] = v
				}
			}
			c.Params = params
		}
	}
	return made
}

// replayWebhook is the base URL of the replay bots' service calls. The recorder
// runs them in process, so it is never requested (.invalid never resolves).
const replayWebhook = "http://sgd.invalid"

// recorder is the replay bots' ActionRunner: it records each service call with
// the slots it was given, at the moment the action runs, instead of POSTing
// them, and answers as the dataset's service did (see answer).
type recorder struct {
	mu      sync.Mutex
	calls   map[parley.ConversationKey][]*call
	answers map[parley.ConversationKey]*answer
}

// answer is what a deployment's service gives the bot for the call a user turn
// leads to: the dialogue's service_results of the system turn that answers it,
// starting from the result that turn offers (the system's choice, its OFFER
// act; the system goes on from there when asked for another), each as the
// system presents a result (the slots its OFFER act names: what the user is
// told, so all a user choosing it can take), and whether the service refused
// (NOTIFY_FAILURE).
type answer struct {
	method  string
	results []map[string]any
	failed  bool
}

func (rec *recorder) expect(key parley.ConversationKey, a *answer) {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if a == nil {
		delete(rec.answers, key)
		return
	}
	rec.answers[key] = a
}

func (rec *recorder) Run(_ context.Context, req flows.ActionRequest) (flows.ActionResult, error) {
	c := &call{Method: req.Action, Params: make(map[string]string, len(req.Slots))}
	for k, v := range req.Slots {
		if v != nil {
			c.Params[k] = valueText(v)
		}
	}
	key := parley.ConversationKey{Bot: req.Bot, ID: req.Conversation}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	rec.calls[key] = append(rec.calls[key], c)
	var res flows.ActionResult
	if a := rec.answers[key]; a != nil && a.method == req.Action {
		res.Results, res.Failed = a.results, a.failed
	}
	return res, nil
}

// answerAfter is the service's answer to a call made in user turn i: taken from
// the system turn that follows it, which carries the call's results. It is nil
// when that turn makes no call.
func (r *replayer) answerAfter(d *Dialogue, i int) *answer {
	if i+1 >= len(d.Turns) {
		return nil
	}
	f := d.Turns[i+1].frame(r.svc.Name)
	if f == nil || f.ServiceCall == nil {
		return nil
	}
	a := &answer{method: f.ServiceCall.Method, failed: f.has(ActNotifyFail)}
	offered := map[string]string{}
	for _, act := range f.Actions {
		if act.Act == ActOffer && len(act.Values) > 0 {
			offered[act.Slot] = act.Values[0]
		}
	}
	first, best := 0, 0
	for j, res := range f.ServiceResults {
		if n := r.agreement(offered, res); n > best {
			first, best = j, n
		}
	}
	// The system goes on from the result it offered: the next ones follow it.
	n := len(f.ServiceResults)
	for j := range n {
		res := f.ServiceResults[(first+j)%n]
		if len(offered) == 0 {
			a.results = append(a.results, toAny(res))
			continue
		}
		// A result as the system presents one: the slots its OFFER act names, in
		// the service's form.
		shown := map[string]any{}
		for slot := range offered {
			if v, ok := res[slot]; ok {
				shown[slot] = v
			}
		}
		a.results = append(a.results, shown)
	}
	return a
}

// agreement counts the offered values a result holds, read as the engine reads
// them ("7:40 am" is the result's "07:40").
func (r *replayer) agreement(offered, res map[string]string) int {
	n := 0
	for slot, v := range offered {
		got, ok := res[slot]
		if !ok {
			continue
		}
		if sameText(v, got) {
			n++
			continue
		}
		if a, aok := nlu.ParseNumber(v); aok {
			if b, bok := nlu.ParseNumber(got); bok && a == b {
				n++
			}
			continue
		}
		if c, ok := r.engine.Normalize(slot, v, r.start); ok && sameText(c, got) {
			n++
		}
	}
	return n
}

func toAny(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// take returns and forgets the calls recorded for a conversation.
func (rec *recorder) take(key parley.ConversationKey) []*call {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	made := rec.calls[key]
	delete(rec.calls, key)
	return made
}

// compareCalls checks the service call a system turn makes against the calls
// the engine made in the user turn before it.
func (r *replayer) compareCalls(want *ServiceCall, made []*call, res *DialogueResult, miss func(what, want, got string)) {
	if want == nil {
		for _, c := range made {
			miss("service call", "no call", c.String())
		}
		return
	}
	res.Calls++
	wantText := want.Method + formatParams(want.Parameters)
	if len(made) != 1 {
		got := "no call"
		if len(made) > 1 {
			got = fmt.Sprintf("%d calls", len(made))
		}
		miss("service call", wantText, got)
		return
	}
	c := made[0]
	if c.Method != want.Method || !r.sameParams(want, c) {
		miss("service call", wantText, c.String())
		return
	}
	res.CallsMatched++
}

// sameParams compares the engine's parameters with the dataset's canonical ones.
// A slot holding dontcare is no parameter (SGD leaves it out of the call); an
// optional slot at its schema default equals an absent one; a value matches a
// canonical value when they are equal ignoring case, when both read as the same
// number ("$1,470" and "1470", "720 dollars" and "720"), or through another
// surface form the annotated state lists for the same value.
func (r *replayer) sameParams(want *ServiceCall, c *call) bool {
	in, _ := r.svc.Intent(want.Method)
	names := map[string]bool{}
	for k := range want.Parameters {
		names[k] = true
	}
	for k := range c.Params {
		names[k] = true
	}
	for name := range names {
		w, wok := want.Parameters[name]
		g, gok := c.Params[name]
		if gok && sameText(g, DontCare) {
			gok = false
		}
		switch {
		case !wok && !gok:
		case !wok:
			if in == nil || !isDefault(in, name, g) {
				return false
			}
		case !gok:
			if in == nil || !isDefault(in, name, w) {
				return false
			}
		default:
			if !matchesCanonical(g, w, c.listed[name]) {
				return false
			}
		}
	}
	return true
}

// compareState checks the engine's state after a user turn against the
// annotated state: the active flow is the active intent, and each slot of the
// service holds one of the values listed for it (none when none is listed).
//
// The flows engine rests in idle once a flow has ended, with the slots kept and
// metadata.last_flow naming the flow; SGD keeps the intent active until the
// user names another, however its task ended (done, refused by the service,
// or left by the user: "No, I'm all set, thanks"). So an idle engine whose
// last flow is the intent matches it, and any idle engine matches NONE. An optional slot the
// engine holds at its schema default matches an unlisted one: the engine gives
// the default before the confirmation that shows it, the annotation lists it
// once the user has accepted that confirmation.
func (r *replayer) compareState(want *State, s *flows.State, miss func(what, want, got string)) {
	active := s.CurrentFlow
	ok := active == want.ActiveIntent
	if active == flows.FlowNone {
		ok = want.ActiveIntent == IntentNone || s.Metadata.LastFlow == want.ActiveIntent
		active = "none"
		if s.Metadata.LastFlow != "" {
			active += " (last flow " + s.Metadata.LastFlow + " " + s.Metadata.LastOutcome + ")"
		}
	}
	if !ok {
		miss("active intent", want.ActiveIntent, active)
	}
	in, _ := r.svc.Intent(want.ActiveIntent)
	for _, sl := range r.svc.Slots {
		values := want.SlotValues[sl.Name]
		v, has := s.Slots[sl.Name]
		has = has && v != nil
		switch {
		case len(values) > 0 && !has:
			miss("slot "+sl.Name, listText(values), "none")
		case len(values) > 0:
			if !slices.ContainsFunc(values, func(w string) bool { return r.sameSlotValue(sl.Name, w, valueText(v)) }) {
				miss("slot "+sl.Name, listText(values), fmt.Sprintf("%q", valueText(v)))
			}
		case has && (in == nil || !isDefault(in, sl.Name, valueText(v))):
			miss("slot "+sl.Name, "none", fmt.Sprintf("%q", valueText(v)))
		}
	}
}

// sameSlotValue compares a listed surface form with the engine's value: the
// same text, or the value the engine reads the form as (a date, a time, a city,
// a count: the engine normalized what the user said).
func (r *replayer) sameSlotValue(slot, listed, got string) bool {
	if sameText(listed, got) {
		return true
	}
	c, ok := r.engine.Normalize(slot, listed, r.start)
	return ok && sameText(c, got)
}

// oracleParse is the upstream parse a user turn carries in oracle mode, built
// from the turn's annotated dialogue acts only (never from the engine's state,
// nor from the annotated state's values the user did not say):
//
//   - Entities are the values of the user's INFORM acts, as annotated, and of a
//     SELECT that names its choice ("How about Hackers?"). Values
//     the state gains without the user saying them (an offered result the user
//     selects, a default the user accepts at a confirmation, values carried to
//     the next intent of the service) are the engine's to supply.
//   - Intent: AFFIRM is "affirm"; NEGATE without a value is "deny" (with one it
//     is a correction and carries the active intent); SELECT is "select" and
//     REQUEST_ALTS "request_alts" unless the user also names an intent
//     (or, for REQUEST_ALTS, gives new criteria: the search runs again);
//     otherwise the active intent when the user expresses it (a new intent, an
//     INFORM_INTENT or AFFIRM_INTENT act, or values for it); a turn that only
//     thanks or says goodbye carries its first act ("thank_you"), which starts
//     no flow.
func oracleParse(f *Frame) *parley.NLU {
	cur := f.State
	entities := informedValues(f)
	namesIntent := f.has(ActInformIntent) || f.has(ActAffirmIntent)
	intent := cur.ActiveIntent
	switch {
	case f.has(ActAffirm):
		intent = "affirm"
	case f.has(ActNegate) && len(entities) == 0:
		intent = "deny"
	case f.has(ActSelect) && !namesIntent:
		intent = flows.IntentSelect
	case f.has(ActRequestAlts) && !namesIntent && len(entities) == 0:
		intent = flows.IntentAlternative
	case cur.ActiveIntent == IntentNone:
		intent = firstAct(f)
	case namesIntent || len(entities) > 0:
	default:
		intent = firstAct(f)
	}
	p := &parley.NLU{Intent: intent, Confidence: 1}
	if len(entities) > 0 {
		p.Entities = entities
	}
	return p
}

// informedValues are the slot values the user's INFORM and SELECT acts give,
// the first value of each act, a later act's winning over an earlier one's.
func informedValues(f *Frame) map[string]any {
	entities := map[string]any{}
	for _, a := range f.Actions {
		if (a.Act == ActInform || a.Act == ActSelect) && a.Slot != "" && len(a.Values) > 0 {
			entities[a.Slot] = a.Values[0]
		}
	}
	return entities
}

func firstAct(f *Frame) string {
	if len(f.Actions) == 0 {
		return ""
	}
	return strings.ToLower(f.Actions[0].Act)
}

// intentSlots are the intent's parameters: required slots, then optional ones.
func intentSlots(in *Intent) []string {
	out := slices.Clone(in.RequiredSlots)
	return append(out, slices.Sorted(maps.Keys(in.OptionalSlots))...)
}

func isDefault(in *Intent, slot, v string) bool {
	d, ok := in.OptionalSlots[slot]
	return ok && sameText(d, v)
}

func sameText(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}

// sameValue compares an engine value with a canonical one: equal text, or the
// same number.
func sameValue(got, canonical string) bool {
	if sameText(got, canonical) {
		return true
	}
	g, gok := number(got)
	c, cok := number(canonical)
	return gok && cok && g == c
}

// matchesCanonical reports whether the engine's value g is the canonical value
// w: the same value, or one surface form of a listed value another form of
// which is w.
func matchesCanonical(g, w string, listed []string) bool {
	if sameValue(g, w) {
		return true
	}
	if !slices.ContainsFunc(listed, func(l string) bool { return sameText(l, g) }) {
		return false
	}
	return slices.ContainsFunc(listed, func(l string) bool { return sameValue(l, w) })
}

// number reads a value as a number: the whole text ("$1,470", "twenty") or its
// one quantity ("720 dollars").
func number(s string) (float64, bool) {
	if v, ok := nlu.ParseNumber(s); ok {
		return v, true
	}
	if q := nlu.ExtractQuantities(s); len(q) == 1 {
		return q[0].Value, true
	}
	return 0, false
}

func valueText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	}
	data, _ := json.Marshal(v)
	return string(data)
}

func listText(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = fmt.Sprintf("%q", v)
	}
	return "one of [" + strings.Join(q, ", ") + "]"
}
