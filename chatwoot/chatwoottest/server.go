// Package chatwoottest is a fake of the part of Chatwoot's application API an agent bot
// calls (messages, toggle_status, toggle_typing_status), and helpers to build signed
// agent-bot webhook requests. The fake accepts what Chatwoot v4 accepts on those
// endpoints and refuses what it refuses (see docs/spec/chatwoot-woocommerce.md §B),
// and is stricter in three documented places where Chatwoot silently accepts
// something that breaks the widget: unknown top-level message keys, relative link URIs
// and empty text messages.
package chatwoottest

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parleyhq/parley/chatwoot"
)

// Defaults of a new Server.
const (
	BotToken  = "test-bot-token"
	AccountID = 1
)

// Call is one request the fake received.
type Call struct {
	Method string
	// Path is the URL path, e.g. /api/v1/accounts/1/conversations/10/messages.
	Path   string
	Header http.Header
	Body   []byte
	// Status is what the fake answered.
	Status int
	// At is when the fake received the call (the fake clock in a synctest bubble).
	At time.Time
}

// JSON decodes the call's body into a generic value (nil when it is not JSON).
func (c Call) JSON() map[string]any {
	var m map[string]any
	_ = json.Unmarshal(c.Body, &m)
	return m
}

// Server is the fake Chatwoot.
type Server struct {
	URL       string
	BotToken  string
	AccountID int

	srv *httptest.Server

	mu       sync.Mutex
	calls    []Call
	failures []failure
	status   map[int]string // conversation display id -> status
	nextID   int
}

type failure struct {
	status     int
	retryAfter string
}

// NewServer starts a fake Chatwoot for account AccountID accepting BotToken; it is
// closed when the test ends.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{BotToken: BotToken, AccountID: AccountID, status: map[int]string{}, nextID: 1000}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	t.Cleanup(s.srv.Close)
	return s
}

// ClientConfig returns a client configuration pointing at the fake; set Sleep on it to
// observe or skip the backoff.
func (s *Server) ClientConfig() chatwoot.ClientConfig {
	return chatwoot.ClientConfig{
		BaseURL:    s.URL,
		AccountID:  s.AccountID,
		BotToken:   s.BotToken,
		HTTPClient: s.srv.Client(),
	}
}

// InProcessClient returns an HTTP client that hands every request straight to the
// fake, with no connection. Use it inside a testing/synctest bubble (with a Server
// created outside it): the bubble's clock advances only while every goroutine in it
// waits on the bubble's channels and timers, which a goroutine reading a socket does
// not.
func (s *Server) InProcessClient() *http.Client {
	return &http.Client{Transport: inProcess{s}}
}

// inProcess is InProcessClient's transport.
type inProcess struct{ s *Server }

func (t inProcess) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body == nil {
		req = req.Clone(req.Context())
		req.Body = http.NoBody
	}
	defer req.Body.Close()
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	rec := httptest.NewRecorder()
	t.s.serve(rec, req)
	resp := rec.Result()
	resp.Request = req
	return resp, nil
}

// Fail makes the next n authenticated requests answer status (e.g. 429 or 500), with
// a Retry-After header when retryAfter is not empty.
func (s *Server) Fail(n, status int, retryAfter string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.failures = append(s.failures, failure{status: status, retryAfter: retryAfter})
	}
}

// SetStatus sets a conversation's status (pending when never set).
func (s *Server) SetStatus(conversationID int, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status[conversationID] = status
}

// Status returns a conversation's status.
func (s *Server) Status(conversationID int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.status[conversationID]; ok {
		return st
	}
	return chatwoot.StatusPending
}

// Calls returns every request received so far, in order.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

// Accepted returns the calls answered 2xx, in order.
func (s *Server) Accepted() []Call {
	var out []Call
	for _, c := range s.Calls() {
		if c.Status >= 200 && c.Status < 300 {
			out = append(out, c)
		}
	}
	return out
}

