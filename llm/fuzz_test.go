package llm

import (
	"slices"
	"testing"

	"github.com/parleyhq/parley"
)

// FuzzAnswer feeds arbitrary model answers through the schema check and the
// parse: nothing panics, and whatever passes the schema becomes a parse whose
// intent is in the vocabulary.
func FuzzAnswer(f *testing.F) {
	doc := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"intent": map[string]any{"type": "string", "enum": []any{"a", "b", "none"}},
			"entities": map[string]any{"type": "object", "additionalProperties": false, "required": []any{"x"},
				"properties": map[string]any{"x": map[string]any{"type": []any{"string", "number", "null"}}}},
			"confidence": map[string]any{"type": "number", "minimum": 0, "maximum": 1},
		},
		"required": []any{"intent", "entities", "confidence"}, "additionalProperties": false,
	}
	s, err := CompileSchema("fuzz", doc)
	if err != nil {
		f.Fatal(err)
	}
	e := &Engine{opts: Options{Threshold: 0.5}}
	for _, seed := range []string{`{"intent":"a","entities":{"x":"1"},"confidence":0.9}`, `{"intent":"b","entities":{"x":null},"confidence":0.1}`, `{`, `[]`, `{"intent":"a"} {}`, `{"intent":"a","entities":{"x":1e400},"confidence":1}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, answer string) {
		if s.Validate([]byte(answer)) != nil {
			return
		}
		_, p := e.parseOf([]byte(answer), parley.Understanding{Unclear: "none"})
		if p == nil || !slices.Contains([]string{"a", "b", "none"}, p.Intent) {
			t.Fatalf("valid answer %q gave parse %+v", answer, p)
		}
	})
}
