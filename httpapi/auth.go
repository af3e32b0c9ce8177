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

// Scopes. admin may do everything client and agent may.
const (
	// ScopeClient sends messages, reads conversations and their events, lists bots:
	// what a chat widget or a program that talks to a bot needs.
	ScopeClient Scope = "client"
	// ScopeAgent is the people's who answer conversations handed off to them: it
	// reads the queue (GET /v1/bots/{bot}/conversations?waiting=person), a
	// conversation, its history and events and the bots, posts agent messages and
	// hands back, and nothing else (no visitor messages, flows, reset or pause).
	ScopeAgent Scope = "agent"
	// ScopeAdmin adds lifecycle controls, reset, flows, /metrics and the list of
	// a bot's conversations (the inspector's index), and has both scopes above.
	ScopeAdmin Scope = "admin"
	// scopeRead routes are a conversation's own reads and the bots' list: client or
	// agent.
	scopeRead Scope = "client|agent"
	// scopeQueue is the conversation listing's: admin, or agent for the queue of
	// conversations waiting for a person (waiting=person) alone.
	scopeQueue Scope = "admin|agent?waiting=person"
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
	name                 string
	sum                  [sha256.Size]byte
	client, agent, admin bool
}

// may reports whether the token's scopes cover need for r (scopeQueue looks at its
// query). admin covers every scope.
func (t *authToken) may(need Scope, r *http.Request) bool {
	if t.admin {
		return true
	}
	switch need {
	case ScopeClient:
		return t.client
	case scopeRead:
		return t.client || t.agent
	case ScopeAgent:
		return t.agent
	case scopeQueue:
		return t.agent && r.URL.Query().Get("waiting") == waitingPerson
	}
	return false
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
		return authToken{}, parley.Errorf(parley.EINVALID, "auth.tokens[%d] (%s): scopes are required (client, agent, admin)", i, t.Name)
	}
	at := authToken{name: t.Name, sum: sha256.Sum256([]byte(t.Secret))}
	for _, s := range t.Scopes {
		switch s {
		case ScopeClient:
			at.client = true
		case ScopeAgent:
			at.agent = true
		case ScopeAdmin:
			at.admin = true
		default:
			return authToken{}, parley.Errorf(parley.EINVALID, "auth.tokens[%d] (%s): unknown scope %q (client, agent or admin)", i, t.Name, s)
		}
	}
	return at, nil
}

// Answers reports whether some token may answer as a person (the agent or admin
// scope): a bot that hands off can then be answered through the API.
func (a *Auth) Answers() bool {
	if a == nil {
		return false
	}
	for _, t := range a.tokens {
		if t.agent || t.admin {
			return true
		}
	}
	return false
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
	if !found.may(need, r) {
		return found.name, parley.Errorf(parley.EFORBIDDEN, "token %q lacks the %s scope this route needs", found.name, need)
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
	case "POST " + conv + "/messages", "GET /v1/bots/{bot}/graph":
		// A visitor's message and the bots' diagrams.
		return ScopeClient
	case "GET " + conv, "GET " + conv + "/events", "GET " + conv + "/history", "GET /v1/bots":
		// A conversation's own reads and the bots' public descriptions.
		return scopeRead
	case "POST " + conv + "/agent-messages", "POST " + conv + "/handback":
		// A person's answer and the hand back to the bot.
		return ScopeAgent
	case "GET /v1/bots/{bot}/conversations":
		return scopeQueue
	case "", "/":
		// No route (404) or a method the route does not take (405): a client token
		// may learn that, nobody else.
		return ScopeClient
	default:
		return ScopeAdmin
	}
}
