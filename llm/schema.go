package llm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/jsonbody"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Schema is a compiled answer schema: sent as the response format and enforced
// on the answer.
type Schema struct {
	Name string
	// Doc is the schema document as the engine published it.
	Doc map[string]any
	// canonical is Doc's JSON (map keys sorted), hashed into the prompt hash.
	canonical []byte
	compiled  *jsonschema.Schema
}

var schemaName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// CompileSchema compiles an engine's published schema document.
func CompileSchema(name string, doc map[string]any) (*Schema, error) {
	if !schemaName.MatchString(name) {
		return nil, parley.Errorf(parley.EINVALID, "llm: schema name %q must be 1-64 of a-z, A-Z, 0-9, _ and -", name)
	}
	canonical, err := json.Marshal(doc)
	if err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "llm: schema %s", name)
	}
	parsed, err := jsonschema.UnmarshalJSON(bytes.NewReader(canonical))
	if err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "llm: schema %s", name)
	}
	c := jsonschema.NewCompiler()
	url := "parley:schemas/" + name + ".json"
	if err := c.AddResource(url, parsed); err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "llm: schema %s", name)
	}
	compiled, err := c.Compile(url)
	if err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "llm: schema %s", name)
	}
	return &Schema{Name: name, Doc: doc, canonical: canonical, compiled: compiled}, nil
}

// Validate checks that data is one JSON value, with no key twice in an object,
// that matches the schema.
func (s *Schema) Validate(data []byte) error {
	if err := jsonbody.Duplicates("the answer", data); err != nil {
		return errors.New(parley.ErrorMessage(err))
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	if err := s.compiled.Validate(v); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return errors.New(flatten(ve))
		}
		return err
	}
	return nil
}

// flatten renders a validation error on one line, for the retry prompt and the
// record.
func flatten(ve *jsonschema.ValidationError) string {
	lines := strings.Split(ve.Error(), "\n")
	for i := range lines {
		lines[i] = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[i]), "- "))
	}
	return strings.Join(lines, "; ")
}
