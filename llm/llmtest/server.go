// Package llmtest is the test kit of package llm: a fake OpenAI-compatible chat
// completions server on an httptest listener (the protocol-faithful handler of
// llm/recorded, which `parley test` uses to play recorded completions), and Writer,
// an in-process stand-in for a model writing replies.
package llmtest

import (
	"net/http/httptest"

	"github.com/parleyhq/parley/llm/recorded"
)

// The wire types and the recording player are llm/recorded's; these names keep the
// tests' spelling.
type (
	// Request is a chat completions request as the server received it.
	Request = recorded.Request
	// Message is one chat message of a request.
	Message = recorded.Message
	// ResponseFormat is the request's response_format.
	ResponseFormat = recorded.ResponseFormat
	// Reply is what the server answers to one request.
	Reply = recorded.Reply
	// Responder chooses the reply to a request; n counts requests from 1.
	Responder = recorded.Responder
	// Recording is a set of recorded completions and generations.
	Recording = recorded.Recording
	// Player answers requests from a recording.
	Player = recorded.Player
)

// LoadRecording reads a recording file strictly (recorded.LoadRecording).
func LoadRecording(path string) (*Recording, error) { return recorded.LoadRecording(path) }

// NewPlayer plays rec (recorded.NewPlayer).
func NewPlayer(rec *Recording) *Player { return recorded.NewPlayer(rec) }

// StrictProblem applies structured outputs' strict-mode rules (recorded.StrictProblem).
func StrictProblem(at string, v any) string { return recorded.StrictProblem(at, v) }

// Server is a running fake: recorded's handler (its checks, requests and
// problems, Model and APIKey) on an httptest server (URL, Close).
type Server struct {
	*recorded.Server
	http *httptest.Server
	// URL is the server's root, http://127.0.0.1:PORT.
	URL string
}

// New starts a fake serving model with respond.
func New(model string, respond Responder) *Server {
	h := recorded.NewServer(model, respond)
	hs := httptest.NewServer(h)
	return &Server{Server: h, http: hs, URL: hs.URL}
}

// Close shuts the server down, waiting for its requests.
func (s *Server) Close() { s.http.Close() }

// BaseURL is the root to configure as llm.base_url.
func (s *Server) BaseURL() string { return s.URL + "/v1" }
