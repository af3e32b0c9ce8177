-- Parley's first schema. Times are INTEGER unix microseconds (UTC); JSON documents
-- are TEXT stored byte for byte as given (engines validate them, not the store).
-- Tables are STRICT so that a value of the wrong type is an error, never a silent
-- affinity conversion.

CREATE TABLE conversations (
    bot        TEXT    NOT NULL,
    id         TEXT    NOT NULL,
    engine     TEXT    NOT NULL,
    state      TEXT    NOT NULL, -- JSON
    lifecycle  TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    turns      INTEGER NOT NULL,
    last_seq   INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (bot, id)
) STRICT;

-- The event log of every conversation: append-only, numbered from 1 without gaps.
CREATE TABLE events (
    bot          TEXT    NOT NULL,
    conversation TEXT    NOT NULL,
    seq          INTEGER NOT NULL,
    type         TEXT    NOT NULL,
    data         TEXT    NOT NULL, -- JSON
    at           INTEGER NOT NULL,
    PRIMARY KEY (bot, conversation, seq),
    FOREIGN KEY (bot, conversation) REFERENCES conversations (bot, id)
) WITHOUT ROWID, STRICT;

CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

-- The answer given to each processed message, replayed on redelivery.
CREATE TABLE processed_messages (
    bot          TEXT    NOT NULL,
    conversation TEXT    NOT NULL,
    message_id   TEXT    NOT NULL,
    response     BLOB    NOT NULL, -- exact bytes
    at           INTEGER NOT NULL,
    PRIMARY KEY (bot, conversation, message_id),
    FOREIGN KEY (bot, conversation) REFERENCES conversations (bot, id)
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
