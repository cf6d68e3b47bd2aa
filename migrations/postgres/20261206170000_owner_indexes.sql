-- Create index "problem_proposer_id" to table: "problems"
CREATE INDEX "problem_proposer_id" ON "problems" ("proposer_id");
-- Create index "revision_author_id" to table: "revisions"
CREATE INDEX "revision_author_id" ON "revisions" ("author_id");
-- Create index "slug_problem_id" to table: "slugs"
CREATE INDEX "slug_problem_id" ON "slugs" ("problem_id");
