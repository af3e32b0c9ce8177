package httpapi_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/docs"
	"github.com/parleyhq/parley/httpapi"
	"github.com/parleyhq/parley/visitor"
	"github.com/prometheus/client_golang/prometheus"
)

// TestOpenAPIDescribesEveryRoute: every route the handler registers, with every
// option that adds routes set, is an operation of docs/openapi.json, and the
// document describes no route the handler lacks (GET / is the server's redirect to
// the inspector, cmd/parley).
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	reg := prometheus.NewRegistry()
	h := httpapi.New(nil, nil, httpapi.Options{Flows: flowStore{}, Gatherer: reg, Registerer: reg, Visitors: visitor.NewPolicy(nil, nil)})
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(docs.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for path, item := range doc.Paths {
		for method := range item {
			if method != "parameters" {
				documented[strings.ToUpper(method)+" "+path] = true
			}
		}
	}
	served := map[string]bool{}
	for _, route := range h.Routes() {
		served[route] = true
		if !documented[route] {
			t.Errorf("%s is served but docs/openapi.json does not describe it", route)
		}
	}
	for route := range documented {
		if !served[route] {
			t.Errorf("docs/openapi.json describes %s, which is not served", route)
		}
	}
}

type flowStore struct{}

func (flowStore) PutFlow(context.Context, string, []byte) (int, error) { return 0, nil }
func (flowStore) Flow(context.Context, string, int) ([]byte, int, error) {
	return nil, 0, parley.Errorf(parley.ENOTFOUND, "none")
}
