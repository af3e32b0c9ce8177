-- Readable rows: JSON is TEXT (sqlite3's json functions read it; no JSONB), times are
-- unix microseconds (UTC).
--
-- turns: one row per committed version, appended at the right edge of a rowid B-tree
-- (INTEGER PRIMARY KEY), so that a turn fills the last leaf sequentially and the turns
-- of one group commit share it, instead of splitting and rebalancing leaves in the
-- middle of a tree (clustering turns by conversation in a WITHOUT ROWID table wrote
-- half as many WAL pages again: docs/performance.md). A row holds what its commit
-- wrote: the state at that version (stored once), the events (a JSON array of
-- {"seq","type","at","data"}, seqs first_seq..last_seq; last_seq = first_seq - 1 when
-- there are none; the turn event carries what the user sent) and, when it processed a
-- message, the message id and the response.
-- The actor commits its response without the state it embeds ("state":null) and
-- splices this row's state back on replay; response_version says which version's
-- state goes back in: this row's, or 0 for a response migrated whole from the first
-- layout.
CREATE TABLE turns (
    id               INTEGER PRIMARY KEY,
    bot              TEXT    NOT NULL,
    conversation     TEXT    NOT NULL,
    version          INTEGER NOT NULL,
    at               INTEGER NOT NULL,
    lifecycle        TEXT    NOT NULL,
    message_id       TEXT,
    first_seq        INTEGER NOT NULL,
    last_seq         INTEGER NOT NULL,
    events           TEXT    NOT NULL,
    state            TEXT    NOT NULL,
    response         TEXT,
    response_version INTEGER,
    CHECK (first_seq >= 1 AND last_seq >= first_seq - 1)
) STRICT;

-- The one index a turn maintains. It finds a conversation's turns (all of them: NULL
-- message ids are distinct) and refuses a second commit of a message id (EDUPLICATE);
-- its small entries sit together per conversation.
CREATE UNIQUE INDEX turns_message ON turns (bot, conversation, message_id);

CREATE TRIGGER turns_no_update BEFORE UPDATE ON turns
BEGIN
    SELECT RAISE(ABORT, 'turns are append-only');
END;

CREATE TRIGGER turns_no_delete BEFORE DELETE ON turns
BEGIN
    SELECT RAISE(ABORT, 'turns are append-only');
END;

-- conversations: the head of each conversation, small and updated in place. It keeps
-- no state of its own: the state is the one of the turns row turn_id (its version).
CREATE TABLE conversations_v2 (
    bot          TEXT    NOT NULL,
    conversation TEXT    NOT NULL,
    engine       TEXT    NOT NULL,
    lifecycle    TEXT    NOT NULL,
    version      INTEGER NOT NULL,
    turns        INTEGER NOT NULL,
    last_seq     INTEGER NOT NULL,
    turn_id      INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (bot, conversation)
) WITHOUT ROWID, STRICT;

-- Package sqlite copies the first layout's conversation_log into turns here (its
-- records are binary, keeping their ids), then the statements after the marker
-- finish the migration.
-- go:convert-log

INSERT INTO conversations_v2 (bot, conversation, engine, lifecycle, version, turns, last_seq, turn_id, created_at, updated_at)
SELECT bot, conversation, engine, lifecycle, version, turns, last_seq, state_log_id, created_at, updated_at FROM conversations;
DROP TABLE conversations;
ALTER TABLE conversations_v2 RENAME TO conversations;
DROP TRIGGER conversation_log_no_update;
DROP TRIGGER conversation_log_no_delete;
DROP TABLE conversation_log;

-- events: the events as rows, for reading with sqlite3.
CREATE VIEW events (bot, conversation, version, seq, type, at, data) AS
SELECT t.bot, t.conversation, t.version, json_extract(e.value, '$.seq'), json_extract(e.value, '$.type'),
       json_extract(e.value, '$.at'), json_extract(e.value, '$.data')
FROM turns t, json_each(t.events) e;
