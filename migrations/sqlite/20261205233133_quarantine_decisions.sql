-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_configuration_stops" table
CREATE TABLE `new_configuration_stops` (`id` text NOT NULL, `month` text NOT NULL, `property` text NOT NULL, `errors` integer NOT NULL, `n` integer NOT NULL, `high` real NOT NULL, `threshold` real NOT NULL, `thresholds_version` text NOT NULL, `created_at` datetime NOT NULL, `lifted_at` datetime NULL, `lifted_by` text NOT NULL DEFAULT (''), `lift_reason` text NOT NULL DEFAULT (''), `change_request_id` text NOT NULL DEFAULT (''), `kind` text NOT NULL, `writer` text NOT NULL, `model` text NOT NULL DEFAULT (''), `prompt_version` text NOT NULL DEFAULT (''), `layer` text NOT NULL DEFAULT (''), `stratum` text NOT NULL, PRIMARY KEY (`id`));
-- Copy rows from old table "configuration_stops" to new temporary table "new_configuration_stops"
INSERT INTO `new_configuration_stops` (`id`, `month`, `property`, `errors`, `n`, `high`, `threshold`, `thresholds_version`, `created_at`, `lifted_at`, `kind`, `writer`, `model`, `prompt_version`, `layer`, `stratum`) SELECT `id`, `month`, `property`, `errors`, `n`, `high`, `threshold`, `thresholds_version`, `created_at`, `lifted_at`, `kind`, `writer`, `model`, `prompt_version`, `layer`, `stratum` FROM `configuration_stops`;
-- Drop "configuration_stops" table after copying rows
DROP TABLE `configuration_stops`;
-- Rename temporary table "new_configuration_stops" to "configuration_stops"
ALTER TABLE `new_configuration_stops` RENAME TO `configuration_stops`;
-- Create index "configurationstop_month_stratum_property" to table: "configuration_stops"
CREATE UNIQUE INDEX `configurationstop_month_stratum_property` ON `configuration_stops` (`month`, `stratum`, `property`);
-- Create index "configurationstop_writer_model_prompt_version" to table: "configuration_stops"
CREATE INDEX `configurationstop_writer_model_prompt_version` ON `configuration_stops` (`writer`, `model`, `prompt_version`);
-- Create "new_quarantines" table
CREATE TABLE `new_quarantines` (`id` text NOT NULL, `node_id` text NOT NULL, `stop_id` text NOT NULL, `mark` text NOT NULL, `change_request_id` text NOT NULL DEFAULT (''), `resolution` text NULL, `decided_by` text NOT NULL DEFAULT (''), `resolved_at` datetime NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Copy rows from old table "quarantines" to new temporary table "new_quarantines"
INSERT INTO `new_quarantines` (`id`, `node_id`, `stop_id`, `mark`, `change_request_id`, `resolution`, `created_at`) SELECT `id`, `node_id`, `stop_id`, `mark`, `change_request_id`, `resolution`, `created_at` FROM `quarantines`;
-- Drop "quarantines" table after copying rows
DROP TABLE `quarantines`;
-- Rename temporary table "new_quarantines" to "quarantines"
ALTER TABLE `new_quarantines` RENAME TO `quarantines`;
-- Create index "quarantine_node_id_stop_id" to table: "quarantines"
CREATE UNIQUE INDEX `quarantine_node_id_stop_id` ON `quarantines` (`node_id`, `stop_id`);
-- Create index "quarantine_stop_id" to table: "quarantines"
CREATE INDEX `quarantine_stop_id` ON `quarantines` (`stop_id`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
