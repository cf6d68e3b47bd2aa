-- Create "audit_answers" table
CREATE TABLE `audit_answers` (`id` text NOT NULL, `sample_id` text NOT NULL, `property` text NOT NULL, `error` bool NOT NULL, `error_class` text NULL, `note` text NOT NULL DEFAULT (''), `auditor_id` text NOT NULL, `seconds` integer NOT NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "auditanswer_sample_id_property_auditor_id" to table: "audit_answers"
CREATE UNIQUE INDEX `auditanswer_sample_id_property_auditor_id` ON `audit_answers` (`sample_id`, `property`, `auditor_id`);
-- Create "audit_samples" table
CREATE TABLE `audit_samples` (`id` text NOT NULL, `month` text NOT NULL, `node_id` text NOT NULL, `revision_id` text NOT NULL, `position` integer NOT NULL, `seed` text NOT NULL, `created_at` datetime NOT NULL, `kind` text NOT NULL, `writer` text NOT NULL, `model` text NOT NULL DEFAULT (''), `prompt_version` text NOT NULL DEFAULT (''), `layer` text NOT NULL DEFAULT (''), `stratum` text NOT NULL, PRIMARY KEY (`id`));
-- Create index "auditsample_month_stratum_node_id" to table: "audit_samples"
CREATE UNIQUE INDEX `auditsample_month_stratum_node_id` ON `audit_samples` (`month`, `stratum`, `node_id`);
-- Create index "auditsample_node_id" to table: "audit_samples"
CREATE INDEX `auditsample_node_id` ON `audit_samples` (`node_id`);
-- Create "configuration_stops" table
CREATE TABLE `configuration_stops` (`id` text NOT NULL, `month` text NOT NULL, `property` text NOT NULL, `errors` integer NOT NULL, `n` integer NOT NULL, `high` real NOT NULL, `threshold` real NOT NULL, `thresholds_version` text NOT NULL, `created_at` datetime NOT NULL, `lifted_at` datetime NULL, `kind` text NOT NULL, `writer` text NOT NULL, `model` text NOT NULL DEFAULT (''), `prompt_version` text NOT NULL DEFAULT (''), `layer` text NOT NULL DEFAULT (''), `stratum` text NOT NULL, PRIMARY KEY (`id`));
-- Create index "configurationstop_month_stratum_property" to table: "configuration_stops"
CREATE UNIQUE INDEX `configurationstop_month_stratum_property` ON `configuration_stops` (`month`, `stratum`, `property`);
-- Create index "configurationstop_writer_model_prompt_version" to table: "configuration_stops"
CREATE INDEX `configurationstop_writer_model_prompt_version` ON `configuration_stops` (`writer`, `model`, `prompt_version`);
-- Create "quarantines" table
CREATE TABLE `quarantines` (`id` text NOT NULL, `node_id` text NOT NULL, `stop_id` text NOT NULL, `mark` text NOT NULL, `change_request_id` text NOT NULL DEFAULT (''), `resolution` text NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "quarantine_node_id_stop_id" to table: "quarantines"
CREATE UNIQUE INDEX `quarantine_node_id_stop_id` ON `quarantines` (`node_id`, `stop_id`);
-- Create index "quarantine_stop_id" to table: "quarantines"
CREATE INDEX `quarantine_stop_id` ON `quarantines` (`stop_id`);
-- Create "rate_snapshots" table
CREATE TABLE `rate_snapshots` (`id` text NOT NULL, `release` text NOT NULL, `month` text NOT NULL, `content` text NOT NULL, `sha256` text NOT NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "rate_snapshots_release_key" to table: "rate_snapshots"
CREATE UNIQUE INDEX `rate_snapshots_release_key` ON `rate_snapshots` (`release`);
-- Create "reader_reports" table
CREATE TABLE `reader_reports` (`id` text NOT NULL, `node_id` text NOT NULL, `revision_id` text NOT NULL, `property` text NOT NULL, `explanation` text NOT NULL, `account_id` text NOT NULL, `level` integer NOT NULL, `state` text NOT NULL DEFAULT ('OPEN'), `decided_by` text NOT NULL DEFAULT (''), `decided_at` datetime NULL, `created_at` datetime NOT NULL, `kind` text NOT NULL, `writer` text NOT NULL, `model` text NOT NULL DEFAULT (''), `prompt_version` text NOT NULL DEFAULT (''), `layer` text NOT NULL DEFAULT (''), `stratum` text NOT NULL, PRIMARY KEY (`id`));
-- Create index "readerreport_state_level" to table: "reader_reports"
CREATE INDEX `readerreport_state_level` ON `reader_reports` (`state`, `level`);
-- Create index "readerreport_node_id" to table: "reader_reports"
CREATE INDEX `readerreport_node_id` ON `reader_reports` (`node_id`);
-- Create index "readerreport_stratum" to table: "reader_reports"
CREATE INDEX `readerreport_stratum` ON `reader_reports` (`stratum`);
