// Package recorded is a protocol-faithful chat completions server (POST
// {base}/chat/completions, as OpenAI-compatible servers serve it) that answers from
// recorded completions and generations: `parley test` plays a scenario file's
// `llm: FILE` through it, so that a bot with nlu: llm runs its real client, wire
// format included, without a model. It checks every request the way the real
// servers do (the model, the messages, a strict json_schema response format whose
// objects list every property as required and allow no others, temperature, seed,
// max_tokens, the bearer token) and answers in the exact wire format: id, object
// "chat.completion", created, model, choices[0].message.content, finish_reason,
// usage. A request with "stream": true (a reply the model writes, see
// llm.Client.WriteReply) is answered as the servers stream: server-sent events, one
// "chat.completion.chunk" per content delta, a last chunk with the finish_reason,
// and "data: [DONE]"; its response_format is optional. What it answers comes from a
// Responder: a recording's Player, or (tests, through llm/llmtest) scripted failures
// (malformed JSON, a cut answer, 429 with Retry-After, 500, a hang, a stream held
// chunk by chunk).
package recorded

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Request is a chat completions request as the server received it.
type Request struct {
	Model          string          `json:"model"`
	Messages       []Message       `json:"messages"`
	Temperature    *float64        `json:"temperature"`
	Seed           *int64          `json:"seed"`
	MaxTokens      *int64          `json:"max_tokens"`
	ResponseFormat *ResponseFormat `json:"response_format"`
	// Stream asks for the answer as server-sent events.
	Stream        bool `json:"stream"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	// Authorization is the request's header, to check what was (not) sent.
	Authorization string `json:"-"`
}

// Message is one chat message of a request.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// ResponseFormat is the request's response_format.
type ResponseFormat struct {
	Type       string `json:"type"`
	JSONSchema struct {
		Name   string         `json:"name"`
		Strict bool           `json:"strict"`
		Schema map[string]any `json:"schema"`
	} `json:"json_schema"`
}

// LastUser is the content of the request's last user message.
func (r Request) LastUser() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			return r.Messages[i].Content
		}
	}
	return ""
}

// Reply is what the server answers to one request.
type Reply struct {
	// Content is choices[0].message.content.
	Content string
	// FinishReason defaults to "stop".
	FinishReason string
	// Status, when not 0 or 200, answers an OpenAI error object with that status.
	Status int
	// Header is added to the answer (Retry-After).
	Header http.Header
	// Hang waits until the client gives up before answering nothing.
	Hang bool
	// Chunks are the content deltas of a streamed answer, one chunk event each;
	// without them a streamed Content is cut into words (each with the space
	// before it).
	Chunks []string
	// Pace, when set, is called with the request's context before chunk i (from 0)
	// of a streamed answer is sent: a test holds the stream there. An error cuts
	// the connection (http.ErrAbortHandler) instead of sending the chunk; return
	// ctx.Err() when the client has gone away.
	Pace func(ctx context.Context, i int) error
}

// Responder chooses the reply to a request; n counts requests from 1.
type Responder func(n int, req Request) Reply

// Server is the chat completions handler: it checks each request, remembers it
// and answers what its Responder chooses. Listen serves it on a loopback port.
type Server struct {
	// Model is the model requests must name.
	Model string
	// APIKey, when set, must come as "Authorization: Bearer <APIKey>"; when empty
	// no Authorization header may come.
	APIKey string

	mu       sync.Mutex
	respond  Responder
	requests []Request
	problems []string
}

// NewServer returns a handler serving model with respond.
func NewServer(model string, respond Responder) *Server {
	return &Server{Model: model, respond: respond}
}

// Listen serves s on a free loopback port until stop is called; baseURL is the root
// to configure as llm.base_url.
func (s *Server) Listen() (baseURL string, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 5 * time.Second}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = hs.Serve(ln)
	}()
	return "http://" + ln.Addr().String() + "/v1", func() {
		_ = hs.Close()
		<-done
	}, nil
}

// SetResponder replaces the responder.
func (s *Server) SetResponder(r Responder) {
	s.mu.Lock()
	s.respond = r
	s.mu.Unlock()
}

// Requests returns the well-formed requests received so far.
func (s *Server) Requests() []Request {
	return lockedCopy(&s.mu, &s.requests)
}

// Problems returns what was wrong with the requests received (each was answered
// with the status the real servers use); empty when every request was valid.
func (s *Server) Problems() []string {
	return lockedCopy(&s.mu, &s.problems)
}

// lockedCopy copies a slice guarded by mu.
func lockedCopy[T any](mu *sync.Mutex, s *[]T) []T {
	mu.Lock()
	defer mu.Unlock()
	return append([]T(nil), *s...)
}

// ServeHTTP answers one chat completions request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	req, ok := s.admit(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	s.requests = append(s.requests, req)
	n, respond := len(s.requests), s.respond
	s.mu.Unlock()
	rep := respond(n, req)
	if rep.Hang {
		<-r.Context().Done()
		return
	}
	for k, vs := range rep.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	if rep.Status != 0 && rep.Status != http.StatusOK {
		writeError(w, rep.Status, "server_error", http.StatusText(rep.Status))
		return
	}
	if rep.FinishReason == "" {
		rep.FinishReason = "stop"
	}
	if req.Stream {
		stream(w, r, n, req, rep)
		return
	}
	body := map[string]any{
		"id":                 fmt.Sprintf("chatcmpl-fake%06d", n),
		"object":             "chat.completion",
		"created":            created(n),
		"model":              req.Model,
		"system_fingerprint": "fp_llmtest",
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": rep.Content, "refusal": nil},
			"logprobs":      nil,
			"finish_reason": rep.FinishReason,
		}},
		"usage": usage(req, rep.Content),
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(body)
}

// admit decodes the request and refuses, as the real servers do, one they would
// not answer: the route, the API key, the content type, the body (check).
func (s *Server) admit(w http.ResponseWriter, r *http.Request) (Request, bool) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		s.fail(w, http.StatusNotFound, "not_found", fmt.Sprintf("unknown route %s %s", r.Method, r.URL.Path))
		return Request{}, false
	}
	auth := r.Header.Get("Authorization")
	if problem := s.authProblem(auth); problem != "" {
		s.fail(w, http.StatusUnauthorized, "invalid_api_key", problem)
		return Request{}, false
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		s.fail(w, http.StatusBadRequest, "invalid_request_error", "content type "+ct)
		return Request{}, false
	}
	var req Request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		s.fail(w, http.StatusBadRequest, "invalid_request_error", "body: "+err.Error())
		return Request{}, false
	}
	req.Authorization = auth
	if problem := s.check(req); problem != "" {
		s.fail(w, http.StatusBadRequest, "invalid_request_error", problem)
		return Request{}, false
	}
	return req, true
}

// authProblem says what is wrong with a request's Authorization header: the key
// the server was configured with, or none.
func (s *Server) authProblem(auth string) string {
	switch {
	case s.APIKey != "" && auth != "Bearer "+s.APIKey:
		return "missing or wrong API key"
	case s.APIKey == "" && auth != "":
		return "an API key was sent to a server that was configured without one"
	}
	return ""
}

func created(n int) int64 { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Unix() + int64(n) }

// usage counts words as tokens.
func usage(req Request, content string) map[string]any {
	prompt := 0
	for _, m := range req.Messages {
		prompt += len(strings.Fields(m.Content))
	}
	completion := len(strings.Fields(content))
	return map[string]any{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}
}

// stream answers a "stream": true request as the servers do: a first chunk with
// the assistant role, one chunk per content delta (each flushed, after Pace lets
// it go), a chunk with the finish reason, the usage chunk when stream_options asks
// for it, and [DONE].
func stream(w http.ResponseWriter, r *http.Request, n int, req Request, rep Reply) {
	chunks := rep.Chunks
	if chunks == nil {
		chunks = words(rep.Content)
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	send := func(delta map[string]any, finish any, extra map[string]any) {
		chunk := map[string]any{
			"id": fmt.Sprintf("chatcmpl-fake%06d", n), "object": "chat.completion.chunk", "created": created(n),
			"model": req.Model, "system_fingerprint": "fp_llmtest",
			"choices": []any{map[string]any{"index": 0, "delta": delta, "logprobs": nil, "finish_reason": finish}},
		}
		for k, v := range extra {
			chunk[k] = v
		}
		b, _ := json.Marshal(chunk)
		fmt.Fprintf(w, "data: %s\n\n", b)
		w.(http.Flusher).Flush()
	}
	send(map[string]any{"role": "assistant", "content": ""}, nil, nil)
	for i, c := range chunks {
		if rep.Pace != nil && rep.Pace(r.Context(), i) != nil {
			// A cut stream: the connection ends without a finish reason or [DONE].
			panic(http.ErrAbortHandler)
		}
		send(map[string]any{"content": c}, nil, nil)
	}
	send(map[string]any{}, rep.FinishReason, nil)
	if req.StreamOptions != nil && req.StreamOptions.IncludeUsage {
		send(nil, nil, map[string]any{"choices": []any{}, "usage": usage(req, strings.Join(chunks, ""))})
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
	w.(http.Flusher).Flush()
}

// words cuts text into the deltas a model would stream: each word with the
// spaces before it.
func words(text string) []string {
	var out []string
	start := 0
	for i := 1; i <= len(text); i++ {
		if i == len(text) || text[i] == ' ' && text[i-1] != ' ' {
			out = append(out, text[start:i])
			start = i
		}
	}
	return out
}

// check returns what the real servers would refuse in req.
func (s *Server) check(req Request) string {
	for _, rule := range requestRules {
		if rule.broken(s, &req) {
			return rule.problem(s, &req)
		}
	}
	if problem := messagesProblem(req.Messages); problem != "" {
		return problem
	}
	return formatProblem(req)
}

// requestRules are what the real servers require of a request's settings, in
// the order they are checked.
var requestRules = []struct {
	broken  func(s *Server, req *Request) bool
	problem func(s *Server, req *Request) string
}{
	{func(s *Server, req *Request) bool { return req.Model != s.Model },
		func(s *Server, req *Request) string { return fmt.Sprintf("model %q, want %q", req.Model, s.Model) }},
	{func(_ *Server, req *Request) bool { return len(req.Messages) == 0 }, problem("no messages")},
	{func(_ *Server, req *Request) bool { return req.Temperature == nil || *req.Temperature != 0 }, problem("temperature must be 0")},
	{func(_ *Server, req *Request) bool { return req.Seed == nil }, problem("no seed")},
	{func(_ *Server, req *Request) bool { return req.MaxTokens == nil || *req.MaxTokens <= 0 }, problem("no max_tokens")},
	{func(_ *Server, req *Request) bool { return req.StreamOptions != nil && !req.Stream },
		problem("stream_options is only allowed with stream: true")},
}

func problem(text string) func(*Server, *Request) string {
	return func(*Server, *Request) string { return text }
}

// messagesProblem checks the messages: known roles, content, and the user's
// last.
func messagesProblem(messages []Message) string {
	for i, m := range messages {
		switch m.Role {
		case "system", "user", "assistant":
		default:
			return fmt.Sprintf("messages[%d]: role %q", i, m.Role)
		}
		if m.Content == "" {
			return fmt.Sprintf("messages[%d]: empty content", i)
		}
	}
	if messages[len(messages)-1].Role != "user" {
		return "the last message must be the user's"
	}
	return ""
}

// formatProblem checks the response_format: a structured answer (a parse) asks
// for a strict json_schema; a streamed reply may ask for plain text.
func formatProblem(req Request) string {
	f := req.ResponseFormat
	switch {
	case req.Stream && (f == nil || f.Type == "text"):
		return ""
	case f == nil || f.Type != "json_schema":
		return "response_format must be json_schema"
	case !f.JSONSchema.Strict:
		return "json_schema.strict must be true"
	case f.JSONSchema.Name == "":
		return "json_schema.name is required"
	}
	return StrictProblem("schema", f.JSONSchema.Schema)
}

// StrictProblem applies structured outputs' strict-mode rules: every object lists
// all its properties as required and sets additionalProperties to false.
func StrictProblem(at string, v any) string {
	m, ok := v.(map[string]any)
	if !ok {
		return ""
	}
	if props, ok := m["properties"].(map[string]any); ok {
		if problem := objectProblem(at, m, props); problem != "" {
			return problem
		}
	}
	if items, ok := m["items"]; ok {
		return StrictProblem(at+"[]", items)
	}
	return ""
}

// objectProblem applies the strict-mode rules to an object schema m with its
// properties, and to each property's schema.
func objectProblem(at string, m, props map[string]any) string {
	if m["additionalProperties"] != false {
		return at + ": additionalProperties must be false"
	}
	req, _ := m["required"].([]any)
	listed := map[string]bool{}
	for _, r := range req {
		if s, ok := r.(string); ok {
			listed[s] = true
		}
	}
	for name, p := range props {
		if !listed[name] {
			return fmt.Sprintf("%s: property %q is not required", at, name)
		}
		if problem := StrictProblem(at+"."+name, p); problem != "" {
			return problem
		}
	}
	return ""
}

func (s *Server) fail(w http.ResponseWriter, status int, code, msg string) {
	s.mu.Lock()
	s.problems = append(s.problems, msg)
	s.mu.Unlock()
	writeError(w, status, code, msg)
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"error": map[string]any{"message": msg, "type": code, "param": nil, "code": code},
	})
}
