-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_references" table
CREATE TABLE `new_references` (`id` text NOT NULL, `position` integer NOT NULL, `citation` text NOT NULL, `locator` text NOT NULL DEFAULT (''), `relevance` text NOT NULL, `role` text NOT NULL, `locator_confirmed` bool NOT NULL DEFAULT (false), `claimed_title` text NOT NULL DEFAULT (''), `claimed_authors` json NULL, `claimed_year` integer NULL, `confirmation` text NOT NULL DEFAULT ('PENDING'), `confirmation_reason` text NOT NULL DEFAULT (''), `rejected` bool NOT NULL DEFAULT (false), `rejection_reason` text NOT NULL DEFAULT (''), `revision_id` text NOT NULL, `source_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `references_revisions_references` FOREIGN KEY (`revision_id`) REFERENCES `revisions` (`id`) ON DELETE NO ACTION, CONSTRAINT `references_sources_references` FOREIGN KEY (`source_id`) REFERENCES `sources` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "references" to new temporary table "new_references"
INSERT INTO `new_references` (`id`, `position`, `citation`, `locator`, `relevance`, `role`, `locator_confirmed`, `revision_id`, `source_id`) SELECT `id`, `position`, `citation`, `locator`, `relevance`, `role`, `locator_confirmed`, `revision_id`, `source_id` FROM `references`;
-- Drop "references" table after copying rows
DROP TABLE `references`;
-- Rename temporary table "new_references" to "references"
ALTER TABLE `new_references` RENAME TO `references`;
-- Create index "reference_revision_id_position" to table: "references"
CREATE UNIQUE INDEX `reference_revision_id_position` ON `references` (`revision_id`, `position`);
-- Create "new_sources" table
CREATE TABLE `new_sources` (`id` text NOT NULL, `identifier` text NOT NULL, `kind` text NOT NULL, `title` text NOT NULL DEFAULT (''), `authors` json NULL, `year` integer NULL, `licence_class` text NOT NULL DEFAULT ('RECORD'), `confirmation` text NOT NULL DEFAULT ('PENDING'), `licence` text NOT NULL DEFAULT (''), `url` text NOT NULL DEFAULT (''), `resolver` text NOT NULL DEFAULT (''), `fetched_at` datetime NULL, `etag` text NOT NULL DEFAULT (''), `last_modified` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Copy rows from old table "sources" to new temporary table "new_sources"
INSERT INTO `new_sources` (`id`, `identifier`, `kind`, `title`, `authors`, `year`, `licence_class`, `confirmation`, `created_at`) SELECT `id`, `identifier`, `kind`, `title`, `authors`, `year`, `licence_class`, IFNULL(`confirmation`, ('PENDING')) AS `confirmation`, `created_at` FROM `sources`;
-- Drop "sources" table after copying rows
DROP TABLE `sources`;
-- Rename temporary table "new_sources" to "sources"
ALTER TABLE `new_sources` RENAME TO `sources`;
-- Create index "sources_identifier_key" to table: "sources"
CREATE UNIQUE INDEX `sources_identifier_key` ON `sources` (`identifier`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
-- Data: the confirmation outcomes the record plane now records (an unconfirmed source is pending, a fabricated one was not found)
UPDATE `sources` SET `confirmation` = 'PENDING' WHERE `confirmation` = 'UNCONFIRMED';
UPDATE `sources` SET `confirmation` = 'NOT_FOUND' WHERE `confirmation` = 'FABRICATED';
