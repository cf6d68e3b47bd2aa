-- Modify "corpus_bindings" table
ALTER TABLE "corpus_bindings" ADD COLUMN "database" character varying NOT NULL DEFAULT '', ADD COLUMN "disagreement" boolean NOT NULL DEFAULT false, ADD COLUMN "checked_at" timestamptz NULL;
-- Modify "corpus_revisions" table
ALTER TABLE "corpus_revisions" ADD COLUMN "small_cases" jsonb NULL, ADD COLUMN "formal" jsonb NULL;
-- Modify "node_drafts" table
ALTER TABLE "node_drafts" ADD COLUMN "small_cases" jsonb NULL, ADD COLUMN "formal" jsonb NULL;
-- Create "corpus_tasks" table
CREATE TABLE "corpus_tasks" ("id" character varying NOT NULL, "kind" character varying NOT NULL, "subject" character varying NOT NULL, "computation" character varying NOT NULL DEFAULT '', "summary" text NOT NULL, "state" character varying NOT NULL DEFAULT 'OPEN', "closed_by" character varying NOT NULL DEFAULT '', "created_at" timestamptz NOT NULL, "closed_at" timestamptz NULL, PRIMARY KEY ("id"));
-- Create index "corpustask_state_created_at" to table: "corpus_tasks"
CREATE INDEX "corpustask_state_created_at" ON "corpus_tasks" ("state", "created_at");
-- Create index "corpustask_subject" to table: "corpus_tasks"
CREATE INDEX "corpustask_subject" ON "corpus_tasks" ("subject");
