-- Drop index "decisions_idempotency_key_key" from table: "decisions"
DROP INDEX "decisions_idempotency_key_key";
-- Create index "decision_reviewer_id_idempotency_key" to table: "decisions"
CREATE UNIQUE INDEX "decision_reviewer_id_idempotency_key" ON "decisions" ("reviewer_id", "idempotency_key");
-- Modify "events" table
ALTER TABLE "events" ADD COLUMN "hash_version" bigint NOT NULL DEFAULT 1;
