package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"github.com/parleyhq/parley"
)

// jsonError turns an encoding/json error into an EINVALID with a plain message. The
// decoder's own text names Go types ("Go struct field ControlBody.reason of type
// string"), which tell a caller nothing and show the implementation.
func jsonError(err error) error {
	var (
		syntax *json.SyntaxError
		typ    *json.UnmarshalTypeError
		tparse *time.ParseError
	)
	switch {
	case errors.Is(err, io.EOF):
		return parley.Errorf(parley.EINVALID, "malformed JSON body: the body is empty")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return parley.Errorf(parley.EINVALID, "malformed JSON body: it ends before the JSON value does")
	case errors.As(err, &syntax):
		// The decoder's own text ("invalid character 'x' looking for beginning of
		// value") describes its state machine; say where the body stops being JSON.
		return parley.Errorf(parley.EINVALID, "malformed JSON body: it stops being JSON at byte %d (counting from 1)", syntax.Offset)
	case errors.As(err, &typ):
		return typeError(typ)
	case errors.As(err, &tparse):
		return parley.Errorf(parley.EINVALID, "a time must be RFC 3339, like \"2026-01-01T10:00:00Z\"")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return parley.Errorf(parley.EINVALID, "unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
	default:
		return parley.Errorf(parley.EINVALID, "malformed JSON body")
	}
}

// typeError says which field (or the body) holds a value of the wrong JSON type.
func typeError(typ *json.UnmarshalTypeError) error {
	if typ.Field == "" {
		return parley.Errorf(parley.EINVALID, "malformed JSON body: expected %s, got %s", jsonKind(typ.Type), typ.Value)
	}
	return parley.Errorf(parley.EINVALID, "field %q must be %s, got %s", typ.Field, jsonKind(typ.Type), typ.Value)
}

// jsonKind names what a Go type looks like in JSON.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	if t == reflect.TypeOf(time.Time{}) {
		return "an RFC 3339 time string"
	}
	if t.Kind() == reflect.Pointer {
		return jsonKind(t.Elem())
	}
	if kind, ok := jsonKinds[t.Kind()]; ok {
		return kind
	}
	return fmt.Sprintf("a %s value", t.Kind())
}

// jsonKinds name what values of a Go kind look like in JSON.
var jsonKinds = map[reflect.Kind]string{
	reflect.String: "a string",
	reflect.Bool:   "true or false",
	reflect.Int:    "an integer", reflect.Int8: "an integer", reflect.Int16: "an integer", reflect.Int32: "an integer", reflect.Int64: "an integer",
	reflect.Uint: "an integer", reflect.Uint8: "an integer", reflect.Uint16: "an integer", reflect.Uint32: "an integer", reflect.Uint64: "an integer",
	reflect.Float32: "a number", reflect.Float64: "a number",
	reflect.Slice: "an array", reflect.Array: "an array",
	reflect.Struct: "an object", reflect.Map: "an object",
}
