-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_corpus_bindings" table
CREATE TABLE `new_corpus_bindings` (`id` text NOT NULL, `system` text NOT NULL, `label` text NOT NULL, `database` text NOT NULL DEFAULT (''), `formal` bool NOT NULL DEFAULT (false), `round_trip_passed` bool NOT NULL DEFAULT (false), `checkers_passed` json NULL, `disagreement` bool NOT NULL DEFAULT (false), `checked_at` datetime NULL, `created_at` datetime NOT NULL, `node_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `corpus_bindings_corpus_nodes_bindings` FOREIGN KEY (`node_id`) REFERENCES `corpus_nodes` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "corpus_bindings" to new temporary table "new_corpus_bindings"
INSERT INTO `new_corpus_bindings` (`id`, `system`, `label`, `formal`, `round_trip_passed`, `checkers_passed`, `created_at`, `node_id`) SELECT `id`, `system`, `label`, `formal`, `round_trip_passed`, `checkers_passed`, `created_at`, `node_id` FROM `corpus_bindings`;
-- Drop "corpus_bindings" table after copying rows
DROP TABLE `corpus_bindings`;
-- Rename temporary table "new_corpus_bindings" to "corpus_bindings"
ALTER TABLE `new_corpus_bindings` RENAME TO `corpus_bindings`;
-- Create index "corpusbinding_node_id" to table: "corpus_bindings"
CREATE INDEX `corpusbinding_node_id` ON `corpus_bindings` (`node_id`);
-- Add column "small_cases" to table: "corpus_revisions"
ALTER TABLE `corpus_revisions` ADD COLUMN `small_cases` json NULL;
-- Add column "formal" to table: "corpus_revisions"
ALTER TABLE `corpus_revisions` ADD COLUMN `formal` json NULL;
-- Add column "small_cases" to table: "node_drafts"
ALTER TABLE `node_drafts` ADD COLUMN `small_cases` json NULL;
-- Add column "formal" to table: "node_drafts"
ALTER TABLE `node_drafts` ADD COLUMN `formal` json NULL;
-- Create "corpus_tasks" table
CREATE TABLE `corpus_tasks` (`id` text NOT NULL, `kind` text NOT NULL, `subject` text NOT NULL, `computation` text NOT NULL DEFAULT (''), `summary` text NOT NULL, `state` text NOT NULL DEFAULT ('OPEN'), `closed_by` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL, `closed_at` datetime NULL, PRIMARY KEY (`id`));
-- Create index "corpustask_state_created_at" to table: "corpus_tasks"
CREATE INDEX `corpustask_state_created_at` ON `corpus_tasks` (`state`, `created_at`);
-- Create index "corpustask_subject" to table: "corpus_tasks"
CREATE INDEX `corpustask_subject` ON `corpus_tasks` (`subject`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
