-- Parley's first schema. Times are INTEGER unix microseconds (UTC); JSON documents
-- are TEXT or BLOB stored byte for byte as given (engines validate them, not the
-- store). Tables are STRICT so that a value of the wrong type is an error, never a
-- silent affinity conversion.

-- The conversation log: one row per Commit, appended at the right edge of a rowid
-- B-tree (INTEGER PRIMARY KEY), so that a commit fills the last leaf sequentially
-- instead of splitting and rebalancing leaves in the middle of a tree, and the turns
-- of one group commit share pages. A row holds what its commit wrote: the events
-- first_seq..last_seq (first_seq = last_seq + 1 when there are none), the state of
-- that version once, and the answer to message_id. body is the binary record of
-- package sqlite (record.go): the state, the response with the state's bytes cut out
-- (spliced back on read) and the events with their exact data. The log is append-only.
CREATE TABLE conversation_log (
    id           INTEGER PRIMARY KEY,
    bot          TEXT    NOT NULL,
    conversation TEXT    NOT NULL,
    version      INTEGER NOT NULL,
    first_seq    INTEGER NOT NULL,
    last_seq     INTEGER NOT NULL,
    message_id   TEXT,
    at           INTEGER NOT NULL,
    body         BLOB    NOT NULL,
    CHECK (first_seq >= 1 AND last_seq >= first_seq - 1)
) STRICT;

-- A message id is processed once per conversation: the answer given is replayed on
-- redelivery, and a second commit of it is EDUPLICATE.
CREATE UNIQUE INDEX conversation_log_message ON conversation_log (bot, conversation, message_id)
    WHERE message_id IS NOT NULL;

-- Events(afterSeq) pages through the rows that carry events, in seq order.
CREATE INDEX conversation_log_events ON conversation_log (bot, conversation, last_seq)
    WHERE last_seq >= first_seq;

CREATE TRIGGER conversation_log_no_update BEFORE UPDATE ON conversation_log
BEGIN
    SELECT RAISE(ABORT, 'the conversation log is append-only');
END;

CREATE TRIGGER conversation_log_no_delete BEFORE DELETE ON conversation_log
BEGIN
    SELECT RAISE(ABORT, 'the conversation log is append-only');
END;

-- The current version of each conversation, small and updated in place; its state is
-- the one recorded in the log row state_log_id.
CREATE TABLE conversations (
    bot          TEXT    NOT NULL,
    conversation TEXT    NOT NULL,
    engine       TEXT    NOT NULL,
    lifecycle    TEXT    NOT NULL,
    version      INTEGER NOT NULL,
    turns        INTEGER NOT NULL,
    last_seq     INTEGER NOT NULL,
    state_log_id INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (bot, conversation)
) WITHOUT ROWID, STRICT;

-- Side effects to deliver after commit, leased to one worker at a time.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    bot             TEXT    NOT NULL,
    conversation    TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    idempotency_key TEXT    NOT NULL UNIQUE,
    payload         TEXT    NOT NULL, -- JSON
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_until     INTEGER,
    status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
    last_error      TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL
) STRICT;

-- Claims walk the pending entries in id (creation) order without touching done ones.
CREATE INDEX outbox_pending ON outbox (id) WHERE status = 'pending';

-- The durable inbox: accepted webhooks not yet processed.
CREATE TABLE inbound (
    id           INTEGER PRIMARY KEY,
    bot          TEXT    NOT NULL,
    conversation TEXT    NOT NULL,
    message_id   TEXT    NOT NULL,
    channel      TEXT    NOT NULL,
    payload      TEXT    NOT NULL, -- JSON
    received_at  INTEGER NOT NULL,
    UNIQUE (bot, conversation, message_id)
) STRICT;

-- Versioned flow definitions; a new version never replaces an old one.
CREATE TABLE flows (
    id         TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    definition TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (id, version)
) WITHOUT ROWID, STRICT;
