-- Create "change_requests" table
CREATE TABLE `change_requests` (`id` text NOT NULL, `state` text NOT NULL DEFAULT ('PENDING'), `note` text NOT NULL DEFAULT (''), `opener` text NOT NULL, `writer_kind` text NOT NULL, `model` text NOT NULL DEFAULT (''), `prompt_version` text NOT NULL DEFAULT (''), `layer` text NOT NULL DEFAULT (''), `failed_gate` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `merged_at` datetime NULL, PRIMARY KEY (`id`));
-- Create index "changerequest_state_updated_at" to table: "change_requests"
CREATE INDEX `changerequest_state_updated_at` ON `change_requests` (`state`, `updated_at`);
-- Create "corpus_bindings" table
CREATE TABLE `corpus_bindings` (`id` text NOT NULL, `system` text NOT NULL, `label` text NOT NULL, `formal` bool NOT NULL DEFAULT (false), `round_trip_passed` bool NOT NULL DEFAULT (false), `checkers_passed` json NULL, `created_at` datetime NOT NULL, `node_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `corpus_bindings_corpus_nodes_bindings` FOREIGN KEY (`node_id`) REFERENCES `corpus_nodes` (`id`) ON DELETE NO ACTION);
-- Create index "corpusbinding_node_id" to table: "corpus_bindings"
CREATE INDEX `corpusbinding_node_id` ON `corpus_bindings` (`node_id`);
-- Create "corpus_confirmations" table
CREATE TABLE `corpus_confirmations` (`id` text NOT NULL, `revision_id` text NOT NULL, `kind` text NOT NULL, `section` text NOT NULL DEFAULT (''), `account_id` text NOT NULL, `blind` bool NOT NULL DEFAULT (false), `created_at` datetime NOT NULL, `node_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `corpus_confirmations_corpus_nodes_confirmations` FOREIGN KEY (`node_id`) REFERENCES `corpus_nodes` (`id`) ON DELETE NO ACTION);
-- Create index "corpusconfirmation_node_id_revision_id" to table: "corpus_confirmations"
CREATE INDEX `corpusconfirmation_node_id_revision_id` ON `corpus_confirmations` (`node_id`, `revision_id`);
-- Create "corpus_edges" table
CREATE TABLE `corpus_edges` (`id` text NOT NULL, `kind` text NOT NULL, `term` text NOT NULL DEFAULT (''), `from_id` text NOT NULL, `to_id` text NULL, PRIMARY KEY (`id`), CONSTRAINT `corpus_edges_corpus_nodes_out_edges` FOREIGN KEY (`from_id`) REFERENCES `corpus_nodes` (`id`) ON DELETE NO ACTION, CONSTRAINT `corpus_edges_corpus_nodes_in_edges` FOREIGN KEY (`to_id`) REFERENCES `corpus_nodes` (`id`) ON DELETE SET NULL);
-- Create index "corpusedge_from_id_kind_to_id" to table: "corpus_edges"
CREATE INDEX `corpusedge_from_id_kind_to_id` ON `corpus_edges` (`from_id`, `kind`, `to_id`);
-- Create index "corpusedge_to_id_kind_from_id" to table: "corpus_edges"
CREATE INDEX `corpusedge_to_id_kind_from_id` ON `corpus_edges` (`to_id`, `kind`, `from_id`);
-- Create "corpus_findings" table
CREATE TABLE `corpus_findings` (`id` text NOT NULL, `position` integer NOT NULL, `check` text NOT NULL, `criterion` text NOT NULL, `verdict` text NOT NULL, `evidence` text NOT NULL, `behaviour` text NOT NULL, `fix` text NOT NULL DEFAULT (''), `consequence` text NOT NULL DEFAULT (''), `code` text NOT NULL DEFAULT (''), `span_field` text NOT NULL, `span_start` integer NOT NULL, `span_end` integer NOT NULL, `span_quote` text NOT NULL DEFAULT (''), `gate_run_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `corpus_findings_corpus_gate_runs_findings` FOREIGN KEY (`gate_run_id`) REFERENCES `corpus_gate_runs` (`id`) ON DELETE NO ACTION);
-- Create index "corpusfinding_gate_run_id_position" to table: "corpus_findings"
CREATE UNIQUE INDEX `corpusfinding_gate_run_id_position` ON `corpus_findings` (`gate_run_id`, `position`);
-- Create "corpus_gate_runs" table
CREATE TABLE `corpus_gate_runs` (`id` text NOT NULL, `attempt` integer NOT NULL, `position` integer NOT NULL, `gate` text NOT NULL, `version` text NOT NULL, `outcome` text NOT NULL, `created_at` datetime NOT NULL, `change_request_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `corpus_gate_runs_change_requests_gate_runs` FOREIGN KEY (`change_request_id`) REFERENCES `change_requests` (`id`) ON DELETE NO ACTION);
-- Create index "corpusgaterun_change_request_id_attempt_position" to table: "corpus_gate_runs"
CREATE UNIQUE INDEX `corpusgaterun_change_request_id_attempt_position` ON `corpus_gate_runs` (`change_request_id`, `attempt`, `position`);
-- Create "corpus_nodes" table
CREATE TABLE `corpus_nodes` (`id` text NOT NULL, `number` integer NOT NULL, `kind` text NOT NULL, `label` text NOT NULL, `title` text NOT NULL, `term` text NOT NULL DEFAULT (''), `current_revision_id` text NULL, `writer_kind` text NOT NULL, `writer` text NOT NULL, `model` text NOT NULL DEFAULT (''), `prompt_version` text NOT NULL DEFAULT (''), `layer` text NOT NULL DEFAULT (''), `licence` text NOT NULL DEFAULT (''), `attribution` text NOT NULL DEFAULT (''), `import_key` text NULL, `level` integer NOT NULL DEFAULT (0), `fidelity` integer NOT NULL DEFAULT (0), `sorry_in_closure` bool NOT NULL DEFAULT (false), `closure_size` integer NOT NULL DEFAULT (0), `closure_lowest` integer NOT NULL DEFAULT (-1), `locator_unconfirmed` bool NOT NULL DEFAULT (false), `retired` bool NOT NULL DEFAULT (false), `successor_id` text NULL, `merged_by_id` text NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, PRIMARY KEY (`id`));
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
-- Create "corpus_references" table
CREATE TABLE `corpus_references` (`id` text NOT NULL, `position` integer NOT NULL, `citation` text NOT NULL, `locator` text NOT NULL DEFAULT (''), `claimed_title` text NOT NULL DEFAULT (''), `claimed_authors` json NULL, `claimed_year` integer NULL, `locator_confirmed` bool NOT NULL DEFAULT (false), `revision_id` text NOT NULL, `source_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `corpus_references_corpus_revisions_references` FOREIGN KEY (`revision_id`) REFERENCES `corpus_revisions` (`id`) ON DELETE NO ACTION, CONSTRAINT `corpus_references_sources_corpus_references` FOREIGN KEY (`source_id`) REFERENCES `sources` (`id`) ON DELETE NO ACTION);
-- Create index "corpusreference_revision_id_position" to table: "corpus_references"
CREATE UNIQUE INDEX `corpusreference_revision_id_position` ON `corpus_references` (`revision_id`, `position`);
-- Create "corpus_revisions" table
CREATE TABLE `corpus_revisions` (`id` text NOT NULL, `number` integer NOT NULL, `title` text NOT NULL, `body` text NOT NULL, `declared` json NULL, `diff` text NOT NULL DEFAULT (''), `change_request_id` text NOT NULL, `created_at` datetime NOT NULL, `node_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `corpus_revisions_corpus_nodes_revisions` FOREIGN KEY (`node_id`) REFERENCES `corpus_nodes` (`id`) ON DELETE NO ACTION);
-- Create index "corpusrevision_node_id_number" to table: "corpus_revisions"
CREATE UNIQUE INDEX `corpusrevision_node_id_number` ON `corpus_revisions` (`node_id`, `number`);
-- Create "node_drafts" table
CREATE TABLE `node_drafts` (`id` text NOT NULL, `position` integer NOT NULL, `kind` text NOT NULL, `label` text NOT NULL DEFAULT (''), `title` text NOT NULL, `body` text NOT NULL, `term` text NOT NULL DEFAULT (''), `uses` json NULL, `proves` text NOT NULL DEFAULT (''), `example_of` text NOT NULL DEFAULT (''), `references` json NULL, `revises` text NOT NULL DEFAULT (''), `base_revision_id` text NOT NULL DEFAULT (''), `licence` text NOT NULL DEFAULT (''), `attribution` text NOT NULL DEFAULT (''), `import_key` text NOT NULL DEFAULT (''), `node_id` text NOT NULL DEFAULT (''), `change_request_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `node_drafts_change_requests_drafts` FOREIGN KEY (`change_request_id`) REFERENCES `change_requests` (`id`) ON DELETE NO ACTION);
-- Create index "nodedraft_change_request_id_position" to table: "node_drafts"
CREATE UNIQUE INDEX `nodedraft_change_request_id_position` ON `node_drafts` (`change_request_id`, `position`);
-- Create index "nodedraft_revises" to table: "node_drafts"
CREATE INDEX `nodedraft_revises` ON `node_drafts` (`revises`);
-- Create index "nodedraft_import_key" to table: "node_drafts"
CREATE INDEX `nodedraft_import_key` ON `node_drafts` (`import_key`);
