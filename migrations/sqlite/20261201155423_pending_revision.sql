-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_problems" table
CREATE TABLE `new_problems` (`id` text NOT NULL, `number` integer NOT NULL, `slug` text NOT NULL, `title` text NOT NULL, `acceptance_kind` text NOT NULL, `provenance_kind` text NOT NULL, `import_key` text NULL, `state` text NOT NULL DEFAULT ('PROSPECTING'), `submitted_at` datetime NOT NULL, `deadline` datetime NOT NULL, `updated_at` datetime NOT NULL, `accepted_at` datetime NULL, `acceptance_authority` text NULL, `stake_state` text NULL, `removed_at` datetime NULL, `removal_reason` text NULL, `proposer_id` text NOT NULL, `merged_into_id` text NULL, `current_revision_id` text NULL, `pending_revision_id` text NULL, PRIMARY KEY (`id`), CONSTRAINT `problems_accounts_problems` FOREIGN KEY (`proposer_id`) REFERENCES `accounts` (`id`) ON DELETE NO ACTION, CONSTRAINT `problems_problems_merged_from` FOREIGN KEY (`merged_into_id`) REFERENCES `problems` (`id`) ON DELETE SET NULL, CONSTRAINT `problems_revisions_current_of` FOREIGN KEY (`current_revision_id`) REFERENCES `revisions` (`id`) ON DELETE SET NULL, CONSTRAINT `problems_revisions_pending_of` FOREIGN KEY (`pending_revision_id`) REFERENCES `revisions` (`id`) ON DELETE SET NULL);
-- Copy rows from old table "problems" to new temporary table "new_problems"
INSERT INTO `new_problems` (`id`, `number`, `slug`, `title`, `acceptance_kind`, `provenance_kind`, `import_key`, `state`, `submitted_at`, `deadline`, `updated_at`, `accepted_at`, `acceptance_authority`, `stake_state`, `removed_at`, `removal_reason`, `proposer_id`, `merged_into_id`, `current_revision_id`) SELECT `id`, `number`, `slug`, `title`, `acceptance_kind`, `provenance_kind`, `import_key`, `state`, `submitted_at`, `deadline`, `updated_at`, `accepted_at`, `acceptance_authority`, `stake_state`, `removed_at`, `removal_reason`, `proposer_id`, `merged_into_id`, `current_revision_id` FROM `problems`;
-- Drop "problems" table after copying rows
DROP TABLE `problems`;
-- Rename temporary table "new_problems" to "problems"
ALTER TABLE `new_problems` RENAME TO `problems`;
-- Create index "problems_number_key" to table: "problems"
CREATE UNIQUE INDEX `problems_number_key` ON `problems` (`number`);
-- Create index "problems_slug_key" to table: "problems"
CREATE UNIQUE INDEX `problems_slug_key` ON `problems` (`slug`);
-- Create index "problems_import_key_key" to table: "problems"
CREATE UNIQUE INDEX `problems_import_key_key` ON `problems` (`import_key`);
-- Create index "problem_state_deadline" to table: "problems"
CREATE INDEX `problem_state_deadline` ON `problems` (`state`, `deadline`);
-- Create index "problem_submitted_at" to table: "problems"
CREATE INDEX `problem_submitted_at` ON `problems` (`submitted_at`);
-- Create index "problem_updated_at" to table: "problems"
CREATE INDEX `problem_updated_at` ON `problems` (`updated_at`);
-- Create index "problem_current_revision_id" to table: "problems"
CREATE INDEX `problem_current_revision_id` ON `problems` (`current_revision_id`);
-- Create index "problem_merged_into_id" to table: "problems"
CREATE INDEX `problem_merged_into_id` ON `problems` (`merged_into_id`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
