package relay

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/chatwoot"
)

// ChannelName names the Chatwoot channel on the relay's inbox entries and turns
// (parley.Inbound.Channel, parley.TurnRequest.Channel).
const ChannelName = "chatwoot"

// Pipeline timing and batch sizes (see the package doc).
const (
	// SignatureSkew is how old a signed webhook may be.
	SignatureSkew = 5 * time.Minute
	// InboxPoll is how often the inbox is read when no webhook kicks it: entries
	// left by a crash or a failed attempt are taken up again at this pace.
	InboxPoll = time.Second
	// MaxInboundAttempts bounds the attempts of an inbox entry that keeps failing.
	MaxInboundAttempts = 5
	// OutboxPoll is how often the outbox is claimed when the last claim was empty.
	OutboxPoll = 200 * time.Millisecond
	// OutboxLease is how long a claimed entry is this relay's to deliver.
	OutboxLease = 30 * time.Second
	// LeaseMargin is how long before its lease expires a batch's calls are cut: the
	// time a cancelled call takes to end, and the clock skew between replicas.
	LeaseMargin = 5 * time.Second
	// MaxRetryDelay caps the delay before an outbox entry's next attempt.
	MaxRetryDelay = 256 * time.Second

	inboxBatch  = 100
	outboxBatch = 16
	typingLimit = 2 * time.Second
)

// Store is the part of a parley.Store the relay uses: the inbox it fills and drains
// and the outbox it delivers.
type Store interface {
	parley.Inbox
	parley.Outbox
}

// Channel is one bot's Chatwoot channel.
type Channel struct {
	// Client calls the bot's Chatwoot account: replies, handoff and typing.
	Client *chatwoot.Client
	// WebhookSecret verifies each webhook's signature; empty accepts unsigned
	// webhooks.
	WebhookSecret string
}

// Options configure a Relay. Store and Runtime are required.
type Options struct {
	Store   Store
	Runtime parley.Conversations
	// Channels are the bots with a Chatwoot channel, by bot name.
	Channels map[string]Channel
	// Logger defaults to discarding.
	Logger *slog.Logger
	// Metrics may be nil.
	Metrics *Metrics
	// Deliverers deliver the outbox entries of other kinds than Chatwoot's, by
	// kind (a handoff webhook, package handoff): the outbox worker runs for them
	// even when no bot has a Chatwoot channel.
	Deliverers map[string]Deliverer
}

// Deliverer makes the call an outbox entry asks for; an error with code
// parley.EINVALID is permanent (the entry fails for good), any other is retried.
type Deliverer interface {
	Deliver(ctx context.Context, e parley.OutboxEntry) error
}

// Relay runs the Chatwoot channel of every configured bot: the webhook handler, the
// inbox processor and the outbox deliverer.
type Relay struct {
	store     Store
	rt        parley.Conversations
	channels  map[string]Channel
	deliverer *chatwoot.Deliverer
	others    map[string]Deliverer
	log       *slog.Logger
	metrics   *Metrics
	// kick wakes the inbox processor when a webhook was enqueued.
	kick chan struct{}
}

// New returns a Relay; it does nothing until Run, except answer webhooks.
func New(opts Options) *Relay {
	r := &Relay{
		store:    opts.Store,
		rt:       opts.Runtime,
		channels: make(map[string]Channel, len(opts.Channels)),
		log:      opts.Logger,
		metrics:  opts.Metrics,
		others:   opts.Deliverers,
		kick:     make(chan struct{}, 1),
	}
	clients := make(map[string]*chatwoot.Client, len(opts.Channels))
	for bot, ch := range opts.Channels {
		r.channels[bot] = ch
		clients[bot] = ch.Client
	}
	r.deliverer = chatwoot.NewDeliverer(clients)
	if r.log == nil {
		r.log = slog.New(slog.DiscardHandler)
	}
	return r
}

// ChannelOutboxes is the runtime's Options.Channels entry for the relay's turns: the
// replies of a turn that came through the relay become Chatwoot outbox entries
// committed with the turn.
func ChannelOutboxes() map[string]parley.ChannelOutbox {
	return map[string]parley.ChannelOutbox{ChannelName: chatwoot.Channel{}}
}

// Run processes the inbox and delivers the outbox until ctx is cancelled, and returns
// when both have stopped. Without channels or other deliverers it returns at once;
// with other deliverers alone it delivers the outbox only.
func (r *Relay) Run(ctx context.Context) {
	if len(r.channels) == 0 && len(r.others) == 0 {
		return
	}
	var wg sync.WaitGroup
	if len(r.channels) > 0 {
		wg.Go(func() { r.processInbox(ctx) })
	}
	wg.Go(func() { r.deliverOutbox(ctx) })
	wg.Wait()
}

// deliverEntry hands an entry to the deliverer of its kind: another's, else Chatwoot's.
func (r *Relay) deliverEntry(ctx context.Context, e parley.OutboxEntry) error {
	if d := r.others[e.Kind]; d != nil {
		return d.Deliver(ctx, e)
	}
	return r.deliverer.Deliver(ctx, e)
}
