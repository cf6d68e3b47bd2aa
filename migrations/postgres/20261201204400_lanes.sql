-- Create "gate_switches" table
CREATE TABLE "gate_switches" ("id" character varying NOT NULL, "name" character varying NOT NULL, "enabled" boolean NOT NULL DEFAULT false, "reason" text NOT NULL DEFAULT '', "set_by_id" character varying NOT NULL, "set_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "gateswitch_name" to table: "gate_switches"
CREATE UNIQUE INDEX "gateswitch_name" ON "gate_switches" ("name");
-- Create "lanes" table
CREATE TABLE "lanes" ("id" character varying NOT NULL, "identity" character varying NOT NULL, "role" character varying NOT NULL, "provider" character varying NOT NULL, "base_url" character varying NOT NULL DEFAULT '', "model" character varying NOT NULL DEFAULT '', "model_version" character varying NOT NULL DEFAULT '', "prompt_version" character varying NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "created_by_id" character varying NOT NULL, "created_at" timestamptz NOT NULL, "approved_by_id" character varying NULL, "approved_at" timestamptz NULL, PRIMARY KEY ("id"));
-- Create index "lane_role_enabled" to table: "lanes"
CREATE INDEX "lane_role_enabled" ON "lanes" ("role", "enabled");
-- Create index "lanes_identity_key" to table: "lanes"
CREATE UNIQUE INDEX "lanes_identity_key" ON "lanes" ("identity");
-- Create "lane_reviews" table
CREATE TABLE "lane_reviews" ("id" character varying NOT NULL, "lane_id" character varying NOT NULL, "problem_id" character varying NOT NULL, "revision_id" character varying NOT NULL, "gold_id" character varying NOT NULL DEFAULT '', "audit" boolean NOT NULL DEFAULT false, "identity" character varying NOT NULL, "role" character varying NOT NULL, "provider" character varying NOT NULL, "model" character varying NOT NULL DEFAULT '', "model_version" character varying NOT NULL DEFAULT '', "prompt_version" character varying NOT NULL, "prompt_digest" character varying NOT NULL, "packet_digest" character varying NOT NULL DEFAULT '', "input_digest" character varying NOT NULL DEFAULT '', "request_digest" character varying NOT NULL DEFAULT '', "answer" text NOT NULL DEFAULT '', "recommendation" character varying NOT NULL DEFAULT '', "failure" character varying NOT NULL DEFAULT '', "detail" text NOT NULL DEFAULT '', "latency_ms" bigint NOT NULL DEFAULT 0, "attempts" bigint NOT NULL DEFAULT 0, "input_tokens" bigint NOT NULL DEFAULT 0, "output_tokens" bigint NOT NULL DEFAULT 0, "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "lanereview_gold_id" to table: "lane_reviews"
CREATE INDEX "lanereview_gold_id" ON "lane_reviews" ("gold_id");
-- Create index "lanereview_lane_id_created_at" to table: "lane_reviews"
CREATE INDEX "lanereview_lane_id_created_at" ON "lane_reviews" ("lane_id", "created_at");
-- Create index "lanereview_revision_id" to table: "lane_reviews"
CREATE INDEX "lanereview_revision_id" ON "lane_reviews" ("revision_id");
-- Create "publication_gates" table
CREATE TABLE "publication_gates" ("id" character varying NOT NULL, "problem_id" character varying NOT NULL, "revision_id" character varying NOT NULL, "version" bigint NOT NULL, "gate_version" character varying NOT NULL, "recommendation" character varying NOT NULL, "lanes" text NOT NULL, "switches" text NOT NULL, "search_window_days" bigint NOT NULL, "audit_state" character varying NOT NULL, "reason_codes" text NOT NULL, "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "publicationgate_created_at" to table: "publication_gates"
CREATE INDEX "publicationgate_created_at" ON "publication_gates" ("created_at");
-- Create index "publicationgate_problem_id_version" to table: "publication_gates"
CREATE UNIQUE INDEX "publicationgate_problem_id_version" ON "publication_gates" ("problem_id", "version");
