-- Modify "criterion_changes" table
ALTER TABLE "criterion_changes" ADD COLUMN "decided_by_id" character varying NULL, ADD COLUMN "decided_at" timestamptz NULL, ADD COLUMN "decision_reason" text NOT NULL DEFAULT '';
-- Create index "criterionchange_state_decided_at" to table: "criterion_changes"
CREATE INDEX "criterionchange_state_decided_at" ON "criterion_changes" ("state", "decided_at");
