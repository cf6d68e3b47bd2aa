-- Modify "configuration_stops" table
ALTER TABLE "configuration_stops" ADD COLUMN "lifted_by" character varying NOT NULL DEFAULT '', ADD COLUMN "lift_reason" text NOT NULL DEFAULT '', ADD COLUMN "change_request_id" character varying NOT NULL DEFAULT '';
-- Modify "quarantines" table
ALTER TABLE "quarantines" ADD COLUMN "decided_by" character varying NOT NULL DEFAULT '', ADD COLUMN "resolved_at" timestamptz NULL;
