package relay

import (
	"context"
	"encoding/json"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/chatwoot"
)

// processInbox turns inbox entries into turns and controls, oldest first, whenever a
// webhook kicks it and every InboxPoll, until ctx is cancelled.
func (r *Relay) processInbox(ctx context.Context) {
	// attempts counts the failures of each entry since this Run began.
	attempts := map[int64]int{}
	tick := time.NewTicker(InboxPoll)
	defer tick.Stop()
	for {
		r.drainInbox(ctx, attempts)
		select {
		case <-ctx.Done():
			return
		case <-r.kick:
		case <-tick.C:
		}
	}
}

// drainInbox processes one batch of pending entries.
func (r *Relay) drainInbox(ctx context.Context, attempts map[int64]int) {
	items, err := r.store.PendingInbound(ctx, inboxBatch)
	if err != nil && ctx.Err() == nil {
		r.log.Error("read inbox", "err", err)
	}
	for _, in := range items {
		if ctx.Err() != nil {
			return
		}
		err := r.processOne(ctx, in)
		if err == nil {
			delete(attempts, in.ID)
			r.metrics.inbound("processed")
			continue
		}
		attempts[in.ID]++
		r.log.Error("inbox entry failed", "conversation", in.Key.String(), "message", in.MessageID, "attempt", attempts[in.ID], "err", err)
		if attempts[in.ID] < MaxInboundAttempts && !neverATurn(err) {
			r.metrics.inbound("retried")
			continue
		}
		_ = r.store.DropInbound(ctx, in.ID)
		delete(attempts, in.ID)
		r.metrics.inbound("dropped")
	}
}

// neverATurn reports an error that retrying the inbox entry cannot change: an unknown
// bot or conversation, a message the runtime refuses, a message id already used for
// another message, a turn a pause or cancel interrupted (its answer is recorded), an
// entry that does not decode.
func neverATurn(err error) bool {
	switch parley.ErrorCode(err) {
	case parley.ENOTFOUND, parley.EINVALID, parley.EIDEMPOTENCY, parley.EINTERRUPTED:
		return true
	}
	return false
}

// processOne runs one inbox entry. The commit of a turn or control removes the entry;
// an entry that stands for nothing the runtime can apply is dropped here.
func (r *Relay) processOne(ctx context.Context, in parley.Inbound) error {
	var action chatwoot.Action
	if err := json.Unmarshal(in.Payload, &action); err != nil {
		return parley.WrapError(parley.EINVALID, err, "undecodable inbox entry dropped")
	}
	switch action.Kind {
	case chatwoot.Turn:
		return r.turn(ctx, in, action)
	case chatwoot.StopBot:
		return r.control(ctx, in, parley.ControlPause, action.Reason)
	case chatwoot.Handback:
		return r.control(ctx, in, parley.ControlHandback, action.Reason)
	default:
		return r.store.DropInbound(ctx, in.ID)
	}
}

// turn runs a message's turn with Chatwoot's typing indicator on meanwhile.
func (r *Relay) turn(ctx context.Context, in parley.Inbound, action chatwoot.Action) error {
	client := r.channels[in.Key.Bot].Client
	_, convID, _ := chatwoot.ParseConversationKey(in.Key)
	if client != nil && convID > 0 {
		r.typing(ctx, client, int(convID), true)
		defer r.typing(ctx, client, int(convID), false)
	}
	_, err := r.rt.Turn(ctx, parley.TurnRequest{Key: in.Key, Message: action.Message, Channel: ChannelName, InboundID: in.ID})
	return err
}

// control applies a status change. A control the lifecycle refuses (ECONFLICT: the
// conversation is already where the change would take it, or ended) is dropped.
func (r *Relay) control(ctx context.Context, in parley.Inbound, kind parley.ControlKind, reason string) error {
	_, err := r.rt.Control(ctx, parley.ControlRequest{Key: in.Key, Kind: kind, Reason: reason, InboundID: in.ID, MessageID: in.MessageID})
	if parley.ErrorCode(err) == parley.ECONFLICT {
		return r.store.DropInbound(ctx, in.ID)
	}
	return err
}

// typing toggles Chatwoot's typing indicator; best effort, never blocks a turn long.
func (r *Relay) typing(ctx context.Context, c *chatwoot.Client, convID int, on bool) {
	tctx, cancel := context.WithTimeout(ctx, typingLimit)
	defer cancel()
	if err := c.ToggleTyping(tctx, convID, on); err != nil {
		r.log.Debug("typing indicator", "err", err)
	}
}
