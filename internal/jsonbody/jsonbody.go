// Package jsonbody checks JSON that Parley accepts from outside (request bodies,
// Chatwoot webhooks, webhook and model answers) for what encoding/json lets
// through: an object with the same member name twice, or with two names that differ
// only in case. encoding/json keeps the last value of a repeated name and matches a
// struct field's name regardless of case ({"id":"a","ID":"b"} sets one field, to
// "b"); another parser may keep the first, or read two members, so two readers of
// one body could disagree about what it says. Such a body is refused. The exact
// repeat is found by the maintained JSON v2 tokenizer
// (github.com/go-json-experiment/json/jsontext, which refuses duplicate names by
// default); names that fold to the same one are compared as encoding/json compares
// them, by Unicode case folding. Other syntax errors are left to the caller's
// decoder, which reports them in its own words.
package jsonbody

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"unicode"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/parleyhq/parley"
)

// Duplicates returns an EINVALID error naming the first member name that appears
// twice in one object of data (exactly, or but for case), and where
// ("/nlu/entities"), or nil when there is none. what names the JSON in the message
// ("request body"). Malformed JSON is not this function's to report: it returns nil
// for it.
func Duplicates(what string, data []byte) error {
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowInvalidUTF8(true))
	// names holds, per open object or array (nil), the folded names seen so far.
	var names []map[string]string
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return duplicateError(what, err)
		}
		switch tok.Kind() {
		case '{':
			names = append(names, map[string]string{})
			continue
		case '[':
			names = append(names, nil)
			continue
		case '}', ']':
			names = names[:len(names)-1]
			continue
		case '"':
		default:
			continue
		}
		// A string is a member name when it leaves its object with an odd count.
		if kind, n := dec.StackIndex(dec.StackDepth()); kind != '{' || n%2 == 0 {
			continue
		}
		name, seen := tok.String(), names[len(names)-1]
		key := foldName(name)
		if first, ok := seen[key]; ok {
			return parley.Errorf(parley.EINVALID, "%s has the keys %q and %q in %s; keys that differ only in case are read as one, so each may appear once",
				what, first, name, where(dec.StackPointer().Parent()))
		}
		seen[key] = name
	}
}

// duplicateError turns the tokenizer's error into the answer: nil at the end of the
// input or for malformed JSON, EINVALID for a name given twice.
func duplicateError(what string, err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	var serr *jsontext.SyntacticError
	if !errors.As(err, &serr) || !errors.Is(serr.Err, jsontext.ErrDuplicateName) {
		return nil
	}
	return parley.Errorf(parley.EINVALID, "%s has the key %q twice in %s; each key may appear once",
		what, serr.JSONPointer.LastToken(), where(serr.JSONPointer.Parent()))
}

// where names an object by its JSON pointer for a message.
func where(p jsontext.Pointer) string {
	if p == "" {
		return "the top-level object"
	}
	return string(p)
}

// foldName maps a name to one representative of its case-folding class, so that
// two names encoding/json matches to one field (strings.EqualFold) map alike: each
// rune becomes the smallest rune of its simple folding orbit.
func foldName(name string) string {
	return strings.Map(func(r rune) rune {
		smallest := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			smallest = min(smallest, f)
		}
		return smallest
	}, name)
}

// UTF8 returns an EINVALID error when a string of data is not valid UTF-8: raw
// bytes that are not, or an escape of half a surrogate pair ("\ud800" alone).
// encoding/json replaces each with U+FFFD, so two different bodies would read as
// one (a message id's replay would then match a message it never got); RFC 8259
// asks for UTF-8. what names the JSON in the message. Malformed JSON is the
// caller's decoder's to report: UTF8 returns nil for it. The JSON v2 checker
// tells the two apart: data it accepts once invalid UTF-8 is allowed, and not
// before, is well formed but for its UTF-8.
func UTF8(what string, data []byte) error {
	v := jsontext.Value(data)
	if v.IsValid(jsontext.AllowDuplicateNames(true)) || !v.IsValid(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)) {
		return nil
	}
	return parley.Errorf(parley.EINVALID, "%s has a string that is not valid UTF-8", what)
}
