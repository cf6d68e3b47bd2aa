-- Create "gate_switches" table
CREATE TABLE `gate_switches` (`id` text NOT NULL, `name` text NOT NULL, `enabled` bool NOT NULL DEFAULT (false), `reason` text NOT NULL DEFAULT (''), `set_by_id` text NOT NULL, `set_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "gateswitch_name" to table: "gate_switches"
CREATE UNIQUE INDEX `gateswitch_name` ON `gate_switches` (`name`);
-- Create "lanes" table
CREATE TABLE `lanes` (`id` text NOT NULL, `identity` text NOT NULL, `role` text NOT NULL, `provider` text NOT NULL, `base_url` text NOT NULL DEFAULT (''), `model` text NOT NULL DEFAULT (''), `model_version` text NOT NULL DEFAULT (''), `prompt_version` text NOT NULL, `enabled` bool NOT NULL DEFAULT (true), `created_by_id` text NOT NULL, `created_at` datetime NOT NULL, `approved_by_id` text NULL, `approved_at` datetime NULL, PRIMARY KEY (`id`));
-- Create index "lanes_identity_key" to table: "lanes"
CREATE UNIQUE INDEX `lanes_identity_key` ON `lanes` (`identity`);
-- Create index "lane_role_enabled" to table: "lanes"
CREATE INDEX `lane_role_enabled` ON `lanes` (`role`, `enabled`);
-- Create "lane_reviews" table
CREATE TABLE `lane_reviews` (`id` text NOT NULL, `lane_id` text NOT NULL, `problem_id` text NOT NULL, `revision_id` text NOT NULL, `gold_id` text NOT NULL DEFAULT (''), `audit` bool NOT NULL DEFAULT (false), `identity` text NOT NULL, `role` text NOT NULL, `provider` text NOT NULL, `model` text NOT NULL DEFAULT (''), `model_version` text NOT NULL DEFAULT (''), `prompt_version` text NOT NULL, `prompt_digest` text NOT NULL, `packet_digest` text NOT NULL DEFAULT (''), `input_digest` text NOT NULL DEFAULT (''), `request_digest` text NOT NULL DEFAULT (''), `answer` text NOT NULL DEFAULT (''), `recommendation` text NOT NULL DEFAULT (''), `failure` text NOT NULL DEFAULT (''), `detail` text NOT NULL DEFAULT (''), `latency_ms` integer NOT NULL DEFAULT (0), `attempts` integer NOT NULL DEFAULT (0), `input_tokens` integer NOT NULL DEFAULT (0), `output_tokens` integer NOT NULL DEFAULT (0), `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "lanereview_revision_id" to table: "lane_reviews"
CREATE INDEX `lanereview_revision_id` ON `lane_reviews` (`revision_id`);
-- Create index "lanereview_lane_id_created_at" to table: "lane_reviews"
CREATE INDEX `lanereview_lane_id_created_at` ON `lane_reviews` (`lane_id`, `created_at`);
-- Create index "lanereview_gold_id" to table: "lane_reviews"
CREATE INDEX `lanereview_gold_id` ON `lane_reviews` (`gold_id`);
-- Create "publication_gates" table
CREATE TABLE `publication_gates` (`id` text NOT NULL, `problem_id` text NOT NULL, `revision_id` text NOT NULL, `version` integer NOT NULL, `gate_version` text NOT NULL, `recommendation` text NOT NULL, `lanes` text NOT NULL, `switches` text NOT NULL, `search_window_days` integer NOT NULL, `audit_state` text NOT NULL, `reason_codes` text NOT NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "publicationgate_problem_id_version" to table: "publication_gates"
CREATE UNIQUE INDEX `publicationgate_problem_id_version` ON `publication_gates` (`problem_id`, `version`);
-- Create index "publicationgate_created_at" to table: "publication_gates"
CREATE INDEX `publicationgate_created_at` ON `publication_gates` (`created_at`);
