-- The layout of package sqlite's migration 0004 (the state as changes), and a turn
-- that writes two rows: the head and its turns row (issue 24).
--
-- conversations.state: the current state, so that reading the live state applies no
-- patch.
ALTER TABLE conversations ADD COLUMN state json;
UPDATE conversations c SET state = t.state
FROM turns t
WHERE t.bot = c.bot AND t.conversation_id = c.conversation_id AND t.version = c.version;

-- turns.back says what turns.state holds (package internal/statelog):
--   0  the state of the row's own version, whole (rows written before this migration);
--   1  an RFC 6902 JSON Patch that turns this version's state into the previous
--      version's;
--   2  the previous version's state, whole (null for version 1): every 16th version,
--      and wherever a patch would not be smaller or would not rebuild it exactly.
ALTER TABLE turns ADD COLUMN back smallint NOT NULL DEFAULT 0;

-- turns.events: the events the version stores, as a JSON array of {"seq", "type",
-- "at", "data"} (at: unix microseconds), as package sqlite keeps them. NULL for rows
-- written before this migration, whose events stay rows of the events table.
-- turns.response: the record a version that is not a turn answered its message id
-- with (a turn's is rebuilt). From this migration on a version writes no events rows
-- and no processed_messages row: its message id is unique among its conversation's
-- turns rows (turns_message), and processed_messages keeps the records written
-- before, read when turns has none.
ALTER TABLE turns ADD COLUMN events json;
ALTER TABLE turns ADD COLUMN response bytea;
CREATE UNIQUE INDEX turns_message ON turns (bot, conversation_id, message_id);

-- parley_duplicate() aborts a commit whose message id processed_messages already
-- holds (a record written before this migration), as the unique index does for
-- the ones in turns.
CREATE FUNCTION parley_duplicate() RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	RAISE EXCEPTION 'the message was already processed' USING ERRCODE = '23505', CONSTRAINT = 'turns_message';
END
$$;
