-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_decisions" table
CREATE TABLE `new_decisions` (`id` text NOT NULL, `action` text NOT NULL, `reason_code` text NULL, `notes` json NOT NULL, `revision_requests` json NULL, `confirmations` json NULL, `disagreement` text NULL, `second_review_selected_at` datetime NULL, `authority` text NOT NULL, `policy_version` text NOT NULL, `idempotency_key` text NOT NULL, `input_digest` text NOT NULL, `created_at` datetime NOT NULL, `reviewer_id` text NOT NULL, `second_review_of_id` text NULL, `problem_id` text NOT NULL, `merge_into_id` text NULL, `revision_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `decisions_accounts_decisions` FOREIGN KEY (`reviewer_id`) REFERENCES `accounts` (`id`) ON DELETE NO ACTION, CONSTRAINT `decisions_decisions_second_reviews` FOREIGN KEY (`second_review_of_id`) REFERENCES `decisions` (`id`) ON DELETE SET NULL, CONSTRAINT `decisions_problems_decisions` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION, CONSTRAINT `decisions_problems_merge_decisions` FOREIGN KEY (`merge_into_id`) REFERENCES `problems` (`id`) ON DELETE SET NULL, CONSTRAINT `decisions_revisions_decisions` FOREIGN KEY (`revision_id`) REFERENCES `revisions` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "decisions" to new temporary table "new_decisions"
INSERT INTO `new_decisions` (`id`, `action`, `reason_code`, `notes`, `revision_requests`, `confirmations`, `authority`, `policy_version`, `idempotency_key`, `input_digest`, `created_at`, `reviewer_id`, `problem_id`, `merge_into_id`, `revision_id`) SELECT `id`, `action`, `reason_code`, `notes`, `revision_requests`, `confirmations`, `authority`, `policy_version`, `idempotency_key`, `input_digest`, `created_at`, `reviewer_id`, `problem_id`, `merge_into_id`, `revision_id` FROM `decisions`;
-- Drop "decisions" table after copying rows
DROP TABLE `decisions`;
-- Rename temporary table "new_decisions" to "decisions"
ALTER TABLE `new_decisions` RENAME TO `decisions`;
-- Create index "decision_problem_id_created_at" to table: "decisions"
CREATE INDEX `decision_problem_id_created_at` ON `decisions` (`problem_id`, `created_at`);
-- Create index "decision_revision_id_action" to table: "decisions"
CREATE INDEX `decision_revision_id_action` ON `decisions` (`revision_id`, `action`);
-- Create index "decision_reviewer_id_idempotency_key" to table: "decisions"
CREATE UNIQUE INDEX `decision_reviewer_id_idempotency_key` ON `decisions` (`reviewer_id`, `idempotency_key`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
