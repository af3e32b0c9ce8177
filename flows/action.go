package flows

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
)

// ActionRunner runs a webhook action or a custom validator inside a turn. The
// engine declares it so tests and embedders can run actions in process; the
// default is HTTPRunner.
type ActionRunner interface {
	Run(ctx context.Context, req ActionRequest) (ActionResult, error)
}

// ActionRequest is what a webhook receives (as JSON) and its idempotency key.
type ActionRequest struct {
	Bot          string         `json:"bot"`
	Conversation string         `json:"conversation_id"`
	Turn         int64          `json:"turn"`
	Flow         string         `json:"flow"`
	Step         string         `json:"step"`
	Action       string         `json:"action"`
	Slots        map[string]any `json:"slots"`
	// IdempotencyKey is "<bot>/<conversation>/<message id>/<step>", sent in the
	// Idempotency-Key header: the turn is named by its message id, which stays the
	// same when the runtime decides a turn again (a redelivered message whose first
	// processing failed, or a version conflict with another replica), while the turn
	// index may not. So a receiver that honours the key never books twice.
	IdempotencyKey string   `json:"-"`
	Webhook        *Webhook `json:"-"`
}

// ActionResult is a webhook's answer: slots to set, slots still missing (the flow
// goes back to waiting_for_slot for the first), a reply; for a custom validator,
// valid, message and an optional normalized value.
type ActionResult struct {
	Slots   map[string]any `json:"slots,omitempty"`
	Missing []string       `json:"missing_slots,omitempty"`
	Reply   string         `json:"reply,omitempty"`
	Valid   *bool          `json:"valid,omitempty"`
	Message string         `json:"message,omitempty"`
	Value   any            `json:"value,omitempty"`
	// Results are a search's findings, for an action with offer.
	Results []map[string]any `json:"results,omitempty"`
	// Failed says the action could not do what it was asked (the booking was
	// refused): the flow keeps its slots and goes back to its confirm step, so
	// the user can change a value and confirm again.
	Failed bool `json:"failed,omitempty"`
}

// HTTPRunner POSTs the request as JSON to the webhook's URL, with the webhook's
// timeout per attempt and its retries on transport errors and 5xx answers.
type HTTPRunner struct {
	Client *http.Client
}

// Default webhook settings.
const (
	DefaultWebhookTimeout = 5 * time.Second
	maxResponseBytes      = 1 << 20
)

// Run calls the webhook. A 4xx answer is not retried; an error after the last
// attempt has code EUNAVAILABLE.
func (r *HTTPRunner) Run(ctx context.Context, req ActionRequest) (ActionResult, error) {
	if req.Webhook == nil || req.Webhook.URL == "" {
		return ActionResult{}, parley.Errorf(parley.EINVALID, "action %s has no webhook url", req.Action)
	}
	client := r.Client
	if client == nil {
		client = http.DefaultClient
	}
	body, err := json.Marshal(req)
	if err != nil {
		return ActionResult{}, parley.WrapError(parley.EINTERNAL, err, "encode action request")
	}
	timeout := req.Webhook.timeout()
	var last error
	for attempt := 0; attempt <= max(req.Webhook.Retries, 0); attempt++ {
		res, retry, err := r.attempt(ctx, client, req, body, timeout)
		if err == nil {
			return res, nil
		}
		last = err
		if !retry || ctx.Err() != nil {
			break
		}
	}
	return ActionResult{}, parley.WrapError(parley.EUNAVAILABLE, last, "webhook %s", req.Action)
}