var routePattern = regexp.MustCompile(`^/api/v1/accounts/([0-9]+)/conversations/([0-9]+)/(messages|toggle_status|toggle_typing_status)$`)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	status, answer, header := s.handle(r, body)
	s.mu.Lock()
	s.calls = append(s.calls, Call{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body, Status: status, At: time.Now()})
	s.mu.Unlock()
	for k, v := range header {
		w.Header()[k] = v
	}
	if answer == nil {
		w.WriteHeader(status)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(answer)
}

func errorBody(msg string) map[string]any { return map[string]any{"error": msg} }

// unrouted answers a path no bot route matches: refused under the accounts API
// (BOT_ACCESSIBLE_ENDPOINTS: anything else is refused to a bot token), else not
// found.
func unrouted(path string) (int, any, http.Header) {
	if strings.HasPrefix(path, "/api/v1/accounts/") {
		return http.StatusUnauthorized, errorBody("Access to this endpoint is not authorized for bots"), nil
	}
	return http.StatusNotFound, errorBody("Not Found"), nil
}

// nextFailure takes the next queued failure, if any.
func (s *Server) nextFailure() (failure, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.failures) == 0 {
		return failure{}, false
	}
	f := s.failures[0]
	s.failures = s.failures[1:]
	return f, true
}

