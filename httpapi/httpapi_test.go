package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

func TestStatusOfEveryCode(t *testing.T) {
	tests := map[string]int{
		parley.EINVALID:      400,
		parley.EUNAUTHORIZED: 401,
		parley.ENOTFOUND:     404,
		parley.ECONFLICT:     409,
		parley.EDUPLICATE:    409,
		parley.EIDEMPOTENCY:  409,
		parley.EINTERRUPTED:  409,
		parley.ETRANSITION:   409,
		parley.ETOOLARGE:     413,
		parley.EFORBIDDEN:    403,
		parley.EMEDIATYPE:    415,
		parley.EMISDIRECTED:  421,
		parley.EOVERLOADED:   429,
		parley.ERATELIMITED:  429,
		parley.EINVALIDSTATE: 500,
		parley.EINTERNAL:     500,
		parley.EUNAVAILABLE:  503,
		"something-new":      500,
	}
	for code, want := range tests {
		if got := statusOf(code); got != want {
			t.Errorf("statusOf(%q) = %d, want %d", code, got, want)
		}
	}
}

func TestWriteErrorShape(t *testing.T) {
	rec := httptest.NewRecorder()
	writeError(rec, parley.WrapError(parley.ENOTFOUND, parley.Errorf(parley.EINVALID, "inner"), "outer"))
	var body ErrorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if rec.Code != http.StatusNotFound || body.Error.Code != parley.ENOTFOUND || body.Error.Message != "outer: inner" {
		t.Fatalf("%d %+v", rec.Code, body)
	}
	rec = httptest.NewRecorder()
	writeError(rec, http.ErrAbortHandler) // a non-Parley error never leaks its text
	if rec.Code != 500 || !json.Valid(rec.Body.Bytes()) || rec.Body.String() == "" {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
}

func FuzzDecodeTurnRequest(f *testing.F) {
	f.Add([]byte(`{"id":"m1","text":"hi","meaning":null,"sent_at":"2026-01-01T10:00:05Z"}`))
	f.Add([]byte(`{"id":"m1","nlu":{"intent":"book_flight","entities":{"origin":"Boston"},"confidence":0.9}}`))
	f.Add([]byte(`{"id":1}`))
	f.Add([]byte(`{} {}`))
	f.Add([]byte(`{"id":"m1","text":"hi"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var req TurnRequest
		err := decodeStrict(data, &req)
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("decode error without the invalid code: %v", err)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
	})
}

func TestDecodeStrictRefusesTrailingData(t *testing.T) {
	tests := []struct {
		body string
		ok   bool
	}{
		{`{"id":"m1","text":"hi"}`, true},
		{"{\"id\":\"m1\"} \n\t", true},
		{`{"id":"m1","text":"hi"}}`, false},
		{`{"id":"m1"}]`, false},
		{`{"id":"m1"} {}`, false},
		{`{"id":"m1"} x`, false},
		{`{"id":"m1"},`, false},
		{`{"id":"m1","extra":1}`, false},
	}
	for _, tt := range tests {
		var req TurnRequest
		err := decodeStrict([]byte(tt.body), &req)
		if (err == nil) != tt.ok || (err != nil && parley.ErrorCode(err) != parley.EINVALID) {
			t.Errorf("decodeStrict(%s) = %v, want ok=%v", tt.body, err, tt.ok)
		}
	}
}

// TestServerErrorBodiesNameNoInternals: for the server's own failures the body says
// what the caller can do, whatever the chain says inside; a caller's error keeps its
// own message.
func TestServerErrorBodiesNameNoInternals(t *testing.T) {
	inside := parley.WrapError(parley.EUNAVAILABLE, errors.New("dial tcp 10.0.0.5:5432: connection refused"), "postgres: commit")
	for _, code := range []string{parley.EUNAVAILABLE, parley.EINTERNAL, parley.EINVALIDSTATE, parley.ETRANSITION, "a-code-nobody-mapped"} {
		rec := httptest.NewRecorder()
		writeError(rec, parley.WrapError(code, inside, "sqlite: write transaction"))
		var body ErrorBody
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if m := body.Error.Message; m == "" || strings.Contains(m, "sqlite") || strings.Contains(m, "postgres") || strings.Contains(m, "dial") {
			t.Errorf("%s: body message %q", code, m)
		}
	}
	rec := httptest.NewRecorder()
	writeError(rec, parley.Errorf(parley.EINVALID, "field \"id\" must be a string"))
	if !strings.Contains(rec.Body.String(), `field \"id\" must be a string`) {
		t.Errorf("a caller's error lost its message: %s", rec.Body)
	}
}

// TestRecordersRecordTheStatusNetHTTPSends: the route counter's statusRecorder and
// the access log's accessRecorder (which the route's recorder wraps) record the
// status the client gets: the first WriteHeader, or 200 for a body written without
// one; a later WriteHeader, which net/http ignores, changes nothing.
func TestRecordersRecordTheStatusNetHTTPSends(t *testing.T) {
	tests := []struct {
		name  string
		write func(w http.ResponseWriter)
		want  int
	}{
		{"nothing written", func(http.ResponseWriter) {}, 200},
		{"a status", func(w http.ResponseWriter) { w.WriteHeader(201) }, 201},
		{"a status, then a body", func(w http.ResponseWriter) { w.WriteHeader(404); _, _ = w.Write([]byte("no")) }, 404},
		{"two statuses", func(w http.ResponseWriter) { w.WriteHeader(202); w.WriteHeader(500) }, 202},
		{"a body, then a status", func(w http.ResponseWriter) { _, _ = w.Write([]byte("ok")); w.WriteHeader(500) }, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			underlying := httptest.NewRecorder()
			access := &accessRecorder{statusRecorder{ResponseWriter: underlying, code: http.StatusOK}, &requestInfo{}}
			route := &statusRecorder{ResponseWriter: access, code: http.StatusOK}
			tt.write(route)
			if route.code != tt.want || access.code != tt.want || underlying.Code != tt.want {
				t.Errorf("route counter %d, access log %d, sent %d; want %d", route.code, access.code, underlying.Code, tt.want)
			}
		})
	}
}
