package chatwoot

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/transport"
)

// Content types Parley sends (message.rb:88 lists the rest).
const (
	ContentText        = "text"
	ContentInputSelect = "input_select"
	ContentCards       = "cards"
)

// Card action types (content_attribute_validator.rb, CardButton.vue).
const (
	ActionLink     = "link"
	ActionPostback = "postback"
)

// Client defaults.
const (
	DefaultClientTimeout = 10 * time.Second
	DefaultMaxRetries    = 3
	// Backoff starts at baseBackoff and doubles per attempt, capped at maxBackoff; a
	// Retry-After from Chatwoot replaces it, capped at maxRetryAfter.
	baseBackoff   = 500 * time.Millisecond
	maxBackoff    = 30 * time.Second
	maxRetryAfter = 5 * time.Minute
)

// ClientConfig configures a Client for one Chatwoot account and agent bot.
type ClientConfig struct {
	// BaseURL is Chatwoot's address, e.g. https://chat.example.com.
	BaseURL string
	// AccountID is the account the bot belongs to.
	AccountID int
	// BotToken is the agent bot's access token, sent as the api_access_token header.
	BotToken string
	// Timeout bounds one HTTP attempt; zero means DefaultClientTimeout.
	Timeout time.Duration
	// MaxRetries is the number of retries after a 429, a 5xx or a transport error;
	// zero means DefaultMaxRetries and a negative value disables retries.
	MaxRetries int
	// HTTPClient defaults to a client without its own timeout (Timeout applies).
	HTTPClient *http.Client
	// Sleep waits between attempts; it defaults to a timer that stops early when ctx
	// is done. Tests inject one that records the backoff and returns at once.
	Sleep func(context.Context, time.Duration) error
}

// Client calls Chatwoot's application API as an agent bot.
type Client struct {
	base       *url.URL
	accountID  int
	token      string
	timeout    time.Duration
	maxRetries int
	http       *http.Client
	sleep      func(context.Context, time.Duration) error
}

// NewClient validates cfg and returns a Client. A missing or malformed BaseURL,
// AccountID or BotToken is an error with code parley.EINVALID.
func NewClient(cfg ClientConfig) (*Client, error) {
	base, err := url.Parse(strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, parley.Errorf(parley.EINVALID, "chatwoot: base URL %q must be an absolute http(s) URL", cfg.BaseURL)
	}
	for _, err := range []error{
		failIf(cfg.AccountID <= 0, "account id must be positive, got %d", cfg.AccountID),
		failIf(strings.TrimSpace(cfg.BotToken) == "", "bot token is empty"),
		failIf(cfg.Timeout < 0, "timeout must not be negative, got %s", cfg.Timeout),
	} {
		if err != nil {
			return nil, err
		}
	}
	c := &Client{
		base:       base,
		accountID:  cfg.AccountID,
		token:      cfg.BotToken,
		timeout:    cmp.Or(cfg.Timeout, DefaultClientTimeout),
		maxRetries: retries(cfg.MaxRetries),
		http:       cfg.HTTPClient,
		sleep:      cfg.Sleep,
	}
	if c.http == nil {
		c.http = &http.Client{}
	}
	if c.sleep == nil {
		c.sleep = sleepContext
	}
	return c, nil
}

// retries is the configured MaxRetries: zero means DefaultMaxRetries, a
// negative count none.
func retries(n int) int {
	switch {
	case n == 0:
		return DefaultMaxRetries
	case n < 0:
		return 0
	}
	return n
}

// AccountID returns the account the client posts to.
func (c *Client) AccountID() int { return c.accountID }

