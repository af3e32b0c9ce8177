package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/chatwoot"
	"github.com/parleyhq/parley/httpapi"
)

// channelWorkers run the Chatwoot channel: the webhook route, the durable inbox
// processor and the outbox deliverer.
//
// A webhook is verified, classified and committed to the store's inbox before the
// 2xx; the processor turns inbox entries into turns whose commit removes the entry
// and adds the replies to the outbox in the same transaction; the deliverer sends
// outbox entries to Chatwoot, each at most once per success. A crash anywhere in
// between loses nothing and repeats nothing: the inbox and outbox survive restarts,
// the message id makes a turn idempotent, and an outbox entry is completed only after
// Chatwoot accepted it.
type channelWorkers struct {
	configs   map[string]*ChatwootConfig
	clients   map[string]*chatwoot.Client
	deliverer *chatwoot.Deliverer
	log       *slog.Logger
	// inbox and outbox are the parts of the store the workers use.
	inbox  parley.Inbox
	outbox parley.Outbox

	kick   chan struct{}
	cancel context.CancelFunc
	wg     sync.WaitGroup
	now    func() time.Time
}

func newChannelWorkers(w *wiring, logger *slog.Logger) (*channelWorkers, error) {
	cw := &channelWorkers{
		configs: w.chatwoot,
		clients: map[string]*chatwoot.Client{},
		log:     logger,
		kick:    make(chan struct{}, 1),
		now:     time.Now,
	}
	for bot, c := range w.chatwoot {
		client, err := chatwoot.NewClient(chatwoot.ClientConfig{BaseURL: c.URL, AccountID: c.AccountID, BotToken: c.BotToken, HTTPClient: tracedHTTPClient(0)})
		if err != nil {
			return nil, parley.WrapError(parley.EINVALID, err, "bot %s: chatwoot", bot)
		}
		cw.clients[bot] = client
	}
	cw.deliverer = chatwoot.NewDeliverer(cw.clients)
	return cw, nil
}

// outboxes maps the channel name to its reply mapper for the runtime.
func (cw *channelWorkers) outboxes() map[string]actor.ChannelOutbox {
	return map[string]actor.ChannelOutbox{"chatwoot": chatwoot.Channel{}}
}

// signatureSkew is how old a signed webhook may be.
const signatureSkew = 5 * time.Minute

// webhook is POST /v1/chatwoot/{bot}.
func (cw *channelWorkers) webhook(rt *actor.Runtime) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bot := r.PathValue("bot")
		cfg, ok := cw.configs[bot]
		if !ok {
			if _, err := rt.Bot(bot); err != nil {
				httpapi.WriteError(w, err)
				return
			}
			httpapi.WriteError(w, parley.Errorf(parley.ENOTFOUND, "bot %s has no Chatwoot channel", bot))
			return
		}
		body, err := httpapi.ReadBody(r)
		if err != nil {
			httpapi.WriteError(w, err)
			return
		}
		if cfg.WebhookSecret != "" {
			if err := chatwoot.VerifySignature(cfg.WebhookSecret, r.Header, body, cw.now(), signatureSkew); err != nil {
				httpapi.WriteError(w, err)
				return
			}
		}
		hook, err := chatwoot.ParseWebhook(body)
		if err != nil {
			httpapi.WriteError(w, err)
			return
		}
		action := hook.Classify(bot)
		if action.Kind == chatwoot.Ignore {
			writeAccepted(w, "ignored", action.Reason)
			return
		}
		id := action.Message.ID
		if action.Kind != chatwoot.Turn {
			// A status change has no message id: its delivery is named by its body,
			// and the control records that name as processed (ControlRequest.MessageID),
			// so a replayed delivery is a duplicate even after it was applied.
			sum := sha256.Sum256(body)
			id = string(action.Kind) + ":" + hex.EncodeToString(sum[:8])
		}
		// Ids derived from the webhook obey the bounds of ids from any other door.
		if err := errors.Join(action.Key.Check(), parley.CheckID("message id", id)); err != nil {
			httpapi.WriteError(w, err)
			return
		}
		payload, err := json.Marshal(action)
		if err != nil {
			httpapi.WriteError(w, err)
			return
		}
		dup, err := cw.inbox.EnqueueInbound(r.Context(), parley.Inbound{
			Key: action.Key, MessageID: id, Channel: "chatwoot", Payload: payload, ReceivedAt: cw.now().UTC(),
		})
		if err != nil {
			httpapi.WriteError(w, err)
			return
		}
		if dup {
			writeAccepted(w, "duplicate", "message already received")
			return
		}
		select {
		case cw.kick <- struct{}{}:
		default:
		}
		writeAccepted(w, "accepted", string(action.Kind))
	})
}

func writeAccepted(w http.ResponseWriter, status, detail string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(map[string]string{"status": status, "detail": detail})
}

// start runs the inbox processor and the outbox deliverer until stop.
func (cw *channelWorkers) start(ctx context.Context, rt *actor.Runtime) {
	if len(cw.configs) == 0 {
		return
	}
	ctx, cw.cancel = context.WithCancel(context.WithoutCancel(ctx))
	cw.wg.Add(2)
	go cw.processInbox(ctx, rt)
	go cw.deliverOutbox(ctx, cw.outbox)
}

