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

// Where a turn's response (turnlog.Response) holds the state: after the
// replies and before the lifecycle.
var (
	repliesField   = []byte(`,"replies":`)
	stateField     = []byte(`,"state":`)
	lifecycleField = []byte(`,"lifecycle":"idle","version":`)
	// errorLifecycleField is where a turn that completed with an error
	// (TurnRecord.Error) holds its lifecycle.
	errorLifecycleField = []byte(`,"lifecycle":"error","version":`)
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
	to = max(bytes.LastIndex(resp, lifecycleField), bytes.LastIndex(resp, errorLifecycleField))
	if to < from {
		return 0, 0, false
	}
	return from, to, true
}

// hydrateFolded unfolds the hydrated conversation's state and starts what the
// actor keeps to fold the next ones: the marks of the records it read, and whether
// the state is what they rebuild (a state stored whole is checked in full, once).
func (a *actor) hydrateFolded(ctx context.Context, c *parley.Conversation) error {
	a.marks, a.foldable, a.foldBase = nil, false, false
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
		c.State, a.foldBase = state, true
	} else {
		a.foldBase = a.unfoldsFrom(c.State, a.folder.Fold(c.State), recs)
	}
	a.marks = make([]byte, 0, len(recs)+1)
	for i := range recs {
		a.marks = append(a.marks, a.folder.TurnMark(&recs[i]))
	}
	a.foldable = true
	return nil
}

// newFolded starts a new conversation: no turn records, no version stored.
func (a *actor) newFolded() {
	a.marks, a.foldBase = nil, false
	a.foldable = a.folder != nil && a.rt.turns != nil
}

// A commit's fold: the state stored, whether it is folded and, for a turn, the
// marks of the window up to it (kept once the commit is stored).
type commitFold struct {
	state  []byte
	folded bool
	marks  []byte
}

// stored is the state c stores: folded when the fold rebuilds it byte for byte from
// the records a read of its version gets. next is the engine state of a turn (nil
// for any other commit). A turn after a folded version is checked from the turn
// alone (StateFolder.FoldsAfter); a version that is not a turn and keeps the state
// folds as the version before it did; anything else is checked in full against
// the records read from the store (none for a new conversation), at most once per
// window of turns while the conversation's state is stored whole.
func (a *actor) stored(ctx context.Context, c *parley.Commit, next any) commitFold {
	full := c.Conversation.State
	out := commitFold{state: full, marks: a.marks}
	if !a.foldable || len(full) == 0 {
		return out
	}
	if c.Turn != nil {
		out.marks = a.withMark(a.folder.TurnMark(c.Turn))
	}
	folded := a.folder.Fold(full)
	if len(folded) == len(full) {
		return out
	}
	switch {
	case a.foldBase && c.Turn != nil:
		// Exact: false means the full check would fail too.
		out.folded = next != nil && a.folder.FoldsAfter(a.state, next, c.Turn, out.marks)
	case a.foldBase && bytes.Equal(full, a.conv.State):
		out.folded = true
	default:
		recent, ok := a.recentRecords(ctx, c)
		out.folded = ok && a.unfoldsFrom(full, folded, recent)
	}
	if out.folded {
		out.state = folded
	}
	return out
}

// unfoldsFrom is the full check: folded and recent rebuild full byte for byte.
func (a *actor) unfoldsFrom(full, folded []byte, recent []parley.TurnRecord) bool {
	if len(folded) == len(full) {
		return false
	}
	back, err := a.folder.Unfold(folded, recent)
	return err == nil && bytes.Equal(back, full)
}

// recentRecords returns the records a read of c's version gets, for the full
// check: none before the first version, else the store's and c's turn. ok is false
// while a read made in the last window of turns found the state whole (the next
// check waits for the window to turn over) or when the store fails to answer.
func (a *actor) recentRecords(ctx context.Context, c *parley.Commit) ([]parley.TurnRecord, bool) {
	var recent []parley.TurnRecord
	if a.conv.Version > 0 {
		if a.recheckIn > 0 {
			a.recheckIn--
			return nil, false
		}
		a.recheckIn = a.folder.FoldWindow()
		n := a.folder.FoldWindow()
		if c.Turn != nil {
			n--
		}
		var err error
		if recent, err = a.rt.store.turnRecords(ctx, a.key, a.conv.Version, n); err != nil {
			return nil, false
		}
	}
	if c.Turn != nil {
		recent = append(recent, *c.Turn)
	}
	return recent, true
}

// withMark returns the actor's marks with m appended, the window's last ones. It
// appends in place (the actor alone touches its marks): the byte after a.marks is
// free until keepFold takes the same marks.
func (a *actor) withMark(m byte) []byte {
	recent := append(a.marks, m)
	if w := a.folder.FoldWindow(); len(recent) > w {
		recent = recent[len(recent)-w:]
	}
	return recent
}

// keepFold takes a stored commit's fold as the actor's.
func (a *actor) keepFold(f commitFold) {
	if a.foldable {
		a.marks, a.foldBase = f.marks, f.folded
	}
}