func (r *HTTPRunner) attempt(ctx context.Context, client *http.Client, req ActionRequest, body []byte, timeout time.Duration) (ActionResult, bool, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, req.Webhook.URL, bytes.NewReader(body))
	if err != nil {
		return ActionResult{}, false, err
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Idempotency-Key", req.IdempotencyKey)
	for k, v := range req.Webhook.Headers {
		hr.Header.Set(k, v)
	}
	resp, err := client.Do(hr)
	if err != nil {
		return ActionResult{}, true, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	if err != nil {
		return ActionResult{}, true, err
	}
	if resp.StatusCode >= 500 {
		return ActionResult{}, true, fmt.Errorf("status %d", resp.StatusCode)
	}
	if resp.StatusCode >= 300 {
		return ActionResult{}, false, fmt.Errorf("status %d", resp.StatusCode)
	}
	var res ActionResult
	if len(bytes.TrimSpace(data)) > 0 {
		if err := json.Unmarshal(data, &res); err != nil {
			return ActionResult{}, false, fmt.Errorf("response is not an action result: %w", err)
		}
	}
	return res, false, nil
}

func (e *Engine) request(t parley.Turn, s *State, step, action string, w *Webhook, slots map[string]any) ActionRequest {
	return ActionRequest{
		Bot:            e.bot,
		Conversation:   t.Conversation.ID,
		Turn:           t.Index,
		Flow:           s.CurrentFlow,
		Step:           step,
		Action:         action,
		Slots:          slots,
		IdempotencyKey: e.bot + "/" + t.Conversation.ID + "/" + t.Message.ID + "/" + step,
		Webhook:        w,
	}
}

// act runs an action step in executing_action. It returns the next step index, or
// done when the turn ends here (missing slots, failure, end of flow).
func (tu *turn) act(f *flow, st *step) (next int, done bool, err error) {
	a := st.def.Action
	tu.setActionSlots(a)
	var results []map[string]any
	if a.Search != nil {
		results = search(a.Search, tu.s.Slots)
		if len(results) == 0 && a.Search.FailWhenEmpty {
			return 0, true, tu.failed(f, st, tu.render(a.Search.FailReply))
		}
	}
	if a.Webhook != nil {
		var stop bool
		if results, stop, err = tu.callWebhook(f, st, a); stop {
			return 0, true, err
		}
	}
	tu.say(tu.render(a.Reply))
	if len(a.Offer) > 0 {
		tu.offer(f, a.Offer, results)
	}
	if a.Handoff {
		return 0, true, tu.handoff(ReasonFlowRequested)
	}
	if a.End {
		return 0, true, tu.endFlow(OutcomeCompleted)
	}
	return st.next, false, nil
}

// setActionSlots sets the slots an action sets itself: its set values and its
// reference.
func (tu *turn) setActionSlots(a *Action) {
	s := tu.s
	for name, v := range a.Set {
		s.Slots[name] = tu.render(v)
	}
	if ref := a.Reference; ref != nil {
		s.Slots[ref.Slot] = reference(ref, tu.in.Conversation.ID, tu.in.Index)
	}
}

// callWebhook calls the action's webhook and takes in its answer: the slots it
// sets, its reply said, its results returned. done is true when the turn ends
// here (the call or the action failed, data is missing), err what ends it.
func (tu *turn) callWebhook(f *flow, st *step, a *Action) (results []map[string]any, done bool, err error) {
	s := tu.s
	name := a.Name
	if name == "" {
		name = st.id
	}
	res, rerr := tu.e.runner.Run(tu.ctx, tu.e.request(tu.in, s, st.id, name, a.Webhook, callSlots(s.Slots)))
	if rerr != nil {
		if tu.ctx.Err() != nil {
			return nil, true, parley.WrapError(parley.EUNAVAILABLE, tu.ctx.Err(), "turn abandoned during action %s", name)
		}
		return nil, true, tu.fail(errorType(rerr), parley.ErrorMessage(rerr))
	}
	if res.Failed {
		return nil, true, tu.failed(f, st, res.Reply)
	}
	for k, v := range res.Slots {
		s.Slots[k] = v
	}
	if len(res.Missing) > 0 {
		return nil, true, tu.needData(f, res.Missing, res.Reply)
	}
	tu.say(res.Reply)
	return res.Results, false, nil
}

// callSlots are the slots an action receives: dontcare ("no preference") is a
// value of the conversation, never a parameter.
func callSlots(slots map[string]any) map[string]any {
	out := make(map[string]any, len(slots))
	for k, v := range slots {
		if str, ok := v.(string); ok && strings.EqualFold(str, DontCare) {
			continue
		}
		out[k] = v
	}
	return out
}

// search is the built-in search: the records whose fields equal every filled
// match slot, ignoring case.
func search(sd *Search, slots map[string]any) []map[string]any {
	var out []map[string]any
	for _, r := range sd.Records {
		ok := true
		for _, name := range sd.Match {
			v, set := slots[name]
			want := format(v)
			if !set || v == nil || strings.EqualFold(want, DontCare) {
				continue
			}
			if !strings.EqualFold(r[name], want) {
				ok = false
				break
			}
		}
		if ok {
			rec := make(map[string]any, len(r))
			for k, v := range r {
				rec[k] = v
			}
			out = append(out, rec)
		}
	}
	return out
}

// failed is an action that reported a failure: the slots stay, and the flow goes
// back to the confirm step before the action (001 "Action needs confirmation"),
// where the user may change a value and confirm again, or say no. Without such
// a step the flow ends with outcome failed.
func (tu *turn) failed(f *flow, st *step, reply string) error {
	tu.say(orText(reply, tu.e.text["failed"]))
	for i := st.index - 1; i >= 0; i-- {
		if c := f.steps[i]; c.kind == KindConfirm {
			if err := tu.fire(DialogueActionNeedsConfirmation); err != nil {
				return err
			}
			tu.setStep(c)
			return nil
		}
	}
	return tu.endFlow(OutcomeFailed)
}

func orText(s, fallback string) string {
	if s != "" {
		return s
	}
	return fallback
}

func errorType(err error) string {
	var pe *parley.Error
	if errors.As(err, &pe) && pe.Code == parley.EUNAVAILABLE {
		return "action_unavailable"
	}
	return "action_failed"
}

// needData is 001's "EXECUTING_ACTION -> WAITING_FOR_SLOT: Action returns missing
// slots": clear them and ask the first one at its collect step.
func (tu *turn) needData(f *flow, missing []string, reply string) error {
	s := tu.s
	for _, name := range missing {
		delete(s.Slots, name)
	}
	for _, st := range f.steps {
		if st.kind == KindCollect && st.slot.name == missing[0] {
			if err := tu.fire(DialogueActionNeedsData); err != nil {
				return err
			}
			tu.setStep(st)
			name := st.slot.name
			s.WaitingForSlot = &name
			tu.say(reply)
			tu.say(tu.generate(st.def, tu.render(st.prompt)))
			return nil
		}
	}
	return tu.fail("action_failed", "the action needs slot "+missing[0]+" that no collect step asks for")
}

// reference derives prefix + digits from the conversation id and the turn, so
// that a replayed turn gives the same reference and no global state is needed.
func reference(ref *Reference, conversation string, turn int64) string {
	digits := ref.Digits
	if digits <= 0 || digits > 12 {
		digits = 5
	}
	h := fnv.New64a()
	h.Write([]byte(conversation))
	var b [8]byte
	for i := range b {
		b[i] = byte(turn >> (8 * i))
	}
	h.Write(b[:])
	mod := uint64(1)
	for range digits {
		mod *= 10
	}
	n := strconv.FormatUint(h.Sum64()%mod, 10)
	out := make([]byte, 0, len(ref.Prefix)+digits)
	out = append(out, ref.Prefix...)
	for i := len(n); i < digits; i++ {
		out = append(out, '0')
	}
	return string(append(out, n...))
}
