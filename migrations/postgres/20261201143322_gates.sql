-- Modify "claims" table
ALTER TABLE "claims" ADD COLUMN "object_type" character varying NOT NULL DEFAULT 'CLAIM';
-- Modify "decisions" table
ALTER TABLE "decisions" ADD COLUMN "confirmations" jsonb NULL;
-- Modify "revisions" table
ALTER TABLE "revisions" ADD COLUMN "hero_alt" text NOT NULL DEFAULT '', ADD COLUMN "hero_caption" text NOT NULL DEFAULT '', ADD COLUMN "hero_rights_basis" text NOT NULL DEFAULT '', ADD COLUMN "hero_bespoke" boolean NOT NULL DEFAULT false, ADD COLUMN "open_status" jsonb NULL, ADD COLUMN "computation" jsonb NULL;
-- Create "gate_runs" table
CREATE TABLE "gate_runs" ("id" character varying NOT NULL, "problem_id" character varying NOT NULL, "gate" character varying NOT NULL, "version" character varying NOT NULL, "outcome" character varying NOT NULL DEFAULT 'PENDING', "inputs_digest" character varying NOT NULL DEFAULT '', "reason" text NOT NULL DEFAULT '', "attempts" bigint NOT NULL DEFAULT 0, "created_at" timestamptz NOT NULL, "started_at" timestamptz NULL, "finished_at" timestamptz NULL, "revision_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "gate_runs_revisions_checks" FOREIGN KEY ("revision_id") REFERENCES "revisions" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "gaterun_outcome" to table: "gate_runs"
CREATE INDEX "gaterun_outcome" ON "gate_runs" ("outcome");
-- Create index "gaterun_problem_id" to table: "gate_runs"
CREATE INDEX "gaterun_problem_id" ON "gate_runs" ("problem_id");
-- Create index "gaterun_revision_id_gate_version" to table: "gate_runs"
CREATE UNIQUE INDEX "gaterun_revision_id_gate_version" ON "gate_runs" ("revision_id", "gate", "version");
-- Create "findings" table
CREATE TABLE "findings" ("id" character varying NOT NULL, "position" bigint NOT NULL, "check" character varying NOT NULL, "criterion" text NOT NULL, "policy_version" character varying NOT NULL, "verdict" character varying NOT NULL, "evidence" character varying NOT NULL, "behaviour" text NOT NULL, "fix" text NOT NULL DEFAULT '', "consequence" character varying NOT NULL DEFAULT '', "span_field" character varying NOT NULL, "span_start" bigint NOT NULL, "span_end" bigint NOT NULL, "span_quote" text NOT NULL DEFAULT '', "gate_run_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "findings_gate_runs_findings" FOREIGN KEY ("gate_run_id") REFERENCES "gate_runs" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "finding_gate_run_id_position" to table: "findings"
CREATE UNIQUE INDEX "finding_gate_run_id_position" ON "findings" ("gate_run_id", "position");
