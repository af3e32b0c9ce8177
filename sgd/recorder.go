package sgd

import (
	"context"
	"maps"
	"slices"
	"sync"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/nlu"
)

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
	offered := offeredValues(f)
	first := r.offeredResult(f, offered)
	// The system goes on from the result it offered: the next ones follow it.
	n := len(f.ServiceResults)
	raw := make([]map[string]string, 0, n)
	for j := range n {
		raw = append(raw, f.ServiceResults[(first+j)%n])
	}
	if n > 0 {
		r.presentLater(d, i+2, raw)
	}
	for _, res := range raw {
		a.results = append(a.results, shownResult(res, offered))
	}
	if n > 0 {
		r.sayOffered(a.results[0], raw[0], offered)
	}
	return a
}

// presentLater orders the results after the first as the system offers them
// in the turns from turn `from` until the service's next call (the user asks
// for another; the system skips one the call returned): each later offer's
// result comes next, and an offer no result holds says what the system
// offered in the place it takes.
func (r *replayer) presentLater(d *Dialogue, from int, raw []map[string]string) {
	next := 1
	for k := from; k < len(d.Turns) && next < len(raw); k++ {
		f := d.Turns[k].frame(r.svc.Name)
		if f == nil || d.Turns[k].Speaker != SpeakerSystem {
			continue
		}
		if f.ServiceCall != nil {
			return
		}
		offered := offeredValues(f)
		if len(offered) == 0 {
			continue
		}
		m := slices.IndexFunc(raw[next:], func(res map[string]string) bool { return r.agreement(offered, res) == len(offered) })
		if m >= 0 {
			raw[next], raw[next+m] = raw[next+m], raw[next]
		} else {
			raw[next] = r.withOffered(raw[next], offered)
		}
		next++
	}
}

// withOffered is res with the offered values where they disagree, each in the
// engine's form where it reads one.
func (r *replayer) withOffered(res, offered map[string]string) map[string]string {
	out := maps.Clone(res)
	for slot, v := range offered {
		if got, ok := res[slot]; ok && r.agrees(slot, v, got) {
			continue
		}
		if c, ok := r.engine.Normalize(slot, v, r.start); ok {
			v = c
		}
		out[slot] = v
	}
	return out
}

// sayOffered makes the result shown first say what the system offered where
// the annotation offers a value the result does not hold (a restaurant the
// call did not return): the user answers what the system said. The value is
// in the engine's form where it reads one.
func (r *replayer) sayOffered(shown map[string]any, res, offered map[string]string) {
	for slot, v := range offered {
		got, ok := res[slot]
		if !ok || r.agrees(slot, v, got) {
			continue
		}
		if c, ok := r.engine.Normalize(slot, v, r.start); ok {
			v = c
		}
		shown[slot] = v
	}
}

// offeredValues are the first values of the frame's OFFER acts, per slot.
func offeredValues(f *Frame) map[string]string {
	offered := map[string]string{}
	for _, act := range f.Actions {
		if act.Act == ActOffer && len(act.Values) > 0 {
			offered[act.Slot] = act.Values[0]
		}
	}
	return offered
}

// offeredResult is the index of the service result the system offered: the
// first that agrees best with the offered values.
func (r *replayer) offeredResult(f *Frame, offered map[string]string) int {
	first, best := 0, 0
	for j, res := range f.ServiceResults {
		if n := r.agreement(offered, res); n > best {
			first, best = j, n
		}
	}
	return first
}

// shownResult is a result as the system presents one: the slots its OFFER act
// names, in the service's form (the whole result when nothing is offered).
func shownResult(res map[string]string, offered map[string]string) map[string]any {
	if len(offered) == 0 {
		return toAny(res)
	}
	shown := map[string]any{}
	for slot := range offered {
		if v, ok := res[slot]; ok {
			shown[slot] = v
		}
	}
	return shown
}

// agreement counts the offered values a result holds, read as the engine reads
// them ("7:40 am" is the result's "07:40").
func (r *replayer) agreement(offered, res map[string]string) int {
	n := 0
	for slot, v := range offered {
		if got, ok := res[slot]; ok && r.agrees(slot, v, got) {
			n++
		}
	}
	return n
}

// agrees reports whether an offered value v is a result's value got of the
// slot: the same text, the same number, or the same once normalized.
func (r *replayer) agrees(slot, v, got string) bool {
	if sameText(v, got) {
		return true
	}
	if a, aok := nlu.ParseNumber(v); aok {
		b, bok := nlu.ParseNumber(got)
		return bok && a == b
	}
	c, ok := r.engine.Normalize(slot, v, r.start)
	return ok && sameText(c, got)
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
