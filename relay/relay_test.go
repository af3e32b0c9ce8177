package relay_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/chatwoot"
	"github.com/parleyhq/parley/chatwoot/chatwoottest"
	"github.com/parleyhq/parley/httpapi"
	"github.com/parleyhq/parley/memstore"
	"github.com/parleyhq/parley/relay"
	"github.com/prometheus/client_golang/prometheus"
)

const (
	secret = "whsec-test"
	// conv is the conversation display id of the fixtures; their account is 1.
	conv = 10
)

var convKey = parley.ConversationKey{Bot: "shop", ID: "1:10"}

// echo is the test engine: it answers "echo: <text>", hands off on "human", and
// fails with a retryable error (EUNAVAILABLE) while down is positive. It records
// when it decided.
type echo struct {
	mu      sync.Mutex
	down    int
	decided []time.Time
}

func (e *echo) Kind() string                        { return "echo" }
func (e *echo) NewState(parley.ConversationKey) any { return map[string]int{} }
func (e *echo) DecodeState(b []byte) (any, error) {
	var s map[string]int
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, parley.WrapError(parley.EINVALIDSTATE, err, "echo state")
	}
	return s, nil
}

func (e *echo) Decide(_ context.Context, t parley.Turn) (parley.Decision, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.decided = append(e.decided, time.Now())
	if e.down > 0 {
		e.down--
		return parley.Decision{}, parley.Errorf(parley.EUNAVAILABLE, "echo: upstream down")
	}
	d := parley.Decision{
		State:   map[string]int{"turns": int(t.Index)},
		Replies: []parley.Reply{{Type: parley.ReplyText, Text: "echo: " + t.Message.Text}},
	}
	if t.Message.Text == "human" {
		d.Effects = []parley.Effect{{Kind: chatwoot.EffectHandoff, Payload: json.RawMessage(`{"reason":"asked for a human"}`)}}
	}
	return d, nil
}

// Handback gives a handed-off conversation back to the bot (actor.Handbacker).
func (e *echo) Handback(state any, _ string, _ time.Time) (parley.Decision, error) {
	return parley.Decision{State: state}, nil
}

// decisions returns when the engine decided, as offsets from start.
func (e *echo) decisions(start time.Time) []time.Duration {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []time.Duration
	for _, at := range e.decided {
		out = append(out, at.Sub(start))
	}
	return out
}

// failRecorder is the real store, with the FailOutbox calls the relay makes recorded.
type failRecorder struct {
	*memstore.Store
	mu     sync.Mutex
	failed map[int64]string
}

func (s *failRecorder) FailOutbox(ctx context.Context, id int64, lastError string) error {
	s.mu.Lock()
	s.failed[id] = lastError
	s.mu.Unlock()
	return s.Store.FailOutbox(ctx, id, lastError)
}

func (s *failRecorder) failures() map[int64]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.failed)
}

// env is a relay for bot "shop" (and "plain", a bot without a Chatwoot channel) over
// the real memstore and actor runtime, calling the fake Chatwoot.
type env struct {
	t     *testing.T
	cw    *chatwoottest.Server
	store *failRecorder
	rt    *actor.Runtime
	eng   *echo
	relay *relay.Relay
	api   *httpapi.Handler
	reg   *prometheus.Registry
	start time.Time
}

// newEnv wires the relay. cw must be created outside a synctest bubble (its listener
// would keep the bubble's clock still); the relay reaches it in process.
func newEnv(t *testing.T, cw *chatwoottest.Server) *env {
	t.Helper()
	// One call per delivery: the client's own retries are chatwoot's tests; here the
	// calls show the relay's schedule alone.
	return newEnvRetrying(t, cw, -1)
}

// newEnvRetrying is newEnv with a client that retries a failed call up to retries
// times itself (0: chatwoot's default, as in production).
func newEnvRetrying(t *testing.T, cw *chatwoottest.Server, retries int) *env {
	t.Helper()
	client, err := chatwoot.NewClient(chatwoot.ClientConfig{
		BaseURL: cw.URL, AccountID: cw.AccountID, BotToken: cw.BotToken, HTTPClient: cw.InProcessClient(), MaxRetries: retries,
	})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, cw: cw, store: &failRecorder{Store: memstore.New(), failed: map[int64]string{}}, eng: &echo{}, reg: prometheus.NewRegistry(), start: time.Now()}
	e.rt = actor.New(e.store, []*parley.Bot{{Name: "shop", Engine: e.eng}, {Name: "plain", Engine: &echo{}}},
		actor.Options{Channels: relay.ChannelOutboxes(), Heartbeat: -1})
	t.Cleanup(e.rt.Close)
	e.relay = relay.New(relay.Options{
		Store: e.store, Runtime: e.rt, Metrics: relay.NewMetrics(e.reg),
		Channels: map[string]relay.Channel{"shop": {Client: client, WebhookSecret: secret}},
	})
	e.api = httpapi.New(e.rt, e.store, httpapi.Options{Chatwoot: e.relay})
	return e
}

// inBubble runs test in a synctest bubble on a newEnv over a new fake Chatwoot
// (made outside the bubble, as newEnv needs).
func inBubble(t *testing.T, test func(t *testing.T, e *env)) {
	t.Helper()
	inBubbleRetrying(t, -1, test)
}

// inBubbleRetrying is inBubble on a newEnvRetrying.
func inBubbleRetrying(t *testing.T, retries int, test func(t *testing.T, e *env)) {
	t.Helper()
	cw := chatwoottest.NewServer(t)
	synctest.Test(t, func(t *testing.T) {
		test(t, newEnvRetrying(t, cw, retries))
	})
}

