// Package turnlog owns the stored form of a turn: how a user turn's record
// (parley.TurnRecord, plain data in the root) is encoded for a store and decoded
// back (Encode, Decode), and what every store and the runtime rebuild from it byte
// for byte: the turn's lifecycle steps and turn event (Expand, LogEvents), the
// response the turn answered (Response), and the replies' and transitions' JSON
// (AppendReplies, AppendTransitions). The stores keep only what a turn adds; this
// package is the one place that knows how the rest is derived, so a field added
// to a stored type is one edit here plus its test.
//
// The SQL that lays the records out is each store's own; a flows state's fold
// (what it leaves out because the records hold it) is the flows engine's.
package turnlog
