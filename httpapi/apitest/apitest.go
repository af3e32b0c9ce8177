// Package apitest holds Parley's API contract for tests: every request a test sends
// to Parley and every response it gets is checked against the OpenAPI description
// of the HTTP API (docs/openapi.json), and the bodies a webhook double receives and
// answers against the JSON Schemas of webhook actions and validators
// (docs/schemas/). A handler that changes what it accepts or answers without the
// document following fails the test that exercised it.
//
// The OpenAPI validation is github.com/pb33f/libopenapi-validator (OpenAPI 3.1,
// JSON Schema 2020-12); the event and webhook schemas are compiled with
// github.com/santhosh-tekuri/jsonschema/v6, which the server already uses.
package apitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"sync"

	"github.com/parleyhq/parley/docs"
	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	verrors "github.com/pb33f/libopenapi-validator/errors"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Contract validates HTTP exchanges and bodies against Parley's documents.
type Contract struct {
	mu      sync.Mutex // the validator's caches are not documented as safe for concurrent use
	openAPI validator.Validator
	schemas map[string]*jsonschema.Schema
}

// Schema names of Contract.CheckBody.
const (
	// Event is the data of one Server-Sent Events frame (components/schemas/Event).
	Event = "openapi.json#/components/schemas/Event"
	// Error is the error body of every route (components/schemas/Error).
	Error = "openapi.json#/components/schemas/Error"
	// ActionRequest is what a webhook action or custom validator receives.
	ActionRequest = "action-request.schema.json"
	// ActionResponse is what a webhook action answers.
	ActionResponse = "action-response.schema.json"
	// ValidatorResponse is what a custom validator answers.
	ValidatorResponse = "validator-response.schema.json"
)

var (
	loadOnce sync.Once
	loaded   *Contract
	loadErr  error
)

// Load returns the contract of the documents embedded in package docs, built once.
func Load() (*Contract, error) {
	loadOnce.Do(func() { loaded, loadErr = build() })
	return loaded, loadErr
}

func build() (*Contract, error) {
	doc, err := libopenapi.NewDocument(docs.OpenAPI())
	if err != nil {
		return nil, fmt.Errorf("docs/openapi.json: %w", err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		return nil, fmt.Errorf("docs/openapi.json: %v", errs)
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		return nil, fmt.Errorf("docs/openapi.json is not a valid OpenAPI document: %s", describe(verrs))
	}
	c := &Contract{openAPI: v, schemas: map[string]*jsonschema.Schema{}}
	compiler := jsonschema.NewCompiler()
	add := func(name string, data []byte) error {
		parsed, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("docs: %s: %w", name, err)
		}
		return compiler.AddResource(name, parsed)
	}
	if err := add("openapi.json", docs.OpenAPI()); err != nil {
		return nil, err
	}
	names, _ := fs.Glob(docs.Schemas(), "*.json")
	for _, name := range names {
		data, _ := fs.ReadFile(docs.Schemas(), name)
		if err := add(name, data); err != nil {
			return nil, err
		}
	}
	for _, name := range append([]string{Event, Error}, names...) {
		s, err := compiler.Compile(name)
		if err != nil {
			return nil, fmt.Errorf("docs: compile %s: %w", name, err)
		}
		c.schemas[name] = s
	}
	return c, nil
}

// CheckBody validates a JSON body against one of the schemas named above.
func (c *Contract) CheckBody(schema string, body []byte) error {
	s, ok := c.schemas[schema]
	if !ok {
		return fmt.Errorf("apitest: no schema %q", schema)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%s: not JSON: %w: %s", schema, err, body)
	}
	if err := s.Validate(v); err != nil {
		return fmt.Errorf("%s: %w\nbody: %s", schema, err, body)
	}
	return nil
}

// CheckExchange validates one request and the response Parley gave it. The
// response must be one the document describes for the route and status (a CORS
// preflight is the CORS protocol's, not the API's, and is not checked). The request
// is checked only when Parley accepted it (a 2xx status): tests send malformed
// requests on purpose, and those must be refused, which the response check covers.
// reqBody and respBody are the bodies already read; an event stream is not read.
func (c *Contract) CheckExchange(req *http.Request, reqBody []byte, resp *http.Response, respBody []byte) error {
	if req.Method == http.MethodOptions {
		return nil
	}
	r := checkedRequest(req, reqBody)
	w := *resp
	w.Request = r
	w.Body = io.NopCloser(bytes.NewReader(respBody))
	streaming := strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream")
	c.mu.Lock()
	defer c.mu.Unlock()
	var problems []string
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		if ok, errs := c.openAPI.ValidateHttpRequestSync(r); !ok {
			problems = append(problems, "request: "+describe(errs))
		}
	}
	if !streaming {
		if ok, errs := c.openAPI.ValidateHttpResponse(r, &w); !ok {
			problems = append(problems, c.responseProblem(resp.StatusCode, errs, respBody)...)
		}
	}
	if len(problems) == 0 {
		return nil
	}
	return fmt.Errorf("%s %s -> %d does not follow docs/openapi.json:\n  %s\n  request body: %s\n  response body: %s",
		req.Method, req.URL.RequestURI(), resp.StatusCode, strings.Join(problems, "\n  "), clip(reqBody), clip(respBody))
}