// run runs the relay until the returned stop, which cancels it and waits for Run to
// return; by then the relay's goroutines have ended.
func (e *env) run() (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		e.relay.Run(ctx)
	}()
	synctest.Wait()
	return func() {
		cancel()
		<-done
	}
}

// post sends a webhook for bot signed with key ("" unsigned) and returns its answer
// as "<status code> <body's status or error code>".
func (e *env) post(bot string, body []byte, key string) string {
	e.t.Helper()
	req := chatwoottest.WebhookRequest(e.t, "http://parley.test/v1/chatwoot/"+bot, body, key, time.Now())
	rec := httptest.NewRecorder()
	e.api.ServeHTTP(rec, req)
	var answer struct {
		Status string `json:"status"`
		httpapi.ErrorBody
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
		e.t.Fatalf("webhook answer %q: %v", rec.Body, err)
	}
	return strconv.Itoa(rec.Code) + " " + answer.Status + answer.Error.Code
}

// send posts a signed webhook to "shop" and wants it accepted.
func (e *env) send(body []byte) {
	e.t.Helper()
	if got := e.post("shop", body, secret); got != "200 accepted" {
		e.t.Fatalf("webhook: %s, want 200 accepted", got)
	}
}

func (e *env) inbox() []parley.Inbound {
	e.t.Helper()
	in, err := e.store.PendingInbound(context.Background(), 0)
	if err != nil {
		e.t.Fatal(err)
	}
	return in
}

// calls lists the fake's calls for the conversation as "<endpoint> <status>
// <offset from start>", with the message content for messages.
func (e *env) calls() []string {
	var out []string
	for _, c := range e.cw.Calls() {
		endpoint := c.Path[strings.LastIndex(c.Path, "/")+1:]
		line := endpoint + " " + http.StatusText(c.Status) + " " + c.At.Sub(e.start).String()
		if content, ok := c.JSON()["content"].(string); ok {
			line += " " + content
		}
		out = append(out, line)
	}
	return out
}

// messagesWithin returns the content of every message Chatwoot accepted; it fails
// the test if one was sent before from or later than from+within.
func (e *env) messagesWithin(from time.Time, within time.Duration) []string {
	e.t.Helper()
	var out []string
	for _, c := range e.cw.Accepted() {
		if !strings.HasSuffix(c.Path, "/messages") {
			continue
		}
		if c.At.Before(from) || c.At.After(from.Add(within)) {
			e.t.Fatalf("message %s sent at %s, want between %s and %s", c.Body, c.At.Sub(e.start), from.Sub(e.start), from.Add(within).Sub(e.start))
		}
		content, _ := c.JSON()["content"].(string)
		out = append(out, content)
	}
	return out
}

// callsAfterFailures sends message 501 with text and lets its turn commit, then
// fails the next failures Chatwoot calls with status (retryAfter the Retry-After
// header, "" none) and lets the relay run for d: it returns the Chatwoot calls made
// after the turn's typing indicator (on and off).
func (e *env) callsAfterFailures(text string, failures, status int, retryAfter string, d time.Duration) []string {
	e.t.Helper()
	e.send(incoming(e.t, 501, text))
	synctest.Wait()
	typing := len(e.cw.Calls())
	e.cw.Fail(failures, status, retryAfter)
	time.Sleep(d)
	synctest.Wait()
	return e.calls()[typing:]
}

// deliveryOutcomes counts the outbox deliveries delivered, retryable_error and
// permanent_error.
func (e *env) deliveryOutcomes() []float64 {
	e.t.Helper()
	return e.counters("parley_relay_outbox_deliveries_total", "delivered", "retryable_error", "permanent_error")
}

// counters reads metric name's counter for each outcome label, in order.
func (e *env) counters(name string, outcomes ...string) []float64 {
	e.t.Helper()
	var out []float64
	for _, outcome := range outcomes {
		out = append(out, e.counter(name, outcome))
	}
	return out
}

// counter reads metric name's counter labelled outcome (0 when it has none yet).
func (e *env) counter(name, outcome string) float64 {
	e.t.Helper()
	families, err := e.reg.Gather()
	if err != nil {
		e.t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			if m.GetLabel()[0].GetValue() == outcome {
				return m.GetCounter().GetValue()
			}
		}
	}
	return 0
}

// incoming is the fixture message_created webhook of a pending conversation, with
// message id and content.
func incoming(t *testing.T, id int, content string) []byte {
	t.Helper()
	return withFields(t, chatwoottest.WithStatus(t, fixture(t, "chatwoot_webhook_message_created_webwidget.json"), "pending"),
		map[string]any{"id": id, "content": content})
}

func fixture(t *testing.T, name string) []byte {
	return chatwoottest.ReadFixture(t, "../chatwoot/testdata/"+name)
}

func withFields(t *testing.T, body []byte, fields map[string]any) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	for k, v := range fields {
		m[k] = v
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// statusChange is the fixture conversation_status_changed webhook with status.
func statusChange(t *testing.T, status string) []byte {
	return chatwoottest.WithStatus(t, fixture(t, "chatwoot_webhook_conversation_status_changed.json"), status)
}

func bodyID(kind string, body []byte) string {
	sum := sha256.Sum256(body)
	return kind + ":" + hex.EncodeToString(sum[:8])
}

func lifecycle(t *testing.T, s parley.Store) parley.Lifecycle {
	t.Helper()
	c, err := s.Conversation(context.Background(), convKey)
	if err != nil {
		t.Fatal(err)
	}
	return c.Lifecycle
}

func wantCalls(t *testing.T, e *env, want ...string) {
	t.Helper()
	if diff := cmp.Diff(want, e.calls()); diff != "" {
		t.Fatalf("Chatwoot calls (-want +got):\n%s", diff)
	}
}
