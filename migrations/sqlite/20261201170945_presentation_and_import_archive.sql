-- Add column "status_record_id" to table: "problems"
ALTER TABLE `problems` ADD COLUMN `status_record_id` text NULL;
-- Add column "resolution_record_id" to table: "problems"
ALTER TABLE `problems` ADD COLUMN `resolution_record_id` text NULL;
-- Add column "headline_record_id" to table: "problems"
ALTER TABLE `problems` ADD COLUMN `headline_record_id` text NULL;
