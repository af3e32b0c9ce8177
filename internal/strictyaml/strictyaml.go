// Package strictyaml decodes the YAML files Parley's commands read (parley.yaml,
// scenario files) one way: an unknown key is an error, a panic of the decoder is an
// error, and an error reads "line:col: message" where go-yaml says where.
package strictyaml

import (
	"errors"
	"strings"

	"github.com/goccy/go-yaml"
)

// Decode is yaml.UnmarshalWithOptions with yaml.Strict, turning a panic of the
// decoder into an error: go-yaml v1.19 dereferences nil nodes on some malformed
// documents (found by the fuzzers), and bad input must never crash the program
// reading it.
func Decode(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("malformed YAML document")
		}
	}()
	return yaml.UnmarshalWithOptions(data, v, yaml.Strict())
}

// Position renders a go-yaml error as "line:col: message" (go-yaml writes
// "[3:5] unknown field ..." followed by a source excerpt), else as " message": the
// first line only, either way, to follow "path:".
func Position(err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, "[") {
		if end := strings.Index(msg, "]"); end > 0 {
			return msg[1:end] + ":" + firstLine(msg[end+1:])
		}
	}
	return " " + firstLine(msg)
}

func firstLine(s string) string {
	if nl := strings.Index(s, "\n"); nl >= 0 {
		return s[:nl]
	}
	return s
}
