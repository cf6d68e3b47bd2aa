-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_claims" table
CREATE TABLE `new_claims` (`id` text NOT NULL, `object_type` text NOT NULL DEFAULT ('CLAIM'), `status` text NOT NULL DEFAULT ('PROPOSED'), `summary` text NOT NULL, `scope` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL, `author_id` text NULL, `superseded_by_id` text NULL, `problem_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `claims_accounts_claims` FOREIGN KEY (`author_id`) REFERENCES `accounts` (`id`) ON DELETE SET NULL, CONSTRAINT `claims_claims_supersedes` FOREIGN KEY (`superseded_by_id`) REFERENCES `claims` (`id`) ON DELETE SET NULL, CONSTRAINT `claims_problems_claims` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "claims" to new temporary table "new_claims"
INSERT INTO `new_claims` (`id`, `status`, `summary`, `scope`, `created_at`, `author_id`, `superseded_by_id`, `problem_id`) SELECT `id`, `status`, `summary`, `scope`, `created_at`, `author_id`, `superseded_by_id`, `problem_id` FROM `claims`;
-- Drop "claims" table after copying rows
DROP TABLE `claims`;
-- Rename temporary table "new_claims" to "claims"
ALTER TABLE `new_claims` RENAME TO `claims`;
-- Create index "claim_problem_id_created_at" to table: "claims"
CREATE INDEX `claim_problem_id_created_at` ON `claims` (`problem_id`, `created_at`);
-- Add column "confirmations" to table: "decisions"
ALTER TABLE `decisions` ADD COLUMN `confirmations` json NULL;
-- Create "new_revisions" table
CREATE TABLE `new_revisions` (`id` text NOT NULL, `number` integer NOT NULL, `title` text NOT NULL, `statement` text NOT NULL, `exposition` json NOT NULL, `acceptance` json NOT NULL, `provenance` json NOT NULL, `reference_search` json NOT NULL, `tags` json NULL, `hero_brief` text NOT NULL DEFAULT (''), `hero_alt` text NOT NULL DEFAULT (''), `hero_caption` text NOT NULL DEFAULT (''), `hero_rights_basis` text NOT NULL DEFAULT (''), `hero_bespoke` bool NOT NULL DEFAULT (false), `open_status` json NULL, `computation` json NULL, `note` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL, `author_id` text NOT NULL, `problem_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `revisions_accounts_revisions` FOREIGN KEY (`author_id`) REFERENCES `accounts` (`id`) ON DELETE NO ACTION, CONSTRAINT `revisions_problems_revisions` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "revisions" to new temporary table "new_revisions"
INSERT INTO `new_revisions` (`id`, `number`, `title`, `statement`, `exposition`, `acceptance`, `provenance`, `reference_search`, `tags`, `hero_brief`, `note`, `created_at`, `author_id`, `problem_id`) SELECT `id`, `number`, `title`, `statement`, `exposition`, `acceptance`, `provenance`, `reference_search`, `tags`, `hero_brief`, `note`, `created_at`, `author_id`, `problem_id` FROM `revisions`;
-- Drop "revisions" table after copying rows
DROP TABLE `revisions`;
-- Rename temporary table "new_revisions" to "revisions"
ALTER TABLE `new_revisions` RENAME TO `revisions`;
-- Create index "revision_problem_id_number" to table: "revisions"
CREATE UNIQUE INDEX `revision_problem_id_number` ON `revisions` (`problem_id`, `number`);
-- Create "findings" table
CREATE TABLE `findings` (`id` text NOT NULL, `position` integer NOT NULL, `check` text NOT NULL, `criterion` text NOT NULL, `policy_version` text NOT NULL, `verdict` text NOT NULL, `evidence` text NOT NULL, `behaviour` text NOT NULL, `fix` text NOT NULL DEFAULT (''), `consequence` text NOT NULL DEFAULT (''), `span_field` text NOT NULL, `span_start` integer NOT NULL, `span_end` integer NOT NULL, `span_quote` text NOT NULL DEFAULT (''), `gate_run_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `findings_gate_runs_findings` FOREIGN KEY (`gate_run_id`) REFERENCES `gate_runs` (`id`) ON DELETE NO ACTION);
-- Create index "finding_gate_run_id_position" to table: "findings"
CREATE UNIQUE INDEX `finding_gate_run_id_position` ON `findings` (`gate_run_id`, `position`);
-- Create "gate_runs" table
CREATE TABLE `gate_runs` (`id` text NOT NULL, `problem_id` text NOT NULL, `gate` text NOT NULL, `version` text NOT NULL, `outcome` text NOT NULL DEFAULT ('PENDING'), `inputs_digest` text NOT NULL DEFAULT (''), `reason` text NOT NULL DEFAULT (''), `attempts` integer NOT NULL DEFAULT (0), `created_at` datetime NOT NULL, `started_at` datetime NULL, `finished_at` datetime NULL, `revision_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `gate_runs_revisions_checks` FOREIGN KEY (`revision_id`) REFERENCES `revisions` (`id`) ON DELETE NO ACTION);
-- Create index "gaterun_revision_id_gate_version" to table: "gate_runs"
CREATE UNIQUE INDEX `gaterun_revision_id_gate_version` ON `gate_runs` (`revision_id`, `gate`, `version`);
-- Create index "gaterun_problem_id" to table: "gate_runs"
CREATE INDEX `gaterun_problem_id` ON `gate_runs` (`problem_id`);
-- Create index "gaterun_outcome" to table: "gate_runs"
CREATE INDEX `gaterun_outcome` ON `gate_runs` (`outcome`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
