package flows

import _ "embed"

//go:embed schema.json
var schemaJSON []byte

// Schema returns the JSON Schema (draft 2020-12) of flow files, also committed as
// flows/schema.json, so editors validate flow files as users type (for YAML, e.g.
// with "# yaml-language-server: $schema=.../flows/schema.json").
func Schema() []byte { return append([]byte(nil), schemaJSON...) }
