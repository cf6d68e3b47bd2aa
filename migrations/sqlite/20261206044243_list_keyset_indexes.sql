-- Drop index "problem_submitted_at" from table: "problems"
DROP INDEX `problem_submitted_at`;
-- Drop index "problem_updated_at" from table: "problems"
DROP INDEX `problem_updated_at`;
-- Create index "problem_deadline_id" to table: "problems"
CREATE INDEX `problem_deadline_id` ON `problems` (`deadline`, `id`);
-- Create index "problem_submitted_at_id" to table: "problems"
CREATE INDEX `problem_submitted_at_id` ON `problems` (`submitted_at`, `id`);
-- Create index "problem_updated_at_id" to table: "problems"
CREATE INDEX `problem_updated_at_id` ON `problems` (`updated_at`, `id`);
-- Create index "problem_title_id" to table: "problems"
CREATE INDEX `problem_title_id` ON `problems` (`title`, `id`);
