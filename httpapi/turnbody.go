package httpapi

import (
	"time"
	"unicode/utf8"
)

// decodeTurn decodes the body of POST .../messages into req. The body a client
// almost always sends (an object of "id", "text", "meaning" and "sent_at" strings,
// each once, without escapes) is read by one scan of its own (readTurn); anything
// else goes to decodeStrict, which accepts or refuses it and says why. decodeStrict
// reads a body three times (the duplicate check, encoding/json with unknown fields
// refused, the trailing-data check): 11.6 of the 24 µs the package spent on a turn
// (CPU profile of parley bench http, tracing off). FuzzReadTurnIsDecodeStrict holds
// readTurn to decodeStrict's result wherever readTurn answers.
func decodeTurn(b []byte, req *TurnRequest) error {
	if readTurn(b, req) {
		return nil
	}
	*req = TurnRequest{}
	return decodeStrict(b, req)
}

// turnScan is readTurn's position in the body.
type turnScan struct {
	b []byte
	i int
}

// readTurn reads b into req when b is an object whose members are among id, text,
// meaning and sent_at (spelt so), each a string without a backslash, of valid UTF-8,
// each given once, followed by nothing but whitespace; sent_at is read by
// time.Time's UnmarshalJSON, as encoding/json reads it. It returns false for any
// other body, req then partly set.
func readTurn(b []byte, req *TurnRequest) bool {
	s := turnScan{b: b}
	if !s.next('{') {
		return false
	}
	if !s.next('}') && !s.members(req) {
		return false
	}
	s.space()
	return s.i == len(b)
}

// members reads the object's members up to its closing brace.
func (s *turnScan) members(req *TurnRequest) bool {
	var seen uint8
	for {
		name, ok := s.str()
		if !ok || !s.next(':') {
			return false
		}
		start := s.i
		if _, ok := s.str(); !ok {
			return false
		}
		bit := setTurnField(req, string(name), s.b[start:s.i])
		if bit == 0 || seen&bit != 0 {
			return false
		}
		seen |= bit
		if s.next('}') {
			return true
		}
		if !s.next(',') {
			return false
		}
	}
}

// setTurnField sets the member name of req to the string literal lit (quotes and
// the whitespace before it included) and returns the member's bit, 0 for a name
// readTurn leaves to decodeStrict or a sent_at that is not an RFC 3339 time.
func setTurnField(req *TurnRequest, name string, lit []byte) uint8 {
	for lit[0] != '"' {
		lit = lit[1:]
	}
	v := string(lit[1 : len(lit)-1])
	switch name {
	case "id":
		req.ID = v
		return 1
	case "text":
		req.Text = v
		return 2
	case "meaning":
		req.Meaning = &v
		return 4
	case "sent_at":
		var t time.Time
		if t.UnmarshalJSON(lit) != nil {
			return 0
		}
		req.SentAt = &t
		return 8
	}
	return 0
}

// space skips JSON whitespace.
func (s *turnScan) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// next skips whitespace and c, and reports whether c came next.
func (s *turnScan) next(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// str skips whitespace and a string without escapes or control characters, of
// valid UTF-8, and returns what is between its quotes.
func (s *turnScan) str() ([]byte, bool) {
	if !s.next('"') {
		return nil, false
	}
	start, ascii := s.i, true
	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			v := s.b[start:s.i]
			s.i++
			return v, ascii || utf8.Valid(v)
		case c == '\\' || c < 0x20:
			return nil, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, false
}