func (cw *channelWorkers) stop() {
	if cw.cancel != nil {
		cw.cancel()
	}
	cw.wg.Wait()
}

// maxInboundAttempts bounds retries of an inbox entry that keeps failing.
const maxInboundAttempts = 5

func (cw *channelWorkers) processInbox(ctx context.Context, rt *actor.Runtime) {
	defer cw.wg.Done()
	attempts := map[int64]int{}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		items, err := cw.inbox.PendingInbound(ctx, 100)
		if err != nil && ctx.Err() == nil {
			cw.log.Error("read inbox", "err", err)
		}
		for _, in := range items {
			if ctx.Err() != nil {
				return
			}
			if err := cw.processOne(ctx, rt, in); err != nil {
				attempts[in.ID]++
				cw.log.Error("inbox entry failed", "conversation", in.Key.String(), "message", in.MessageID, "attempt", attempts[in.ID], "err", err)
				if attempts[in.ID] >= maxInboundAttempts || neverATurn(err) {
					_ = cw.inbox.DropInbound(ctx, in.ID)
					delete(attempts, in.ID)
				}
			} else {
				delete(attempts, in.ID)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-cw.kick:
		case <-tick.C:
		}
	}
}

// neverATurn reports an error that retrying the inbox entry cannot change: an unknown
// bot or conversation, a message the runtime refuses, a message id already used for
// another message, a turn a pause or cancel interrupted (its answer is recorded).
func neverATurn(err error) bool {
	switch parley.ErrorCode(err) {
	case parley.ENOTFOUND, parley.EINVALID, parley.EIDEMPOTENCY, parley.EINTERRUPTED:
		return true
	}
	return false
}

func (cw *channelWorkers) processOne(ctx context.Context, rt *actor.Runtime, in parley.Inbound) error {
	var action chatwoot.Action
	if err := json.Unmarshal(in.Payload, &action); err != nil {
		_ = cw.inbox.DropInbound(ctx, in.ID)
		return parley.WrapError(parley.EINVALID, err, "undecodable inbox entry dropped")
	}
	switch action.Kind {
	case chatwoot.Turn:
		client := cw.clients[in.Key.Bot]
		_, convID, _ := chatwoot.ParseConversationKey(in.Key)
		if client != nil && convID > 0 {
			cw.typing(ctx, client, int(convID), true)
			defer cw.typing(ctx, client, int(convID), false)
		}
		_, err := rt.Turn(ctx, actor.Request{Key: in.Key, Message: action.Message, Channel: "chatwoot", InboundID: in.ID})
		return err
	case chatwoot.StopBot:
		_, err := rt.Control(ctx, actor.ControlRequest{Key: in.Key, Kind: actor.ControlPause, Reason: action.Reason, InboundID: in.ID, MessageID: in.MessageID})
		if parley.ErrorCode(err) == parley.ECONFLICT {
			return cw.inbox.DropInbound(ctx, in.ID)
		}
		return err
	case chatwoot.Handback:
		_, err := rt.Control(ctx, actor.ControlRequest{Key: in.Key, Kind: actor.ControlHandback, Reason: action.Reason, InboundID: in.ID, MessageID: in.MessageID})
		if parley.ErrorCode(err) == parley.ECONFLICT {
			return cw.inbox.DropInbound(ctx, in.ID)
		}
		return err
	default:
		return cw.inbox.DropInbound(ctx, in.ID)
	}
}

// typing toggles Chatwoot's typing indicator; best effort, never blocks a turn long.
func (cw *channelWorkers) typing(ctx context.Context, c *chatwoot.Client, convID int, on bool) {
	tctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := c.ToggleTyping(tctx, convID, on); err != nil {
		cw.log.Debug("typing indicator", "err", err)
	}
}

const outboxLease = 30 * time.Second

func (cw *channelWorkers) deliverOutbox(ctx context.Context, store parley.Outbox) {
	defer cw.wg.Done()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		entries, err := store.ClaimOutbox(ctx, cw.now().UTC(), outboxLease, 16)
		if err != nil && ctx.Err() == nil {
			cw.log.Error("claim outbox", "err", err)
		}
		for _, e := range entries {
			if err := cw.deliverer.Deliver(ctx, e); err != nil {
				backoff := time.Duration(1<<min(e.Attempts, 8)) * time.Second
				cw.log.Warn("outbox delivery failed", "kind", e.Kind, "conversation", e.Key.String(), "attempt", e.Attempts, "err", err)
				if rerr := store.RetryOutbox(ctx, e.ID, cw.now().UTC().Add(backoff), err.Error()); rerr != nil {
					cw.log.Error("retry outbox", "err", rerr)
				}
				continue
			}
			if err := store.CompleteOutbox(ctx, e.ID); err != nil {
				cw.log.Error("complete outbox", "err", err)
			}
		}
		if len(entries) > 0 {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
