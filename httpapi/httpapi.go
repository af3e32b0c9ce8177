// Package httpapi owns Parley's HTTP surface (docs/spec/contracts.md section 2): the turn and
// conversation routes, lifecycle controls, Server-Sent Events, bots, flows, the
// Chatwoot webhook route, health, readiness and metrics, and the routes the inspector
// (package inspect) reads: a bot's conversation list, a conversation's history (its
// event log joined with each turn's stored response) and a bot's diagram. Error codes
// map to HTTP statuses in one table (statusOf). A bad request never changes stored
// state.
//
// In front of the routes (middleware.go): an OpenTelemetry server span while tracing
// is on, one access log line per request with its request id, and guards that refuse
// a foreign Host, a missing token or scope (auth.go), a non-JSON body and a
// cross-origin browser request before any handler runs. Error bodies carry only parley.Error messages.
package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/docs"
	"github.com/parleyhq/parley/internal/jsonbody"
	"github.com/parleyhq/parley/internal/promvec"
	"github.com/parleyhq/parley/visitor"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.opentelemetry.io/otel/trace"
)

// DefaultMaxBody is the default request body limit.
const DefaultMaxBody = 64 << 10

// Store is what the API reads from the store directly: readiness, a conversation's
// existence and its stored events (SSE catch-up, history). Turns, controls and
// processed responses go through the runtime; listing takes parley.ConversationLister when
// the store has it.
type Store interface {
	parley.Pinger
	parley.ConversationReader
}

// ChatwootReceiver takes a Chatwoot Agent Bot webhook (POST /v1/chatwoot/{bot},
// package relay): it verifies, classifies and commits it before the route answers
// 200 with {"status": status, "detail": detail}, status being "accepted",
// "ignored" or "duplicate"; an error is answered as every route's errors are.
// readBody reads the request's body, bounded by Options.MaxBody.
type ChatwootReceiver interface {
	ReceiveWebhook(ctx context.Context, bot string, header http.Header, readBody func() ([]byte, error)) (status, detail string, err error)
}

// Options configure the handler.
type Options struct {
	// MaxBody limits request bodies (default 64 KiB); larger ones get 413 too_large.
	MaxBody int64
	// Gatherer serves /metrics; Registerer receives the HTTP metrics.
	Gatherer   prometheus.Gatherer
	Registerer prometheus.Registerer
	// Flows serves /v1/flows (PUT and GET): a store's flows, validated before
	// they are stored (cmd/parley validates gates flows); nil disables the routes.
	Flows parley.Flows
	// Chatwoot receives POST /v1/chatwoot/{bot}; nil answers 404.
	Chatwoot ChatwootReceiver
	Logger   *slog.Logger
	// Done, when closed, ends open SSE streams (graceful shutdown).
	Done <-chan struct{}
	// KeepAlive is the SSE comment interval (default 15 s).
	KeepAlive time.Duration

	// Auth checks bearer tokens (auth.go); nil or empty lets every request through.
	Auth *Auth
	// Hosts are the Host header values served (see ListenHosts); empty serves any.
	Hosts []string
	// CORSOrigins may call the API from a browser (server.cors_origins); none by
	// default, and cross-origin browser requests from other origins are refused.
	CORSOrigins []string
	// Lifecycle draws the conversation lifecycle (seed 004) for GET
	// /v1/bots/{bot}/graph?machine=lifecycle: cmd/parley gives actor.Lifecycle, an
	// fsm.Machine, which draws itself as every engine does; nil answers that route 404.
	Lifecycle parley.Grapher
	// Visitors lets public web pages chat with the bots that have a widget
	// (visitors.go); nil serves no session routes and accepts no visitor token.
	Visitors *visitor.Policy
	// TracerProvider receives the HTTP spans; nil uses the global one (a no-op
	// unless cmd/parley configured OpenTelemetry).
	TracerProvider trace.TracerProvider
}

