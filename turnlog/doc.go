// Package turnlog owns the stored form of a turn: how a user turn's record
// (parley.TurnRecord, plain data in the root) is encoded for a store and decoded
// back (Encode, Decode), and what every store and the runtime rebuild from it byte
// for byte: the turn's lifecycle steps and turn event (Expand, LogEvents), the
// response the turn answered (Response), and the replies' and transitions' JSON
// (AppendReplies, AppendTransitions). It also owns the processed-message record a
// commit stores as bytes (WrapRecord, FullResponse), the fold bookkeeping of a
// conversation's one committer (Fold: whether a state is stored without what its
// turn records rebuild, parley.StateFolder), and the one Reader through which
// every read of a stored state (the runtime's, the HTTP API's) gets it whole.
//
// The stores keep only what a turn adds, and this package is the one place that
// knows how the rest is derived, so a field added to a stored type is one edit
// here plus its test. The SQL that lays the records out is each store's own; what
// a flows state leaves out when folded is the flows engine's.
package turnlog
