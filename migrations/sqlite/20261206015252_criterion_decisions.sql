-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_criterion_changes" table
CREATE TABLE `new_criterion_changes` (`id` text NOT NULL, `check` text NOT NULL, `version` integer NOT NULL, `previous` text NOT NULL, `proposed` text NOT NULL, `why` text NOT NULL, `appeal_id` text NULL, `proposed_by_id` text NOT NULL, `state` text NOT NULL DEFAULT ('PROPOSED'), `created_at` datetime NOT NULL, `decided_by_id` text NULL, `decided_at` datetime NULL, `decision_reason` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- Copy rows from old table "criterion_changes" to new temporary table "new_criterion_changes"
INSERT INTO `new_criterion_changes` (`id`, `check`, `version`, `previous`, `proposed`, `why`, `appeal_id`, `proposed_by_id`, `state`, `created_at`) SELECT `id`, `check`, `version`, `previous`, `proposed`, `why`, `appeal_id`, `proposed_by_id`, `state`, `created_at` FROM `criterion_changes`;
-- Drop "criterion_changes" table after copying rows
DROP TABLE `criterion_changes`;
-- Rename temporary table "new_criterion_changes" to "criterion_changes"
ALTER TABLE `new_criterion_changes` RENAME TO `criterion_changes`;
-- Create index "criterionchange_check_version" to table: "criterion_changes"
CREATE UNIQUE INDEX `criterionchange_check_version` ON `criterion_changes` (`check`, `version`);
-- Create index "criterionchange_state_decided_at" to table: "criterion_changes"
CREATE INDEX `criterionchange_state_decided_at` ON `criterion_changes` (`state`, `decided_at`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
