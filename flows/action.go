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
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/jsonbody"
)

// ActionRunner runs a webhook action or a custom validator inside a turn. The
// engine declares it so tests and embedders can run actions in process; the
// default is HTTPRunner.
//
// Run's error says whether the call's outcome is known. An error with code
// parley.EINVALID means the receiver refused the request and did nothing: the
// outcome is known, and a later attempt is a new execution with a new key. Any
// other error leaves the outcome unknown (the call may have been carried out), so
// the engine keeps the call pending and sends it again, with the same key and body,
// until it gets a definite answer or the user cancels.
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
	// IdempotencyKey, sent in the Idempotency-Key header, names the call's
	// execution, not the message or the turn that triggered it:
	// "<bot>/<conversation>/<flow>/<step>/<execution>", where execution numbers
	// the calls of the conversation from 1 (the state counts them,
	// metadata.calls), so that it names the flow instance and the step's run in
	// it. It is a function of the stored state alone: every replica, a restarted
	// server and every later message that decides from the same state sends the
	// same key. The call is recorded (its intent committed, parley.Turn.Intent)
	// before it is sent, so a state after the intent always holds the call; every
	// retry of the call sends the same key and the same body until the call has a
	// definite outcome: a retry inside the turn (Webhook.Retries), the same
	// message decided again, the later turns that retry a call whose outcome was
	// not known (the state keeps it as metadata.pending_call). A new execution
	// (the same step run again after a definite outcome, a second order later in
	// the conversation) has the next number. A receiver that honours the key
	// therefore performs each execution once. See docs/reference/actions.md.
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
// timeout per attempt and its retries on transport errors and 5xx answers. The
// webhook's own timeout bounds each attempt, whatever the client's: a Client with a
// shorter Timeout of its own does not cut a webhook that allows longer.
type HTTPRunner struct {
	Client *http.Client
}

// Webhook time limits. DefaultWebhookTimeout bounds an attempt of a webhook that
// sets no timeout; Validate refuses a webhook whose attempts together
// (timeout × (retries + 1)) may take longer than MaxWebhookTime: the conversation
// waits for the call, and work that takes longer belongs behind a receiver that
// answers at once and reports later.
const (
	DefaultWebhookTimeout = 5 * time.Second
	MaxWebhookTime        = 60 * time.Second
	maxResponseBytes      = 1 << 20
)

// Run calls the webhook. A refused request (4xx) is not retried and has code
// parley.EINVALID; any other failure after the last attempt (no answer within the
// timeout, a transport error, a 5xx, 408, 409, 425 or 429, an answer that is not
// an action result) has code EUNAVAILABLE: its outcome is unknown.
func (r *HTTPRunner) Run(ctx context.Context, req ActionRequest) (ActionResult, error) {
	if req.Webhook == nil || req.Webhook.URL == "" {
		return ActionResult{}, parley.Errorf(parley.EINVALID, "action %s has no webhook url", req.Action)
	}
	client := http.DefaultClient
	if r.Client != nil {
		client = r.Client
	}
	if client.Timeout > 0 {
		// The webhook's timeout bounds each attempt (attempt's context); the
		// client's own would cut a webhook that allows longer.
		c := *client
		c.Timeout = 0
		client = &c
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
		if !retry {
			return ActionResult{}, parley.WrapError(parley.EINVALID, err, "webhook %s refused the request", req.Action)
		}
		if ctx.Err() != nil {
			break
		}
	}
	return ActionResult{}, parley.WrapError(parley.EUNAVAILABLE, last, "webhook %s gave no definite answer", req.Action)
}

// attempt makes one call; retry is false only when the receiver refused it.
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
	if code := resp.StatusCode; code >= 300 {
		return ActionResult{}, !refusal(code), fmt.Errorf("status %d", code)
	}
	var res ActionResult
	if len(bytes.TrimSpace(data)) > 0 {
		if err := jsonbody.Duplicates("the answer", data); err != nil {
			return ActionResult{}, true, err
		}
		if err := json.Unmarshal(data, &res); err != nil {
			// The receiver answered 2xx: it acted, but its result is unreadable.
			// Sending the same key again gets its stored answer.
			return ActionResult{}, true, fmt.Errorf("the answer is not an action result")
		}
	}
	return res, false, nil
}

// refusal reports whether an HTTP status says the receiver refused the request
// and did nothing. 408 and 429 ask to come back later; 409 and 425 are what
// receivers that honour Idempotency-Key answer while the first request with the
// key is still being processed. 3xx is not followed: a webhook URL that moved is
// a refusal until the flow file is fixed.
func refusal(code int) bool {
	switch code {
	case http.StatusRequestTimeout, http.StatusConflict, http.StatusTooEarly, http.StatusTooManyRequests:
		return false
	}
	return code < 500
}