func (s *Server) handle(r *http.Request, body []byte) (int, any, http.Header) {
	// access_token_auth_helper.rb: a missing or unknown token is 401.
	if r.Header.Get("api_access_token") != s.BotToken {
		return http.StatusUnauthorized, errorBody("Invalid Access Token"), nil
	}
	m := routePattern.FindStringSubmatch(r.URL.Path)
	if m == nil {
		return unrouted(r.URL.Path)
	}
	if r.Method != http.MethodPost {
		return http.StatusUnauthorized, errorBody("Access to this endpoint is not authorized for bots"), nil
	}
	account, _ := strconv.Atoi(m[1])
	if account != s.AccountID {
		return http.StatusUnauthorized, errorBody("You are not authorized to access this account"), nil
	}
	conversation, _ := strconv.Atoi(m[2])
	if f, ok := s.nextFailure(); ok {
		h := http.Header{}
		if f.retryAfter != "" {
			h.Set("Retry-After", f.retryAfter)
		}
		return f.status, errorBody(http.StatusText(f.status)), h
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil {
		return http.StatusBadRequest, errorBody("body is not a JSON object"), nil
	}
	switch m[3] {
	case "messages":
		return s.createMessage(conversation, fields)
	case "toggle_status":
		return s.toggleStatus(conversation, fields)
	default:
		return s.toggleTyping(fields)
	}
}

var (
	messageKeys  = []string{"content", "message_type", "private", "content_type", "content_attributes", "echo_id", "source_id", "campaign_id", "template_params"}
	contentTypes = []string{"text", "input_text", "input_textarea", "input_email", "input_select", "cards", "form", "article", "incoming_email", "input_csat", "integrations", "sticker", "voice_call"}
	selectKeys   = []string{"title", "value"}
	cardKeys     = []string{"title", "description", "media_url", "actions"}
	actionKeys   = []string{"text", "type", "payload", "uri"}
	formKeys     = []string{"type", "placeholder", "label", "name", "options", "default", "required", "pattern", "title", "pattern_error"}
	articleKeys  = []string{"title", "description", "link"}
	// itemKeys are the keys an item may have, by the content types whose items
	// content_attribute_validator.rb checks.
	itemKeys = map[string][]string{"input_select": selectKeys, "cards": cardKeys, "form": formKeys, "article": articleKeys}
)

func unprocessable(format string, args ...any) (int, any, http.Header) {
	return http.StatusUnprocessableEntity, errorBody(fmt.Sprintf(format, args...)), nil
}

// decodeAttributes decodes content_attributes, an object that may come as a JSON
// string; absent or null is nil, anything but an object is not ok.
func decodeAttributes(attrs json.RawMessage) (map[string]any, bool) {
	var attrString string
	if json.Unmarshal(attrs, &attrString) == nil {
		attrs = json.RawMessage(attrString)
	}
	var decoded map[string]any
	if len(attrs) > 0 && string(attrs) != "null" {
		if err := json.Unmarshal(attrs, &decoded); err != nil {
			return nil, false
		}
	}
	return decoded, true
}

func (s *Server) createMessage(conversation int, fields map[string]json.RawMessage) (int, any, http.Header) {
	for k := range fields {
		if !slices.Contains(messageKeys, k) {
			// Stricter than Chatwoot, whose strong parameters drop it silently.
			return unprocessable("unpermitted parameter %q", k)
		}
	}
	var msg struct {
		Content           *string         `json:"content"`
		MessageType       string          `json:"message_type"`
		Private           bool            `json:"private"`
		ContentType       string          `json:"content_type"`
		ContentAttributes json.RawMessage `json:"content_attributes"`
	}
	if err := json.Unmarshal(mustObject(fields), &msg); err != nil {
		return unprocessable("malformed message: %v", err)
	}
	contentType, problem := messageKind(msg.MessageType, msg.ContentType)
	if problem != "" {
		return unprocessable("%s", problem)
	}
	decoded, ok := decodeAttributes(msg.ContentAttributes)
	if !ok {
		return unprocessable("content_attributes is not an object")
	}
	content := ""
	if msg.Content != nil {
		content = *msg.Content
	}
	if err := validateAttributes(contentType, decoded); err != "" {
		return unprocessable("Message could not be created: %s", err)
	}
	if contentType == "text" && strings.TrimSpace(content) == "" {
		return unprocessable("Message could not be created: content is empty")
	}
	s.mu.Lock()
	s.nextID++
	id := s.nextID
	s.mu.Unlock()
	if decoded == nil {
		decoded = map[string]any{}
	}
	// _message.json.jbuilder: message_type is an integer, created_at unix seconds.
	return http.StatusOK, map[string]any{
		"id": id, "content": msg.Content, "inbox_id": 1, "conversation_id": conversation,
		"message_type": 1, "content_type": contentType, "status": "sent",
		"content_attributes": decoded, "created_at": 1700000000 + id, "private": msg.Private,
		"source_id": nil, "sender": map[string]any{"id": 1, "name": "Parley", "type": "agent_bot"},
	}, nil
}

// messageKind checks a message's type and content type (text when none): the
// content type, or why the message is unprocessable.
func messageKind(messageType, contentType string) (string, string) {
	switch messageType {
	case "", chatwoot.MessageOutgoing:
	case chatwoot.MessageIncoming:
		// message_builder.rb:108: incoming only in API inboxes; the fake is a widget.
		return "", "Incoming messages are only allowed in Api inboxes"
	default:
		return "", fmt.Sprintf("'%s' is not a valid message_type", messageType)
	}
	contentType = cmp.Or(contentType, "text")
	if !slices.Contains(contentTypes, contentType) {
		return "", fmt.Sprintf("'%s' is not a valid content_type", contentType)
	}
	return contentType, ""
}

func mustObject(fields map[string]json.RawMessage) []byte {
	data, _ := json.Marshal(fields)
	return data
}

// validateAttributes follows app/models/concerns/content_attribute_validator.rb, plus
// the absolute-URL check for links.
func validateAttributes(contentType string, attrs map[string]any) string {
	allowed, ok := itemKeys[contentType]
	if !ok {
		return ""
	}
	items, _ := attrs["items"].([]any)
	if len(items) == 0 {
		return "items cannot be empty"
	}
	for i, raw := range items {
		if msg := validateItem(i, raw, allowed, contentType == "cards"); msg != "" {
			return msg
		}
	}
	return ""
}

// validateItem checks item i's keys against allowed and, of a card, its actions.
func validateItem(i int, raw any, allowed []string, card bool) string {
	item, ok := raw.(map[string]any)
	if !ok {
		return fmt.Sprintf("item %d is not an object", i)
	}
	if k, ok := invalidKey(item, allowed); ok {
		return fmt.Sprintf("item %d has invalid key %q", i, k)
	}
	if !card {
		return ""
	}
	actions, _ := item["actions"].([]any)
	if len(actions) == 0 {
		return fmt.Sprintf("card %d has no actions", i)
	}
	for j, raw := range actions {
		if msg := validateAction(i, j, raw); msg != "" {
			return msg
		}
	}
	return ""
}

// validateAction checks action j of card i: its keys and a link's uri.
func validateAction(i, j int, raw any) string {
	action, ok := raw.(map[string]any)
	if !ok {
		return fmt.Sprintf("card %d action %d is not an object", i, j)
	}
	if k, ok := invalidKey(action, actionKeys); ok {
		return fmt.Sprintf("card %d action %d has invalid key %q", i, j, k)
	}
	if action["type"] != "link" {
		return ""
	}
	uri, _ := action["uri"].(string)
	u, err := url.Parse(uri)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		// Stricter than Chatwoot: the widget uses uri as a raw href.
		return fmt.Sprintf("card %d link action %d uri %q is not absolute", i, j, uri)
	}
	return ""
}

