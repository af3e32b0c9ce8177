package httpapi

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/parleyhq/parley/docs"
)

// openAPIOperation is what the client-generator checks read of an operation.
type openAPIOperation struct {
	OperationID string                 `json:"operationId"`
	Tags        []string               `json:"tags"`
	Security    *[]map[string][]string `json:"security"`
}

// TestOpenAPIServesClientGenerators: what a client generator needs of
// docs/openapi.json (issue 43): every operation has a unique operationId, every tag a
// description, and each route a visitor token may call (visitorPatterns, the table
// the server enforces) lists the visitor scheme, while no other route does.
// scripts/openapi-lint.sh runs redocly lint and swagger-parser over the same file.
func TestOpenAPIServesClientGenerators(t *testing.T) {
	var doc struct {
		Tags  []struct{ Name, Description string }  `json:"tags"`
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(docs.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	for _, tag := range doc.Tags {
		if strings.TrimSpace(tag.Description) == "" {
			t.Errorf("tag %s has no description", tag.Name)
		}
	}
	ids := map[string]string{}
	for path, item := range doc.Paths {
		for method, raw := range item {
			if method == "parameters" {
				continue
			}
			route := strings.ToUpper(method) + " " + path
			var op openAPIOperation
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatalf("%s: %v", route, err)
			}
			checkOperationID(t, route, op.OperationID, ids)
			if got := hasScheme(op.Security, "visitor"); got != visitorPatterns[route] {
				t.Errorf("%s: lists the visitor scheme %v, but a visitor token may call it: %v (visitorPatterns)", route, got, visitorPatterns[route])
			}
		}
	}
}

func checkOperationID(t *testing.T, route, id string, seen map[string]string) {
	t.Helper()
	if id == "" {
		t.Errorf("%s has no operationId: give every new route one (camelCase, unique)", route)
		return
	}
	if other, dup := seen[id]; dup {
		t.Errorf("operationId %s names both %s and %s", id, other, route)
	}
	seen[id] = route
}

func hasScheme(security *[]map[string][]string, scheme string) bool {
	if security == nil {
		return false
	}
	return slices.ContainsFunc(*security, func(req map[string][]string) bool {
		_, ok := req[scheme]
		return ok
	})
}
