package turnlog

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/parleyhq/parley"
)

// The processed-message record the runtime commits as bytes (parley.Commit.Response)
// is the response it answered (without the state it embeds, see SpliceState),
// wrapped with a digest of the message it answered:
//
//	{"message_sha256":"<64 hex>","response":<response bytes>}
//
// so that a message id reused for a different message is told apart from a retry
// without a store column of its own (the stores keep Commit.Response as given). A
// replay returns the response bytes exactly as first sent. A record without the
// prefix (written before digests were kept) is the response itself and is treated as
// a replay of the same message. A replay returns the response with the state of its
// version spliced back, the bytes first sent.
//
// The digest covers what the message says: text, meaning and the NLU parse. sent_at is
// left out: it says when, not what; the server fills it from its clock when a client
// gives none, so a client's retry of the same message would otherwise never match,
// and a redelivered webhook carries the same content whatever its timestamp.
const (
	recordPrefix = `{"message_sha256":"`
	recordMiddle = `","response":`
	digestLen    = 2 * sha256.Size
)

// MessageDigest is the hex SHA-256 of the message's content in a canonical JSON form
// (encoding/json sorts the NLU entities' keys).
func MessageDigest(m parley.Message) string {
	b, err := json.Marshal(struct {
		Text    string      `json:"text"`
		Meaning string      `json:"meaning"`
		NLU     *parley.NLU `json:"nlu"`
	}{m.Text, m.Meaning, m.NLU})
	if err != nil {
		// An NLU entity that does not encode: digest what can be, the id still
		// deduplicates.
		b = []byte(m.Text + "\x00" + m.Meaning)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// WrapRecord returns the record of a response to a message with the given digest.
func WrapRecord(digest string, response []byte) []byte {
	out := make([]byte, 0, len(recordPrefix)+digestLen+len(recordMiddle)+len(response)+1)
	out = append(out, recordPrefix...)
	out = append(out, digest...)
	out = append(out, recordMiddle...)
	out = append(out, response...)
	return append(out, '}')
}

// UnwrapRecord splits a record into the digest and the response; digest is "" for a
// record written without one.
func UnwrapRecord(rec []byte) (digest string, response []byte) {
	head := len(recordPrefix) + digestLen + len(recordMiddle)
	if len(rec) < head+1 || !bytes.HasPrefix(rec, []byte(recordPrefix)) ||
		string(rec[len(recordPrefix)+digestLen:head]) != recordMiddle || rec[len(rec)-1] != '}' {
		return "", rec
	}
	return string(rec[len(recordPrefix) : len(recordPrefix)+digestLen]), rec[head : len(rec)-1]
}

// statePlaceholder is where the state sits in a Response encoded without one: the
// fields after it (lifecycle, version, transitions, events) hold no raw JSON, so its
// last occurrence is the response's own state field.
var statePlaceholder = []byte(`"state":null,"lifecycle":`)

// SpliceState returns the response encoded without its state (stored) with state put
// back in its place; ok is false when stored has no state placeholder.
func SpliceState(stored, state []byte) ([]byte, bool) {
	i := bytes.LastIndex(stored, statePlaceholder)
	if i < 0 {
		return nil, false
	}
	at := i + len(`"state":`)
	out := make([]byte, 0, len(stored)+len(state))
	out = append(out, stored[:at]...)
	out = append(out, state...)
	return append(out, stored[at+len("null"):]...), true
}

// FullResponse rebuilds a processed message's response: the stored one with the state
// of the version that processed it, byte for byte what the first processing returned.
// A record without a version (migrated whole from an older layout) is returned as is.
func FullResponse(p parley.Processed) []byte {
	if p.Version == 0 {
		return p.Response
	}
	if body, ok := SpliceState(p.Response, p.State); ok {
		return body
	}
	return p.Response
}
