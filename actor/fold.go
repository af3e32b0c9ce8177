package actor

import (
	"bytes"
	"context"

	"github.com/parleyhq/parley"
)

// Folded states (parley.StateFolder). A bot whose engine folds its state has it
// stored without the members its turn log rebuilds: the actor, the only committer,
// folds a state at commit time when the fold rebuilds it byte for byte from the
// turn records a later read gets (the last FoldWindow turns up to the version: the
// actor keeps them, read when it hydrates and appended as it commits turns), and
// stores it whole otherwise. Every read that hands a stored state out unfolds it with
// the records up to its version (turnlog.Reader: the actor's hydrate, GET of a
// conversation, the conversation list and the answer of an already processed
// message id), so that no reader sees a folded state. The stores, and their statelog caches, only
// ever see the stored (folded) form.

// hydrateFolded unfolds the hydrated conversation's state and starts what the
// actor keeps to fold the next ones: the marks of the records it read, and whether
// the state is what they rebuild (a state stored whole is checked in full, once).
func (a *actor) hydrateFolded(ctx context.Context, c *parley.Conversation) error {
	a.marks, a.foldable, a.foldBase = nil, false, false
	if a.folder == nil {
		// Not folded by this runtime; a state folded by another is read whole, or
		// refused when this store cannot read the records it unfolds from.
		state, _, err := a.rt.reader.State(ctx, a.key, c.Version, c.State)
		c.State = state
		return err
	}
	folded := a.folder.Folded(c.State)
	state, recs, err := a.rt.reader.State(ctx, a.key, c.Version, c.State)
	if err != nil {
		return err
	}
	if folded {
		c.State, a.foldBase = state, true
	} else {
		// Stored whole: read the records the next folds are checked against.
		if recs, err = a.rt.reader.TurnRecords(ctx, a.key, c.Version, a.folder.FoldWindow()); err != nil {
			return err
		}
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
	a.foldable = a.folder != nil
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
		if recent, err = a.rt.reader.TurnRecords(ctx, a.key, a.conv.Version, n); err != nil {
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
