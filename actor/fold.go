package actor

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/parleyhq/parley"
)

// Folded states (parley.StateFolder). A bot whose engine folds its state has it
// stored without the members its turn log rebuilds: the actor, the only committer,
// folds a state at commit time when the fold rebuilds it byte for byte from the
// turn records a later read gets (the last FoldWindow turns up to the version: the
// actor keeps them, read when it hydrates and appended as it commits turns), and
// stores it whole otherwise. Every read that hands a stored state out unfolds it with
// the records up to its version: the actor's hydrate, GET of a conversation, the
// conversation list and the answer of an already processed message id (replay), so
// that no reader sees a folded state. The stores, and their statelog caches, only
// ever see the stored (folded) form.

// folderOf returns the bot engine's StateFolder, nil when it has none or folds
// nothing.
func folderOf(bot *parley.Bot) parley.StateFolder {
	if bot == nil {
		return nil
	}
	f, ok := parley.EngineAs[parley.StateFolder](bot.Engine)
	if !ok || f.FoldWindow() <= 0 {
		return nil
	}
	return f
}

// unfoldState returns the stored state of key's version as the engine gave it,
// with the turn records it was unfolded from (nil when it was not folded).
func unfoldState(ctx context.Context, turns parley.TurnReader, f parley.StateFolder, key parley.ConversationKey, version int64, state []byte) ([]byte, []parley.TurnRecord, error) {
	if f == nil || !f.Folded(state) {
		return state, nil, nil
	}
	if turns == nil {
		return nil, nil, parley.Errorf(parley.EINTERNAL, "the stored state of %s is folded and the store cannot read turn records", key)
	}
	recs, err := turns.TurnRecords(ctx, key, version, f.FoldWindow())
	if err != nil {
		return nil, nil, err
	}
	full, err := f.Unfold(state, recs)
	if err != nil {
		return nil, nil, parley.WrapError(parley.EINVALIDSTATE, err, "stored state of %s version %d does not unfold", key, version)
	}
	return full, recs, nil
}

// Where a turn's response (parley.TurnRecord.Response) holds the state: after the
// replies and before the lifecycle.
var (
	repliesField   = []byte(`,"replies":`)
	stateField     = []byte(`,"state":`)
	lifecycleField = []byte(`,"lifecycle":"idle","version":`)
)

// unfoldProcessed returns p with the state of its version unfolded: in State for a
// record, in the response a store rebuilt for a turn (which embeds the stored state).
func unfoldProcessed(ctx context.Context, turns parley.TurnReader, f parley.StateFolder, key parley.ConversationKey, p parley.Processed) (parley.Processed, error) {
	if f == nil || p.Version == 0 {
		return p, nil
	}
	if p.Message == nil {
		state, _, err := unfoldState(ctx, turns, f, key, p.Version, p.State)
		p.State = state
		return p, err
	}
	from, to, ok := responseState(p.Response)
	if !ok {
		return p, nil
	}
	state, _, err := unfoldState(ctx, turns, f, key, p.Version, p.Response[from:to])
	if err != nil || len(state) == to-from && bytes.Equal(state, p.Response[from:to]) {
		return p, err
	}
	body := make([]byte, 0, len(p.Response)-(to-from)+len(state))
	body = append(body, p.Response[:from]...)
	body = append(body, state...)
	p.Response = append(body, p.Response[to:]...)
	return p, nil
}

// responseState finds the state in a turn's response: the value after the replies
// (the first "replies" member: the ids before it are strings, where a quote is
// escaped) up to the lifecycle (the last one: transitions and event types after it
// hold no such member).
func responseState(resp []byte) (from, to int, ok bool) {
	i := bytes.Index(resp, repliesField)
	if i < 0 {
		return 0, 0, false
	}
	i += len(repliesField)
	dec := json.NewDecoder(bytes.NewReader(resp[i:]))
	var replies json.RawMessage
	if dec.Decode(&replies) != nil {
		return 0, 0, false
	}
	from = i + int(dec.InputOffset())
	if !bytes.HasPrefix(resp[from:], stateField) {
		return 0, 0, false
	}
	from += len(stateField)
	to = bytes.LastIndex(resp, lifecycleField)
	if to < from {
		return 0, 0, false
	}
	return from, to, true
}

// hydrateFolded unfolds the hydrated conversation's state and keeps the records it
// needs to fold the next ones.
func (a *actor) hydrateFolded(ctx context.Context, c *parley.Conversation) error {
	a.records, a.foldable = nil, false
	if a.folder == nil {
		return nil
	}
	if a.rt.turns == nil {
		state, _, err := unfoldState(ctx, nil, a.folder, a.key, c.Version, c.State)
		c.State = state
		return err
	}
	recs, err := a.rt.store.turnRecords(ctx, a.key, c.Version, a.folder.FoldWindow())
	if err != nil {
		return err
	}
	if a.folder.Folded(c.State) {
		state, err := a.folder.Unfold(c.State, recs)
		if err != nil {
			return parley.WrapError(parley.EINVALIDSTATE, err, "stored state of %s version %d does not unfold", a.key, c.Version)
		}
		c.State = state
	}
	a.records, a.foldable = recs, true
	return nil
}

// newFolded starts a new conversation's records: it has none.
func (a *actor) newFolded() {
	a.records, a.foldable = nil, a.folder != nil && a.rt.turns != nil
}

// stored is the state c stores: folded when the fold rebuilds it byte for byte from
// the records a read of its version gets (the actor's, with the commit's turn).
func (a *actor) stored(c *parley.Commit) []byte {
	full := c.Conversation.State
	if !a.foldable || len(full) == 0 {
		return full
	}
	folded := a.folder.Fold(full)
	if len(folded) == len(full) {
		return full
	}
	recent := a.records
	if c.Turn != nil {
		recent = a.withRecord(*c.Turn)
	}
	back, err := a.folder.Unfold(folded, recent)
	if err != nil || !bytes.Equal(back, full) {
		return full
	}
	return folded
}

// withRecord returns the actor's records with rec appended, the window's last
// ones. It appends in place (the actor alone touches its records): the slot after
// a.records is free, and keepRecord then takes the same record into it.
func (a *actor) withRecord(rec parley.TurnRecord) []parley.TurnRecord {
	w := a.folder.FoldWindow()
	// When the array is full, append moves the window (w records) to a new one.
	recent := append(a.records, rec)
	if len(recent) > w {
		recent = recent[len(recent)-w:]
	}
	return recent
}

// keepRecord takes a committed turn's record into the actor's window.
func (a *actor) keepRecord(c *parley.Commit) {
	if a.foldable && c.Turn != nil {
		a.records = a.withRecord(*c.Turn)
	}
}
