package relay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/chatwoot"
)

// ReceiveWebhook takes a webhook of POST /v1/chatwoot/{bot} (httpapi serves the
// route): it verifies, classifies and commits it to the inbox, and says what
// became of it, status "accepted", "ignored" or "duplicate", with a detail.
func (r *Relay) ReceiveWebhook(ctx context.Context, bot string, header http.Header, readBody func() ([]byte, error)) (status, detail string, err error) {
	in, action, err := r.inbound(bot, header, readBody)
	if err != nil {
		return "", "", err
	}
	if action.Kind == chatwoot.Ignore {
		return "ignored", action.Reason, nil
	}
	dup, err := r.store.EnqueueInbound(ctx, in)
	if err != nil {
		return "", "", err
	}
	if dup {
		return "duplicate", "message already received", nil
	}
	select {
	case r.kick <- struct{}{}:
	default:
	}
	return "accepted", string(action.Kind), nil
}

// verifiedBody reads a webhook's body and verifies its signature when the channel
// has a webhook secret.
func verifiedBody(ch Channel, header http.Header, readBody func() ([]byte, error)) ([]byte, error) {
	body, err := readBody()
	if err != nil {
		return nil, err
	}
	if ch.WebhookSecret != "" {
		if err := chatwoot.VerifySignature(ch.WebhookSecret, header, body, time.Now(), SignatureSkew); err != nil {
			return nil, err
		}
	}
	return body, nil
}

// inbound reads, verifies and classifies a webhook into the inbox entry it stands
// for; an action of kind chatwoot.Ignore stands for none.
func (r *Relay) inbound(bot string, header http.Header, readBody func() ([]byte, error)) (parley.Inbound, chatwoot.Action, error) {
	ch, err := r.channel(bot)
	if err != nil {
		return parley.Inbound{}, chatwoot.Action{}, err
	}
	body, err := verifiedBody(ch, header, readBody)
	if err != nil {
		return parley.Inbound{}, chatwoot.Action{}, err
	}
	hook, err := chatwoot.ParseWebhook(body)
	if err != nil {
		return parley.Inbound{}, chatwoot.Action{}, err
	}
	action := hook.Classify(bot)
	if action.Kind == chatwoot.Ignore {
		return parley.Inbound{}, action, nil
	}
	id := deliveryID(action, body)
	// Ids derived from the webhook obey the bounds of ids from any other door.
	if err := errors.Join(action.Key.Check(), parley.CheckID("message id", id)); err != nil {
		return parley.Inbound{}, action, err
	}
	payload, err := json.Marshal(action)
	if err != nil {
		return parley.Inbound{}, action, err
	}
	return parley.Inbound{
		Key: action.Key, MessageID: id, Channel: ChannelName, Payload: payload, ReceivedAt: time.Now().UTC(),
	}, action, nil
}

// channel returns a bot's channel: ENOTFOUND (or the runtime's EINVALID for a
// malformed name) for a bot that is unknown or has no Chatwoot channel.
func (r *Relay) channel(bot string) (Channel, error) {
	ch, ok := r.channels[bot]
	if ok {
		return ch, nil
	}
	if _, err := r.rt.Bot(bot); err != nil {
		return Channel{}, err
	}
	return Channel{}, parley.Errorf(parley.ENOTFOUND, "bot %s has no Chatwoot channel", bot)
}

// deliveryID is the inbox entry's message id: the Chatwoot message id of a turn. A
// status change has no message id: its delivery is named by its body, and the
// control records that name as processed (ControlRequest.MessageID), so a replayed
// delivery is a duplicate even after it was applied.
func deliveryID(action chatwoot.Action, body []byte) string {
	if action.Kind == chatwoot.Turn {
		return action.Message.ID
	}
	sum := sha256.Sum256(body)
	return string(action.Kind) + ":" + hex.EncodeToString(sum[:8])
}
