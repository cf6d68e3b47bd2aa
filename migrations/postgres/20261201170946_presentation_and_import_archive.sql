-- Modify "problems" table
ALTER TABLE "problems" ADD COLUMN "status_record_id" character varying NULL, ADD COLUMN "resolution_record_id" character varying NULL, ADD COLUMN "headline_record_id" character varying NULL;
