-- The logical schema of package sqlite's migration 0002: the conversation's head
-- (conversations, no state of its own), one turns row per committed version holding
-- the state of that version once, the events, and the processed messages, whose
-- response the actor commits without the state it embeds (version says which turns
-- row's state goes back in on replay; 0 for a response recorded whole before this
-- migration). SQLite keeps a version's events as a JSON array and its processed
-- message in the turns row (one B-tree page less per turn, with views named events
-- and processed_messages); PostgreSQL keeps them as rows of their own tables.
-- JSON is json, not jsonb: jsonb normalises the text, and a replayed response must be
-- the bytes first returned.

-- turns: one row per committed version. first_seq..last_seq are the events the commit
-- appended (last_seq = first_seq - 1 when there are none).
CREATE TABLE turns (
	bot             text        NOT NULL,
	conversation_id text        NOT NULL,
	version         bigint      NOT NULL CHECK (version > 0),
	at              timestamptz NOT NULL,
	lifecycle       text        NOT NULL,
	message_id      text,
	first_seq       bigint      NOT NULL,
	last_seq        bigint      NOT NULL,
	state           json,
	CONSTRAINT turns_pkey PRIMARY KEY (bot, conversation_id, version)
);

-- Each existing conversation's current version and state become its first turns row;
-- the versions before it kept no state in the first layout.
INSERT INTO turns (bot, conversation_id, version, at, lifecycle, message_id, first_seq, last_seq, state)
SELECT bot, conversation_id, version, updated_at, lifecycle, NULL, last_seq + 1, last_seq, state
FROM conversations;

ALTER TABLE conversations DROP COLUMN state;

ALTER TABLE processed_messages ADD COLUMN version bigint NOT NULL DEFAULT 0;
ALTER TABLE processed_messages ALTER COLUMN version DROP DEFAULT;