// checkedRequest is the request as the contract checks it: its body put back, and
// declared JSON when it declares no type (Parley reads such a body as JSON: the
// guard refuses only a body declared as something else), as the document says.
func checkedRequest(req *http.Request, body []byte) *http.Request {
	r := req.Clone(req.Context())
	r.Body = io.NopCloser(bytes.NewReader(body))
	if len(body) > 0 && r.Header.Get("Content-Type") == "" {
		r.Header.Set("Content-Type", "application/json")
	}
	return r
}

// responseProblem explains a response the validator refused. A refusal of a route
// the document does not have is right when Parley refused it too: a request for no
// route is answered 404 (or refused earlier by a guard) with the error body, which
// is then what is checked.
func (c *Contract) responseProblem(status int, errs []*verrors.ValidationError, body []byte) []string {
	for _, e := range errs {
		if !e.IsPathMissingError() && !e.IsOperationMissingError() {
			return []string{"response: " + describe(errs)}
		}
	}
	if status < 400 {
		return []string{fmt.Sprintf("response: status %d for a route docs/openapi.json does not describe: %s", status, describe(errs))}
	}
	if err := c.CheckBody(Error, body); err != nil {
		return []string{"response: " + err.Error()}
	}
	return nil
}

func describe[E interface{ Error() string }](errs []E) string {
	var parts []string
	for _, e := range errs {
		parts = append(parts, e.Error())
	}
	return strings.Join(parts, "; ")
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "..."
	}
	return string(b)
}

// Transport is an http.RoundTripper that checks every exchange with Parley against
// the contract and reports each violation. An exchange is Parley's when its
// response carries X-Request-Id, which Parley's API sets on every response; other
// servers a test talks to (a fake model, a fake Chatwoot) are passed through.
type Transport struct {
	Base     http.RoundTripper
	Contract *Contract
	// Report receives each violation (t.Errorf, or a collector of a TestMain).
	Report func(error)
}

func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	reqBody, err := requestBody(req)
	if err != nil {
		return nil, err
	}
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	resp, err := base.RoundTrip(req)
	if err != nil || resp.Header.Get("X-Request-Id") == "" {
		return resp, err
	}
	respBody, err := responseBody(resp)
	if err != nil {
		return nil, err
	}
	if cerr := t.Contract.CheckExchange(req, reqBody, resp, respBody); cerr != nil {
		t.Report(cerr)
	}
	return resp, nil
}

// requestBody reads the request's body for the check, leaving it to be sent: a
// copy from GetBody when it has one, else the body read and put back.
func requestBody(req *http.Request) ([]byte, error) {
	if req.Body == nil {
		return nil, nil
	}
	if req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return nil, nil
		}
		defer body.Close()
		data, _ := io.ReadAll(body)
		return data, nil
	}
	data, body, err := readBack(req.Body)
	req.Body = body
	return data, err
}

// responseBody reads the response's body for the check and puts it back; an
// event stream is not read.
func responseBody(resp *http.Response) ([]byte, error) {
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		return nil, nil
	}
	data, body, err := readBack(resp.Body)
	resp.Body = body
	return data, err
}

// readBack reads and closes a body, and returns what it held with a body that
// reads it again.
func readBack(rc io.ReadCloser) ([]byte, io.ReadCloser, error) {
	data, err := io.ReadAll(rc)
	rc.Close()
	if err != nil {
		return nil, rc, err
	}
	return data, io.NopCloser(bytes.NewReader(data)), nil
}

// Collector gathers the violations of a whole test binary (a TestMain installs a
// Transport as http.DefaultTransport and fails the run when Problems is not empty).
type Collector struct {
	mu       sync.Mutex
	problems []string
}

// Add records one violation.
func (c *Collector) Add(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.problems) < 50 {
		c.problems = append(c.problems, err.Error())
	}
}

// Problems are the violations recorded.
func (c *Collector) Problems() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.problems...)
}

// MustJSON is the JSON of v, for checking a body a test double built.
func MustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
