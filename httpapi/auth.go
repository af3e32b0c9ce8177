package httpapi

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/parleyhq/parley"
)

// Scope is what a token may do.
type Scope string

// Scopes. admin may do everything client may.
const (
	// ScopeClient sends messages, reads conversations and their events, lists bots:
	// what a chat widget or an agent needs.
	ScopeClient Scope = "client"
	// ScopeAdmin adds lifecycle controls, handback, reset, flows, /metrics and the
	// list of a bot's conversations (the inspector's index).
	ScopeAdmin Scope = "admin"
	// scopeOpen routes need no token: health, readiness and the Chatwoot webhook
	// (which checks its own signature).
	scopeOpen Scope = ""
)

// Token is one API token.
type Token struct {
	Name   string
	Secret string
	Scopes []Scope
}

// Auth checks bearer tokens. The zero Auth (no token) lets every request through:
// cmd/parley then listens on loopback only.
type Auth struct {
	tokens []authToken
}

type authToken struct {
	name  string
	sum   [sha256.Size]byte
	admin bool
}

// NewAuth validates tokens: each needs a name, a non-empty secret and known scopes;
// names and secrets are unique.
func NewAuth(tokens []Token) (*Auth, error) {
	a := &Auth{}
	names := map[string]bool{}
	sums := map[[sha256.Size]byte]bool{}
	for i, t := range tokens {
		if names[t.Name] {
			return nil, parley.Errorf(parley.EINVALID, "auth.tokens[%d]: duplicate name %q", i, t.Name)
		}
		names[t.Name] = true
		at, err := newAuthToken(i, t)
		if err != nil {
			return nil, err
		}
		if sums[at.sum] {
			return nil, parley.Errorf(parley.EINVALID, "auth.tokens[%d] (%s): the same token is configured twice", i, t.Name)
		}
		sums[at.sum] = true
		a.tokens = append(a.tokens, at)
	}
	return a, nil
}

// newAuthToken checks token i (a name, a secret, known scopes) and keeps its
// secret's sum.
func newAuthToken(i int, t Token) (authToken, error) {
	switch {
	case t.Name == "":
		return authToken{}, parley.Errorf(parley.EINVALID, "auth.tokens[%d]: name is required", i)
	case strings.TrimSpace(t.Secret) == "":
		return authToken{}, parley.Errorf(parley.EINVALID, "auth.tokens[%d] (%s): token is empty", i, t.Name)
	case len(t.Scopes) == 0:
		return authToken{}, parley.Errorf(parley.EINVALID, "auth.tokens[%d] (%s): scopes are required (client, admin)", i, t.Name)
	}
	at := authToken{name: t.Name, sum: sha256.Sum256([]byte(t.Secret))}
	for _, s := range t.Scopes {
		switch s {
		case ScopeClient:
		case ScopeAdmin:
			at.admin = true
		default:
			return authToken{}, parley.Errorf(parley.EINVALID, "auth.tokens[%d] (%s): unknown scope %q (client or admin)", i, t.Name, s)
		}
	}
	return at, nil
}

// Enabled reports whether any token is configured.
func (a *Auth) Enabled() bool { return a != nil && len(a.tokens) > 0 }

// authorize checks r's bearer token against the scope its route needs and returns the
// token's name. Every configured token is compared, in constant time over SHA-256
// sums, so neither the position of a match nor a secret's length shows in the timing.
func (a *Auth) authorize(r *http.Request, need Scope) (string, error) {
	if need == scopeOpen || !a.Enabled() {
		return "", nil
	}
	secret, ok := bearer(r)
	if !ok {
		return "", parley.Errorf(parley.EUNAUTHORIZED, "this route needs an Authorization: Bearer token")
	}
	found := a.match(secret)
	if found == nil {
		return "", parley.Errorf(parley.EUNAUTHORIZED, "the bearer token is not valid")
	}
	if need == ScopeAdmin && !found.admin {
		return found.name, parley.Errorf(parley.EFORBIDDEN, "token %q lacks the admin scope this route needs", found.name)
	}
	return found.name, nil
}

// bearer is the request's bearer token, trimmed; ok is false without one.
func bearer(r *http.Request) (secret string, ok bool) {
	scheme, secret, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	secret = strings.TrimSpace(secret)
	return secret, ok && strings.EqualFold(scheme, "Bearer") && secret != ""
}

// match is the configured token whose secret is secret, or nil. Every token is
// compared, in constant time over SHA-256 sums.
func (a *Auth) match(secret string) *authToken {
	sum := sha256.Sum256([]byte(secret))
	var found *authToken
	for i := range a.tokens {
		if subtle.ConstantTimeCompare(sum[:], a.tokens[i].sum[:]) == 1 {
			found = &a.tokens[i]
		}
	}
	return found
}

// routeScope is the one table from route patterns (as registered in New) to the
// scope they need. A pattern not listed (a new route) needs admin, so that
// forgetting it here fails closed.
func routeScope(pattern string) Scope {
	conv := "/v1/bots/{bot}/conversations/{conversation}"
	switch pattern {
	case "GET /healthz", "GET /readyz", "POST /v1/chatwoot/{bot}", "GET /v1/openapi.json":
		return scopeOpen
	case sessionsPattern, renewSessionsPattern:
		// Visitors hold no API token: a session starts from an allowed page
		// origin, and renews with its own visitor token (visitors.go).
		return scopeOpen
	case "POST " + conv + "/messages", "GET " + conv, "GET " + conv + "/events", "GET " + conv + "/history",
		"GET /v1/bots", "GET /v1/bots/{bot}/graph":
		// A conversation's own reads and the bots' public descriptions.
		return ScopeClient
	case "", "/":
		// No route (404) or a method the route does not take (405): a client token
		// may learn that, nobody else.
		return ScopeClient
	default:
		return ScopeAdmin
	}
}
