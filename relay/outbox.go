package relay

import (
	"context"
	"time"

	"github.com/parleyhq/parley"
)

// deliverOutbox delivers due outbox entries in claim order until ctx is cancelled;
// it claims again at once after a non-empty batch, else every OutboxPoll.
func (r *Relay) deliverOutbox(ctx context.Context) {
	tick := time.NewTicker(OutboxPoll)
	defer tick.Stop()
	for ctx.Err() == nil {
		if r.deliverBatch(ctx) > 0 {
			continue
		}
		select {
		case <-ctx.Done():
		case <-tick.C:
		}
	}
}

// deliverBatch claims and delivers one batch; it returns how many it claimed.
//
// Every call of the batch ends before the claim's lease does (LeaseMargin before):
// once the lease expires another replica may claim the same entries, and a call
// still in flight here would then be sent twice. The client's own retries (a
// Retry-After of minutes) are cut at that deadline, and the entry waits for its next
// attempt; entries of the batch not started by then are released at once, nothing
// of them having been sent, for the next claim to take in commit order.
func (r *Relay) deliverBatch(ctx context.Context) int {
	claimed := time.Now()
	entries, err := r.store.ClaimOutbox(ctx, claimed.UTC(), OutboxLease, outboxBatch)
	if err != nil && ctx.Err() == nil {
		r.log.Error("claim outbox", "err", err)
	}
	deadline := claimed.Add(OutboxLease - LeaseMargin)
	for i, e := range entries {
		if ctx.Err() != nil {
			break
		}
		if !time.Now().Before(deadline) {
			r.release(ctx, entries[i:])
			break
		}
		r.deliver(ctx, e, deadline)
	}
	return len(entries)
}

// release hands claimed entries that were not attempted back for the next claim.
func (r *Relay) release(ctx context.Context, entries []parley.OutboxEntry) {
	now := time.Now().UTC()
	for _, e := range entries {
		if err := r.store.RetryOutbox(ctx, e.ID, now, "not attempted: its batch ran out of its lease"); err != nil {
			r.log.Error("release outbox", "err", err)
		}
	}
}

// deliver makes an entry's call, cut at deadline, and records the outcome with ctx:
// done, failed for good after a permanent error, or released for a later attempt
// after RetryDelay.
func (r *Relay) deliver(ctx context.Context, e parley.OutboxEntry, deadline time.Time) {
	callCtx, cancel := context.WithDeadline(ctx, deadline)
	err := r.deliverEntry(callCtx, e)
	cancel()
	switch {
	case err == nil:
		r.metrics.delivery("delivered")
		if err := r.store.CompleteOutbox(ctx, e.ID); err != nil {
			r.log.Error("complete outbox", "err", err)
		}
		return
	case permanent(err):
		r.metrics.delivery("permanent_error")
		r.log.Error("outbox delivery failed for good: not retried", "id", e.ID, "kind", e.Kind, "conversation", e.Key.String(), "attempt", e.Attempts, "err", err)
		if ferr := r.store.FailOutbox(ctx, e.ID, err.Error()); ferr != nil {
			r.log.Error("fail outbox", "err", ferr)
		}
		return
	}
	r.metrics.delivery("retryable_error")
	r.log.Warn("outbox delivery failed", "kind", e.Kind, "conversation", e.Key.String(), "attempt", e.Attempts, "err", err)
	if rerr := r.store.RetryOutbox(ctx, e.ID, time.Now().UTC().Add(RetryDelay(e.Attempts)), err.Error()); rerr != nil {
		r.log.Error("retry outbox", "err", rerr)
	}
}

// permanent reports a delivery error retrying cannot change: chatwoot.Deliverer gives
// such errors the code parley.EINVALID (an unknown bot or kind, a malformed payload,
// a 4xx other than 429 from Chatwoot).
func permanent(err error) bool {
	return parley.ErrorCode(err) == parley.EINVALID
}

// RetryDelay is how long an outbox entry waits after its attempts-th failed
// attempt: 2^attempts seconds up to MaxRetryDelay (2 s, 4 s, 8 s, ... 256 s).
func RetryDelay(attempts int) time.Duration {
	return time.Duration(1<<min(max(attempts, 0), 8)) * time.Second
}
