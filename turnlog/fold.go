package turnlog

import (
	"bytes"
	"context"
	"unsafe"

	"github.com/parleyhq/parley"
)

// Fold is the fold bookkeeping of one conversation, the one value its only
// committer (the runtime's actor) holds to store its states folded
// (parley.StateFolder): a state is stored folded when the fold rebuilds it byte
// for byte from the turn records a later read gets (the last FoldWindow turns up
// to the version: their marks are kept, read when the conversation is hydrated
// and appended as turns are committed), and whole otherwise. Reading a folded
// state whole is the Reader's; the stores, and their statelog caches, only ever
// see the stored form.
type Fold struct {
	folder parley.StateFolder
	// on says the states are folded (the bot's engine folds and the store reads
	// turn records); marks are the TurnMarks of the conversation's last
	// FoldWindow turn records up to the base version; base says the base
	// version's state is what those records rebuild (the next turn is checked from
	// the turn alone); recheckIn counts the turns until a state stored whole is
	// checked against the store's records again.
	on        bool
	base      bool
	marks     []byte
	recheckIn int
}

// NewFold returns the bookkeeping of a conversation whose states folder folds
// (Reader.Folder; nil folds nothing).
func NewFold(folder parley.StateFolder) Fold { return Fold{folder: folder} }

// Reset forgets the conversation, to be hydrated again.
func (f *Fold) Reset() { f.marks, f.on, f.base = nil, false, false }

// Start starts a new conversation: no turn records, no version stored.
func (f *Fold) Start() {
	f.marks, f.base = nil, false
	f.on = f.folder != nil
}

// Hydrate reads the hydrated conversation c's state whole (through r) and starts
// from the records it was read with: their marks, and whether the state is what
// they rebuild (a state stored whole is checked in full, once).
func (f *Fold) Hydrate(ctx context.Context, r *Reader, key parley.ConversationKey, c *parley.Conversation) error {
	f.Reset()
	if f.folder == nil {
		// Not folded by this runtime; a state folded by another is read whole, or
		// refused when this store cannot read the records it unfolds from.
		state, _, err := r.State(ctx, key, c.Version, c.State)
		c.State = state
		return err
	}
	folded := f.folder.Folded(c.State)
	state, recs, err := r.State(ctx, key, c.Version, c.State)
	if err != nil {
		return err
	}
	if folded {
		c.State, f.base = state, true
	} else {
		// Stored whole: read the records the next folds are checked against.
		if recs, err = r.TurnRecords(ctx, key, c.Version, f.folder.FoldWindow()); err != nil {
			return err
		}
		f.base = f.unfoldsFrom(c.State, f.folder.Fold(c.State), recs)
	}
	f.marks = make([]byte, 0, len(recs)+1)
	for i := range recs {
		f.marks = append(f.marks, f.folder.TurnMark(&recs[i]))
	}
	f.on = true
	return nil
}

// Based reports whether the base version's state is what its records rebuild, so
// that a commit keeping it (a call's intent) may store it folded (Folded).
func (f *Fold) Based() bool { return f.on && f.base }

// Folded is state without what the records rebuild (StateFolder.Fold).
func (f *Fold) Folded(state []byte) []byte { return f.folder.Fold(state) }

// Unbase says the next commit's base is not what the records rebuild (a state
// stored whole, like a call's intent, becomes the base).
func (f *Fold) Unbase() { f.base = false }

// Base is the version a commit follows, as the committer holds it: its number,
// its state whole and the engine state it decodes to.
type Base struct {
	Version int64
	State   []byte
	Engine  any
}

// Stored is a commit's fold: the state stored, whether it is folded and, for a
// turn, the marks of the window up to it (kept once the commit is stored: Keep).
type Stored struct {
	State  []byte
	folded bool
	marks  []byte
}

// Stored returns the state c stores: folded when the fold rebuilds it byte for byte
// from the records a read of its version gets. base is the version c follows; next
// is the engine state of a turn (nil for any other commit). A turn after a folded
// version is checked from the turn alone (StateFolder.FoldsAfter); a version that
// is not a turn and keeps the state folds as the version before it did; anything
// else is checked in full against the records read through r (none for a new
// conversation), at most once per window of turns while the conversation's state
// is stored whole.
func (f *Fold) Stored(ctx context.Context, r *Reader, c *parley.Commit, base Base, next any) Stored {
	full := c.Conversation.State
	out := Stored{State: full, marks: f.marks}
	if !f.on || len(full) == 0 {
		return out
	}
	if c.Turn != nil {
		out.marks = f.withMark(f.folder.TurnMark(c.Turn))
	}
	folded := f.folder.Fold(full)
	if len(folded) == len(full) {
		return out
	}
	switch {
	case f.base && c.Turn != nil:
		// Exact: false means the full check would fail too.
		out.folded = next != nil && f.folder.FoldsAfter(base.Engine, next, c.Turn, out.marks)
	case f.base && bytes.Equal(full, base.State):
		out.folded = true
	default:
		recent, ok := f.recentRecords(ctx, r, c, base.Version)
		out.folded = ok && f.unfoldsFrom(full, folded, recent)
	}
	if out.folded {
		out.State = folded
	}
	return out
}

// Keep takes a stored commit's fold as the base of the next.
func (f *Fold) Keep(s Stored) {
	if f.on {
		f.marks, f.base = s.marks, s.folded
	}
}

// unfoldsFrom is the full check: folded and recent rebuild full byte for byte.
func (f *Fold) unfoldsFrom(full, folded []byte, recent []parley.TurnRecord) bool {
	if len(folded) == len(full) {
		return false
	}
	back, err := f.folder.Unfold(folded, recent)
	return err == nil && bytes.Equal(back, full)
}

// recentRecords returns the records a read of c's version gets, for the full
// check: none before the first version, else the store's up to version (c's
// base) and c's turn. ok is false while a read made in the last window of turns
// found the state whole (the next check waits for the window to turn over) or
// when the store fails to answer.
func (f *Fold) recentRecords(ctx context.Context, r *Reader, c *parley.Commit, version int64) ([]parley.TurnRecord, bool) {
	var recent []parley.TurnRecord
	if version > 0 {
		if f.recheckIn > 0 {
			f.recheckIn--
			return nil, false
		}
		f.recheckIn = f.folder.FoldWindow()
		n := f.folder.FoldWindow()
		if c.Turn != nil {
			n--
		}
		var err error
		if recent, err = r.TurnRecords(ctx, c.Conversation.Key, version, n); err != nil {
			return nil, false
		}
	}
	if c.Turn != nil {
		if recent == nil {
			// A new conversation's one record is c's own: viewed, not copied into a
			// slice of its own (the check only reads it).
			return unsafe.Slice(c.Turn, 1), true
		}
		recent = append(recent, *c.Turn)
	}
	return recent, true
}

// withMark returns the marks with m appended, the window's last ones. It appends
// in place (the committer alone touches its marks): the byte after f.marks is free
// until Keep takes the same marks.
func (f *Fold) withMark(m byte) []byte {
	recent := append(f.marks, m)
	if w := f.folder.FoldWindow(); len(recent) > w {
		recent = recent[len(recent)-w:]
	}
	return recent
}
