package actor

import (
	"context"
	"encoding/json"
	"time"

	"github.com/parleyhq/parley"
)

// interrupted applies a pause or cancel that arrived while a turn was deciding (seed
// 004: Running --Pause--> Paused, Running --Cancel--> Cancelled). The decision is
// dropped: the conversation keeps the state it had before the turn. One commit
// stores the lifecycle change, idle -> running before it (so that the stored log is
// a path of the table), the stopped event for a cancel (with partial_response, the
// reply text streamed so far) and, under the interrupted message's id, an
// interrupted record: the turn's caller gets EINTERRUPTED and so does every retry of
// that message, which therefore never runs its turn (or its webhook action) again.
//
// Pause semantics: the interrupted message is answered, not parked. Resume does
// not run it again; the user's next message (a new id) is processed from the
// pre-turn state. Its webhook action, if one was sent, keeps its idempotency key
// (flows.ActionRequest: the key names the execution, from the turn that first
// sends it, and the interrupted turn committed none), so the next message that
// runs the action again sends the same key and a receiver that honours it books
// once.
func (a *actor) interrupted(ctx context.Context, req parley.TurnRequest, stop *command, streamed string, running step, runningAt time.Time) (parley.Result, error) {
	in, err := a.interrupt(ctx, req, stop.control, streamed, running, runningAt)
	if err != nil {
		stop.done <- commandResult{err: err}
		return parley.Result{}, err
	}
	body, err := json.Marshal(a.view())
	stop.done <- commandResult{parley.Result{Body: body}, err}
	return parley.Result{}, interruptedError(req.Message.ID, in)
}

// interrupt commits the interruption ctl makes of req's turn and returns it.
func (a *actor) interrupt(ctx context.Context, req parley.TurnRequest, ctl parley.ControlRequest, streamed string, running step, runningAt time.Time) (*parley.Interruption, error) {
	move := lifecycle.pause
	if ctl.Kind == parley.ControlCancel {
		move = lifecycle.cancel
	}
	st, err := move(lifecycle(parley.LifecycleRunning), controlReason(ctl))
	if err != nil {
		return nil, err
	}
	at := a.now()
	in := &parley.Interruption{Lifecycle: st.to, Reason: st.reason, PartialResponse: streamed}
	events := []parley.Event{a.stateChanged(running, runningAt), a.stateChanged(st, at)}
	if st.stops() {
		events = append(events, a.event(parley.EventStopped, parley.StoppedEvent{Reason: in.Reason, PartialResponse: in.PartialResponse}, at))
	}
	rec, err := json.Marshal(interruptedRecord{Interrupted: *in})
	if err != nil {
		return nil, err
	}
	next := a.conv
	next.Lifecycle = st.to
	next.Version++
	next.UpdatedAt = at
	c := &parley.Commit{
		Conversation: next, ExpectedVersion: a.conv.Version, Events: events,
		MessageID: req.Message.ID, Response: wrapRecord(messageDigest(req.Message), rec), InboundID: req.InboundID,
	}
	// Subscribers had idle -> running live.
	if err := a.commitPublish(ctx, c, 0); err != nil {
		// The running mark stays stored and is this actor's: the next command
		// recovers it. Neither caller learns what was written; both may retry.
		a.ownMark = a.conv.Version
		return nil, parley.WrapError(parley.EUNAVAILABLE, err, "the store did not confirm the %s; retrying is safe", ctl.Kind)
	}
	a.remember(req.Message.ID)
	a.rt.opts.Metrics.lifecycle(a.key.Bot, st.from, st.to)
	if st.stops() {
		a.stopping = true
	} else {
		a.armInactivity()
	}
	if ctl.InboundID != 0 {
		_ = a.rt.store.DropInbound(ctx, ctl.InboundID)
	}
	return in, nil
}

// view is the conversation as GET shows it.
func (a *actor) view() parley.ConversationView {
	return parley.ConversationView{ConversationSummary: parley.SummaryOf(a.key, a.conv), Live: !a.stopping}
}
