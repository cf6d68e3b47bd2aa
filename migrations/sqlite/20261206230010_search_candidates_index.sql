-- Drop index "problem_current_revision_id" from table: "problems"
DROP INDEX `problem_current_revision_id`;
-- Create index "problem_current_revision_id_state_number_id" to table: "problems"
CREATE INDEX `problem_current_revision_id_state_number_id` ON `problems` (`current_revision_id`, `state`, `number`, `id`);
