package scenario

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/parleyhq/parley"
)

// Target is where scenarios run. Declared here, implemented by Local (in process)
// and Remote (a server over HTTP).
type Target interface {
	// Turn sends one message and returns the response body.
	Turn(ctx context.Context, key parley.ConversationKey, msg parley.Message) ([]byte, error)
	// Control sends a lifecycle or handoff control and returns the conversation view.
	Control(ctx context.Context, key parley.ConversationKey, kind, reason string) ([]byte, error)
	// SetState overwrites the stored engine state; Remote cannot.
	SetState(ctx context.Context, key parley.ConversationKey, state json.RawMessage) error
	// Remote reports whether the target is a server (conversation ids get a suffix).
	Remote() bool
}

// Local runs scenarios through an in-process runtime.
type Local struct {
	Runtime parley.Conversations
	Store   parley.Store
	// Now stamps the injected state's row; defaults to the Unix epoch (deterministic).
	Now time.Time
}

func (l *Local) Remote() bool { return false }

func (l *Local) Turn(ctx context.Context, key parley.ConversationKey, msg parley.Message) ([]byte, error) {
	res, err := l.Runtime.Turn(ctx, parley.TurnRequest{Key: key, Message: msg})
	return res.Body, err
}

func (l *Local) Control(ctx context.Context, key parley.ConversationKey, kind, reason string) ([]byte, error) {
	res, err := l.Runtime.Control(ctx, parley.ControlRequest{Key: key, Kind: parley.ControlKind(kind), Reason: reason})
	return res.Body, err
}

// SetState writes the engine state directly into the store, as a corrupted or
// hand-edited row would be; a live actor notices through the version check.
func (l *Local) SetState(ctx context.Context, key parley.ConversationKey, state json.RawMessage) error {
	bot, err := l.Runtime.Bot(key.Bot)
	if err != nil {
		return err
	}
	c, err := l.Store.Conversation(ctx, key)
	if parley.ErrorCode(err) == parley.ENOTFOUND {
		c = &parley.Conversation{Key: key, Engine: bot.Engine.Kind(), Lifecycle: parley.LifecycleIdle, CreatedAt: l.Now, UpdatedAt: l.Now}
	} else if err != nil {
		return err
	}
	next := *c
	next.State = state
	next.Version = c.Version + 1
	return l.Store.Commit(ctx, &parley.Commit{Conversation: next, ExpectedVersion: c.Version})
}

// Conversation returns the conversation view, as GET .../conversations/{id} answers it.
func (l *Local) Conversation(ctx context.Context, key parley.ConversationKey) ([]byte, error) {
	v, err := l.Runtime.Conversation(ctx, key)
	if err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// Remote runs scenarios against a server's HTTP API.
type Remote struct {
	BaseURL string
	Client  *http.Client
	// Token is sent as Authorization: Bearer when set; controls need the admin scope.
	Token string
}

func (r *Remote) Remote() bool { return true }

func (r *Remote) post(ctx context.Context, path string, body any) ([]byte, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	return r.do(ctx, http.MethodPost, path, bytes.NewReader(b))
}

// Conversation returns the conversation view (GET .../conversations/{id}).
func (r *Remote) Conversation(ctx context.Context, key parley.ConversationKey) ([]byte, error) {
	return r.do(ctx, http.MethodGet, convPath(key), nil)
}

// do makes one API request and returns the body of a 2xx answer; any other answer is
// the API's error, with its code.
func (r *Remote) do(ctx context.Context, method, path string, body io.Reader) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(r.BaseURL, "/")+path, body)
	if err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "server URL")
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.Token != "" {
		req.Header.Set("Authorization", "Bearer "+r.Token)
	}
	resp, err := r.client().Do(req)
	if err != nil {
		return nil, parley.WrapError(parley.EUNAVAILABLE, err, "server unreachable")
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, parley.WrapError(parley.EUNAVAILABLE, err, "read response")
	}
	if resp.StatusCode/100 != 2 {
		return nil, apiError(resp.StatusCode, out)
	}
	return out, nil
}

