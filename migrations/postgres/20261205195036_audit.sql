-- Create "audit_answers" table
CREATE TABLE "audit_answers" ("id" character varying NOT NULL, "sample_id" character varying NOT NULL, "property" character varying NOT NULL, "error" boolean NOT NULL, "error_class" character varying NULL, "note" text NOT NULL DEFAULT '', "auditor_id" character varying NOT NULL, "seconds" bigint NOT NULL, "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "auditanswer_sample_id_property_auditor_id" to table: "audit_answers"
CREATE UNIQUE INDEX "auditanswer_sample_id_property_auditor_id" ON "audit_answers" ("sample_id", "property", "auditor_id");
-- Create "audit_samples" table
CREATE TABLE "audit_samples" ("id" character varying NOT NULL, "month" character varying NOT NULL, "node_id" character varying NOT NULL, "revision_id" character varying NOT NULL, "position" bigint NOT NULL, "seed" character varying NOT NULL, "created_at" timestamptz NOT NULL, "kind" character varying NOT NULL, "writer" character varying NOT NULL, "model" character varying NOT NULL DEFAULT '', "prompt_version" character varying NOT NULL DEFAULT '', "layer" character varying NOT NULL DEFAULT '', "stratum" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create index "auditsample_month_stratum_node_id" to table: "audit_samples"
CREATE UNIQUE INDEX "auditsample_month_stratum_node_id" ON "audit_samples" ("month", "stratum", "node_id");
-- Create index "auditsample_node_id" to table: "audit_samples"
CREATE INDEX "auditsample_node_id" ON "audit_samples" ("node_id");
-- Create "configuration_stops" table
CREATE TABLE "configuration_stops" ("id" character varying NOT NULL, "month" character varying NOT NULL, "property" character varying NOT NULL, "errors" bigint NOT NULL, "n" bigint NOT NULL, "high" double precision NOT NULL, "threshold" double precision NOT NULL, "thresholds_version" character varying NOT NULL, "created_at" timestamptz NOT NULL, "lifted_at" timestamptz NULL, "kind" character varying NOT NULL, "writer" character varying NOT NULL, "model" character varying NOT NULL DEFAULT '', "prompt_version" character varying NOT NULL DEFAULT '', "layer" character varying NOT NULL DEFAULT '', "stratum" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create index "configurationstop_month_stratum_property" to table: "configuration_stops"
CREATE UNIQUE INDEX "configurationstop_month_stratum_property" ON "configuration_stops" ("month", "stratum", "property");
-- Create index "configurationstop_writer_model_prompt_version" to table: "configuration_stops"
CREATE INDEX "configurationstop_writer_model_prompt_version" ON "configuration_stops" ("writer", "model", "prompt_version");
-- Create "quarantines" table
CREATE TABLE "quarantines" ("id" character varying NOT NULL, "node_id" character varying NOT NULL, "stop_id" character varying NOT NULL, "mark" character varying NOT NULL, "change_request_id" character varying NOT NULL DEFAULT '', "resolution" character varying NULL, "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "quarantine_node_id_stop_id" to table: "quarantines"
CREATE UNIQUE INDEX "quarantine_node_id_stop_id" ON "quarantines" ("node_id", "stop_id");
-- Create index "quarantine_stop_id" to table: "quarantines"
CREATE INDEX "quarantine_stop_id" ON "quarantines" ("stop_id");
-- Create "rate_snapshots" table
CREATE TABLE "rate_snapshots" ("id" character varying NOT NULL, "release" character varying NOT NULL, "month" character varying NOT NULL, "content" text NOT NULL, "sha256" character varying NOT NULL, "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "rate_snapshots_release_key" to table: "rate_snapshots"
CREATE UNIQUE INDEX "rate_snapshots_release_key" ON "rate_snapshots" ("release");
-- Create "reader_reports" table
CREATE TABLE "reader_reports" ("id" character varying NOT NULL, "node_id" character varying NOT NULL, "revision_id" character varying NOT NULL, "property" character varying NOT NULL, "explanation" text NOT NULL, "account_id" character varying NOT NULL, "level" bigint NOT NULL, "state" character varying NOT NULL DEFAULT 'OPEN', "decided_by" character varying NOT NULL DEFAULT '', "decided_at" timestamptz NULL, "created_at" timestamptz NOT NULL, "kind" character varying NOT NULL, "writer" character varying NOT NULL, "model" character varying NOT NULL DEFAULT '', "prompt_version" character varying NOT NULL DEFAULT '', "layer" character varying NOT NULL DEFAULT '', "stratum" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create index "readerreport_node_id" to table: "reader_reports"
CREATE INDEX "readerreport_node_id" ON "reader_reports" ("node_id");
-- Create index "readerreport_state_level" to table: "reader_reports"
CREATE INDEX "readerreport_state_level" ON "reader_reports" ("state", "level");
-- Create index "readerreport_stratum" to table: "reader_reports"
CREATE INDEX "readerreport_stratum" ON "reader_reports" ("stratum");
