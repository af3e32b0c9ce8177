// Package docs holds Parley's user documentation (the Markdown pages beside this
// file, starting at README.md) and the machine-readable contracts that the binary
// serves and the tests validate against: the OpenAPI 3.1 description of the HTTP
// API (openapi.json, served at GET /v1/openapi.json) and the JSON Schemas of the
// bodies a flows webhook action or custom validator receives and answers
// (schemas/). Keeping them here, embedded, makes the committed documents the ones
// that are served and tested: a handler the document does not describe fails the
// end-to-end tests (package httpapi/apitest).
package docs

import (
	"bytes"
	"embed"
	"io/fs"
)

//go:embed openapi.json
var openAPI []byte

//go:embed schemas/*.json
var schemas embed.FS

// OpenAPI returns the OpenAPI 3.1 description of the HTTP API (docs/openapi.json).
func OpenAPI() []byte { return bytes.Clone(openAPI) }

// Schemas returns the JSON Schemas of webhook actions and validators
// (docs/schemas/*.json, at the root of the returned file system).
func Schemas() fs.FS {
	sub, err := fs.Sub(schemas, "schemas")
	if err != nil {
		panic(err) // the embedded folder is fixed at build time
	}
	return sub
}
