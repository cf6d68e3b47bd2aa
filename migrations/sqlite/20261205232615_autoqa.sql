-- Create "appeals" table
CREATE TABLE `appeals` (`id` text NOT NULL, `decision_id` text NOT NULL, `problem_id` text NOT NULL, `proposer_id` text NOT NULL, `reason` text NOT NULL, `state` text NOT NULL DEFAULT ('OPEN'), `created_at` datetime NOT NULL, `resolved_by_id` text NULL, `resolved_at` datetime NULL, `resolution` text NOT NULL DEFAULT (''), `criterion_change_id` text NULL, PRIMARY KEY (`id`));
-- Create index "appeals_decision_id_key" to table: "appeals"
CREATE UNIQUE INDEX `appeals_decision_id_key` ON `appeals` (`decision_id`);
-- Create index "appeal_state_created_at" to table: "appeals"
CREATE INDEX `appeal_state_created_at` ON `appeals` (`state`, `created_at`);
-- Create index "appeal_problem_id" to table: "appeals"
CREATE INDEX `appeal_problem_id` ON `appeals` (`problem_id`);
-- Create "criterion_changes" table
CREATE TABLE `criterion_changes` (`id` text NOT NULL, `check` text NOT NULL, `version` integer NOT NULL, `previous` text NOT NULL, `proposed` text NOT NULL, `why` text NOT NULL, `appeal_id` text NULL, `proposed_by_id` text NOT NULL, `state` text NOT NULL DEFAULT ('PROPOSED'), `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "criterionchange_check_version" to table: "criterion_changes"
CREATE UNIQUE INDEX `criterionchange_check_version` ON `criterion_changes` (`check`, `version`);
-- Create "gold_answers" table
CREATE TABLE `gold_answers` (`id` text NOT NULL, `reviewer_id` text NOT NULL, `packet_id` text NOT NULL, `action` text NOT NULL, `right` bool NOT NULL, `reason` text NOT NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "goldanswer_reviewer_id_packet_id" to table: "gold_answers"
CREATE UNIQUE INDEX `goldanswer_reviewer_id_packet_id` ON `gold_answers` (`reviewer_id`, `packet_id`);
-- Create index "goldanswer_created_at" to table: "gold_answers"
CREATE INDEX `goldanswer_created_at` ON `gold_answers` (`created_at`);
-- Create "lane_register_entries" table
CREATE TABLE `lane_register_entries` (`id` text NOT NULL, `claim_text` text NOT NULL, `unit_of_analysis` text NOT NULL, `admitted_record` text NOT NULL, `permitted_external_sources` text NOT NULL, `outcome_contract_version` text NOT NULL, `authority` text NOT NULL, `false_positive_consequence` text NOT NULL, `false_negative_consequence` text NOT NULL, `ambiguity_owner` text NOT NULL, `accountable_owner` text NOT NULL, `status` text NOT NULL, `updated_by_id` text NOT NULL, `updated_at` datetime NOT NULL, PRIMARY KEY (`id`));
