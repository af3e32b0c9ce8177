package httpapi

import (
	"bytes"
	"context"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/visitor"
)

// Visitors are the people a public web page puts in front of a bot (the chat widget):
// they hold no API token. POST /v1/bots/{bot}/sessions, from a page of an origin the
// bot's widget lists, starts a conversation with a server-chosen id and returns a
// visitor token (package visitor) that may send messages to that one conversation,
// read it (the conversation, its history) and follow its events, and renew itself:
// nothing else, whatever the API tokens allow. The token goes in the Authorization
// header on every route, the event stream included: the widget reads the stream with
// fetch(), not EventSource (which cannot send headers), so that no token ever sits in
// a URL, where proxies' access logs and browser histories keep it.
//
// CORS: a page of a listed origin gets its preflights and responses answered on the
// bot's routes; a visitor's request from any other origin is 403. Sessions and
// visitors' messages are rate-limited per client address (429 rate_limited with
// Retry-After). A visitor's message may not carry an nlu parse or a sent_at: what the
// engine understands and the time it decides at are the server's to say.

// Session is the body answering POST /v1/bots/{bot}/sessions and .../sessions/renew.
type Session struct {
	Bot            string `json:"bot"`
	ConversationID string `json:"conversation_id"`
	// Token is the visitor token: send it as Authorization: Bearer.
	Token string `json:"token"`
	// ExpiresAt is when Token stops being valid; renew it before.
	ExpiresAt time.Time `json:"expires_at"`
	// SessionExpiresAt is when the session can no longer be renewed.
	SessionExpiresAt time.Time `json:"session_expires_at"`
	// Greeting and Starters are what the widget shows before the first message
	// (the bot's widget: greeting and starters).
	Greeting string   `json:"greeting,omitempty"`
	Starters []string `json:"starters,omitempty"`
}

// visitorPatterns are the routes a visitor token may use; conversation routes only
// for the conversation it names.
var visitorPatterns = map[string]bool{
	"POST " + convPattern + "/messages":  true,
	"GET " + convPattern:                 true,
	"GET " + convPattern + "/events":     true,
	"GET " + convPattern + "/history":    true,
	"POST /v1/bots/{bot}/sessions/renew": true,
}

const (
	convPattern          = "/v1/bots/{bot}/conversations/{conversation}"
	sessionsPattern      = "POST /v1/bots/{bot}/sessions"
	renewSessionsPattern = "POST /v1/bots/{bot}/sessions/renew"
)

func (h *Handler) visitorRoutes() {
	if h.opts.Visitors == nil {
		return
	}
	h.handle(sessionsPattern, h.postSession)
	h.handle(renewSessionsPattern, h.renewSession)
}

func (h *Handler) postSession(w http.ResponseWriter, r *http.Request) error {
	bot := r.PathValue("bot")
	if _, err := h.rt.Bot(bot); err != nil {
		return err
	}
	v := h.opts.Visitors
	if !v.TakesVisitors(bot) {
		return parley.Errorf(parley.EFORBIDDEN, "bot %s takes no visitors: it has no widget in the server's configuration", bot)
	}
	origin := r.Header.Get("Origin")
	if !v.Allows(bot, origin) {
		return parley.Errorf(parley.EFORBIDDEN, "a page of origin %q may not start a session with bot %s: it is not in the bot's widget origins", origin, bot)
	}
	if err := emptyBody(r); err != nil {
		return err
	}
	if err := h.limit(w, r, v.Sessions, "new chat sessions"); err != nil {
		return err
	}
	token, c := v.Start(bot, origin)
	writeJSON(w, http.StatusCreated, h.session(token, c))
	return nil
}

func (h *Handler) renewSession(w http.ResponseWriter, r *http.Request) error {
	c := visitorOf(w)
	if c == nil {
		return parley.Errorf(parley.EUNAUTHORIZED, "renewing a session needs its visitor token")
	}
	if err := emptyBody(r); err != nil {
		return err
	}
	token, renewed, ok := h.opts.Visitors.Renew(*c)
	if !ok {
		return parley.Errorf(parley.EUNAUTHORIZED, "the session reached its maximum age; start a new one")
	}
	writeJSON(w, http.StatusOK, h.session(token, renewed))
	return nil
}

func (h *Handler) session(token string, c visitor.Claims) Session {
	w := h.opts.Visitors.Welcome[c.Bot]
	return Session{Bot: c.Bot, ConversationID: c.Conversation, Token: token, ExpiresAt: c.Expires, SessionExpiresAt: h.opts.Visitors.SessionEnd(c.Started),
		Greeting: w.Greeting, Starters: w.Starters}
}

// emptyBody refuses a body other than nothing or {}: the session routes take none.
func emptyBody(r *http.Request) error {
	b, err := readBody(r)
	if err != nil || len(bytes.TrimSpace(b)) == 0 {
		return err
	}
	var none struct{}
	return decodeStrict(b, &none)
}

// limit spends one of the client address's allowance of l, or answers 429 with
// Retry-After.
func (h *Handler) limit(w http.ResponseWriter, r *http.Request, l *visitor.Limiter, what string) error {
	v := h.opts.Visitors
	ok, wait := l.Allow(v.Proxies.ClientAddr(r), v.Time())
	return rateLimited(w, what, ok, wait)
}

// limitLeft answers 429 with Retry-After when the client address has none of l's
// allowance left, spending nothing (limit spends once the request is accepted).
func (h *Handler) limitLeft(w http.ResponseWriter, r *http.Request, l *visitor.Limiter, what string) error {
	v := h.opts.Visitors
	ok, wait := l.Left(v.Proxies.ClientAddr(r), v.Time())
	return rateLimited(w, what, ok, wait)
}

