-- Modify "problems" table
ALTER TABLE "problems" ADD COLUMN "pending_revision_id" character varying NULL, ADD CONSTRAINT "problems_revisions_pending_of" FOREIGN KEY ("pending_revision_id") REFERENCES "revisions" ("id") ON UPDATE NO ACTION ON DELETE SET NULL;
