-- One commit per turn, and a log that keeps what a turn adds (issue 24).
--
-- turns.turn: for a version a user turn made, the turn as parley.TurnRecord keeps it,
-- as JSON text: {"message": {...the message...}, "replies": [...], "transitions":
-- [...], "before": N}. The row's events are then only those the log cannot rebuild
-- (the steps before the turn, the first "before" of them, and the engine's own
-- events): idle -> running, the turn event and running -> idle are rebuilt on read,
-- and so is the response (response is NULL). Rows of earlier layouts (turn NULL) keep
-- their events and responses whole and are read as they are.
ALTER TABLE turns ADD COLUMN turn TEXT;

-- conversations.active_at: the sent_at (unix microseconds, 0 for none) of the last
-- message a turn processed; seed 004's inactivity timeout of a message counts from it.
ALTER TABLE conversations ADD COLUMN active_at INTEGER NOT NULL DEFAULT 0;

-- A turn no longer stores a running mark: one left behind by a server that stopped
-- mid-turn committed nothing of its turn, and the version before it was idle.
UPDATE conversations SET lifecycle = 'idle' WHERE lifecycle = 'running';

DROP VIEW events;
-- events: the events each row stores, for reading with sqlite3 (a turn's rebuilt
-- ones are not rows here; its message and replies are in turns.turn).
CREATE VIEW events (bot, conversation, version, seq, type, at, data) AS
SELECT t.bot, t.conversation, t.version, json_extract(e.value, '$.seq'), json_extract(e.value, '$.type'),
       json_extract(e.value, '$.at'), json_extract(e.value, '$.data')
FROM turns t, json_each(t.events) e;