// unknownOutcome is a call that ended without a definite outcome: the request,
// to be sent again unchanged.
type unknownOutcome struct {
	req ActionRequest
	err error
}

func (u *unknownOutcome) Error() string { return u.err.Error() }
func (u *unknownOutcome) Unwrap() error { return u.err }

// call records the intent of req in t (t.Intent: the state s would have if the
// call's outcome were never known) and then runs it; an error that leaves the
// outcome unknown is an *unknownOutcome, an intent that could not be recorded an
// *intentRefused (the call was not made).
func (e *Engine) call(ctx context.Context, t parley.Turn, s *State, req ActionRequest) (ActionResult, error) {
	if t.Intent != nil {
		in := parley.Intent{Key: req.IdempotencyKey, State: e.intentState(t, s, req), Folds: true}
		if err := t.Intent(ctx, in); err != nil {
			return ActionResult{}, &intentRefused{err: err}
		}
	}
	res, err := e.runner.Run(ctx, req)
	if err != nil && parley.ErrorCode(err) != parley.EINVALID && ctx.Err() == nil {
		return res, &unknownOutcome{req: req, err: err}
	}
	return res, err
}

// intentRefused is a call whose intent could not be recorded: the call was not
// made, and the turn decides nothing (the runtime decides it again, or answers
// the store's error).
type intentRefused struct{ err error }

func (r *intentRefused) Error() string { return r.err.Error() }
func (r *intentRefused) Unwrap() error { return r.err }

// intentState is the state stored while req is out: s as if the call had ended
// without a definite outcome (outcomeUnknown), so that a server that dies during
// the call leaves a state whose next message sends the call again under its key.
// Its history (messages, trace, last_response, turn_count) is the stored state's:
// the turn's message is not answered until the turn commits, and the state folds
// as the stored one did (parley.Intent.Folds).
func (e *Engine) intentState(t parley.Turn, s *State, req ActionRequest) *State {
	c := s.clone()
	if prev, err := stateOf(t.State); err == nil {
		c.Messages, c.Trace, c.LastResponse, c.TurnCount = prev.Messages, prev.Trace, prev.LastResponse, prev.TurnCount
	}
	from := c.ConversationState
	stamp := unixSeconds(t.Message.SentAt)
	if to, ok := Dialogue.Next(from, DialogueException); ok {
		c.ConversationState = to
	}
	c.Metadata.Pending = pendingOf(req, s.Metadata.Pending)
	c.Metadata.Error = &ErrorInfo{Type: "outcome_unknown", Message: "the call was sent and its outcome is not recorded",
		Timestamp: stamp, RecoveryState: string(from)}
	c.WaitingForSlot = nil
	return c
}

// pendingOf is req kept pending, its attempts counted on from prev when prev is
// the same call.
func pendingOf(req ActionRequest, prev *PendingCall) *PendingCall {
	p := &PendingCall{Key: req.IdempotencyKey, Flow: req.Flow, Step: req.Step, Action: req.Action,
		Turn: req.Turn, Slots: req.Slots, Attempts: 1}
	if prev != nil && prev.Key == p.Key {
		p.Attempts = prev.Attempts + 1
	}
	if strings.HasPrefix(req.Step, validatePrefix) {
		p.Slot = req.Action
	}
	return p
}

// callKey is the idempotency key of the conversation's execution-th call:
// "<bot>/<conversation>/<flow>/<step>/<execution>", each part escaped so that no
// two calls share one.
func (e *Engine) callKey(t parley.Turn, flow, step string, execution int) string {
	return url.PathEscape(e.bot) + "/" + url.PathEscape(t.Conversation.ID) + "/" + url.PathEscape(flow) +
		"/" + url.PathEscape(step) + "/" + strconv.Itoa(execution)
}

// request builds the request of a new execution: the conversation's next call,
// counted in s (metadata.calls), so that its key is the same whenever the same
// state decides it.
func (e *Engine) request(t parley.Turn, s *State, step, action string, w *Webhook, slots map[string]any) ActionRequest {
	s.Metadata.Calls++
	return ActionRequest{
		Bot:            e.bot,
		Conversation:   t.Conversation.ID,
		Turn:           t.Index,
		Flow:           s.CurrentFlow,
		Step:           step,
		Action:         action,
		Slots:          slots,
		IdempotencyKey: e.callKey(t, s.CurrentFlow, step, s.Metadata.Calls),
		Webhook:        w,
	}
}

