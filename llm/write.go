package llm

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/parleyhq/parley"
)

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
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
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
	err := stream.Err()
	if err == nil && strings.TrimSpace(text.String()) == "" {
		err = errors.New("the model wrote nothing")
	}
	if err != nil {
		e := classify(ctx, err)
		if ctx.Err() == nil && e.Kind == FailUnavailable {
			if c.breaker.failure(time.Now()) {
				c.metrics.breakerOpened(req.Bot, c.cfg.Model)
			}
		}
		c.metrics.fallback(req.Bot, c.cfg.Model, e.Kind)
		return "", e
	}
	c.breaker.success()
	return strings.TrimSpace(text.String()), nil
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