// rateLimited is nil when ok, else 429 with Retry-After: wait.
func rateLimited(w http.ResponseWriter, what string, ok bool, wait time.Duration) error {
	if ok {
		return nil
	}
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	return parley.Errorf(parley.ERATELIMITED, "too many %s from your address: try again in %d s", what, secs)
}

// visitorOf returns the claims of the request's visitor token (what visitorAuth
// recorded with the request's access log record), nil for a request without one.
func visitorOf(w http.ResponseWriter) *visitor.Claims {
	if info := infoOf(w); info != nil {
		return info.visitor
	}
	return nil
}

// visitorAuth verifies the visitor token a request carries. ok is false for a
// request without one (it goes through the API tokens); err is a token that does not
// verify (401) or a page origin the bot does not list (403). info (the request's
// access log record) keeps the claims.
func (h *Handler) visitorAuth(r *http.Request, info *requestInfo) (ok bool, err error) {
	v := h.opts.Visitors
	token, found := bearer(r)
	if v == nil || !found || !strings.HasPrefix(token, visitor.TokenPrefix) {
		return false, nil
	}
	c, err := verifyVisitor(v, token, r.Header.Get("Origin"))
	if err != nil {
		return true, err
	}
	if info != nil {
		info.token, info.visitor = "visitor", &c
	}
	return true, nil
}

// verifyVisitor verifies a visitor token sent from a page of origin ("" when the
// request says none): a page of an origin the bot's widget does not list may not use
// it.
func verifyVisitor(v *visitor.Policy, token, origin string) (visitor.Claims, error) {
	c, err := v.Verify(token)
	if err != nil {
		return c, err
	}
	if origin != "" && !v.Allows(c.Bot, origin) {
		return c, parley.Errorf(parley.EFORBIDDEN, "a page of origin %q may not use bot %s's widget", origin, c.Bot)
	}
	return c, nil
}

// visitorScope refuses what a visitor token may not do on route pattern (its bot and
// conversation in r's path), and prepares what it may: an event stream ends when the
// token expires (the widget reconnects with its renewed token), a message is refused
// when the client address's allowance is spent (it spends it once accepted:
// visitorMessage).
func (h *Handler) visitorScope(w http.ResponseWriter, r *http.Request, pattern string) (*http.Request, error) {
	c := visitorOf(w)
	if c == nil {
		return r, nil
	}
	if !visitorPatterns[pattern] {
		return r, parley.Errorf(parley.EFORBIDDEN, "a visitor token may only send messages to, read and follow its own conversation")
	}
	if !ownsRoute(c, r, pattern) {
		return r, parley.Errorf(parley.EFORBIDDEN, "this visitor token belongs to another conversation")
	}
	switch pattern {
	case "GET " + convPattern + "/events":
		ctx, cancel := context.WithDeadline(r.Context(), c.Expires)
		context.AfterFunc(r.Context(), cancel)
		return r.WithContext(ctx), nil
	case "POST " + convPattern + "/messages":
		return r, h.limitLeft(w, r, h.opts.Visitors.Messages, "messages")
	}
	return r, nil
}

// ownsRoute is whether r's bot, and conversation when pattern has one, are the
// visitor token's.
func ownsRoute(c *visitor.Claims, r *http.Request, pattern string) bool {
	if r.PathValue("bot") != c.Bot {
		return false
	}
	return !strings.Contains(pattern, "{conversation}") || r.PathValue("conversation") == c.Conversation
}

// visitorMessage refuses what only a trusted caller may put in a message, and then
// spends one of the client address's allowance of messages: only a message accepted
// counts (one refused for its body does not). The turn gives the message back with
// refund when it is refused as a conflict (409: a reused id with other content, a
// conversation still working on the last message), which did not take it either.
func (h *Handler) visitorMessage(w http.ResponseWriter, r *http.Request, req *TurnRequest) (refund func(error), err error) {
	if visitorOf(w) == nil {
		return func(error) {}, nil
	}
	if req.NLU != nil {
		return nil, parley.Errorf(parley.EFORBIDDEN, "a visitor's message carries text or a meaning, not an nlu parse")
	}
	if req.SentAt != nil {
		return nil, parley.Errorf(parley.EFORBIDDEN, "a visitor's message is stamped by the server's clock: leave sent_at out")
	}
	v := h.opts.Visitors
	ok, wait, giveBack := v.Messages.Take(v.Proxies.ClientAddr(r), v.Time())
	if err := rateLimited(w, "messages", ok, wait); err != nil {
		return nil, err
	}
	return func(turnErr error) {
		if turnErr != nil && errorTable[parley.ErrorCode(turnErr)].status == http.StatusConflict {
			giveBack(v.Time())
		}
	}, nil
}

// widgetOrigin reports whether r comes from a page of an origin the widget of the bot
// in r's path (/v1/bots/{bot}/...) lists.
func (h *Handler) widgetOrigin(r *http.Request) bool {
	v := h.opts.Visitors
	if v == nil {
		return false
	}
	rest, ok := strings.CutPrefix(r.URL.EscapedPath(), "/v1/bots/")
	if !ok {
		return false
	}
	seg, _, _ := strings.Cut(rest, "/")
	bot, err := url.PathUnescape(seg)
	return err == nil && v.Allows(bot, r.Header.Get("Origin"))
}
