package parley

import "context"

// StateFolder is implemented by engines whose state repeats what the conversation's
// turn log already holds (the flows engine's message history and trace: every user
// text, reply and transition is in the turn records). The runtime stores such a
// state folded, without those members, and unfolds it from the last turn records on
// every read that hands a state out, so that every reader (the API, the CLI, SSE,
// scenarios, replays) sees the state exactly as the engine returned it, byte for
// byte, while a turn stores only what it adds.
//
// The runtime folds a state only when Unfold(Fold(state), recent) is state byte for
// byte, recent being the same records a later read gets (TurnReader.TurnRecords up
// to the state's version); any other state (a reset, a hand-written state, anything
// the derivation misses) is stored whole, as before. Correctness therefore never
// rests on the derivation's edge cases, only on Unfold being a pure function of its
// arguments. The check is made in full (unfold and compare) where the runtime has
// the records at hand, and for a turn that follows a folded version by induction
// (FoldsAfter): what the turn appended is what its own record rebuilds, so that a
// live conversation keeps one byte per turn of its window, not the records.
//
// The folded form must describe itself: Unfold returns a state that is not folded
// as it is, so that stored states written whole, before folding or by anyone else,
// read back unchanged.
type StateFolder interface {
	// FoldWindow is how many of the last turn records Unfold needs (n > 0); 0 turns
	// folding off.
	FoldWindow() int
	// Fold returns state without the members the turn records rebuild, or state
	// itself when it has nothing to fold. It does not modify state.
	Fold(state []byte) []byte
	// Folded reports whether a stored state is folded (Unfold needs the records).
	Folded(state []byte) bool
	// Unfold rebuilds the state Fold was given from the folded state and recent, the
	// conversation's last FoldWindow turn records up to the state's version, oldest
	// first. A state that is not folded is returned as is.
	Unfold(folded []byte, recent []TurnRecord) ([]byte, error)
	// TurnMark is what FoldsAfter needs to know of a turn record once the runtime no
	// longer holds it: one byte (the runtime keeps the marks of the last FoldWindow
	// turns, not the records).
	TurnMark(rec *TurnRecord) byte
	// FoldsAfter is the commit-time check for a turn, from the turn alone: it
	// reports whether Unfold(Fold(encoded next), recent) is next's encoding byte for
	// byte, recent being the last FoldWindow records up to rec, given that prev, the
	// engine state before the turn, is what the records before rec rebuild. prev and
	// next are engine states (as Decide takes and returns them); marks are the
	// TurnMarks of recent, oldest first, rec's last. It must never report true when
	// the full check (unfold and compare) would fail; false stores the state whole.
	FoldsAfter(prev, next any, rec *TurnRecord, marks []byte) bool
}

// TurnReader reads the conversation's turn log backwards: what a folded state is
// unfolded from (StateFolder). Every store implements it (ConversationLog).
type TurnReader interface {
	// TurnRecords returns the turn records (Commit.Turn) of the conversation's last
	// n versions that were user turns, among versions 1 to version, oldest first:
	// versions that were not turns (controls, failed or interrupted turns, versions
	// written before the turn log) are skipped. Each record reads back as it was
	// committed (message times at nanosecond precision, replies and transitions byte
	// for byte). An unknown conversation has none.
	TurnRecords(ctx context.Context, key ConversationKey, version int64, n int) ([]TurnRecord, error)
}
