// Package jsonbody checks JSON that Parley accepts from outside (request bodies,
// Chatwoot webhooks, webhook and model answers) for what encoding/json lets
// through: an object with the same member name twice. encoding/json keeps the last
// value, another parser may keep the first, so two readers of one body could
// disagree about what it says; such a body is refused. The check is the maintained
// JSON v2 tokenizer's (github.com/go-json-experiment/json/jsontext, which refuses
// duplicate names by default); other syntax errors are left to the caller's
// decoder, which reports them in its own words.
package jsonbody

import (
	"bytes"
	"errors"
	"io"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/parleyhq/parley"
)

// Duplicates returns an EINVALID error naming the first member name that appears
// twice in one object of data, and where ("/nlu/entities"), or nil when there is
// none. what names the JSON in the message ("request body"). Malformed JSON is
// not this function's to report: it returns nil for it.
func Duplicates(what string, data []byte) error {
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowInvalidUTF8(true))
	for {
		_, err := dec.ReadValue()
		if err == nil {
			continue // a stream of values: trailing data is the caller's to refuse
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		var serr *jsontext.SyntacticError
		if !errors.As(err, &serr) || !errors.Is(serr.Err, jsontext.ErrDuplicateName) {
			return nil
		}
		name := serr.JSONPointer.LastToken()
		where := string(serr.JSONPointer.Parent())
		if where == "" {
			where = "the top-level object"
		}
		return parley.Errorf(parley.EINVALID, "%s has the key %q twice in %s; each key may appear once", what, name, where)
	}
}