// client is the Remote's HTTP client, else one with a 30 s timeout.
func (r *Remote) client() *http.Client {
	if r.Client != nil {
		return r.Client
	}
	return &http.Client{Timeout: 30 * time.Second}
}

// apiError is the error a non-2xx answer carries: the API's code and message, or
// the status and body when it is not the API's error shape.
func apiError(status int, body []byte) error {
	var eb struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	if json.Unmarshal(body, &eb) == nil && eb.Error.Code != "" {
		return parley.Errorf(eb.Error.Code, "%s", eb.Error.Message)
	}
	return parley.Errorf(parley.EINTERNAL, "HTTP %d: %s", status, bytes.TrimSpace(body))
}

func convPath(key parley.ConversationKey) string {
	return "/v1/bots/" + url.PathEscape(key.Bot) + "/conversations/" + url.PathEscape(key.ID)
}

func (r *Remote) Turn(ctx context.Context, key parley.ConversationKey, msg parley.Message) ([]byte, error) {
	body := map[string]any{"id": msg.ID, "text": msg.Text, "sent_at": msg.SentAt}
	if msg.Meaning != "" {
		body["meaning"] = msg.Meaning
	}
	if msg.NLU != nil {
		body["nlu"] = msg.NLU
	}
	return r.post(ctx, convPath(key)+"/messages", body)
}

func (r *Remote) Control(ctx context.Context, key parley.ConversationKey, kind, reason string) ([]byte, error) {
	return r.post(ctx, convPath(key)+"/"+kind, map[string]string{"reason": reason})
}

func (r *Remote) SetState(context.Context, parley.ConversationKey, json.RawMessage) error {
	return parley.Errorf(parley.EINVALID, "set_state needs the in-process runner (parley test without -server)")
}

// Result is the outcome of one scenario.
type Result struct {
	File     *File
	Failures []string
	Skipped  string
	// Transitions and States are what each answered turn reported, in order: the
	// raw material of `parley-tools coverage`.
	Transitions []parley.Transition
	States      []json.RawMessage
	// Intents are the typed turns' intents, expected and read, for the turns
	// whose expectation names one (`parley test` prints their confusion).
	Intents []IntentPair
}

// Passed reports whether every expectation held.
func (r Result) Passed() bool { return len(r.Failures) == 0 && r.Skipped == "" }

// turnBody is the part of a turn response or conversation view the runner reads.
type turnBody struct {
	Replies     []parley.Reply      `json:"replies"`
	State       json.RawMessage     `json:"state"`
	Lifecycle   string              `json:"lifecycle"`
	Transitions []parley.Transition `json:"transitions"`
	Events      []string            `json:"events"`
}

// Run plays f against target. suffix is appended to the conversation id (use a
// unique one against a server that keeps state between runs).
func Run(ctx context.Context, target Target, f *File, suffix string) Result {
	res := Result{File: f}
	convID := f.Conversation
	if convID == "" {
		convID = strings.TrimSuffix(filepath.Base(f.Path), filepath.Ext(f.Path))
	}
	if target.Remote() {
		if res.Skipped = remoteSkip(f); res.Skipped != "" {
			return res
		}
	}
	r := &run{target: target, key: parley.ConversationKey{Bot: f.Bot, ID: convID + suffix}, res: &res, shown: map[string]bool{}}
	now := f.Start
	for i, t := range f.Turns {
		now = turnTime(now, t, i)
		if !r.turn(ctx, t, i+1, now) {
			break
		}
	}
	return res
}

// run is one scenario being played: where, on which conversation, its result so
// far and the products its cards have shown.
type run struct {
	target Target
	key    parley.ConversationKey
	res    *Result
	shown  map[string]bool
}

