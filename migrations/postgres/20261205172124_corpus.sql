-- Create "corpus_nodes" table
CREATE TABLE "corpus_nodes" ("id" character varying NOT NULL, "number" bigint NOT NULL, "kind" character varying NOT NULL, "label" character varying NOT NULL, "title" character varying NOT NULL, "term" character varying NOT NULL DEFAULT '', "current_revision_id" character varying NULL, "writer_kind" character varying NOT NULL, "writer" character varying NOT NULL, "model" character varying NOT NULL DEFAULT '', "prompt_version" character varying NOT NULL DEFAULT '', "layer" character varying NOT NULL DEFAULT '', "licence" character varying NOT NULL DEFAULT '', "attribution" text NOT NULL DEFAULT '', "import_key" character varying NULL, "level" bigint NOT NULL DEFAULT 0, "fidelity" bigint NOT NULL DEFAULT 0, "sorry_in_closure" boolean NOT NULL DEFAULT false, "closure_size" bigint NOT NULL DEFAULT 0, "closure_lowest" bigint NOT NULL DEFAULT -1, "locator_unconfirmed" boolean NOT NULL DEFAULT false, "retired" boolean NOT NULL DEFAULT false, "successor_id" character varying NULL, "merged_by_id" character varying NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "corpus_nodes_import_key_key" to table: "corpus_nodes"
CREATE UNIQUE INDEX "corpus_nodes_import_key_key" ON "corpus_nodes" ("import_key");
-- Create index "corpus_nodes_label_key" to table: "corpus_nodes"
CREATE UNIQUE INDEX "corpus_nodes_label_key" ON "corpus_nodes" ("label");
-- Create index "corpus_nodes_number_key" to table: "corpus_nodes"
CREATE UNIQUE INDEX "corpus_nodes_number_key" ON "corpus_nodes" ("number");
-- Create index "corpusnode_kind" to table: "corpus_nodes"
CREATE INDEX "corpusnode_kind" ON "corpus_nodes" ("kind");
-- Create index "corpusnode_updated_at" to table: "corpus_nodes"
CREATE INDEX "corpusnode_updated_at" ON "corpus_nodes" ("updated_at");
-- Create "corpus_bindings" table
CREATE TABLE "corpus_bindings" ("id" character varying NOT NULL, "system" character varying NOT NULL, "label" character varying NOT NULL, "formal" boolean NOT NULL DEFAULT false, "round_trip_passed" boolean NOT NULL DEFAULT false, "checkers_passed" jsonb NULL, "created_at" timestamptz NOT NULL, "node_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "corpus_bindings_corpus_nodes_bindings" FOREIGN KEY ("node_id") REFERENCES "corpus_nodes" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "corpusbinding_node_id" to table: "corpus_bindings"
CREATE INDEX "corpusbinding_node_id" ON "corpus_bindings" ("node_id");
-- Create "corpus_confirmations" table
CREATE TABLE "corpus_confirmations" ("id" character varying NOT NULL, "revision_id" character varying NOT NULL, "kind" character varying NOT NULL, "section" character varying NOT NULL DEFAULT '', "account_id" character varying NOT NULL, "blind" boolean NOT NULL DEFAULT false, "created_at" timestamptz NOT NULL, "node_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "corpus_confirmations_corpus_nodes_confirmations" FOREIGN KEY ("node_id") REFERENCES "corpus_nodes" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "corpusconfirmation_node_id_revision_id" to table: "corpus_confirmations"
CREATE INDEX "corpusconfirmation_node_id_revision_id" ON "corpus_confirmations" ("node_id", "revision_id");
-- Create "corpus_edges" table
CREATE TABLE "corpus_edges" ("id" character varying NOT NULL, "kind" character varying NOT NULL, "term" character varying NOT NULL DEFAULT '', "from_id" character varying NOT NULL, "to_id" character varying NULL, PRIMARY KEY ("id"), CONSTRAINT "corpus_edges_corpus_nodes_in_edges" FOREIGN KEY ("to_id") REFERENCES "corpus_nodes" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, CONSTRAINT "corpus_edges_corpus_nodes_out_edges" FOREIGN KEY ("from_id") REFERENCES "corpus_nodes" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "corpusedge_from_id_kind_to_id" to table: "corpus_edges"
CREATE INDEX "corpusedge_from_id_kind_to_id" ON "corpus_edges" ("from_id", "kind", "to_id");
-- Create index "corpusedge_to_id_kind_from_id" to table: "corpus_edges"
CREATE INDEX "corpusedge_to_id_kind_from_id" ON "corpus_edges" ("to_id", "kind", "from_id");
-- Create "change_requests" table
CREATE TABLE "change_requests" ("id" character varying NOT NULL, "state" character varying NOT NULL DEFAULT 'PENDING', "note" text NOT NULL DEFAULT '', "opener" character varying NOT NULL, "writer_kind" character varying NOT NULL, "model" character varying NOT NULL DEFAULT '', "prompt_version" character varying NOT NULL DEFAULT '', "layer" character varying NOT NULL DEFAULT '', "failed_gate" character varying NOT NULL DEFAULT '', "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "merged_at" timestamptz NULL, PRIMARY KEY ("id"));
-- Create index "changerequest_state_updated_at" to table: "change_requests"
CREATE INDEX "changerequest_state_updated_at" ON "change_requests" ("state", "updated_at");
-- Create "corpus_gate_runs" table
CREATE TABLE "corpus_gate_runs" ("id" character varying NOT NULL, "attempt" bigint NOT NULL, "position" bigint NOT NULL, "gate" character varying NOT NULL, "version" character varying NOT NULL, "outcome" character varying NOT NULL, "created_at" timestamptz NOT NULL, "change_request_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "corpus_gate_runs_change_requests_gate_runs" FOREIGN KEY ("change_request_id") REFERENCES "change_requests" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "corpusgaterun_change_request_id_attempt_position" to table: "corpus_gate_runs"
CREATE UNIQUE INDEX "corpusgaterun_change_request_id_attempt_position" ON "corpus_gate_runs" ("change_request_id", "attempt", "position");
-- Create "corpus_findings" table
CREATE TABLE "corpus_findings" ("id" character varying NOT NULL, "position" bigint NOT NULL, "check" character varying NOT NULL, "criterion" text NOT NULL, "verdict" character varying NOT NULL, "evidence" character varying NOT NULL, "behaviour" text NOT NULL, "fix" text NOT NULL DEFAULT '', "consequence" character varying NOT NULL DEFAULT '', "code" character varying NOT NULL DEFAULT '', "span_field" character varying NOT NULL, "span_start" bigint NOT NULL, "span_end" bigint NOT NULL, "span_quote" text NOT NULL DEFAULT '', "gate_run_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "corpus_findings_corpus_gate_runs_findings" FOREIGN KEY ("gate_run_id") REFERENCES "corpus_gate_runs" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "corpusfinding_gate_run_id_position" to table: "corpus_findings"
CREATE UNIQUE INDEX "corpusfinding_gate_run_id_position" ON "corpus_findings" ("gate_run_id", "position");
-- Create "corpus_revisions" table
CREATE TABLE "corpus_revisions" ("id" character varying NOT NULL, "number" bigint NOT NULL, "title" character varying NOT NULL, "body" text NOT NULL, "declared" jsonb NULL, "diff" text NOT NULL DEFAULT '', "change_request_id" character varying NOT NULL, "created_at" timestamptz NOT NULL, "node_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "corpus_revisions_corpus_nodes_revisions" FOREIGN KEY ("node_id") REFERENCES "corpus_nodes" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "corpusrevision_node_id_number" to table: "corpus_revisions"
CREATE UNIQUE INDEX "corpusrevision_node_id_number" ON "corpus_revisions" ("node_id", "number");
-- Create "corpus_references" table
CREATE TABLE "corpus_references" ("id" character varying NOT NULL, "position" bigint NOT NULL, "citation" text NOT NULL, "locator" character varying NOT NULL DEFAULT '', "claimed_title" character varying NOT NULL DEFAULT '', "claimed_authors" jsonb NULL, "claimed_year" bigint NULL, "locator_confirmed" boolean NOT NULL DEFAULT false, "revision_id" character varying NOT NULL, "source_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "corpus_references_corpus_revisions_references" FOREIGN KEY ("revision_id") REFERENCES "corpus_revisions" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "corpus_references_sources_corpus_references" FOREIGN KEY ("source_id") REFERENCES "sources" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "corpusreference_revision_id_position" to table: "corpus_references"
CREATE UNIQUE INDEX "corpusreference_revision_id_position" ON "corpus_references" ("revision_id", "position");
-- Create "node_drafts" table
CREATE TABLE "node_drafts" ("id" character varying NOT NULL, "position" bigint NOT NULL, "kind" character varying NOT NULL, "label" character varying NOT NULL DEFAULT '', "title" text NOT NULL, "body" text NOT NULL, "term" character varying NOT NULL DEFAULT '', "uses" jsonb NULL, "proves" character varying NOT NULL DEFAULT '', "example_of" character varying NOT NULL DEFAULT '', "references" jsonb NULL, "revises" character varying NOT NULL DEFAULT '', "base_revision_id" character varying NOT NULL DEFAULT '', "licence" character varying NOT NULL DEFAULT '', "attribution" text NOT NULL DEFAULT '', "import_key" character varying NOT NULL DEFAULT '', "node_id" character varying NOT NULL DEFAULT '', "change_request_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "node_drafts_change_requests_drafts" FOREIGN KEY ("change_request_id") REFERENCES "change_requests" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "nodedraft_change_request_id_position" to table: "node_drafts"
CREATE UNIQUE INDEX "nodedraft_change_request_id_position" ON "node_drafts" ("change_request_id", "position");
-- Create index "nodedraft_import_key" to table: "node_drafts"
CREATE INDEX "nodedraft_import_key" ON "node_drafts" ("import_key");
-- Create index "nodedraft_revises" to table: "node_drafts"
CREATE INDEX "nodedraft_revises" ON "node_drafts" ("revises");
