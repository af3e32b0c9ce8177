-- The message index keyed by the conversation's head row (issue 24): turns.head_id is
-- the id (rowid) of the conversation's conversations row, and the unique index that
-- finds a conversation's turns and refuses a second commit of a message id is
-- (head_id, message_id) instead of (bot, conversation, message_id). Its entries are a
-- small integer and the message id instead of two strings and the message id, so a
-- leaf holds about twice as many; and a new conversation's head takes the next rowid,
-- so its entries go to the right edge of the index, where the recent (live)
-- conversations' entries are, instead of anywhere in it. A sequential booking turn
-- writes about 0.3 fewer WAL frames (docs/performance.md).
--
-- Reads of a conversation's turns find it through its head: `FROM conversations c
-- JOIN turns t ON t.head_id = c.id WHERE c.bot = ? AND c.conversation = ?`; the
-- events view does the same, so that filtering it by bot and conversation uses the
-- index. turns keeps its bot and conversation columns, for reading.
--
-- A turns row whose conversation has no head row (none is ever deleted; there should
-- be none) gets head_id 0: no conversation reads it.
ALTER TABLE turns ADD COLUMN head_id INTEGER NOT NULL DEFAULT 0;

DROP TRIGGER turns_no_update;
UPDATE turns SET head_id = coalesce(
    (SELECT c.id FROM conversations c WHERE c.bot = turns.bot AND c.conversation = turns.conversation), 0);
CREATE TRIGGER turns_no_update BEFORE UPDATE ON turns
BEGIN
    SELECT RAISE(ABORT, 'turns are append-only');
END;

DROP INDEX turns_message;
CREATE UNIQUE INDEX turns_message ON turns (head_id, message_id);

DROP VIEW events;
-- events: the events each row stores, for reading with sqlite3 (a turn's rebuilt
-- ones are not rows here; its message and replies are in turns.turn).
CREATE VIEW events (bot, conversation, version, seq, type, at, data) AS
SELECT c.bot, c.conversation, t.version, json_extract(e.value, '$.seq'), json_extract(e.value, '$.type'),
       json_extract(e.value, '$.at'), json_extract(e.value, '$.data')
FROM conversations c JOIN turns t ON t.head_id = c.id, json_each(t.events) e;
