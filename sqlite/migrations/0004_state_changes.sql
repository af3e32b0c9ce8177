-- The state as changes (issue 24): the conversation's head holds its current state,
-- and each version's turns row only the way back to the state before it
-- (package internal/statelog).
--
-- turns.back says what turns.state holds:
--   0  the state of the row's own version, whole (every row written before this
--      migration: they are kept as they are);
--   1  an RFC 6902 JSON Patch that turns this version's state into the previous
--      version's;
--   2  the previous version's state, whole (null for version 1): every 16th
--      version (statelog.SnapshotEvery), and wherever a patch would not be smaller
--      or would not rebuild the state byte for byte.
-- The state of an old version is the head's state with the patches of the rows
-- after it applied, newest first, starting from the first of them that holds a whole
-- state (Processed rebuilds a replayed answer this way).
ALTER TABLE turns ADD COLUMN back INTEGER NOT NULL DEFAULT 0;

-- conversations becomes a rowid table holding the current state: a state is larger
-- than what a WITHOUT ROWID table keeps in its leaves (about 2 KB on 8 KiB pages;
-- more goes to overflow pages, rewritten at every update), and an update of a rowid
-- row touches its leaf only (the unique index on the key does not change). It no
-- longer points at a turns row: a new turns row takes the next rowid.
CREATE TABLE conversations_v4 (
    id           INTEGER PRIMARY KEY,
    bot          TEXT    NOT NULL,
    conversation TEXT    NOT NULL,
    engine       TEXT    NOT NULL,
    lifecycle    TEXT    NOT NULL,
    version      INTEGER NOT NULL,
    turns        INTEGER NOT NULL,
    last_seq     INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    active_at    INTEGER NOT NULL DEFAULT 0,
    state        TEXT    NOT NULL,
    UNIQUE (bot, conversation)
) STRICT;

INSERT INTO conversations_v4 (bot, conversation, engine, lifecycle, version, turns, last_seq, created_at, updated_at, active_at, state)
SELECT c.bot, c.conversation, c.engine, c.lifecycle, c.version, c.turns, c.last_seq, c.created_at, c.updated_at, c.active_at,
       coalesce(t.state, 'null')
FROM conversations c LEFT JOIN turns t ON t.id = c.turn_id
ORDER BY c.bot, c.conversation;

DROP TABLE conversations;
ALTER TABLE conversations_v4 RENAME TO conversations;
