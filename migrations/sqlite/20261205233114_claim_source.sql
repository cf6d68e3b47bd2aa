-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_claims" table
CREATE TABLE `new_claims` (`id` text NOT NULL, `object_type` text NOT NULL DEFAULT ('CLAIM'), `status` text NOT NULL DEFAULT ('PROPOSED'), `summary` text NOT NULL, `scope` text NOT NULL DEFAULT (''), `source` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL, `author_id` text NULL, `superseded_by_id` text NULL, `problem_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `claims_accounts_claims` FOREIGN KEY (`author_id`) REFERENCES `accounts` (`id`) ON DELETE SET NULL, CONSTRAINT `claims_claims_supersedes` FOREIGN KEY (`superseded_by_id`) REFERENCES `claims` (`id`) ON DELETE SET NULL, CONSTRAINT `claims_problems_claims` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "claims" to new temporary table "new_claims"
INSERT INTO `new_claims` (`id`, `object_type`, `status`, `summary`, `scope`, `created_at`, `author_id`, `superseded_by_id`, `problem_id`) SELECT `id`, `object_type`, `status`, `summary`, `scope`, `created_at`, `author_id`, `superseded_by_id`, `problem_id` FROM `claims`;
-- Drop "claims" table after copying rows
DROP TABLE `claims`;
-- Rename temporary table "new_claims" to "claims"
ALTER TABLE `new_claims` RENAME TO `claims`;
-- Create index "claim_problem_id_created_at" to table: "claims"
CREATE INDEX `claim_problem_id_created_at` ON `claims` (`problem_id`, `created_at`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
