-- Create "suggestions" table
CREATE TABLE "suggestions" ("id" character varying NOT NULL, "base_revision_id" character varying NOT NULL, "content" jsonb NOT NULL, "note" text NOT NULL, "state" character varying NOT NULL DEFAULT 'OPEN', "decided_by_id" character varying NULL, "decided_at" timestamptz NULL, "decline_reason" text NOT NULL DEFAULT '', "revision_id" character varying NULL, "created_at" timestamptz NOT NULL, "author_id" character varying NOT NULL, "problem_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "suggestions_accounts_suggestions" FOREIGN KEY ("author_id") REFERENCES "accounts" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "suggestions_problems_suggestions" FOREIGN KEY ("problem_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "suggestion_author_id_created_at" to table: "suggestions"
CREATE INDEX "suggestion_author_id_created_at" ON "suggestions" ("author_id", "created_at");
-- Create index "suggestion_problem_id_created_at" to table: "suggestions"
CREATE INDEX "suggestion_problem_id_created_at" ON "suggestions" ("problem_id", "created_at");