func sleepContext(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// OutgoingMessage is the body of POST .../conversations/{id}/messages (§B2).
type OutgoingMessage struct {
	Content string `json:"content"`
	// MessageType is always "outgoing"; SendMessage fills it.
	MessageType string `json:"message_type,omitempty"`
	// Private makes the message a note only agents see.
	Private           bool               `json:"private"`
	ContentType       string             `json:"content_type,omitempty"`
	ContentAttributes *ContentAttributes `json:"content_attributes,omitempty"`
}

// ContentAttributes holds the items of an input_select or cards message.
type ContentAttributes struct {
	Items []Item `json:"items"`
}

// Item is an input_select option ({title, value}) or a card ({title, description,
// media_url, actions}); Validate refuses a mix, as Chatwoot does.
type Item struct {
	Title       string       `json:"title"`
	Value       string       `json:"value,omitempty"`
	Description string       `json:"description,omitempty"`
	MediaURL    string       `json:"media_url,omitempty"`
	Actions     []CardAction `json:"actions,omitempty"`
}

// CardAction is a card button: a link {type, text, uri} or a postback {type, text,
// payload}.
type CardAction struct {
	Type    string `json:"type"`
	Text    string `json:"text"`
	URI     string `json:"uri,omitempty"`
	Payload string `json:"payload,omitempty"`
}

// TextMessage returns a plain text message.
func TextMessage(text string) OutgoingMessage {
	return OutgoingMessage{Content: text, ContentType: ContentText}
}

// PrivateNote returns a note only agents see.
func PrivateNote(text string) OutgoingMessage {
	return OutgoingMessage{Content: text, ContentType: ContentText, Private: true}
}

// Validate checks m against what Chatwoot's ContentAttributeValidator and the web
// widget accept (contentRules); a violation is an error with code parley.EINVALID.
func (m OutgoingMessage) Validate() error {
	if m.MessageType != "" && m.MessageType != MessageOutgoing {
		return invalidMessage("message_type %q: a bot sends outgoing messages only", m.MessageType)
	}
	check, ok := contentRules[m.ContentType]
	if !ok {
		return invalidMessage("content_type %q is not one Parley sends", m.ContentType)
	}
	var items []Item
	if m.ContentAttributes != nil {
		items = m.ContentAttributes.Items
	}
	return check(m.Content, items)
}

// contentRules are, per content type Parley sends, what a message's content and
// items must be.
var contentRules = map[string]func(content string, items []Item) error{
	"":                 checkText,
	ContentText:        checkText,
	ContentInputSelect: func(_ string, items []Item) error { return checkItems("input_select", items, optionRules) },
	ContentCards:       func(_ string, items []Item) error { return checkItems("cards", items, cardRules) },
}

// itemRule says what is wrong with item i of a message, or nil.
type itemRule func(i int, it Item) error

// optionRules are the checks of an input_select item, in order.
var optionRules = []itemRule{
	func(i int, it Item) error {
		return failIf(it.Title == "" || it.Value == "", "input_select item %d needs a title and a value", i)
	},
	func(i int, it Item) error {
		return failIf(it.Description != "" || it.MediaURL != "" || len(it.Actions) > 0, "input_select item %d may only have title and value", i)
	},
}

// cardRules are the checks of a card, in order: a title, an optional absolute
// image, and at least one link or postback action (actionRules).
var cardRules = []itemRule{
	func(i int, it Item) error { return failIf(it.Title == "", "card %d needs a title", i) },
	func(i int, it Item) error {
		return failIf(it.Value != "", "card %d may only have title, description, media_url and actions", i)
	},
	func(i int, it Item) error {
		return failIf(it.MediaURL != "" && !parley.IsWebLink(it.MediaURL), "card %d media_url %q is not an absolute http(s) URL", i, it.MediaURL)
	},
	func(i int, it Item) error {
		return failIf(len(it.Actions) == 0, "card %d needs at least one action", i)
	},
	func(i int, it Item) error {
		for j, a := range it.Actions {
			if err := checkAction(i, j, a); err != nil {
				return err
			}
		}
		return nil
	},
}

// actionRules are, per card action type, what else an action must have.
var actionRules = map[string]func(i, j int, a CardAction) error{
	ActionLink: func(i, j int, a CardAction) error {
		return failIf(!parley.IsWebLink(a.URI) || a.Payload != "", "card %d link action %d needs an absolute http(s) uri and no payload, got %q", i, j, a.URI)
	},
	ActionPostback: func(i, j int, a CardAction) error {
		return failIf(a.Payload == "" || a.URI != "", "card %d postback action %d needs a payload and no uri", i, j)
	},
}

func checkText(content string, items []Item) error {
	if strings.TrimSpace(content) == "" {
		return invalidMessage("a text message needs content")
	}
	return failIf(len(items) > 0, "a text message has no items")
}

// checkItems requires one item at least and applies rules to each item in order.
func checkItems(kind string, items []Item, rules []itemRule) error {
	if len(items) == 0 {
		return invalidMessage("%s needs at least one item", kind)
	}
	for i, it := range items {
		for _, rule := range rules {
			if err := rule(i, it); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkAction checks action j of card i: a text, a known type and its rule.
func checkAction(i, j int, a CardAction) error {
	if a.Text == "" {
		return invalidMessage("card %d action %d needs a text", i, j)
	}
	rule, ok := actionRules[a.Type]
	if !ok {
		return invalidMessage("card %d action %d has unknown type %q", i, j, a.Type)
	}
	return rule(i, j, a)
}

// failIf is the EINVALID error of a broken rule, nil when the rule holds.
func failIf(broken bool, format string, args ...any) error {
	if !broken {
		return nil
	}
	return invalidMessage(format, args...)
}

func invalidMessage(format string, args ...any) error {
	return parley.Errorf(parley.EINVALID, "chatwoot: "+format, args...)
}

// SendMessage posts m to a conversation (by display id) after validating it.
func (c *Client) SendMessage(ctx context.Context, conversationID int, m OutgoingMessage) error {
	if err := m.Validate(); err != nil {
		return err
	}
	m.MessageType = MessageOutgoing
	return c.post(ctx, conversationID, "messages", m)
}

// ToggleStatus sets a conversation's status (open, resolved, pending or snoozed).
// Setting "open" on a pending conversation is the bot handoff (§C2).
func (c *Client) ToggleStatus(ctx context.Context, conversationID int, status string) error {
	switch status {
	case StatusOpen, StatusResolved, StatusPending, StatusSnoozed:
	default:
		return parley.Errorf(parley.EINVALID, "chatwoot: unknown conversation status %q", status)
	}
	return c.post(ctx, conversationID, "toggle_status", map[string]string{"status": status})
}

// ToggleTyping turns the typing indicator the customer sees on or off (§C5). Chatwoot
// has no timeout for it: turn it off yourself.
func (c *Client) ToggleTyping(ctx context.Context, conversationID int, on bool) error {
	state := "off"
	if on {
		state = "on"
	}
	return c.post(ctx, conversationID, "toggle_typing_status", map[string]any{"typing_status": state, "is_private": false})
}

func (c *Client) post(ctx context.Context, conversationID int, action string, body any) error {
	if conversationID <= 0 {
		return parley.Errorf(parley.EINVALID, "chatwoot: conversation id must be positive, got %d", conversationID)
	}
	data, err := json.Marshal(body)
	if err != nil {
		return parley.WrapError(parley.EINTERNAL, err, "chatwoot: encoding %s body", action)
	}
	endpoint := c.base.JoinPath("api", "v1", "accounts", strconv.Itoa(c.accountID), "conversations", strconv.Itoa(conversationID), action).String()
	var last error
	for attempt := 0; ; attempt++ {
		wait, err := c.attempt(ctx, endpoint, action, data)
		if err == nil {
			return nil
		}
		last = err
		if wait < 0 || attempt >= c.maxRetries {
			return last
		}
		if wait == 0 {
			wait = backoff(attempt)
		}
		if err := c.sleep(ctx, wait); err != nil {
			return parley.WrapError(parley.EUNAVAILABLE, last, "chatwoot: %s: gave up waiting to retry", action)
		}
	}
}

// backoff is the default wait before retry attempt+1: baseBackoff doubled per
// attempt, at most maxBackoff.
func backoff(attempt int) time.Duration {
	if attempt >= 16 { // beyond that the shift would overflow; the cap applies anyway
		return maxBackoff
	}
	return min(baseBackoff<<attempt, maxBackoff)
}

// attempt makes one request. On failure wait tells the caller what to do: negative
// means permanent (no retry), zero means retry after the default backoff, positive
// means retry after that long (Retry-After).
func (c *Client) attempt(ctx context.Context, endpoint, action string, data []byte) (wait time.Duration, err error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(data))
	if err != nil {
		return -1, parley.WrapError(parley.EINVALID, err, "chatwoot: building %s request", action)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("api_access_token", c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		// The URL carries no secret (the token is a header), but the transport error
		// is enough.
		cause := transport.Cause(err)
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
			return 0, parley.WrapError(parley.EUNAVAILABLE, cause, "chatwoot: %s timed out after %s", action, c.timeout)
		}
		return 0, parley.WrapError(parley.EUNAVAILABLE, cause, "chatwoot: %s request failed", action)
	}
	defer resp.Body.Close()
	return answerError(resp, action)
}

// answerError is what an answer's status says: nil for a 2xx; a rate limit or a
// server error is retried (after its Retry-After), any other refusal is not
// (negative wait).
func answerError(resp *http.Response, action string) (wait time.Duration, err error) {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return 0, nil
	}
	detail := errorDetail(body)
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
		return retryAfter(resp.Header.Get("Retry-After")), parley.Errorf(parley.EUNAVAILABLE, "chatwoot: %s answered %d%s", action, resp.StatusCode, detail)
	}
	return -1, parley.Errorf(parley.EINVALID, "chatwoot: %s refused with %d%s", action, resp.StatusCode, detail)
}

// retryAfter reads Retry-After as seconds or an HTTP date; zero means absent.
func retryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	var d time.Duration
	if secs, err := strconv.Atoi(v); err == nil {
		d = time.Duration(secs) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = time.Until(t)
	}
	if d <= 0 {
		return 0
	}
	return min(d, maxRetryAfter)
}

// errorDetail extracts Chatwoot's error text ({"error": ...}, {"message": ...} or
// {"errors": [...]}) for the error message, bounded in length.
// detailText is the first detail an error body gives: its error, its message,
// its errors.
func detailText(err any, message string, errs any) string {
	switch {
	case err != nil:
		return fmt.Sprint(err)
	case message != "":
		return message
	case errs != nil:
		return fmt.Sprint(errs)
	}
	return ""
}

func errorDetail(body []byte) string {
	var e struct {
		Error   any    `json:"error"`
		Message string `json:"message"`
		Errors  any    `json:"errors"`
	}
	text := ""
	if json.Unmarshal(body, &e) == nil {
		text = detailText(e.Error, e.Message, e.Errors)
	}
	if text == "" {
		text = strings.TrimSpace(string(body))
	}
	if len(text) > 200 {
		text = text[:200] + "..."
	}
	if text == "" {
		return ""
	}
	return ": " + text
}
