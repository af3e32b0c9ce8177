-- The version columns' CHECK (version > 0) constraints go: every write of them is a
-- Commit, which refuses a version other than ExpectedVersion+1 with ExpectedVersion
-- >= 0 (parley.Commit.Validate) before any round trip, so the server's check never
-- fired; and PostgreSQL 15 rebuilds a table's CHECK expressions from their stored
-- text in every statement that writes it (ExecRelCheck: stringToNode and
-- ExecPrepareExpr per statement), which was 4% of the server's CPU per commit with
-- 16 turns in flight (perf record -a during `parley bench booking -concurrency 16`).
-- Dropping a constraint rewrites nothing: no conversation changes.
ALTER TABLE conversations DROP CONSTRAINT IF EXISTS conversations_version_check;
ALTER TABLE turns DROP CONSTRAINT IF EXISTS turns_version_check;