// turn plays turn n, sent at now, and checks what it answered; false stops the
// scenario (a turn that could not be played or read).
func (r *run) turn(ctx context.Context, t Turn, n int, now time.Time) bool {
	f := r.res.File
	fail := func(format string, args ...any) {
		r.res.Failures = append(r.res.Failures, fmt.Sprintf("%s:%d: turn %d (%s): %s", f.Path, t.Line, n, describe(t), fmt.Sprintf(format, args...)))
	}
	if err := setState(ctx, r.target, r.key, t); err != nil {
		fail("set_state: %v", err)
		return false
	}
	body, err := play(ctx, r.target, r.key, t, n, now)
	if t.Expect.Error != "" {
		if code := parley.ErrorCode(err); code != t.Expect.Error {
			fail("expected error %q, got %v", t.Expect.Error, errText(err))
		}
		return true
	}
	if err != nil {
		fail("unexpected error: %v", err)
		return false
	}
	var tb turnBody
	if err := json.Unmarshal(body, &tb); err != nil {
		fail("response is not JSON: %v", err)
		return false
	}
	for _, msg := range check(t.Expect, tb, r.shown) {
		fail("%s", msg)
	}
	if p, ok := intentPair(t.Expect, tb.State); ok && t.User != nil {
		r.res.Intents = append(r.res.Intents, p)
	}
	r.record(tb)
	return true
}

// record keeps what an answered turn reported: its transitions and state, and the
// products its cards showed.
func (r *run) record(tb turnBody) {
	r.res.Transitions = append(r.res.Transitions, tb.Transitions...)
	if len(tb.State) > 0 {
		r.res.States = append(r.res.States, tb.State)
	}
	for _, id := range cardIDs(tb.Replies) {
		r.shown[id] = true
	}
}

// turnTime is the sent_at of turn i, the one before having been sent at prev: the
// turn's `after` later, else a second later (the first turn: the file's start).
func turnTime(prev time.Time, t Turn, i int) time.Time {
	if t.After != "" {
		d, _ := time.ParseDuration(t.After)
		return prev.Add(d)
	}
	if i > 0 {
		return prev.Add(time.Second)
	}
	return prev
}

// setState stores the turn's set_state, if any, before the turn is played.
func setState(ctx context.Context, target Target, key parley.ConversationKey, t Turn) error {
	if t.SetState == nil {
		return nil
	}
	b, err := json.Marshal(t.SetState)
	if err != nil {
		return err
	}
	return target.SetState(ctx, key, b)
}

// remoteSkip says why f cannot run against a server: recorded model completions
// and set_state need the in-process runner. Empty when it can.
func remoteSkip(f *File) string {
	if f.LLM != "" {
		return "uses recorded model completions (llm:), which need the in-process runner"
	}
	for _, t := range f.Turns {
		if t.SetState != nil {
			return "uses set_state, which needs the in-process runner"
		}
	}
	return ""
}

// play sends turn n of a scenario, sent at now: a control, or a message typed
// (user) or clicked (click, with an optional text shown).
func play(ctx context.Context, target Target, key parley.ConversationKey, t Turn, n int, now time.Time) ([]byte, error) {
	if t.Control != "" {
		return target.Control(ctx, key, t.Control, t.Reason)
	}
	msg := parley.Message{ID: t.ID, NLU: t.NLU, SentAt: now}
	if msg.ID == "" {
		msg.ID = fmt.Sprintf("t%d", n)
	}
	if t.User != nil {
		msg.Text = *t.User
	} else {
		msg.Meaning = t.Click
		msg.Text = t.Text
		if msg.Text == "" {
			msg.Text = t.Click
		}
	}
	return target.Turn(ctx, key, msg)
}

func errText(err error) string {
	if err == nil {
		return "no error"
	}
	return err.Error()
}

func describe(t Turn) string {
	switch {
	case t.Control != "":
		return "control: " + t.Control
	case t.Click != "":
		return "click: " + t.Click
	case t.User != nil:
		return fmt.Sprintf("user: %q", *t.User)
	}
	return "?"
}

