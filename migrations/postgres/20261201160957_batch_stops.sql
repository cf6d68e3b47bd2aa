-- Create "batch_stops" table
CREATE TABLE "batch_stops" ("id" character varying NOT NULL, "source" character varying NOT NULL, "reason" text NOT NULL, "stopped_by_id" character varying NOT NULL, "stopped_at" timestamptz NOT NULL, "lifted_at" timestamptz NULL, "lifted_by_id" character varying NULL, PRIMARY KEY ("id"));
-- Create index "batchstop_source_lifted_at" to table: "batch_stops"
CREATE INDEX "batchstop_source_lifted_at" ON "batch_stops" ("source", "lifted_at");
