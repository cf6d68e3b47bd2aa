-- Create "batch_stops" table
CREATE TABLE `batch_stops` (`id` text NOT NULL, `source` text NOT NULL, `reason` text NOT NULL, `stopped_by_id` text NOT NULL, `stopped_at` datetime NOT NULL, `lifted_at` datetime NULL, `lifted_by_id` text NULL, PRIMARY KEY (`id`));
-- Create index "batchstop_source_lifted_at" to table: "batch_stops"
CREATE INDEX `batchstop_source_lifted_at` ON `batch_stops` (`source`, `lifted_at`);
