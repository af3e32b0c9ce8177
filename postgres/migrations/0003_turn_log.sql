-- The layout of package sqlite's migration 0003: one commit per turn, and a log that
-- keeps what a turn adds.
--
-- turns.turn: for a version a user turn made, the turn as parley.TurnRecord keeps it
-- ({"message", "replies", "transitions", "before"}). The events table then holds only
-- the events the log cannot rebuild (the steps before the turn, the engine's own):
-- idle -> running, the turn event and running -> idle have no rows and are rebuilt on
-- read (their seqs, between first_seq and last_seq, are the gaps), and the turn's
-- processed_messages row has no response (rebuilt too). Rows of earlier layouts (turn
-- NULL) are read as they are.
ALTER TABLE turns ADD COLUMN turn json;

-- conversations.active_at: the sent_at of the last message a turn processed; seed
-- 004's inactivity timeout of a message counts from it.
ALTER TABLE conversations ADD COLUMN active_at timestamptz;

-- A turn no longer stores a running mark: one left behind by a server that stopped
-- mid-turn committed nothing of its turn, and the version before it was idle.
UPDATE conversations SET lifecycle = 'idle' WHERE lifecycle = 'running';
