-- Create "accounts" table
CREATE TABLE `accounts` (`id` text NOT NULL, `handle` text NOT NULL, `display_name` text NOT NULL DEFAULT (''), `roles` json NOT NULL, `password_hash` text NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "accounts_handle_key" to table: "accounts"
CREATE UNIQUE INDEX `accounts_handle_key` ON `accounts` (`handle`);
-- Create "bindings" table
CREATE TABLE `bindings` (`id` text NOT NULL, `relation` text NOT NULL, `created_at` datetime NOT NULL, `claim_id` text NOT NULL, `problem_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `bindings_claims_bindings` FOREIGN KEY (`claim_id`) REFERENCES `claims` (`id`) ON DELETE NO ACTION, CONSTRAINT `bindings_problems_bindings` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION);
-- Create "claims" table
CREATE TABLE `claims` (`id` text NOT NULL, `status` text NOT NULL DEFAULT ('PROPOSED'), `summary` text NOT NULL, `scope` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL, `author_id` text NULL, `superseded_by_id` text NULL, `problem_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `claims_accounts_claims` FOREIGN KEY (`author_id`) REFERENCES `accounts` (`id`) ON DELETE SET NULL, CONSTRAINT `claims_claims_supersedes` FOREIGN KEY (`superseded_by_id`) REFERENCES `claims` (`id`) ON DELETE SET NULL, CONSTRAINT `claims_problems_claims` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION);
-- Create "counters" table
CREATE TABLE `counters` (`id` text NOT NULL, `value` integer NOT NULL, `head` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- Create "decisions" table
CREATE TABLE `decisions` (`id` text NOT NULL, `action` text NOT NULL, `reason_code` text NULL, `notes` json NOT NULL, `revision_requests` json NULL, `authority` text NOT NULL, `policy_version` text NOT NULL, `idempotency_key` text NOT NULL, `input_digest` text NOT NULL, `created_at` datetime NOT NULL, `reviewer_id` text NOT NULL, `problem_id` text NOT NULL, `merge_into_id` text NULL, `revision_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `decisions_accounts_decisions` FOREIGN KEY (`reviewer_id`) REFERENCES `accounts` (`id`) ON DELETE NO ACTION, CONSTRAINT `decisions_problems_decisions` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION, CONSTRAINT `decisions_problems_merge_decisions` FOREIGN KEY (`merge_into_id`) REFERENCES `problems` (`id`) ON DELETE SET NULL, CONSTRAINT `decisions_revisions_decisions` FOREIGN KEY (`revision_id`) REFERENCES `revisions` (`id`) ON DELETE NO ACTION);
-- Create index "decisions_idempotency_key_key" to table: "decisions"
CREATE UNIQUE INDEX `decisions_idempotency_key_key` ON `decisions` (`idempotency_key`);
-- Create index "decision_problem_id_created_at" to table: "decisions"
CREATE INDEX `decision_problem_id_created_at` ON `decisions` (`problem_id`, `created_at`);
-- Create index "decision_revision_id_action" to table: "decisions"
CREATE INDEX `decision_revision_id_action` ON `decisions` (`revision_id`, `action`);
-- Create "events" table
CREATE TABLE `events` (`id` text NOT NULL, `seq` integer NOT NULL, `at` datetime NOT NULL, `actor` text NOT NULL, `authority` text NOT NULL, `kind` text NOT NULL, `subject` text NOT NULL, `payload` text NOT NULL, `prev_hash` text NOT NULL, `hash` text NOT NULL, `public` bool NOT NULL DEFAULT (true), PRIMARY KEY (`id`));
-- Create index "events_seq_key" to table: "events"
CREATE UNIQUE INDEX `events_seq_key` ON `events` (`seq`);
-- Create index "event_subject_seq" to table: "events"
CREATE INDEX `event_subject_seq` ON `events` (`subject`, `seq`);
-- Create "flags" table
CREATE TABLE `flags` (`id` text NOT NULL, `reason` text NOT NULL, `explanation` text NOT NULL, `created_at` datetime NOT NULL, `flagger_id` text NOT NULL, `case_id` text NOT NULL, `problem_id` text NOT NULL, `duplicate_of_id` text NULL, PRIMARY KEY (`id`), CONSTRAINT `flags_accounts_flags` FOREIGN KEY (`flagger_id`) REFERENCES `accounts` (`id`) ON DELETE NO ACTION, CONSTRAINT `flags_moderation_cases_flags` FOREIGN KEY (`case_id`) REFERENCES `moderation_cases` (`id`) ON DELETE NO ACTION, CONSTRAINT `flags_problems_flags` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION, CONSTRAINT `flags_problems_duplicate_flags` FOREIGN KEY (`duplicate_of_id`) REFERENCES `problems` (`id`) ON DELETE SET NULL);
-- Create index "flag_flagger_id_created_at" to table: "flags"
CREATE INDEX `flag_flagger_id_created_at` ON `flags` (`flagger_id`, `created_at`);
-- Create index "flag_problem_id" to table: "flags"
CREATE INDEX `flag_problem_id` ON `flags` (`problem_id`);
-- Create "moderation_cases" table
CREATE TABLE `moderation_cases` (`id` text NOT NULL, `reason` text NOT NULL, `state` text NOT NULL DEFAULT ('OPEN'), `opened_at` datetime NOT NULL, `claimed_at` datetime NULL, `resolved_at` datetime NULL, `resolution` text NOT NULL DEFAULT (''), `claimed_by_id` text NULL, `problem_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `moderation_cases_accounts_claimed_cases` FOREIGN KEY (`claimed_by_id`) REFERENCES `accounts` (`id`) ON DELETE SET NULL, CONSTRAINT `moderation_cases_problems_moderation_cases` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION);
-- Create index "moderationcase_state_opened_at" to table: "moderation_cases"
CREATE INDEX `moderationcase_state_opened_at` ON `moderation_cases` (`state`, `opened_at`);
-- Create index "moderationcase_problem_id_reason_state" to table: "moderation_cases"
CREATE INDEX `moderationcase_problem_id_reason_state` ON `moderation_cases` (`problem_id`, `reason`, `state`);
-- Create "problems" table
CREATE TABLE `problems` (`id` text NOT NULL, `number` integer NOT NULL, `slug` text NOT NULL, `title` text NOT NULL, `acceptance_kind` text NOT NULL, `provenance_kind` text NOT NULL, `import_key` text NULL, `state` text NOT NULL DEFAULT ('PROSPECTING'), `submitted_at` datetime NOT NULL, `deadline` datetime NOT NULL, `updated_at` datetime NOT NULL, `accepted_at` datetime NULL, `acceptance_authority` text NULL, `stake_state` text NULL, `removed_at` datetime NULL, `removal_reason` text NULL, `proposer_id` text NOT NULL, `merged_into_id` text NULL, `current_revision_id` text NULL, PRIMARY KEY (`id`), CONSTRAINT `problems_accounts_problems` FOREIGN KEY (`proposer_id`) REFERENCES `accounts` (`id`) ON DELETE NO ACTION, CONSTRAINT `problems_problems_merged_from` FOREIGN KEY (`merged_into_id`) REFERENCES `problems` (`id`) ON DELETE SET NULL, CONSTRAINT `problems_revisions_current_of` FOREIGN KEY (`current_revision_id`) REFERENCES `revisions` (`id`) ON DELETE SET NULL);
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
-- Create "references" table
CREATE TABLE `references` (`id` text NOT NULL, `position` integer NOT NULL, `citation` text NOT NULL, `locator` text NOT NULL DEFAULT (''), `relevance` text NOT NULL, `role` text NOT NULL, `locator_confirmed` bool NOT NULL DEFAULT (false), `revision_id` text NOT NULL, `source_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `references_revisions_references` FOREIGN KEY (`revision_id`) REFERENCES `revisions` (`id`) ON DELETE NO ACTION, CONSTRAINT `references_sources_references` FOREIGN KEY (`source_id`) REFERENCES `sources` (`id`) ON DELETE NO ACTION);
-- Create index "reference_revision_id_position" to table: "references"
CREATE UNIQUE INDEX `reference_revision_id_position` ON `references` (`revision_id`, `position`);
-- Create "reputation_entries" table
CREATE TABLE `reputation_entries` (`id` text NOT NULL, `kind` text NOT NULL, `amount` integer NOT NULL, `at` datetime NOT NULL, `grant_of` text NULL, `account_id` text NOT NULL, `problem_id` text NULL, PRIMARY KEY (`id`), CONSTRAINT `reputation_entries_accounts_reputation_entries` FOREIGN KEY (`account_id`) REFERENCES `accounts` (`id`) ON DELETE NO ACTION, CONSTRAINT `reputation_entries_problems_reputation_entries` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE SET NULL);
-- Create index "reputation_entries_grant_of_key" to table: "reputation_entries"
CREATE UNIQUE INDEX `reputation_entries_grant_of_key` ON `reputation_entries` (`grant_of`);
-- Create index "reputationentry_account_id_at" to table: "reputation_entries"
CREATE INDEX `reputationentry_account_id_at` ON `reputation_entries` (`account_id`, `at`);
-- Create index "reputationentry_problem_id_kind" to table: "reputation_entries"
CREATE UNIQUE INDEX `reputationentry_problem_id_kind` ON `reputation_entries` (`problem_id`, `kind`);
-- Create "revisions" table
CREATE TABLE `revisions` (`id` text NOT NULL, `number` integer NOT NULL, `title` text NOT NULL, `statement` text NOT NULL, `exposition` json NOT NULL, `acceptance` json NOT NULL, `provenance` json NOT NULL, `reference_search` json NOT NULL, `tags` json NULL, `hero_brief` text NOT NULL DEFAULT (''), `note` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL, `author_id` text NOT NULL, `problem_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `revisions_accounts_revisions` FOREIGN KEY (`author_id`) REFERENCES `accounts` (`id`) ON DELETE NO ACTION, CONSTRAINT `revisions_problems_revisions` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION);
-- Create index "revision_problem_id_number" to table: "revisions"
CREATE UNIQUE INDEX `revision_problem_id_number` ON `revisions` (`problem_id`, `number`);
-- Create "sessions" table
CREATE TABLE `sessions` (`id` text NOT NULL, `digest` text NOT NULL, `created_at` datetime NOT NULL, `expires_at` datetime NOT NULL, `account_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `sessions_accounts_sessions` FOREIGN KEY (`account_id`) REFERENCES `accounts` (`id`) ON DELETE NO ACTION);
-- Create index "sessions_digest_key" to table: "sessions"
CREATE UNIQUE INDEX `sessions_digest_key` ON `sessions` (`digest`);
-- Create "slugs" table
CREATE TABLE `slugs` (`id` text NOT NULL, `slug` text NOT NULL, `created_at` datetime NOT NULL, `problem_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `slugs_problems_slugs` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION);
-- Create index "slugs_slug_key" to table: "slugs"
CREATE UNIQUE INDEX `slugs_slug_key` ON `slugs` (`slug`);
-- Create "sources" table
CREATE TABLE `sources` (`id` text NOT NULL, `identifier` text NOT NULL, `kind` text NOT NULL, `title` text NOT NULL DEFAULT (''), `authors` json NULL, `year` integer NULL, `licence_class` text NOT NULL DEFAULT ('RECORD'), `confirmation` text NOT NULL DEFAULT ('UNCONFIRMED'), `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "sources_identifier_key" to table: "sources"
CREATE UNIQUE INDEX `sources_identifier_key` ON `sources` (`identifier`);
-- Create "tags" table
CREATE TABLE `tags` (`id` text NOT NULL, `name` text NOT NULL, PRIMARY KEY (`id`));
-- Create index "tags_name_key" to table: "tags"
CREATE UNIQUE INDEX `tags_name_key` ON `tags` (`name`);
-- Create "tokens" table
CREATE TABLE `tokens` (`id` text NOT NULL, `digest` text NOT NULL, `label` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL, `revoked_at` datetime NULL, `account_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `tokens_accounts_tokens` FOREIGN KEY (`account_id`) REFERENCES `accounts` (`id`) ON DELETE NO ACTION);
-- Create index "tokens_digest_key" to table: "tokens"
CREATE UNIQUE INDEX `tokens_digest_key` ON `tokens` (`digest`);
-- Create "problem_tags" table
CREATE TABLE `problem_tags` (`problem_id` text NOT NULL, `tag_id` text NOT NULL, PRIMARY KEY (`problem_id`, `tag_id`), CONSTRAINT `problem_tags_problem_id` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE CASCADE, CONSTRAINT `problem_tags_tag_id` FOREIGN KEY (`tag_id`) REFERENCES `tags` (`id`) ON DELETE CASCADE);
