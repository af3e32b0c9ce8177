-- Parley's first schema. Times are INTEGER unix microseconds (UTC); JSON documents
-- are TEXT stored byte for byte as given (engines validate them, not the store).
-- Tables are STRICT so that a value of the wrong type is an error, never a silent
-- affinity conversion.

-- Everything a turn writes lives in this one table, clustered by conversation: the
-- conversation row (kind 0, item 0), its event log (kind 1, item = seq, append-only,
-- numbered from 1 without gaps) and the answer given to each processed message (kind 2,
-- item = message id, replayed on redelivery). A turn therefore rewrites one B-tree
-- leaf in the common case instead of one leaf per table. The page size (set at Open,
-- before this migration creates the file's first table) keeps such rows inline.
CREATE TABLE conversation_records (
    bot          TEXT    NOT NULL,
    conversation TEXT    NOT NULL,
    kind         INTEGER NOT NULL,
    item         ANY     NOT NULL,
    -- kind 0: the conversation
    engine       TEXT,
    state        TEXT,    -- JSON
    lifecycle    TEXT,
    version      INTEGER,
    turns        INTEGER,
    last_seq     INTEGER,
    created_at   INTEGER,
    -- kind 1: an event
    type         TEXT,
    data         TEXT,    -- JSON
    -- kind 2: a processed message
    response     BLOB,    -- exact bytes
    -- kind 0: updated at; kind 1: the event's time; kind 2: processed at
    at           INTEGER NOT NULL,
    PRIMARY KEY (bot, conversation, kind, item),
    CHECK (
        (kind = 0 AND item = 0 AND engine IS NOT NULL AND state IS NOT NULL AND lifecycle IS NOT NULL
            AND version IS NOT NULL AND turns IS NOT NULL AND last_seq IS NOT NULL AND created_at IS NOT NULL)
        OR (kind = 1 AND typeof(item) = 'integer' AND type IS NOT NULL AND data IS NOT NULL)
        OR (kind = 2 AND typeof(item) = 'text' AND response IS NOT NULL)
    )
) WITHOUT ROWID, STRICT;

-- The event log is append-only: no event is changed or removed, and no other record
-- is turned into one.
CREATE TRIGGER events_no_update BEFORE UPDATE ON conversation_records WHEN OLD.kind = 1 OR NEW.kind = 1
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

CREATE TRIGGER events_no_delete BEFORE DELETE ON conversation_records WHEN OLD.kind = 1
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

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
