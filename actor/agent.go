package actor

import (
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/parleyhq/parley"
)

// Agent message limits: a person's message is a chat message, and an agent's name
// is shown beside it.
const (
	maxAgentText = 8 << 10
	maxAgentName = 100
)

// AgentMessage writes a person's message into a conversation waiting for a person
// (parley.AgentDesk), in the conversation's turn order: one commit of an
// agent_message event, its id recorded as processed with the answer, so that the
// same id again answers the same (Idempotent-Replay) and a reused id with another
// text or agent is EIDEMPOTENCY. A conversation not waiting for a person is
// ECONFLICT; one never stored is ENOTFOUND.
func (r *Runtime) AgentMessage(ctx context.Context, req parley.AgentMessageRequest) (parley.Result, error) {
	if err := req.Key.Check(); err != nil {
		return parley.Result{}, err
	}
	if err := parley.CheckID("message id", req.ID); err != nil {
		return parley.Result{}, err
	}
	if r.bots[req.Key.Bot] == nil {
		return parley.Result{}, parley.Errorf(parley.ENOTFOUND, "unknown bot %q", req.Key.Bot)
	}
	if err := checkAgentMessage(req); err != nil {
		return parley.Result{}, err
	}
	if req.SentAt.IsZero() {
		req.SentAt = r.opts.Now()
	}
	req.SentAt = req.SentAt.UTC()
	return r.send(ctx, req.Key, command{kind: cmdAgent, agent: req})
}

// checkAgentMessage refuses an agent message without text or agent, or with either
// too long or not UTF-8.
func checkAgentMessage(req parley.AgentMessageRequest) error {
	switch {
	case strings.TrimSpace(req.Text) == "":
		return parley.Errorf(parley.EINVALID, "an agent message needs a text")
	case strings.TrimSpace(req.Agent) == "":
		return parley.Errorf(parley.EINVALID, "an agent message needs the agent's name (agent)")
	case !utf8.ValidString(req.Text) || !utf8.ValidString(req.Agent):
		return parley.Errorf(parley.EINVALID, "an agent message's text and agent must be UTF-8")
	case len(req.Text) > maxAgentText:
		return parley.Errorf(parley.EINVALID, "an agent message's text is longer than %d bytes", maxAgentText)
	case len(req.Agent) > maxAgentName:
		return parley.Errorf(parley.EINVALID, "an agent's name is longer than %d bytes", maxAgentName)
	}
	return nil
}

// agentCmd commits an agent message: the conversation must be stored and waiting
// for a person; a due inactivity timeout is applied first, as for a control. The
// lifecycle is left as it is: a person's message is not a turn of the engine.
func (a *actor) agentCmd(ctx context.Context, req parley.AgentMessageRequest) (parley.Result, error) {
	if err := a.hydrate(ctx); err != nil {
		return parley.Result{}, err
	}
	if a.conv.Version == 0 {
		a.stopping = true
		return parley.Result{}, parley.Errorf(parley.ENOTFOUND, "conversation %s not found", a.key)
	}
	msg := parley.AgentMessageEvent{MessageID: req.ID, From: parley.FromAgent, Agent: req.Agent, Text: req.Text, SentAt: req.SentAt}
	if res, ok, err := a.agentReplay(ctx, msg); ok || err != nil {
		return res, err
	}
	if a.expired(a.now(), a.deadline()) {
		if err := a.complete(ctx, "inactivity timeout", a.deadline()); err != nil {
			return parley.Result{}, err
		}
		a.stopping = false
	}
	hr, ok := parley.EngineAs[parley.HandoffReporter](a.bot.Engine)
	if !ok || hr.HandoffReason(a.state) == "" {
		return parley.Result{}, parley.Errorf(parley.ECONFLICT, "conversation %s is not waiting for a person", a.key)
	}
	body, err := json.Marshal(msg)
	if err != nil {
		return parley.Result{}, parley.WrapError(parley.EINTERNAL, err, "encode agent message")
	}
	at := a.now()
	next := a.conv
	next.Version++
	next.UpdatedAt = at
	c := &parley.Commit{
		Conversation: next, ExpectedVersion: a.conv.Version,
		Events:    []parley.Event{a.event(parley.EventAgentMessage, msg, at)},
		MessageID: req.ID, Response: body,
	}
	if err := a.commitPublish(ctx, c); err != nil {
		return parley.Result{}, err
	}
	if !a.stopping {
		a.armInactivity()
	}
	return parley.Result{Body: body}, nil
}

// agentReplay answers an agent message whose id was processed already: with its
// stored answer when it is the same message (text and agent), EIDEMPOTENCY when the
// id names something else (another agent message, a visitor's turn).
func (a *actor) agentReplay(ctx context.Context, msg parley.AgentMessageEvent) (parley.Result, bool, error) {
	p, ok, err := a.rt.store.Processed(ctx, a.key, msg.MessageID)
	if err != nil || !ok {
		return parley.Result{}, false, err
	}
	var stored parley.AgentMessageEvent
	if p.Message != nil || json.Unmarshal(p.Response, &stored) != nil || stored.From != parley.FromAgent ||
		stored.Text != msg.Text || stored.Agent != msg.Agent {
		return parley.Result{}, true, parley.Errorf(parley.EIDEMPOTENCY, "message id %q was already used for another message", msg.MessageID)
	}
	return parley.Result{Body: p.Response, Replayed: true}, true, nil
}

// TurnWatcher sees every decided turn of the runtime, whatever channel it came
// from (Options.Watcher): the handoff notifier, which calls people in when a
// conversation is handed off, and logs and counts each handoff.
type TurnWatcher interface {
	// TurnOutbox makes outbox entries of a turn's effects, committed with the
	// turn; it must be deterministic (the turn may be decided again).
	TurnOutbox(key parley.ConversationKey, msg parley.Message, effects []parley.Effect) ([]parley.OutboxEntry, error)
	// TurnCommitted is told the events a turn committed (the engine's among them).
	TurnCommitted(key parley.ConversationKey, events []parley.Event)
}
