-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_corpus_nodes" table
CREATE TABLE `new_corpus_nodes` (`id` text NOT NULL, `number` integer NOT NULL, `kind` text NOT NULL, `label` text NOT NULL, `title` text NOT NULL, `term` text NOT NULL DEFAULT (''), `current_revision_id` text NULL, `writer_kind` text NOT NULL, `writer` text NOT NULL, `model` text NOT NULL DEFAULT (''), `prompt_version` text NOT NULL DEFAULT (''), `layer` text NOT NULL DEFAULT (''), `licence` text NOT NULL DEFAULT (''), `attribution` text NOT NULL DEFAULT (''), `import_key` text NULL, `level` integer NOT NULL DEFAULT (0), `fidelity` integer NOT NULL DEFAULT (0), `sorry_in_closure` bool NOT NULL DEFAULT (false), `closure_size` integer NOT NULL DEFAULT (0), `closure_pending` bool NOT NULL DEFAULT (false), `closure_generation` integer NOT NULL DEFAULT (0), `closure_lowest` integer NOT NULL DEFAULT (-1), `locator_unconfirmed` bool NOT NULL DEFAULT (false), `retired` bool NOT NULL DEFAULT (false), `successor_id` text NULL, `merged_by_id` text NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Copy rows from old table "corpus_nodes" to new temporary table "new_corpus_nodes"
INSERT INTO `new_corpus_nodes` (`id`, `number`, `kind`, `label`, `title`, `term`, `current_revision_id`, `writer_kind`, `writer`, `model`, `prompt_version`, `layer`, `licence`, `attribution`, `import_key`, `level`, `fidelity`, `sorry_in_closure`, `closure_size`, `closure_lowest`, `locator_unconfirmed`, `retired`, `successor_id`, `merged_by_id`, `created_at`, `updated_at`) SELECT `id`, `number`, `kind`, `label`, `title`, `term`, `current_revision_id`, `writer_kind`, `writer`, `model`, `prompt_version`, `layer`, `licence`, `attribution`, `import_key`, `level`, `fidelity`, `sorry_in_closure`, `closure_size`, `closure_lowest`, `locator_unconfirmed`, `retired`, `successor_id`, `merged_by_id`, `created_at`, `updated_at` FROM `corpus_nodes`;
-- Drop "corpus_nodes" table after copying rows
DROP TABLE `corpus_nodes`;
-- Rename temporary table "new_corpus_nodes" to "corpus_nodes"
ALTER TABLE `new_corpus_nodes` RENAME TO `corpus_nodes`;
-- Create index "corpus_nodes_number_key" to table: "corpus_nodes"
CREATE UNIQUE INDEX `corpus_nodes_number_key` ON `corpus_nodes` (`number`);
-- Create index "corpus_nodes_label_key" to table: "corpus_nodes"
CREATE UNIQUE INDEX `corpus_nodes_label_key` ON `corpus_nodes` (`label`);
-- Create index "corpus_nodes_import_key_key" to table: "corpus_nodes"
CREATE UNIQUE INDEX `corpus_nodes_import_key_key` ON `corpus_nodes` (`import_key`);
-- Create index "corpusnode_updated_at" to table: "corpus_nodes"
CREATE INDEX `corpusnode_updated_at` ON `corpus_nodes` (`updated_at`);
-- Create index "corpusnode_kind" to table: "corpus_nodes"
CREATE INDEX `corpusnode_kind` ON `corpus_nodes` (`kind`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
