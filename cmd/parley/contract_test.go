package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/parleyhq/parley/docs"
	"github.com/parleyhq/parley/httpapi/apitest"
)

// contract is the API contract every end-to-end test of this package is held to.
var contract *apitest.Contract

// TestMain routes every HTTP request the tests make (http.DefaultTransport: the
// helpers, scenario.Remote, parley test -server, the bench client) through the
// contract check: every response Parley gives must be one docs/openapi.json
// describes, and every request it accepts one the document allows. The run fails
// when any exchange did not follow the document.
func TestMain(m *testing.M) {
	var err error
	if contract, err = apitest.Load(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var problems apitest.Collector
	http.DefaultTransport = &apitest.Transport{Base: http.DefaultTransport, Contract: contract, Report: problems.Add}
	code := m.Run()
	if p := problems.Problems(); len(p) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d exchange(s) with Parley did not follow docs/openapi.json:\n", len(p))
		for _, msg := range p {
			fmt.Fprintln(os.Stderr, msg)
		}
		code = 1
	}
	os.Exit(code)
}

// TestServeOpenAPIAndTheInspectorAtTheRoot: the server serves the committed API
// description at /v1/openapi.json (no token needed: it holds no data), and a
// browser pointed at its address lands in the inspector, not on a JSON 404.
func TestServeOpenAPIAndTheInspectorAtTheRoot(t *testing.T) {
	t.Setenv("PARLEY_API_TOKEN", "s3cret")
	base, stop := startServe(t, io.Discard, "-store", "mem:")
	defer stop()
	resp, err := http.Get(base + "/v1/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Equal(bytes.TrimSpace(body), bytes.TrimSpace(docs.OpenAPI())) {
		t.Fatalf("GET /v1/openapi.json = %d, %d bytes; want docs/openapi.json", resp.StatusCode, len(body))
	}
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err = noFollow.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "/inspect/" {
		t.Fatalf("GET / = %d Location %q, want 302 to /inspect/", resp.StatusCode, resp.Header.Get("Location"))
	}
	resp, err = http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "<html") {
		t.Fatalf("following GET / gave %d %.200s, want the inspector's page", resp.StatusCode, page)
	}
}
