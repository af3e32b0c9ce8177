package relay

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/chatwoot"
	"github.com/parleyhq/parley/httpapi"
)

// Webhook is the handler of POST /v1/chatwoot/{bot}: it verifies, classifies and
// commits a webhook to the inbox before it answers 200, with a JSON body whose
// status is "accepted", "ignored" or "duplicate". Errors are httpapi's error bodies.
func (r *Relay) Webhook() http.Handler {
	return http.HandlerFunc(r.serveWebhook)
}

func (r *Relay) serveWebhook(w http.ResponseWriter, req *http.Request) {
	in, action, err := r.inbound(req)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if action.Kind == chatwoot.Ignore {
		accepted(w, "ignored", action.Reason)
		return
	}
	dup, err := r.store.EnqueueInbound(req.Context(), in)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if dup {
		accepted(w, "duplicate", "message already received")
		return
	}
	select {
	case r.kick <- struct{}{}:
	default:
	}
	accepted(w, "accepted", string(action.Kind))
}

// inbound reads, verifies and classifies a webhook into the inbox entry it stands
// for; an action of kind chatwoot.Ignore stands for none.
func (r *Relay) inbound(req *http.Request) (parley.Inbound, chatwoot.Action, error) {
	bot := req.PathValue("bot")
	ch, err := r.channel(bot)
	if err != nil {
		return parley.Inbound{}, chatwoot.Action{}, err
	}
	body, err := httpapi.ReadBody(req)
	if err != nil {
		return parley.Inbound{}, chatwoot.Action{}, err
	}
	if ch.WebhookSecret != "" {
		if err := chatwoot.VerifySignature(ch.WebhookSecret, req.Header, body, time.Now(), SignatureSkew); err != nil {
			return parley.Inbound{}, chatwoot.Action{}, err
		}
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

func accepted(w http.ResponseWriter, status, detail string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(map[string]string{"status": status, "detail": detail})
}
