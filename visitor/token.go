// Package visitor owns what lets a public web page (the chat widget, package widget)
// talk to a bot without holding an API token: visitor tokens, the per-address rate
// limits on new sessions and messages, and the client address of a request that came
// through trusted reverse proxies. Package httpapi serves the routes and applies them;
// cmd/parley builds them from parley.yaml.
//
// A visitor token names one conversation of one bot and may only send messages to it,
// read it and follow its events (httpapi enforces the scope). It is
//
//	pv1.<payload>.<signature>
//
// where payload is the unpadded base64url encoding of a small JSON object (bot,
// conversation, origin, session start, expiry, in Unix seconds) and signature is the
// unpadded base64url HMAC-SHA256, under the configured key, of "pv1." and the
// payload's text. Nothing is stored on the server: a token is valid while its
// signature verifies and its expiry has not passed. Its holder renews it before it
// expires, up to the session's maximum age; changing the key ends every session.
//
// Why not a JWT: the only reader of these tokens is Parley itself, which needs no
// header, no algorithm choice (so no "alg: none" or key-confusion attack to defend
// against) and no key discovery; the standard library's crypto/hmac does the
// cryptography, and the decoder below is short enough to fuzz exhaustively.
package visitor

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"time"

	"github.com/parleyhq/parley"
)

// TokenPrefix starts every visitor token (and tells it apart from an API token).
const TokenPrefix = "pv1."

// MinKeyLen is the shortest signing key accepted, in bytes.
const MinKeyLen = 32

// maxTokenLen bounds a token before any decoding: a real one is about 250 bytes.
const maxTokenLen = 2048

// Claims is what a token says.
type Claims struct {
	Bot          string
	Conversation string
	// Origin is the page origin the session was started from.
	Origin string
	// Started is when the session began; renewals keep it.
	Started time.Time
	// Expires is when the token stops being valid.
	Expires time.Time
}

// Key returns the conversation the token names.
func (c Claims) Key() parley.ConversationKey {
	return parley.ConversationKey{Bot: c.Bot, ID: c.Conversation}
}

// payload is the JSON form of Claims; times are Unix seconds.
type payload struct {
	Bot          string `json:"b"`
	Conversation string `json:"c"`
	Origin       string `json:"o"`
	Started      int64  `json:"s"`
	Expires      int64  `json:"e"`
}

// Signer signs and verifies visitor tokens with one HMAC-SHA256 key.
type Signer struct {
	key []byte
}

// NewSigner returns a signer with key, which must be at least MinKeyLen bytes.
func NewSigner(key []byte) (*Signer, error) {
	if len(key) < MinKeyLen {
		return nil, parley.Errorf(parley.EINVALID, "the widget key must be at least %d bytes, got %d", MinKeyLen, len(key))
	}
	return &Signer{key: bytes.Clone(key)}, nil
}

// Sign returns the token of c.
func (s *Signer) Sign(c Claims) string {
	p, _ := json.Marshal(payload{Bot: c.Bot, Conversation: c.Conversation, Origin: c.Origin, Started: c.Started.Unix(), Expires: c.Expires.Unix()})
	signed := TokenPrefix + base64.RawURLEncoding.EncodeToString(p)
	return signed + "." + base64.RawURLEncoding.EncodeToString(s.mac(signed))
}

func (s *Signer) mac(signed string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(signed))
	return m.Sum(nil)
}

// Verify checks token's signature and expiry at now and returns its claims. A token
// that is malformed, signed with another key, altered or expired is EUNAUTHORIZED;
// the message says which, never anything about the key.
func (s *Signer) Verify(token string, now time.Time) (Claims, error) {
	signed, sig, err := Split(token)
	if err != nil {
		return Claims{}, err
	}
	if !hmac.Equal(sig, s.mac(signed)) {
		return Claims{}, parley.Errorf(parley.EUNAUTHORIZED, "the visitor token's signature does not verify")
	}
	c, err := Decode(signed)
	if err != nil {
		return Claims{}, err
	}
	if !now.Before(c.Expires) {
		return Claims{}, parley.Errorf(parley.EUNAUTHORIZED, "the visitor token expired at %s; start a new session", c.Expires.UTC().Format(time.RFC3339))
	}
	return c, nil
}

// Split separates a token into the signed text ("pv1." and the payload) and the
// decoded signature, refusing anything not shaped like a token.
func Split(token string) (signed string, sig []byte, err error) {
	bad := parley.Errorf(parley.EUNAUTHORIZED, "the visitor token is malformed")
	if len(token) > maxTokenLen || !strings.HasPrefix(token, TokenPrefix) {
		return "", nil, bad
	}
	dot := strings.LastIndexByte(token, '.')
	if dot < len(TokenPrefix) {
		return "", nil, bad
	}
	sig, err = base64.RawURLEncoding.Strict().DecodeString(token[dot+1:])
	if err != nil || len(sig) != sha256.Size {
		return "", nil, bad
	}
	return token[:dot], sig, nil
}

// Decode reads the claims of signed text ("pv1." and the payload) without checking a
// signature or the expiry: Verify does both. Every field is required; unknown fields,
// ids that parley.CheckID refuses and an expiry before the start are malformed.
func Decode(signed string) (Claims, error) {
	bad := parley.Errorf(parley.EUNAUTHORIZED, "the visitor token is malformed")
	p, ok := decodePayload(signed)
	if !ok {
		return Claims{}, bad
	}
	c := Claims{Bot: p.Bot, Conversation: p.Conversation, Origin: p.Origin, Started: time.Unix(p.Started, 0).UTC(), Expires: time.Unix(p.Expires, 0).UTC()}
	if c.Key().Check() != nil || p.Origin == "" || p.Started <= 0 || p.Expires <= p.Started {
		return Claims{}, bad
	}
	return c, nil
}

// decodePayload reads the payload of signed text strictly: the prefix, unpadded
// base64url, one JSON object of known fields; ok is false for anything else.
func decodePayload(signed string) (p payload, ok bool) {
	enc, ok := strings.CutPrefix(signed, TokenPrefix)
	if !ok {
		return p, false
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(enc)
	if err != nil {
		return p, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if dec.Decode(&p) != nil || dec.More() {
		return p, false
	}
	return p, true
}
