// Package jsonenc appends JSON values byte for byte as encoding/json writes them,
// without reflection and without allocating. It serves the hand-written encoders of
// the turn path, which run on every turn: turnlog's reply and turn-record encoders
// (turnlog/reply.go, turnlog/append.go), flows' state (flows/encode.go) and the stores'
// event arrays (sqlite/rows.go, postgres/commit.go). Each of those once kept a string
// quoter of its own; they now share this one, and FuzzStringIsMarshal and
// FuzzFloatIsMarshal hold it to encoding/json's output.
//
// encoding/json keeps its own quoter unexported, and encoding/json/v2's jsontext
// (github.com/go-json-experiment/json) quotes differently by default (it leaves <, >
// and & as they are and refuses invalid UTF-8), so the stored bytes would change.
package jsonenc

import (
	"math"
	"strconv"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// String appends s quoted as encoding/json quotes a string: <, > and & as \u003c,
// \u003e and \u0026, U+2028 and U+2029 escaped, invalid UTF-8 as \ufffd.
func String(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			if !plain[c] {
				b = escapedByte(append(b, s[start:i-1]...), c)
				start = i
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[start:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// plain marks the ASCII bytes String writes as themselves: not a control character,
// '"', '\\', '<', '>' nor '&'.
var plain = func() (t [utf8.RuneSelf]bool) {
	for c := byte(0x20); c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// escapedByte appends the escape of an ASCII byte that String does not write as
// itself.
func escapedByte(b []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}

// Float appends f as encoding/json writes a float64, except that NaN and the
// infinities, which JSON cannot hold and encoding/json refuses, are written as null.
func Float(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, "null"...)
	}
	if f == math.Trunc(f) && f != 0 && math.Abs(f) < 1e15 {
		// A whole number (a timestamp in seconds, a count): the shortest 'f' form of
		// an integer below 2^53 is its digits, which AppendInt writes several times
		// faster. Zero is left to AppendFloat for "-0".
		return strconv.AppendInt(b, int64(f), 10)
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 to e-9, as encoding/json writes it.
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// Array appends items as a JSON array, each element written by each; an empty or nil
// slice is []. (encoding/json writes a nil slice as null: a caller that keeps that
// distinction checks for nil first.)
func Array[T any](b []byte, items []T, each func([]byte, *T) []byte) []byte {
	b = append(b, '[')
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(b, &items[i])
	}
	return append(b, ']')
}