// Handler is Parley's HTTP API.
type Handler struct {
	routes   []string // the patterns registered, in order (Routes)
	rt       parley.Conversations
	store    Store
	opts     Options
	mux      *http.ServeMux
	requests *prometheus.CounterVec
	// traced is mux behind the request's span (middleware.go), for requests
	// while tracing is on; each route is behind its access log and guards.
	traced      http.Handler
	hosts       map[string]bool
	corsOrigins map[string]bool
	crossOrigin *http.CrossOriginProtection
}

// New returns the API handler over rt and store.
func New(rt parley.Conversations, store Store, opts Options) *Handler {
	opts = opts.withDefaults()
	h := &Handler{rt: rt, store: store, opts: opts, mux: http.NewServeMux()}
	if opts.Registerer != nil {
		h.requests = promvec.Counter(opts.Registerer, "parley_http_requests_total",
			"HTTP requests by route pattern and status code.", "route", "code")
	}
	h.conversationRoutes()
	if opts.Flows != nil {
		h.handle("PUT /v1/flows/{id}", h.putFlow)
		h.handle("GET /v1/flows/{id}", h.getFlow)
	}
	h.visitorRoutes()
	h.handle("POST /v1/chatwoot/{bot}", h.chatwoot)
	h.serviceRoutes()
	h.mux.Handle("/", h.chain("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, parley.Errorf(parley.ENOTFOUND, "no route for %s %s", r.Method, r.URL.Path))
	})))
	h.wrap()
	return h
}

// withDefaults fills the options left zero: the body limit, a silent logger, the
// SSE keep-alive period.
func (opts Options) withDefaults() Options {
	if opts.MaxBody <= 0 {
		opts.MaxBody = DefaultMaxBody
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.KeepAlive <= 0 {
		opts.KeepAlive = 15 * time.Second
	}
	return opts
}

// conversationRoutes are the bots' and their conversations' routes.
func (h *Handler) conversationRoutes() {
	conv := "/v1/bots/{bot}/conversations/{conversation}"
	h.handle("POST "+conv+"/messages", h.postMessage)
	h.handle("GET "+conv, h.getConversation)
	h.handle("GET "+conv+"/events", h.getEvents)
	for _, kind := range parley.ControlKinds {
		h.handle("POST "+conv+"/"+string(kind), h.control(kind))
	}
	h.handle("GET /v1/bots", h.getBots)
	h.handle("GET /v1/bots/{bot}/conversations", h.listConversations)
	h.handle("GET "+conv+"/history", h.getHistory)
	h.handle("POST "+conv+"/agent-messages", h.postAgentMessage)
	h.handle("GET /v1/bots/{bot}/graph", h.getGraph)
}

// serviceRoutes are the health, readiness, OpenAPI and metrics routes.
func (h *Handler) serviceRoutes() {
	h.handle("GET /healthz", func(w http.ResponseWriter, r *http.Request) error {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
		return nil
	})
	h.handle("GET /readyz", h.readyz)
	h.handle("GET /v1/openapi.json", func(w http.ResponseWriter, r *http.Request) error {
		writeBody(w, http.StatusOK, docs.OpenAPI())
		return nil
	})
	if h.opts.Gatherer != nil {
		metrics := promhttp.HandlerFor(h.opts.Gatherer, promhttp.HandlerOpts{})
		h.handle("GET /metrics", func(w http.ResponseWriter, r *http.Request) error {
			metrics.ServeHTTP(w, r)
			return nil
		})
	}
}

// Routes are the "METHOD /path" patterns the handler serves; docs/openapi.json
// describes each (TestOpenAPIDescribesEveryRoute).
func (h *Handler) Routes() []string { return slices.Clone(h.routes) }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.tracing() {
		h.traced.ServeHTTP(w, r)
		return
	}
	h.mux.ServeHTTP(w, untracedRequest(r))
}

