-- Modify "references" table
ALTER TABLE "references" ADD COLUMN "claimed_title" character varying NOT NULL DEFAULT '', ADD COLUMN "claimed_authors" jsonb NULL, ADD COLUMN "claimed_year" bigint NULL, ADD COLUMN "confirmation" character varying NOT NULL DEFAULT 'PENDING', ADD COLUMN "confirmation_reason" text NOT NULL DEFAULT '', ADD COLUMN "rejected" boolean NOT NULL DEFAULT false, ADD COLUMN "rejection_reason" text NOT NULL DEFAULT '';
-- Modify "sources" table
ALTER TABLE "sources" ALTER COLUMN "confirmation" SET DEFAULT 'PENDING', ADD COLUMN "licence" character varying NOT NULL DEFAULT '', ADD COLUMN "url" character varying NOT NULL DEFAULT '', ADD COLUMN "resolver" character varying NOT NULL DEFAULT '', ADD COLUMN "fetched_at" timestamptz NULL, ADD COLUMN "etag" character varying NOT NULL DEFAULT '', ADD COLUMN "last_modified" character varying NOT NULL DEFAULT '';
-- Data: the confirmation outcomes the record plane now records (an unconfirmed source is pending, a fabricated one was not found)
UPDATE "sources" SET "confirmation" = 'PENDING' WHERE "confirmation" = 'UNCONFIRMED';
UPDATE "sources" SET "confirmation" = 'NOT_FOUND' WHERE "confirmation" = 'FABRICATED';
