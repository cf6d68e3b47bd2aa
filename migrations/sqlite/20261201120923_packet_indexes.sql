-- Create index "binding_claim_id" to table: "bindings"
CREATE INDEX `binding_claim_id` ON `bindings` (`claim_id`);
-- Create index "claim_problem_id_created_at" to table: "claims"
CREATE INDEX `claim_problem_id_created_at` ON `claims` (`problem_id`, `created_at`);
-- Create index "problem_merged_into_id" to table: "problems"
CREATE INDEX `problem_merged_into_id` ON `problems` (`merged_into_id`);
