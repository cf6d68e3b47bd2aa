-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_events" table
CREATE TABLE `new_events` (`id` text NOT NULL, `seq` integer NOT NULL, `at` datetime NOT NULL, `actor` text NOT NULL, `authority` text NOT NULL, `kind` text NOT NULL, `subject` text NOT NULL, `payload` text NOT NULL, `prev_hash` text NOT NULL, `hash` text NOT NULL, `public` bool NOT NULL DEFAULT (true), `hash_version` integer NOT NULL DEFAULT (1), `actor_salt` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- Copy rows from old table "events" to new temporary table "new_events"
INSERT INTO `new_events` (`id`, `seq`, `at`, `actor`, `authority`, `kind`, `subject`, `payload`, `prev_hash`, `hash`, `public`, `hash_version`) SELECT `id`, `seq`, `at`, `actor`, `authority`, `kind`, `subject`, `payload`, `prev_hash`, `hash`, `public`, `hash_version` FROM `events`;
-- Drop "events" table after copying rows
DROP TABLE `events`;
-- Rename temporary table "new_events" to "events"
ALTER TABLE `new_events` RENAME TO `events`;
-- Create index "events_seq_key" to table: "events"
CREATE UNIQUE INDEX `events_seq_key` ON `events` (`seq`);
-- Create index "event_subject_seq" to table: "events"
CREATE INDEX `event_subject_seq` ON `events` (`subject`, `seq`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
