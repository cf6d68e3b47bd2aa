-- Create "solved_records" table
CREATE TABLE "solved_records" ("id" character varying NOT NULL, "source" character varying NOT NULL, "title" character varying NOT NULL DEFAULT '', "statement" text NOT NULL, "status" character varying NOT NULL, "locator" character varying NOT NULL DEFAULT '', "updated_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "solvedrecord_updated_at" to table: "solved_records"
CREATE INDEX "solvedrecord_updated_at" ON "solved_records" ("updated_at");
