package actor

import (
	"context"
	"encoding/json"
	"time"

	"github.com/parleyhq/parley"
)

// Handbacker is implemented by engines with a handoff state that a human can hand
// back (seed 000: handoff -> idle "only after explicit human resolution").
type Handbacker interface {
	Handback(state any, reason string, at time.Time) (parley.Decision, error)
}

// controlChange is what a control does to the conversation before it is committed:
// the lifecycle it moves to, the state it sets and the events that record both.
type controlChange struct {
	req    parley.ControlRequest
	reason string
	at     time.Time
	lc     parley.Lifecycle
	next   parley.Conversation // the conversation to commit, lifecycle and version aside
	events []parley.Event
}

// controlCmd applies a control: a pause, resume or cancel moves the lifecycle, a
// reset or handback sets the engine state (waking a conversation that is not live
// first), and one commit stores the change with its events.
func (a *actor) controlCmd(ctx context.Context, req parley.ControlRequest) (parley.Result, error) {
	if err := a.controlReady(ctx, req); err != nil {
		return parley.Result{}, err
	}
	ch := &controlChange{req: req, reason: controlReason(req), at: a.now(), lc: a.conv.Lifecycle, next: a.conv}
	if err := a.applyControl(ch); err != nil {
		a.invalidate()
		return parley.Result{}, err
	}
	return a.commitControl(ctx, ch)
}

// controlReady hydrates and refuses what the control cannot act on: a conversation
// never stored, a resume of one that is not paused, a handback to an engine without a handoff. A timeout that fell due while
// no actor was live (a restart, a passivation) is applied first, and the control
// acts on the completed conversation.
func (a *actor) controlReady(ctx context.Context, req parley.ControlRequest) error {
	if err := a.hydrate(ctx); err != nil {
		return err
	}
	if a.conv.Version == 0 {
		a.stopping = true
		return parley.Errorf(parley.ENOTFOUND, "conversation %s not found", a.key)
	}
	if a.expired(a.now(), a.deadline()) {
		if err := a.complete(ctx, "inactivity timeout", a.deadline()); err != nil {
			return err
		}
		a.stopping = false
	}
	switch req.Kind {
	case parley.ControlResume:
		if a.conv.Lifecycle != parley.LifecyclePaused {
			return parley.Errorf(parley.ECONFLICT, "conversation %s is %s, not paused", a.key, a.conv.Lifecycle)
		}
	case parley.ControlHandback:
		_, err := a.handbacker()
		return err
	}
	return nil
}

func (a *actor) handbacker() (Handbacker, error) {
	hb, ok := parley.EngineAs[Handbacker](a.bot.Engine)
	if !ok {
		return nil, parley.Errorf(parley.EINVALID, "bot %s (engine %s) has no handoff to hand back", a.key.Bot, a.bot.Engine.Kind())
	}
	return hb, nil
}

// applyControl makes the control's change, not yet committed.
func (a *actor) applyControl(ch *controlChange) error {
	switch ch.req.Kind {
	case parley.ControlPause:
		return a.controlMove(ch, LifecycleEventPause)
	case parley.ControlResume:
		return a.controlMove(ch, LifecycleEventProcessInteraction)
	case parley.ControlCancel:
		return a.controlMove(ch, LifecycleEventCancel)
	case parley.ControlReset:
		if err := a.wake(ch); err != nil {
			return err
		}
		return a.reset(ch)
	case parley.ControlHandback:
		if err := a.wake(ch); err != nil {
			return err
		}
		return a.handback(ch)
	}
	return nil
}

// controlMove takes the control's lifecycle event. Entering a terminal state records
// the stopped event, and the actor ends once the change is committed.
func (a *actor) controlMove(ch *controlChange, ev LifecycleEvent) error {
	st, err := move(ch.lc, ev, ch.reason)
	if err != nil {
		return parley.WrapError(parley.ECONFLICT, err, "cannot %s a conversation that is %s", ch.req.Kind, ch.lc)
	}
	ch.events = append(ch.events, a.stateChanged(st, ch.at))
	if st.stops() {
		ch.events = append(ch.events, a.event(parley.EventStopped, parley.StoppedEvent{Reason: ch.reason}, ch.at))
		a.stopping = true
	}
	a.rt.opts.Metrics.lifecycle(a.key.Bot, st.from, st.to)
	ch.lc = st.to
	return nil
}

// wake brings a conversation that is not live (new, terminal or paused) to idle
// before a reset or a handback, with the steps a message would take (spawn).
func (a *actor) wake(ch *controlChange) error {
	t := &turnRun{at: ch.at}
	if err := a.spawn(t, ch.lc); err != nil {
		return err
	}
	ch.events = append(ch.events, t.steps...)
	for _, st := range t.moves {
		ch.lc = st.to
	}
	return nil
}

// reset starts the engine state over, recorded by a reset event.
func (a *actor) reset(ch *controlChange) error {
	st := a.bot.Engine.NewState(a.key)
	encoded, err := encodeState(st)
	if err != nil {
		return err
	}
	ch.next.State = encoded
	ch.events = append(ch.events, a.event("reset", map[string]string{"reason": ch.reason}, ch.at))
	a.state = st
	return nil
}

// handback asks the engine to leave its handoff: its decision is recorded as a turn
// without a message, with the engine's events.
func (a *actor) handback(ch *controlChange) error {
	hb, err := a.handbacker()
	if err != nil {
		return err
	}
	d, err := hb.Handback(a.state, ch.reason, ch.at)
	if err != nil {
		return err
	}
	if ch.next.State, err = encodeState(d.State); err != nil {
		return err
	}
	ch.events = append(ch.events, a.event(parley.EventTurn, parley.TurnEvent{MessageID: "", Transitions: nonNil(d.Transitions)}, ch.at))
	for _, e := range d.Events {
		ch.events = append(ch.events, a.event(e.Type, e.Data, ch.at))
	}
	a.state = d.State
	return nil
}

// commitControl commits the change with its events, and the control's message id
// as processed when it has one (a channel's status change, applied once), and
// answers with the conversation view.
func (a *actor) commitControl(ctx context.Context, ch *controlChange) (parley.Result, error) {
	next := ch.next
	next.Lifecycle = ch.lc
	next.Version++
	next.UpdatedAt = ch.at
	c := &parley.Commit{Conversation: next, ExpectedVersion: a.conv.Version, Events: ch.events, InboundID: ch.req.InboundID}
	if ch.req.MessageID != "" {
		c.MessageID, c.Response = ch.req.MessageID, []byte(`{"control":"`+string(ch.req.Kind)+`"}`)
	}
	if err := a.commitPublish(ctx, c); err != nil {
		a.stopping = false
		return parley.Result{}, err
	}
	if !a.stopping {
		a.armInactivity()
	}
	body, err := json.Marshal(a.view())
	return parley.Result{Body: body}, err
}

// controlReason is the control's reason, else the one a lifecycle control gives by default.
func controlReason(req parley.ControlRequest) string {
	if req.Reason != "" {
		return req.Reason
	}
	switch req.Kind {
	case parley.ControlPause:
		return "paused"
	case parley.ControlResume:
		return "resumed"
	case parley.ControlCancel:
		return "user_cancelled"
	}
	return ""
}

func nonNil(t []parley.Transition) []parley.Transition {
	if t == nil {
		return []parley.Transition{}
	}
	return t
}
