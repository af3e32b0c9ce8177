package actor

import (
	"context"
	"time"

	"github.com/parleyhq/parley"
)

// sweeper makes seed 004's inactivity timer durable: a conversation whose actor is
// not live (the server restarted, or the actor was passivated) has no timer in
// memory, so the sweeper finds in the store the idle or paused conversations whose
// last change is older than their bot's inactivity timeout and sends their actors
// cmdExpire, which completes them. It also finds the running conversations whose
// call intent's lease ran out (intent.go: a server stopped during a call) and sends
// their actors cmdResume, which sends the call again under its key and commits its
// outcome, so that the outcome reaches the conversation and its subscribers without
// waiting for the user's next message. Each such intent is resumed once this way
// (a resume that gets no definite answer leaves the conversation idle with the call
// pending, for the user's next message); only a server that stops again during the
// resumed call leaves another.
//
// The first pass, at start, reads every conversation of every bot; later passes read only the conversations whose timeout fell due since
// the previous pass, newest first from the cutoff (the listing's order), so a pass
// costs what fell due, not the whole store. It needs the store's optional
// ListConversations; without it timers that fell due while no actor was live are
// applied when the conversation is next touched (a turn, a control).
type sweeper struct {
	r      *Runtime
	cancel context.CancelFunc
	done   chan struct{}
}

// sweepPage is how many conversations one listing call reads.
const sweepPage = 100

func startSweeper(r *Runtime) *sweeper {
	ctx, cancel := context.WithCancel(r.ctx)
	s := &sweeper{r: r, cancel: cancel, done: make(chan struct{})}
	if _, ok := r.store.Store.(parley.ConversationLister); !ok {
		close(s.done)
		return s
	}
	r.wg.Go(func() {
		defer close(s.done)
		s.run(ctx)
	})
	return s
}

// stop ends the sweeper's pass (its store calls are cancelled) and waits for it.
func (s *sweeper) stop() {
	s.cancel()
	<-s.done
}

// interval is a quarter of the shortest inactivity timeout, within 1 s and 1 min, so
// that a timeout is applied at most that late.
func (s *sweeper) interval() time.Duration {
	shortest := s.r.opts.Inactivity
	for _, b := range s.r.bots {
		if b.InactivityTimeout > 0 && b.InactivityTimeout < shortest {
			shortest = b.InactivityTimeout
		}
	}
	return min(max(min(shortest, s.r.opts.IntentLease)/4, time.Second), time.Minute)
}

func (s *sweeper) run(ctx context.Context) {
	expiries, resumes := map[string]time.Time{}, map[string]time.Time{}
	t := time.NewTimer(0)
	defer t.Stop()
	for full := true; ; full = false {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		for _, b := range s.r.bots {
			timeout := b.InactivityTimeout
			if timeout <= 0 {
				timeout = s.r.opts.Inactivity
			}
			s.pass(ctx, b, sweep{timeout: timeout, kind: cmdExpire, due: expiryDue}, full, expiries)
			if cr, ok := parley.EngineAs[parley.CallResumer](b.Engine); ok && cr.ResumesCalls() {
				s.pass(ctx, b, sweep{timeout: s.r.opts.IntentLease, kind: cmdResume, due: resumeDue}, full, resumes)
			}
		}
		t.Reset(s.interval())
	}
}

// sweep is one kind of sweep: the conversations unchanged for timeout that due
// accepts get command kind.
type sweep struct {
	timeout time.Duration
	kind    commandKind
	due     func(c parley.Conversation, cutoff time.Time) bool
}

// pass sweeps one bot's conversations, a page at a time; prev holds each bot's
// cutoff of the last pass of this sweep.
func (s *sweeper) pass(ctx context.Context, b *parley.Bot, sw sweep, full bool, prev map[string]time.Time) {
	cutoff := s.r.opts.Now().UTC().Add(-sw.timeout)
	q := parley.ConversationQuery{Bot: b.Name, Limit: sweepPage}
	if !full {
		q.After = &parley.ConversationPosition{UpdatedAt: cutoff}
	}
	lister, _ := s.r.store.Store.(parley.ConversationLister)
	for {
		var page []parley.Conversation
		err := s.r.store.call(ctx, "a conversation list", func(ctx context.Context) (err error) {
			page, err = lister.ListConversations(ctx, q)
			return err
		})
		if err != nil {
			if ctx.Err() == nil {
				s.r.log.Warn("inactivity sweep", "bot", b.Name, "err", err)
			}
			return
		}
		if !s.sweepPage(ctx, page, sw, full, prev[b.Name], cutoff) {
			if ctx.Err() == nil {
				prev[b.Name] = cutoff
			}
			return
		}
		if len(page) < q.Limit {
			break
		}
		last := page[len(page)-1]
		q.After = &parley.ConversationPosition{UpdatedAt: last.UpdatedAt, ID: last.Key.ID}
	}
	prev[b.Name] = cutoff
}

// sweepPage sends the sweep's command to the actor of each conversation of page
// that is due. It reports false when the pass is over: the sweeper stopped, or a
// later pass reached a conversation the previous one had seen (older than its cutoff
// prev: the listing is newest first, so the rest were seen too).
func (s *sweeper) sweepPage(ctx context.Context, page []parley.Conversation, sw sweep, full bool, prev, cutoff time.Time) bool {
	for _, c := range page {
		if !full && !c.UpdatedAt.After(prev) {
			return false
		}
		if sw.due(c, cutoff) {
			if _, err := s.r.send(ctx, c.Key, command{kind: sw.kind}); err != nil && ctx.Err() == nil {
				s.r.log.Warn("sweep", "conversation", c.Key.String(), "err", err)
			}
		}
		if ctx.Err() != nil {
			return false
		}
	}
	return true
}

// expiryDue reports whether c's inactivity timer fell due: an idle or paused
// conversation unchanged since cutoff.
func expiryDue(c parley.Conversation, cutoff time.Time) bool {
	idle := c.Lifecycle == parley.LifecycleIdle || c.Lifecycle == parley.LifecyclePaused
	return idle && c.UpdatedAt.Before(cutoff)
}

// resumeDue reports whether c is a call intent whose lease ran out: running,
// unchanged since cutoff.
func resumeDue(c parley.Conversation, cutoff time.Time) bool {
	return c.Lifecycle == parley.LifecycleRunning && c.UpdatedAt.Before(cutoff)
}
