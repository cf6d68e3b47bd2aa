-- Modify "events" table
ALTER TABLE "events" ADD COLUMN "actor_salt" character varying NOT NULL DEFAULT '';