// invalidKey returns a key of m that allowed does not list, if m has one.
func invalidKey(m map[string]any, allowed []string) (string, bool) {
	for k := range m {
		if !slices.Contains(allowed, k) {
			return k, true
		}
	}
	return "", false
}

func (s *Server) toggleStatus(conversation int, fields map[string]json.RawMessage) (int, any, http.Header) {
	var status string
	if err := json.Unmarshal(fields["status"], &status); err != nil {
		return unprocessable("status is required")
	}
	switch status {
	case chatwoot.StatusOpen, chatwoot.StatusResolved, chatwoot.StatusPending, chatwoot.StatusSnoozed:
	default:
		return unprocessable("'%s' is not a valid status", status)
	}
	s.SetStatus(conversation, status)
	// toggle_status.json.jbuilder; success is null on the bot-handoff branch.
	return http.StatusOK, map[string]any{"meta": map[string]any{}, "payload": map[string]any{
		"success": nil, "conversation_id": conversation, "current_status": status, "snoozed_until": nil,
	}}, nil
}

func (s *Server) toggleTyping(fields map[string]json.RawMessage) (int, any, http.Header) {
	var typing string
	_ = json.Unmarshal(fields["typing_status"], &typing)
	if typing != "on" && typing != "off" {
		// Stricter than Chatwoot, which ignores an unknown value.
		return unprocessable("typing_status must be on or off")
	}
	return http.StatusOK, nil, nil
}

// ReadFixture reads a fixture file (e.g. ../testdata/chatwoot_webhook_message_created_webwidget.json).
func ReadFixture(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading fixture: %v", err)
	}
	return data
}

// WebhookRequest builds the POST Chatwoot sends to an agent bot's outgoing_url: body
// as is, Content-Type, X-Chatwoot-Delivery and, when secret is not empty, the
// X-Chatwoot-Timestamp and X-Chatwoot-Signature for sentAt.
func WebhookRequest(t testing.TB, target string, body []byte, secret string, sentAt time.Time) *http.Request {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, target, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set(chatwoot.HeaderDelivery, fmt.Sprintf("delivery-%d", sentAt.UnixNano()))
	if secret != "" {
		ts := sentAt.Unix()
		req.Header.Set(chatwoot.HeaderTimestamp, strconv.FormatInt(ts, 10))
		req.Header.Set(chatwoot.HeaderSignature, chatwoot.Sign(secret, ts, body))
	}
	return req
}

// WithStatus returns a copy of a message webhook body with conversation.status (or the
// top-level status of a conversation event) set to status: the 2021 fixtures show
// conversations that are "open", while a bot acts on "pending" ones.
func WithStatus(t testing.TB, body []byte, status string) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("fixture is not a JSON object: %v", err)
	}
	if conv, ok := m["conversation"].(map[string]any); ok {
		conv["status"] = status
	} else {
		m["status"] = status
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