func cardIDs(replies []parley.Reply) []string {
	var ids []string
	for _, r := range replies {
		for _, c := range r.Cards {
			ids = append(ids, c.ProductID)
		}
	}
	return ids
}

// check returns one message per failed expectation.
func check(e Expect, tb turnBody, shown map[string]bool) []string {
	out := checkState(e, tb)
	out = append(out, checkCards(e, tb, shown)...)
	out = append(out, checkReplies(e, tb)...)
	if e.Lifecycle != "" && tb.Lifecycle != e.Lifecycle {
		out = append(out, fmt.Sprintf("expected lifecycle %q, got %q", e.Lifecycle, tb.Lifecycle))
	}
	if e.Transitions != nil {
		out = append(out, checkTransitions(e.Transitions, tb.Transitions)...)
	}
	if e.Events != nil {
		out = append(out, checkEvents(e.Events, tb.Events)...)
	}
	return out
}

// checkState checks state (a subset the state must contain) and not_state (a subset
// it must not).
func checkState(e Expect, tb turnBody) []string {
	var out []string
	if e.State != nil {
		var actual any
		if err := json.Unmarshal(tb.State, &actual); err != nil {
			out = append(out, fmt.Sprintf("state is not JSON: %v", err))
		} else if path, ok := subset(normalize(e.State), actual, "state"); !ok {
			out = append(out, fmt.Sprintf("state mismatch at %s\n    expected (subset): %s\n    actual: %s", path, compact(e.State), compact(actual)))
		}
	}
	if e.NotState != nil {
		var actual any
		if err := json.Unmarshal(tb.State, &actual); err != nil {
			out = append(out, fmt.Sprintf("state is not JSON: %v", err))
		} else if _, ok := subset(normalize(e.NotState), actual, "state"); ok {
			out = append(out, fmt.Sprintf("state matches what it must not\n    not expected (subset): %s", compact(e.NotState)))
		}
	}
	return out
}

// checkCards checks the number of product cards and that none was shown before.
func checkCards(e Expect, tb turnBody, shown map[string]bool) []string {
	var out []string
	ids := cardIDs(tb.Replies)
	if e.Cards != nil && len(ids) != *e.Cards {
		out = append(out, fmt.Sprintf("expected %d cards, got %d %v", *e.Cards, len(ids), ids))
	}
	if e.NewCardsOnly {
		for _, id := range ids {
			if shown[id] {
				out = append(out, fmt.Sprintf("product %s was already shown earlier in the conversation (cards %v)", id, ids))
			}
		}
	}
	return out
}

// replyMatches is whether text matches the reply expectation (replyMatcher).
func replyMatches(expect, text string) bool {
	re, _ := replyMatcher(expect)
	return re != nil && re.MatchString(text)
}

// quickReplyMeanings are the meanings of the replies' quick replies, in order.
func quickReplyMeanings(replies []parley.Reply) []string {
	var got []string
	for _, r := range replies {
		if r.Type == parley.ReplyQuickReplies {
			for _, o := range r.Options {
				got = append(got, o.Meaning)
			}
		}
	}
	return got
}

// checkReplies checks the reply text, no_reply and the quick replies' meanings.
func checkReplies(e Expect, tb turnBody) []string {
	var out []string
	text := replyText(tb.Replies)
	if e.Reply != "" && !replyMatches(e.Reply, text) {
		out = append(out, fmt.Sprintf("reply does not match %s\n    actual replies: %q", e.Reply, text))
	}
	if e.NoReply && len(tb.Replies) > 0 {
		out = append(out, fmt.Sprintf("expected no reply, got %q (%d replies)", text, len(tb.Replies)))
	}
	if e.Options != nil {
		if got := quickReplyMeanings(tb.Replies); !sameMeanings(got, e.Options) {
			out = append(out, fmt.Sprintf("expected quick-reply meanings %v, got %v", e.Options, got))
		}
	}
	return out
}

