-- Create index "problem_current_revision_id" to table: "problems"
CREATE INDEX "problem_current_revision_id" ON "problems" ("current_revision_id");
