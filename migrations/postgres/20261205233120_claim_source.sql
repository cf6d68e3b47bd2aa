-- Modify "claims" table
ALTER TABLE "claims" ADD COLUMN "source" text NOT NULL DEFAULT '';
