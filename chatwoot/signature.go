package chatwoot

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
)

// Webhook signature headers sent by Chatwoot 4.13.0 and later when the agent bot has a
// secret (lib/webhooks/trigger.rb, §C4).
const (
	HeaderSignature = "X-Chatwoot-Signature"
	HeaderTimestamp = "X-Chatwoot-Timestamp"
	HeaderDelivery  = "X-Chatwoot-Delivery"
)

// DefaultMaxSkew is the tolerated age of a signed webhook when the caller gives none;
// Chatwoot's own PR #13573 suggests about five minutes.
const DefaultMaxSkew = 5 * time.Minute

// Sign returns the X-Chatwoot-Signature value for body sent at timestamp (unix
// seconds): "sha256=" + hex HMAC-SHA256(secret, "<timestamp>.<body>").
func Sign(secret string, timestamp int64, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(timestamp, 10)))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

// VerifySignature checks a webhook's X-Chatwoot-Signature over the raw body and its
// X-Chatwoot-Timestamp against now. A missing, malformed or wrong signature, or a
// timestamp more than maxSkew away from now (either way), is an error with code
// parley.EUNAUTHORIZED. maxSkew <= 0 means DefaultMaxSkew.
func VerifySignature(secret string, header http.Header, body []byte, now time.Time, maxSkew time.Duration) error {
	if secret == "" {
		return parley.Errorf(parley.EUNAUTHORIZED, "chatwoot: no webhook secret configured to verify the signature")
	}
	if maxSkew <= 0 {
		maxSkew = DefaultMaxSkew
	}
	stamp := strings.TrimSpace(header.Get(HeaderTimestamp))
	if stamp == "" {
		return parley.Errorf(parley.EUNAUTHORIZED, "chatwoot: missing %s header", HeaderTimestamp)
	}
	ts, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil {
		return parley.Errorf(parley.EUNAUTHORIZED, "chatwoot: %s is not unix seconds", HeaderTimestamp)
	}
	got := strings.TrimSpace(header.Get(HeaderSignature))
	if got == "" {
		return parley.Errorf(parley.EUNAUTHORIZED, "chatwoot: missing %s header", HeaderSignature)
	}
	// Compare the whole header value in constant time; the prefix is part of it, so a
	// value without "sha256=" simply fails.
	want := Sign(secret, ts, body)
	if !hmac.Equal([]byte(got), []byte(want)) {
		return parley.Errorf(parley.EUNAUTHORIZED, "chatwoot: webhook signature does not match")
	}
	sent := time.Unix(ts, 0)
	if skew := now.Sub(sent); skew > maxSkew || skew < -maxSkew {
		return parley.Errorf(parley.EUNAUTHORIZED, "chatwoot: webhook timestamp is %s away from now (more than %s)", skew.Round(time.Second), maxSkew)
	}
	return nil
}
