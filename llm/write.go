package llm

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/parleyhq/parley"
)

var _ parley.ReplyWriter = (*Client)(nil)

// WriteReply has the model write a reply's text, streamed (stream: true, the
// server's SSE chunks), passing each chunk to delta as it arrives, and returns the
// whole text. It returns an *Error when the model is off (breaker open), slow, failing
// or silent; the caller then uses req.Draft, so a turn never fails for lack of a
// model. Chunks already passed to delta before a failure are superseded by the
// caller's final text.
func (c *Client) WriteReply(ctx context.Context, req parley.ReplyRequest, delta func(string)) (string, error) {
	if !c.breaker.allow(time.Now()) {
		c.metrics.fallback(req.Bot, c.cfg.Model, FailBreaker)
		return "", &Error{Kind: FailBreaker, Err: errors.New("circuit breaker open")}
	}
	tctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	text, err := c.streamReply(tctx, req, delta)
	var e *Error
	switch {
	case err != nil && ctx.Err() != nil:
		// The turn was interrupted (a pause or cancel): no failure of the model's.
		return "", &Error{Kind: FailTimeout, Err: errors.New("the turn was interrupted")}
	case err != nil:
		e = classify(tctx, err)
		if e.Kind == FailUnavailable && c.breaker.failure(time.Now()) {
			c.metrics.breakerOpened(req.Bot, c.cfg.Model)
		}
	case strings.TrimSpace(text) == "":
		// A server that answers, however badly, is up.
		c.breaker.success()
		e = &Error{Kind: FailEmpty, Err: errors.New("the model wrote nothing")}
	default:
		c.breaker.success()
		return strings.TrimSpace(text), nil
	}
	c.metrics.fallback(req.Bot, c.cfg.Model, e.Kind)
	return "", e
}

// streamReply asks for the reply with stream: true and passes each content delta
// to delta as it arrives.
func (c *Client) streamReply(ctx context.Context, req parley.ReplyRequest, delta func(string)) (string, error) {
	stream := c.sdk.Chat.Completions.NewStreaming(ctx, openai.ChatCompletionNewParams{
		Model:       c.cfg.Model,
		Messages:    sdkMessages(replyPrompt(req)),
		Temperature: openai.Float(0),
		Seed:        openai.Int(c.cfg.Seed),
		MaxTokens:   openai.Int(c.cfg.MaxTokens),
	})
	defer stream.Close()
	var text strings.Builder
	for stream.Next() {
		chunk := stream.Current()
		if len(chunk.Choices) == 0 || chunk.Choices[0].Delta.Content == "" {
			continue
		}
		d := chunk.Choices[0].Delta.Content
		text.WriteString(d)
		delta(d)
	}
	return text.String(), stream.Err()
}

// replyPrompt asks for the draft rewritten as the brief says, nothing added.
func replyPrompt(req parley.ReplyRequest) []Message {
	system := "You write the next message of a chat assistant. The assistant has already decided what to say: " +
		"the draft below. Rewrite the draft as the brief asks, keeping every fact, value and question of it; " +
		"add no offer, fact or question of your own. Answer with the message text only."
	var b strings.Builder
	b.WriteString("Brief: " + req.Brief + "\n\nConversation so far:\n")
	for _, line := range req.Transcript {
		b.WriteString(line + "\n")
	}
	b.WriteString("\nDraft: " + req.Draft)
	return []Message{{Role: "system", Content: system}, {Role: "user", Content: b.String()}}
}
