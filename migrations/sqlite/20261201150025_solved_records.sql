-- Create "solved_records" table
CREATE TABLE `solved_records` (`id` text NOT NULL, `source` text NOT NULL, `title` text NOT NULL DEFAULT (''), `statement` text NOT NULL, `status` text NOT NULL, `locator` text NOT NULL DEFAULT (''), `updated_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "solvedrecord_updated_at" to table: "solved_records"
CREATE INDEX `solvedrecord_updated_at` ON `solved_records` (`updated_at`);