// sameMeanings is whether two lists of meanings are equal, none and empty alike.
func sameMeanings(got, want []string) bool {
	return reflect.DeepEqual(got, want) || (len(got) == 0 && len(want) == 0)
}

// checkTransitions compares the turn's transitions with the expected ones, each
// "from->to", or "from -trigger-> to" (spaces around) to check the trigger too.
func checkTransitions(expected []string, actual []parley.Transition) []string {
	want := make([]string, len(expected))
	withTrigger := make([]bool, len(expected))
	for i, s := range expected {
		if m := transitionWithTrigger.FindStringSubmatch(strings.ReplaceAll(s, "→", "->")); m != nil {
			want[i], withTrigger[i] = m[1]+" -"+m[2]+"-> "+m[3], true
			continue
		}
		want[i] = strings.ReplaceAll(strings.ReplaceAll(s, " ", ""), "→", "->")
	}
	got := make([]string, 0, len(actual))
	for i, tr := range actual {
		if i < len(withTrigger) && withTrigger[i] {
			got = append(got, tr.From+" -"+tr.Trigger+"-> "+tr.To)
			continue
		}
		got = append(got, tr.From+"->"+tr.To)
	}
	if !reflect.DeepEqual(got, want) {
		return []string{fmt.Sprintf("expected transitions %v, got %v", want, got)}
	}
	return nil
}

// checkEvents reports each expected event type the turn did not record.
func checkEvents(expected, actual []string) []string {
	var out []string
	for _, want := range expected {
		if !slices.Contains(actual, want) {
			out = append(out, fmt.Sprintf("expected event %q, got %v", want, slices.Sorted(slices.Values(actual))))
		}
	}
	return out
}

func replyText(replies []parley.Reply) string {
	var parts []string
	for _, r := range replies {
		if r.Text != "" {
			parts = append(parts, r.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func compact(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// normalize turns YAML-decoded values into the shapes encoding/json produces, so
// that numbers compare as float64 and maps as map[string]any.
func normalize(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var out any
	if json.Unmarshal(b, &out) != nil {
		return v
	}
	return out
}

// subset reports whether expected is contained in actual: maps by key (a null
// expected value also matches an absent key), arrays element-wise with equal length,
// strings written /re/ as regular expressions, other scalars by equality. It returns
// the path of the first mismatch.
func subset(expected, actual any, path string) (string, bool) {
	switch e := expected.(type) {
	case map[string]any:
		return subsetMap(e, actual, path)
	case []any:
		return subsetSlice(e, actual, path)
	case string:
		if re, ok, err := slashRegexp(e); ok && err == nil {
			s, isStr := actual.(string)
			if isStr && re.MatchString(s) {
				return "", true
			}
			return path, false
		}
		return path, actual == e
	default:
		if reflect.DeepEqual(expected, actual) {
			return "", true
		}
		return path, false
	}
}

// subsetMap is subset for an expected object: each key, in order, in actual.
func subsetMap(e map[string]any, actual any, path string) (string, bool) {
	a, ok := actual.(map[string]any)
	if !ok {
		return path, false
	}
	for _, k := range slices.Sorted(maps.Keys(e)) {
		av, present := a[k]
		if !present && e[k] == nil {
			continue
		}
		if !present {
			return path + "." + k + " (absent)", false
		}
		if p, ok := subset(e[k], av, path+"."+k); !ok {
			return p, false
		}
	}
	return "", true
}

// subsetSlice is subset for an expected array: as long as actual, element-wise.
func subsetSlice(e []any, actual any, path string) (string, bool) {
	a, ok := actual.([]any)
	if !ok || len(a) != len(e) {
		return path, false
	}
	for i := range e {
		if p, ok := subset(e[i], a[i], fmt.Sprintf("%s[%d]", path, i)); !ok {
			return p, false
		}
	}
	return "", true
}

// transitionWithTrigger is an expected transition written "from -trigger-> to".
var transitionWithTrigger = regexp.MustCompile(`^\s*(\S+)\s+-(\S+)->\s+(\S+)\s*$`)
