-- Create "appeals" table
CREATE TABLE "appeals" ("id" character varying NOT NULL, "decision_id" character varying NOT NULL, "problem_id" character varying NOT NULL, "proposer_id" character varying NOT NULL, "reason" text NOT NULL, "state" character varying NOT NULL DEFAULT 'OPEN', "created_at" timestamptz NOT NULL, "resolved_by_id" character varying NULL, "resolved_at" timestamptz NULL, "resolution" text NOT NULL DEFAULT '', "criterion_change_id" character varying NULL, PRIMARY KEY ("id"));
-- Create index "appeal_problem_id" to table: "appeals"
CREATE INDEX "appeal_problem_id" ON "appeals" ("problem_id");
-- Create index "appeal_state_created_at" to table: "appeals"
CREATE INDEX "appeal_state_created_at" ON "appeals" ("state", "created_at");
-- Create index "appeals_decision_id_key" to table: "appeals"
CREATE UNIQUE INDEX "appeals_decision_id_key" ON "appeals" ("decision_id");
-- Create "criterion_changes" table
CREATE TABLE "criterion_changes" ("id" character varying NOT NULL, "check" character varying NOT NULL, "version" bigint NOT NULL, "previous" text NOT NULL, "proposed" text NOT NULL, "why" text NOT NULL, "appeal_id" character varying NULL, "proposed_by_id" character varying NOT NULL, "state" character varying NOT NULL DEFAULT 'PROPOSED', "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "criterionchange_check_version" to table: "criterion_changes"
CREATE UNIQUE INDEX "criterionchange_check_version" ON "criterion_changes" ("check", "version");
-- Create "gold_answers" table
CREATE TABLE "gold_answers" ("id" character varying NOT NULL, "reviewer_id" character varying NOT NULL, "packet_id" character varying NOT NULL, "action" character varying NOT NULL, "right" boolean NOT NULL, "reason" text NOT NULL, "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "goldanswer_created_at" to table: "gold_answers"
CREATE INDEX "goldanswer_created_at" ON "gold_answers" ("created_at");
-- Create index "goldanswer_reviewer_id_packet_id" to table: "gold_answers"
CREATE UNIQUE INDEX "goldanswer_reviewer_id_packet_id" ON "gold_answers" ("reviewer_id", "packet_id");
-- Create "lane_register_entries" table
CREATE TABLE "lane_register_entries" ("id" character varying NOT NULL, "claim_text" text NOT NULL, "unit_of_analysis" text NOT NULL, "admitted_record" text NOT NULL, "permitted_external_sources" text NOT NULL, "outcome_contract_version" character varying NOT NULL, "authority" text NOT NULL, "false_positive_consequence" text NOT NULL, "false_negative_consequence" text NOT NULL, "ambiguity_owner" character varying NOT NULL, "accountable_owner" character varying NOT NULL, "status" character varying NOT NULL, "updated_by_id" character varying NOT NULL, "updated_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
