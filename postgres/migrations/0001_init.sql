-- Parley's tables, the same logical tables as package sqlite. Every identifier is
-- unqualified: the store's search_path (Options.Schema) decides where they live.

-- conversations: one row per conversation, the fence of every Commit (version).
CREATE TABLE conversations (
	bot             text        NOT NULL,
	conversation_id text        NOT NULL,
	engine          text        NOT NULL,
	state           json,
	lifecycle       text        NOT NULL,
	version         bigint      NOT NULL CHECK (version > 0),
	turns           bigint      NOT NULL,
	last_seq        bigint      NOT NULL,
	created_at      timestamptz NOT NULL,
	updated_at      timestamptz NOT NULL,
	CONSTRAINT conversations_pkey PRIMARY KEY (bot, conversation_id)
);

-- events: the append-only log of a conversation, numbered from 1 without gaps.
CREATE TABLE events (
	bot             text        NOT NULL,
	conversation_id text        NOT NULL,
	seq             bigint      NOT NULL,
	type            text        NOT NULL,
	data            json,
	at              timestamptz NOT NULL,
	CONSTRAINT events_pkey PRIMARY KEY (bot, conversation_id, seq)
);

-- processed_messages: the answer given to each message id, so a redelivered message
-- is answered the same way and changes nothing.
CREATE TABLE processed_messages (
	bot             text        NOT NULL,
	conversation_id text        NOT NULL,
	message_id      text        NOT NULL,
	response        bytea,
	processed_at    timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT processed_messages_pkey PRIMARY KEY (bot, conversation_id, message_id)
);

-- outbox: side effects delivered after commit; a lease (leased_until) makes one
-- worker of one replica own an entry at a time.
CREATE TABLE outbox (
	id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	bot             text        NOT NULL,
	conversation_id text        NOT NULL,
	kind            text        NOT NULL,
	idempotency_key text        NOT NULL,
	payload         json,
	status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
	attempts        integer     NOT NULL DEFAULT 0,
	next_attempt_at timestamptz NOT NULL,
	leased_until    timestamptz,
	last_error      text        NOT NULL DEFAULT '',
	created_at      timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT outbox_idempotency_key_key UNIQUE (idempotency_key)
);
-- Claims walk the pending entries in creation order without touching done ones.
CREATE INDEX outbox_pending ON outbox (id) WHERE status = 'pending';

-- inbound: webhooks accepted and not yet turned into a committed turn.
CREATE TABLE inbound (
	id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	bot             text        NOT NULL,
	conversation_id text        NOT NULL,
	message_id      text        NOT NULL,
	channel         text        NOT NULL,
	payload         json,
	received_at     timestamptz NOT NULL,
	CONSTRAINT inbound_message_key UNIQUE (bot, conversation_id, message_id)
);

-- flows: versioned flow definitions (YAML or JSON, stored as given).
CREATE TABLE flows (
	id              text        NOT NULL,
	version         integer     NOT NULL CHECK (version > 0),
	definition      bytea       NOT NULL,
	created_at      timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT flows_pkey PRIMARY KEY (id, version)
);

-- parley_conflict aborts a Commit statement whose version fence found no row, so that
-- nothing pipelined after it (the notification) runs. SQLSTATE PY409 is Parley's
-- ECONFLICT. Volatile, so that the planner never evaluates it ahead of time.
CREATE FUNCTION parley_conflict() RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	RAISE EXCEPTION 'the conversation is not at the expected version' USING ERRCODE = 'PY409';
END
$$;