// handle registers a route whose errors are written by one function, behind its
// access log line and the guards (chain).
func (h *Handler) handle(pattern string, fn func(http.ResponseWriter, *http.Request) error) {
	h.routes = append(h.routes, pattern)
	h.mux.Handle(pattern, h.chain(pattern, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, code: http.StatusOK}
		if r.Body != nil {
			r.Body = http.MaxBytesReader(rec, r.Body, h.opts.MaxBody)
		}
		noteRoute(rec, r)
		r, err := h.visitorScope(rec, r, pattern)
		if err == nil {
			err = fn(rec, r)
		}
		if err != nil {
			writeError(rec, err)
		}
		if h.requests != nil {
			h.requests.WithLabelValues(pattern, strconv.Itoa(rec.code)).Inc()
		}
	})))
}

// statusRecorder records the status a handler answered with (the route's request
// counter); the access log's accessRecorder embeds it. The first WriteHeader or
// Write fixes the status (a Write without one is 200), as net/http does: a later
// WriteHeader, which net/http ignores, does not change what is recorded.
type statusRecorder struct {
	http.ResponseWriter
	code  int
	wrote bool
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.wrote {
		s.code, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// errorTable is the one table from error codes to what the caller gets: the HTTP
// status and, for errors that are the server's and not the caller's, a message
// the caller can act on in place of the error's own. The error's own messages name
// what failed inside (a store operation, "postgres: commit", "sqlite: ..."); they
// stay in the access log line with the same request id (middleware.go), never in
// the body. A code with no message here keeps its own: it tells the caller what
// to change (a malformed field, an unknown bot, a conflicting message id).
var errorTable = map[string]struct {
	status  int
	message string
}{
	parley.EINVALID:      {http.StatusBadRequest, ""},
	parley.EUNAUTHORIZED: {http.StatusUnauthorized, ""},
	parley.ENOTFOUND:     {http.StatusNotFound, ""},
	parley.ECONFLICT:     {http.StatusConflict, ""},
	parley.EDUPLICATE:    {http.StatusConflict, ""},
	parley.EIDEMPOTENCY:  {http.StatusConflict, ""},
	parley.EINTERRUPTED:  {http.StatusConflict, ""},
	parley.ETRANSITION:   {http.StatusConflict, "the request does not fit the conversation's current state"},
	parley.EFORBIDDEN:    {http.StatusForbidden, ""},
	parley.EMEDIATYPE:    {http.StatusUnsupportedMediaType, ""},
	parley.EMISDIRECTED:  {http.StatusMisdirectedRequest, ""},
	parley.ETOOLARGE:     {http.StatusRequestEntityTooLarge, ""},
	parley.EOVERLOADED:   {http.StatusTooManyRequests, ""},
	parley.ERATELIMITED:  {http.StatusTooManyRequests, ""},
	parley.EUNAVAILABLE: {http.StatusServiceUnavailable,
		"the server cannot complete the request right now; retry it later (a turn is safe to retry with the same message id)"},
	parley.EINVALIDSTATE: {http.StatusInternalServerError,
		"the conversation's stored state cannot be used by this bot; reset the conversation (POST .../reset) or ask the operator"},
	parley.EINTERNAL: {http.StatusInternalServerError,
		"internal error; the server log has its details under this request id"},
}

// statusOf is the HTTP status of an error code (errorTable; 500 for a code it
// does not list).
func statusOf(code string) int {
	if e, ok := errorTable[code]; ok {
		return e.status
	}
	return http.StatusInternalServerError
}

// callerMessage is what the body says of err: errorTable's message for the
// code, else the parley.Error messages of the chain.
func callerMessage(code string, err error) string {
	e, ok := errorTable[code]
	if !ok {
		return errorTable[parley.EINTERNAL].message
	}
	if e.message != "" {
		return e.message
	}
	return parley.ErrorMessage(err)
}

// ErrorBody is the JSON shape of every error response. An interrupted turn's error
// also says what the conversation became (lifecycle) and carries the reply text
// streamed before the stop (partial_response, "" when none was). Message is what the
// caller can act on (callerMessage: errorTable's message for the server's own
// failures, else the parley.Error messages of the chain); the whole chain is in the
// log line with the same RequestID (also the X-Request-Id header).
type ErrorBody struct {
	Error struct {
		Code            string           `json:"code"`
		Message         string           `json:"message"`
		RequestID       string           `json:"request_id,omitempty"`
		Lifecycle       parley.Lifecycle `json:"lifecycle,omitempty"`
		PartialResponse *string          `json:"partial_response,omitempty"`
	} `json:"error"`
}

func writeError(w http.ResponseWriter, err error) {
	noteError(w, err)
	var body ErrorBody
	body.Error.Code = parley.ErrorCode(err)
	body.Error.Message = callerMessage(body.Error.Code, err)
	body.Error.RequestID = w.Header().Get("X-Request-Id")
	var in *parley.Interruption
	if body.Error.Code == parley.EINTERRUPTED && errors.As(err, &in) {
		body.Error.Lifecycle = in.Lifecycle
		partial := in.PartialResponse
		body.Error.PartialResponse = &partial
	}
	writeJSON(w, statusOf(body.Error.Code), body)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"code":"internal","message":"encode response"}}`)
	}
	writeBody(w, status, b)
}

func writeBody(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	_, _ = w.Write(b)
	_, _ = w.Write([]byte{'\n'})
}

// readBody reads the limited body, mapping an oversized one to ETOOLARGE.
func readBody(r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, parley.Errorf(parley.ETOOLARGE, "request body is larger than %d bytes", mbe.Limit)
		}
		return nil, parley.WrapError(parley.EINVALID, err, "read request body")
	}
	return b, nil
}

// decodeStrict decodes one JSON value, refusing unknown fields, trailing data and
// a key repeated in one object (jsonbody.Duplicates).
func decodeStrict(b []byte, v any) error {
	if err := jsonbody.Duplicates("the JSON body", b); err != nil {
		return err
	}
	if err := jsonbody.UTF8("the JSON body", b); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	// dec.More is false before a stray '}' or ']', so read on: only the end may follow.
	if _, err := dec.Token(); err != io.EOF {
		return parley.Errorf(parley.EINVALID, "malformed JSON body: data after the JSON value")
	}
	return nil
}

// TurnRequest is the body of POST .../messages.
type TurnRequest struct {
	ID      string      `json:"id"`
	Text    string      `json:"text"`
	Meaning *string     `json:"meaning"`
	NLU     *parley.NLU `json:"nlu"`
	SentAt  *time.Time  `json:"sent_at"`
}

// key reads the conversation named by the path, refusing ids that parley.CheckID
// refuses (over-long, not UTF-8, control characters) before anything is looked up: for the routes that
// read the store themselves. Routes that go through the service (a turn, a control,
// GET of a conversation) leave the check to it (parley.Conversations), so that a
// turn's ids are checked once.
func key(r *http.Request) (parley.ConversationKey, error) {
	k := pathKey(r)
	return k, k.Check()
}

// pathKey reads the conversation named by the path, unchecked.
func pathKey(r *http.Request) parley.ConversationKey {
	return parley.ConversationKey{Bot: r.PathValue("bot"), ID: r.PathValue("conversation")}
}

// readKey reads what a read of a conversation's log starts with: its key, checked,
// and a bot that exists.
func (h *Handler) readKey(r *http.Request) (parley.ConversationKey, error) {
	k, err := key(r)
	if err != nil {
		return k, err
	}
	_, err = h.rt.Bot(k.Bot)
	return k, err
}

// botRequest reads what every write to a conversation starts with: its key, a bot
// that exists, and the request body; the bot is looked up before the body is read.
// The ids are the service's to check.
func (h *Handler) botRequest(r *http.Request) (parley.ConversationKey, []byte, error) {
	k := pathKey(r)
	if _, err := h.rt.Bot(k.Bot); err != nil {
		return k, nil, err
	}
	b, err := readBody(r)
	return k, b, err
}

// message is the turn's message: what the request sets, sent_at in UTC.
func (req *TurnRequest) message() parley.Message {
	msg := parley.Message{ID: req.ID, Text: req.Text, NLU: req.NLU}
	if req.Meaning != nil {
		msg.Meaning = *req.Meaning
	}
	if req.SentAt != nil {
		msg.SentAt = req.SentAt.UTC()
	}
	return msg
}

func (h *Handler) postMessage(w http.ResponseWriter, r *http.Request) error {
	k, b, err := h.botRequest(r)
	if err != nil {
		return err
	}
	var req TurnRequest
	if err := decodeTurn(b, &req); err != nil {
		return err
	}
	refund, err := h.visitorMessage(w, r, &req)
	if err != nil {
		return err
	}
	res, err := h.rt.Turn(r.Context(), parley.TurnRequest{Key: k, Message: req.message()})
	refund(err)
	if err != nil {
		return err
	}
	if res.Replayed {
		w.Header().Set("Idempotent-Replay", "true")
	}
	writeBody(w, http.StatusOK, res.Body)
	return nil
}

func (h *Handler) getConversation(w http.ResponseWriter, r *http.Request) error {
	v, err := h.rt.Conversation(r.Context(), pathKey(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

// ControlBody is the optional body of a control request.
type ControlBody struct {
	Reason string `json:"reason"`
}

func (h *Handler) control(kind parley.ControlKind) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		k, b, err := h.botRequest(r)
		if err != nil {
			return err
		}
		var body ControlBody
		if len(bytes.TrimSpace(b)) > 0 {
			if err := decodeStrict(b, &body); err != nil {
				return err
			}
		}
		res, err := h.rt.Control(r.Context(), parley.ControlRequest{Key: k, Kind: kind, Reason: body.Reason})
		if err != nil {
			return err
		}
		writeBody(w, http.StatusOK, res.Body)
		return nil
	}
}

// BotInfo is one entry of GET /v1/bots.
type BotInfo struct {
	Name        string `json:"name"`
	Engine      string `json:"engine"`
	Description string `json:"description,omitempty"`
}

func (h *Handler) getBots(w http.ResponseWriter, r *http.Request) error {
	bots := h.rt.Bots()
	out := make([]BotInfo, 0, len(bots))
	for _, b := range bots {
		out = append(out, BotInfo{Name: b.Name, Engine: b.Engine.Kind(), Description: b.Description})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	writeJSON(w, http.StatusOK, map[string]any{"bots": out})
	return nil
}

func (h *Handler) readyz(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := h.store.Ping(ctx); err != nil {
		return parley.WrapError(parley.EUNAVAILABLE, err, "the store cannot serve or commit")
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	return nil
}

func (h *Handler) putFlow(w http.ResponseWriter, r *http.Request) error {
	b, err := readBody(r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	if err := parley.CheckID("flow id", id); err != nil {
		return err
	}
	if err := jsonbody.Duplicates("the flow definition", b); err != nil {
		return err
	}
	v, err := h.opts.Flows.PutFlow(r.Context(), id, b)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": id, "version": v})
	return nil
}

func (h *Handler) getFlow(w http.ResponseWriter, r *http.Request) error {
	version := 0
	if s := r.URL.Query().Get("version"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return parley.Errorf(parley.EINVALID, "version must be a positive integer, got %q", s)
		}
		version = n
	}
	if err := parley.CheckID("flow id", r.PathValue("id")); err != nil {
		return err
	}
	def, v, err := h.opts.Flows.Flow(r.Context(), r.PathValue("id"), version)
	if err != nil {
		return err
	}
	w.Header().Set("Parley-Flow-Version", strconv.Itoa(v))
	var raw json.RawMessage = def
	if !json.Valid(def) {
		s, _ := json.Marshal(string(def))
		raw = s
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": r.PathValue("id"), "version": v, "definition": raw})
	return nil
}

func (h *Handler) chatwoot(w http.ResponseWriter, r *http.Request) error {
	if h.opts.Chatwoot == nil {
		return parley.Errorf(parley.ENOTFOUND, "no Chatwoot channel is configured")
	}
	status, detail, err := h.opts.Chatwoot.ReceiveWebhook(r.Context(), r.PathValue("bot"), r.Header, func() ([]byte, error) { return readBody(r) })
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": status, "detail": detail})
	return nil
}
