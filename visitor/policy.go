package visitor

import (
	"crypto/rand"
	"encoding/base32"
	"slices"
	"strings"
	"time"
)

// Defaults of a Policy.
const (
	DefaultTokenTTL          = 30 * time.Minute
	DefaultSessionMaxAge     = 24 * time.Hour
	DefaultSessionsPerMinute = 10
	DefaultMessagesPerMinute = 30
)

// Policy is what the HTTP API applies to visitors: which bots take them and from
// which page origins, how tokens are signed and how long they live, the rate limits
// and how a client's address is found.
type Policy struct {
	Signer *Signer
	// TokenTTL is how long a token is valid after it is issued or renewed.
	TokenTTL time.Duration
	// SessionMaxAge is how long renewals may extend a session past its start.
	SessionMaxAge time.Duration
	// Origins lists, by bot, the page origins its widget may be embedded in; a bot
	// not listed takes no visitors.
	Origins map[string][]string
	// Sessions and Messages limit new sessions and visitors' messages per client
	// address; nil allows everything.
	Sessions, Messages *Limiter
	// Proxies find the client address behind trusted reverse proxies.
	Proxies *Proxies
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// Welcome is, by bot, what its widget shows when a visitor first opens it.
	Welcome map[string]Welcome
}

// Welcome is a bot widget's greeting and starter buttons (each sends its text as
// the visitor's first message), shown before the first message.
type Welcome struct {
	Greeting string
	Starters []string
}

// NewPolicy returns a policy with the defaults for what is left zero.
func NewPolicy(signer *Signer, origins map[string][]string) *Policy {
	return &Policy{
		Signer: signer, TokenTTL: DefaultTokenTTL, SessionMaxAge: DefaultSessionMaxAge, Origins: origins,
		Sessions: NewLimiter(DefaultSessionsPerMinute), Messages: NewLimiter(DefaultMessagesPerMinute),
	}
}

func (p *Policy) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

// TakesVisitors reports whether bot has a widget.
func (p *Policy) TakesVisitors(bot string) bool {
	_, ok := p.Origins[bot]
	return ok
}

// Allows reports whether a page of origin may embed bot's widget.
func (p *Policy) Allows(bot, origin string) bool {
	return origin != "" && slices.Contains(p.Origins[bot], origin)
}

// Start issues the token of a new session of bot from origin, on a new conversation.
func (p *Policy) Start(bot, origin string) (string, Claims) {
	now := p.now().Truncate(time.Second)
	c := Claims{Bot: bot, Conversation: NewConversationID(), Origin: origin, Started: now}
	c.Expires = p.expiry(c.Started, now)
	return p.Signer.Sign(c), c
}

// Renew issues a new token of the session c at now; ok is false when the session has
// reached its maximum age (or the token its expiry) and cannot be extended.
func (p *Policy) Renew(c Claims) (token string, renewed Claims, ok bool) {
	now := p.now().Truncate(time.Second)
	c.Expires = p.expiry(c.Started, now)
	if !c.Expires.After(now) {
		return "", c, false
	}
	return p.Signer.Sign(c), c, true
}

// Verify checks a token at the policy's now.
func (p *Policy) Verify(token string) (Claims, error) {
	return p.Signer.Verify(token, p.now())
}

// SessionEnd is when the session that started at started can no longer be renewed.
func (p *Policy) SessionEnd(started time.Time) time.Time {
	return started.Add(p.SessionMaxAge)
}

// expiry is a token's expiry issued at now: one TTL on, not past the session's end.
func (p *Policy) expiry(started, now time.Time) time.Time {
	exp := now.Add(p.TokenTTL)
	if end := p.SessionEnd(started); exp.After(end) {
		exp = end
	}
	return exp
}

// Time is the policy's clock reading.
func (p *Policy) Time() time.Time { return p.now() }

// NewConversationID returns a fresh conversation id for a visitor: "w-" and 128
// random bits, so that no visitor can guess another's.
func NewConversationID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "w-" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}