// resent is the pending call p as it was first sent, for webhook w.
func (e *Engine) resent(t parley.Turn, p *PendingCall, w *Webhook) ActionRequest {
	return ActionRequest{
		Bot: e.bot, Conversation: t.Conversation.ID, Turn: p.Turn, Flow: p.Flow, Step: p.Step,
		Action: p.Action, Slots: p.Slots, IdempotencyKey: p.Key, Webhook: w,
	}
}

// act runs an action step in executing_action. It returns the next step index, or
// done when the turn ends here (missing slots, failure, end of flow). An action
// whose earlier call has no known outcome (tu.resume) is not started again: its
// call is sent again as it was.
func (tu *turn) act(f *flow, st *step) (next int, done bool, err error) {
	a := st.def.Action
	resumed := tu.resumed(f.name, st.id)
	var results []map[string]any
	if resumed == nil {
		tu.setActionSlots(a)
		if a.Search != nil {
			results = search(a.Search, tu.s.Slots)
			if len(results) == 0 && a.Search.FailWhenEmpty {
				return 0, true, tu.failed(f, st, tu.render(a.Search.FailReply))
			}
		}
	}
	if a.Webhook != nil {
		var stop bool
		if results, stop, err = tu.callWebhook(f, st, a, resumed); stop {
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

// resumed returns the pending call this turn retries when it is the one of
// flow's step, and takes it: the call is sent at most once per turn this way.
func (tu *turn) resumed(flow, step string) *PendingCall {
	p := tu.resume
	if p == nil || p.Flow != flow || p.Step != step {
		return nil
	}
	tu.resume = nil
	return p
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

// callWebhook calls the action's webhook, or sends its pending call again, and
// takes in its answer: the slots it sets, its reply said, its results returned.
// done is true when the turn ends here (the call or the action failed, its outcome
// is not known, data is missing), err what ends it.
func (tu *turn) callWebhook(f *flow, st *step, a *Action, resumed *PendingCall) (results []map[string]any, done bool, err error) {
	s := tu.s
	req := tu.actionRequest(st, a, resumed)
	res, rerr := tu.e.call(tu.ctx, tu.in, tu.s, req)
	if rerr != nil {
		return nil, true, tu.callFailed(rerr, "turn abandoned during action "+req.Action)
	}
	s.Metadata.Pending = nil // a definite outcome
	if res.Failed {
		err := tu.failed(f, st, res.Reply)
		tu.proposeAlternative(f, res.Results)
		return nil, true, err
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

// actionRequest is the request of the action's call: the pending one as it was
// first sent, or a new execution (request).
func (tu *turn) actionRequest(st *step, a *Action, resumed *PendingCall) ActionRequest {
	if resumed != nil {
		return tu.e.resent(tu.in, resumed, a.Webhook)
	}
	name := a.Name
	if name == "" {
		name = st.id
	}
	return tu.e.request(tu.in, tu.s, st.id, name, a.Webhook, callSlots(tu.s.Slots))
}

// callFailed ends a turn whose call failed: a turn abandoned during the call
// (its context ended: a pause, a cancel, a shutdown) is an error and nothing of it
// is committed, so the message decided again sends the same key; a call without a
// definite outcome is kept pending (outcomeUnknown); a refused one is the error
// state, and its retry is a new execution.
func (tu *turn) callFailed(err error, abandoned string) error {
	var ir *intentRefused
	if errors.As(err, &ir) {
		return ir.err
	}
	if tu.ctx.Err() != nil {
		return parley.WrapError(parley.EUNAVAILABLE, tu.ctx.Err(), "%s", abandoned)
	}
	var uo *unknownOutcome
	if errors.As(err, &uo) {
		return tu.outcomeUnknown(uo)
	}
	tu.s.Metadata.Pending = nil
	return tu.fail(errorType(err), parley.ErrorMessage(err))
}

// outcomeUnknown enters the error state with the call kept as
// metadata.pending_call: the user is told that its outcome is not known yet (not
// that it failed), and the next message, unless it cancels, sends it again under
// the same key (recover).
func (tu *turn) outcomeUnknown(uo *unknownOutcome) error {
	s := tu.s
	p := pendingOf(uo.req, s.Metadata.Pending)
	recovery := string(s.ConversationState)
	if err := tu.fire(DialogueException); err != nil {
		return err
	}
	s.Metadata.Pending = p
	s.Metadata.Error = &ErrorInfo{Type: "outcome_unknown", Message: parley.ErrorMessage(uo.err), Timestamp: tu.stamp, RecoveryState: recovery}
	s.WaitingForSlot = nil
	if p.Slot != "" {
		tu.sayKey("pending_check")
	} else {
		tu.sayKey("pending")
	}
	return nil
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
	if parley.ErrorCode(err) == parley.EINVALID {
		return "action_refused"
	}
	return "action_failed"
}

// needData is 001's "EXECUTING_ACTION -> WAITING_FOR_SLOT: Action returns missing
// slots": clear them and ask the first one at its collect step.
func (tu *turn) needData(f *flow, missing []string, reply string) error {
	s := tu.s
	for _, name := range missing {
		delete(s.Slots, name) // asked again afresh, with a fresh retry budget
		delete(s.Metadata.Retries, name)
	}
	for _, st := range f.steps {
		if st.kind == KindCollect && st.slot.name == missing[0] {
			if err := tu.fire(DialogueActionNeedsData); err != nil {
				return err
			}
			tu.setStep(st)
			tu.await(st)
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

// validatePrefix starts the step name of a custom validator's call.
const validatePrefix = "validate:"

// checkRequest is the request of a custom validator's call for value v: the
// pending check of that slot and value as first sent, or a new execution, whose
// key ends with a digest of the value.
func (e *Engine) checkRequest(t parley.Turn, s *State, sl *slot, w *Webhook, v any) ActionRequest {
	step := validatePrefix + sl.name
	if p := s.Metadata.Pending; p != nil && p.Slot == sl.name && format(p.Slots[sl.name]) == format(v) {
		return e.resent(t, p, w)
	}
	req := e.request(t, s, step, sl.name, w, map[string]any{sl.name: v})
	h := fnv.New64a()
	h.Write([]byte(format(v)))
	req.IdempotencyKey += "/" + strconv.FormatUint(h.Sum64(), 36)
	return req
}

// noteUnknown keeps the first check of the turn whose outcome is not known.
func (tu *turn) noteUnknown(err error) {
	var uo *unknownOutcome
	if tu.unknown == nil && errors.As(err, &uo) {
		tu.unknown = uo
	}
}

// checkFailed ends a turn whose check of a direct answer failed, as callFailed
// does an action's call.
func (tu *turn) checkFailed(err error, sl *slot) error {
	var uo *unknownOutcome
	var ir *intentRefused
	if tu.ctx.Err() == nil && !errors.As(err, &uo) && !errors.As(err, &ir) {
		tu.s.Metadata.Pending = nil
		return tu.fail("validator_error", parley.ErrorMessage(err)) // stored and answered: no foreign cause text
	}
	return tu.callFailed(err, "turn abandoned during the check of "+sl.name)
}

// retryPending sends the pending call p again, unchanged and under its key, and
// goes on from its answer as the turn that first sent it would have: an action's
// step runs again without starting the action anew (act takes tu.resume), a
// check takes or refuses its value. Without a definite answer the conversation
// stays in the error state with the call pending.
func (tu *turn) retryPending(p *PendingCall) error {
	s := tu.s
	f := tu.e.flows[p.Flow]
	s.CurrentFlow = f.name
	tu.resume = p
	if p.Slot == "" {
		return tu.advance(f.stepIndex[p.Step])
	}
	sl := tu.e.pendingSlot(f, p)
	v, problem, err := tu.e.check(tu.ctx, tu.in, s, sl, p.Slots[p.Slot])
	if err != nil {
		return tu.checkFailed(err, sl)
	}
	s.Metadata.Pending = nil
	if problem != "" {
		tu.say(problem)
	} else {
		s.Slots[sl.name] = v
	}
	if st := tu.currentStep(); st != nil {
		return tu.advance(st.index)
	}
	return tu.advance(0)
}

// ResumesCalls says the engine decides the runtime's resume turns
// (parley.CallResumer): a flow whose steps or validators call webhooks records
// their intents.
func (e *Engine) ResumesCalls() bool { return true }

// resumeCall decides a turn of the runtime's own (parley.MeaningResume): no user
// spoke, so nothing is added to the history but the bot's answer. A call kept
// pending in the error state (a stopped server's intent) is sent again under its
// key, as the user's next message would (recover), and the answer says its outcome
// or that it is still unknown; any other state is left as it is, silently.
func (tu *turn) resumeCall() (parley.Decision, error) {
	s := tu.s
	p := s.Metadata.Pending
	if s.ConversationState != DialogueError || p == nil || s.Metadata.Handoff != "" {
		return parley.Decision{State: s}, nil
	}
	if err := tu.fire(DialogueUserRetries); err != nil {
		return parley.Decision{}, err
	}
	s.Metadata.Error = nil
	if err := tu.retryPending(p); err != nil {
		return parley.Decision{}, err
	}
	return tu.decision(), nil
}
