-- Create "accounts" table
CREATE TABLE "accounts" ("id" character varying NOT NULL, "handle" character varying NOT NULL, "display_name" character varying NOT NULL DEFAULT '', "roles" jsonb NOT NULL, "password_hash" character varying NULL, "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "accounts_handle_key" to table: "accounts"
CREATE UNIQUE INDEX "accounts_handle_key" ON "accounts" ("handle");
-- Create "bindings" table
CREATE TABLE "bindings" ("id" character varying NOT NULL, "relation" character varying NOT NULL, "created_at" timestamptz NOT NULL, "claim_id" character varying NOT NULL, "problem_id" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create "claims" table
CREATE TABLE "claims" ("id" character varying NOT NULL, "status" character varying NOT NULL DEFAULT 'PROPOSED', "summary" text NOT NULL, "scope" text NOT NULL DEFAULT '', "created_at" timestamptz NOT NULL, "author_id" character varying NULL, "superseded_by_id" character varying NULL, "problem_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "claims_claims_supersedes" FOREIGN KEY ("superseded_by_id") REFERENCES "claims" ("id") ON UPDATE NO ACTION ON DELETE SET NULL);
-- Create "counters" table
CREATE TABLE "counters" ("id" character varying NOT NULL, "value" bigint NOT NULL, "head" character varying NOT NULL DEFAULT '', PRIMARY KEY ("id"));
-- Create "decisions" table
CREATE TABLE "decisions" ("id" character varying NOT NULL, "action" character varying NOT NULL, "reason_code" character varying NULL, "notes" jsonb NOT NULL, "revision_requests" jsonb NULL, "authority" character varying NOT NULL, "policy_version" character varying NOT NULL, "idempotency_key" character varying NOT NULL, "input_digest" character varying NOT NULL, "created_at" timestamptz NOT NULL, "reviewer_id" character varying NOT NULL, "problem_id" character varying NOT NULL, "merge_into_id" character varying NULL, "revision_id" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create index "decision_problem_id_created_at" to table: "decisions"
CREATE INDEX "decision_problem_id_created_at" ON "decisions" ("problem_id", "created_at");
-- Create index "decision_revision_id_action" to table: "decisions"
CREATE INDEX "decision_revision_id_action" ON "decisions" ("revision_id", "action");
-- Create index "decisions_idempotency_key_key" to table: "decisions"
CREATE UNIQUE INDEX "decisions_idempotency_key_key" ON "decisions" ("idempotency_key");
-- Create "events" table
CREATE TABLE "events" ("id" character varying NOT NULL, "seq" bigint NOT NULL, "at" timestamptz NOT NULL, "actor" character varying NOT NULL, "authority" character varying NOT NULL, "kind" character varying NOT NULL, "subject" character varying NOT NULL, "payload" text NOT NULL, "prev_hash" character varying NOT NULL, "hash" character varying NOT NULL, "public" boolean NOT NULL DEFAULT true, PRIMARY KEY ("id"));
-- Create index "event_subject_seq" to table: "events"
CREATE INDEX "event_subject_seq" ON "events" ("subject", "seq");
-- Create index "events_seq_key" to table: "events"
CREATE UNIQUE INDEX "events_seq_key" ON "events" ("seq");
-- Create "flags" table
CREATE TABLE "flags" ("id" character varying NOT NULL, "reason" character varying NOT NULL, "explanation" text NOT NULL, "created_at" timestamptz NOT NULL, "flagger_id" character varying NOT NULL, "case_id" character varying NOT NULL, "problem_id" character varying NOT NULL, "duplicate_of_id" character varying NULL, PRIMARY KEY ("id"));
-- Create index "flag_flagger_id_created_at" to table: "flags"
CREATE INDEX "flag_flagger_id_created_at" ON "flags" ("flagger_id", "created_at");
-- Create index "flag_problem_id" to table: "flags"
CREATE INDEX "flag_problem_id" ON "flags" ("problem_id");
-- Create "moderation_cases" table
CREATE TABLE "moderation_cases" ("id" character varying NOT NULL, "reason" character varying NOT NULL, "state" character varying NOT NULL DEFAULT 'OPEN', "opened_at" timestamptz NOT NULL, "claimed_at" timestamptz NULL, "resolved_at" timestamptz NULL, "resolution" text NOT NULL DEFAULT '', "claimed_by_id" character varying NULL, "problem_id" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create index "moderationcase_problem_id_reason_state" to table: "moderation_cases"
CREATE INDEX "moderationcase_problem_id_reason_state" ON "moderation_cases" ("problem_id", "reason", "state");
-- Create index "moderationcase_state_opened_at" to table: "moderation_cases"
CREATE INDEX "moderationcase_state_opened_at" ON "moderation_cases" ("state", "opened_at");
-- Create "problems" table
CREATE TABLE "problems" ("id" character varying NOT NULL, "number" bigint NOT NULL, "slug" character varying NOT NULL, "title" character varying NOT NULL, "acceptance_kind" character varying NOT NULL, "provenance_kind" character varying NOT NULL, "import_key" character varying NULL, "state" character varying NOT NULL DEFAULT 'PROSPECTING', "submitted_at" timestamptz NOT NULL, "deadline" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "accepted_at" timestamptz NULL, "acceptance_authority" character varying NULL, "stake_state" character varying NULL, "removed_at" timestamptz NULL, "removal_reason" character varying NULL, "proposer_id" character varying NOT NULL, "merged_into_id" character varying NULL, "current_revision_id" character varying NULL, PRIMARY KEY ("id"), CONSTRAINT "problems_problems_merged_from" FOREIGN KEY ("merged_into_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE SET NULL);
-- Create index "problem_state_deadline" to table: "problems"
CREATE INDEX "problem_state_deadline" ON "problems" ("state", "deadline");
-- Create index "problem_submitted_at" to table: "problems"
CREATE INDEX "problem_submitted_at" ON "problems" ("submitted_at");
-- Create index "problem_updated_at" to table: "problems"
CREATE INDEX "problem_updated_at" ON "problems" ("updated_at");
-- Create index "problems_import_key_key" to table: "problems"
CREATE UNIQUE INDEX "problems_import_key_key" ON "problems" ("import_key");
-- Create index "problems_number_key" to table: "problems"
CREATE UNIQUE INDEX "problems_number_key" ON "problems" ("number");
-- Create index "problems_slug_key" to table: "problems"
CREATE UNIQUE INDEX "problems_slug_key" ON "problems" ("slug");
-- Create "references" table
CREATE TABLE "references" ("id" character varying NOT NULL, "position" bigint NOT NULL, "citation" text NOT NULL, "locator" character varying NOT NULL DEFAULT '', "relevance" text NOT NULL, "role" character varying NOT NULL, "locator_confirmed" boolean NOT NULL DEFAULT false, "revision_id" character varying NOT NULL, "source_id" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create index "reference_revision_id_position" to table: "references"
CREATE UNIQUE INDEX "reference_revision_id_position" ON "references" ("revision_id", "position");
-- Create "reputation_entries" table
CREATE TABLE "reputation_entries" ("id" character varying NOT NULL, "kind" character varying NOT NULL, "amount" bigint NOT NULL, "at" timestamptz NOT NULL, "grant_of" character varying NULL, "account_id" character varying NOT NULL, "problem_id" character varying NULL, PRIMARY KEY ("id"));
-- Create index "reputation_entries_grant_of_key" to table: "reputation_entries"
CREATE UNIQUE INDEX "reputation_entries_grant_of_key" ON "reputation_entries" ("grant_of");
-- Create index "reputationentry_account_id_at" to table: "reputation_entries"
CREATE INDEX "reputationentry_account_id_at" ON "reputation_entries" ("account_id", "at");
-- Create index "reputationentry_problem_id_kind" to table: "reputation_entries"
CREATE UNIQUE INDEX "reputationentry_problem_id_kind" ON "reputation_entries" ("problem_id", "kind");
-- Create "revisions" table
CREATE TABLE "revisions" ("id" character varying NOT NULL, "number" bigint NOT NULL, "title" character varying NOT NULL, "statement" text NOT NULL, "exposition" jsonb NOT NULL, "acceptance" jsonb NOT NULL, "provenance" jsonb NOT NULL, "reference_search" jsonb NOT NULL, "tags" jsonb NULL, "hero_brief" text NOT NULL DEFAULT '', "note" character varying NOT NULL DEFAULT '', "created_at" timestamptz NOT NULL, "author_id" character varying NOT NULL, "problem_id" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create index "revision_problem_id_number" to table: "revisions"
CREATE UNIQUE INDEX "revision_problem_id_number" ON "revisions" ("problem_id", "number");
-- Create "sessions" table
CREATE TABLE "sessions" ("id" character varying NOT NULL, "digest" character varying NOT NULL, "created_at" timestamptz NOT NULL, "expires_at" timestamptz NOT NULL, "account_id" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create index "sessions_digest_key" to table: "sessions"
CREATE UNIQUE INDEX "sessions_digest_key" ON "sessions" ("digest");
-- Create "slugs" table
CREATE TABLE "slugs" ("id" character varying NOT NULL, "slug" character varying NOT NULL, "created_at" timestamptz NOT NULL, "problem_id" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create index "slugs_slug_key" to table: "slugs"
CREATE UNIQUE INDEX "slugs_slug_key" ON "slugs" ("slug");
-- Create "sources" table
CREATE TABLE "sources" ("id" character varying NOT NULL, "identifier" character varying NOT NULL, "kind" character varying NOT NULL, "title" character varying NOT NULL DEFAULT '', "authors" jsonb NULL, "year" bigint NULL, "licence_class" character varying NOT NULL DEFAULT 'RECORD', "confirmation" character varying NOT NULL DEFAULT 'UNCONFIRMED', "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "sources_identifier_key" to table: "sources"
CREATE UNIQUE INDEX "sources_identifier_key" ON "sources" ("identifier");
-- Create "tags" table
CREATE TABLE "tags" ("id" character varying NOT NULL, "name" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create index "tags_name_key" to table: "tags"
CREATE UNIQUE INDEX "tags_name_key" ON "tags" ("name");
-- Create "tokens" table
CREATE TABLE "tokens" ("id" character varying NOT NULL, "digest" character varying NOT NULL, "label" character varying NOT NULL DEFAULT '', "created_at" timestamptz NOT NULL, "revoked_at" timestamptz NULL, "account_id" character varying NOT NULL, PRIMARY KEY ("id"));
-- Create index "tokens_digest_key" to table: "tokens"
CREATE UNIQUE INDEX "tokens_digest_key" ON "tokens" ("digest");
-- Create "problem_tags" table
CREATE TABLE "problem_tags" ("problem_id" character varying NOT NULL, "tag_id" character varying NOT NULL, PRIMARY KEY ("problem_id", "tag_id"));
-- Modify "bindings" table
ALTER TABLE "bindings" ADD CONSTRAINT "bindings_claims_bindings" FOREIGN KEY ("claim_id") REFERENCES "claims" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, ADD CONSTRAINT "bindings_problems_bindings" FOREIGN KEY ("problem_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION;
-- Modify "claims" table
ALTER TABLE "claims" ADD CONSTRAINT "claims_accounts_claims" FOREIGN KEY ("author_id") REFERENCES "accounts" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, ADD CONSTRAINT "claims_problems_claims" FOREIGN KEY ("problem_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION;
-- Modify "decisions" table
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_accounts_decisions" FOREIGN KEY ("reviewer_id") REFERENCES "accounts" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, ADD CONSTRAINT "decisions_problems_decisions" FOREIGN KEY ("problem_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, ADD CONSTRAINT "decisions_problems_merge_decisions" FOREIGN KEY ("merge_into_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, ADD CONSTRAINT "decisions_revisions_decisions" FOREIGN KEY ("revision_id") REFERENCES "revisions" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION;
-- Modify "flags" table
ALTER TABLE "flags" ADD CONSTRAINT "flags_accounts_flags" FOREIGN KEY ("flagger_id") REFERENCES "accounts" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, ADD CONSTRAINT "flags_moderation_cases_flags" FOREIGN KEY ("case_id") REFERENCES "moderation_cases" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, ADD CONSTRAINT "flags_problems_duplicate_flags" FOREIGN KEY ("duplicate_of_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, ADD CONSTRAINT "flags_problems_flags" FOREIGN KEY ("problem_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION;
-- Modify "moderation_cases" table
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_accounts_claimed_cases" FOREIGN KEY ("claimed_by_id") REFERENCES "accounts" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, ADD CONSTRAINT "moderation_cases_problems_moderation_cases" FOREIGN KEY ("problem_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION;
-- Modify "problems" table
ALTER TABLE "problems" ADD CONSTRAINT "problems_accounts_problems" FOREIGN KEY ("proposer_id") REFERENCES "accounts" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, ADD CONSTRAINT "problems_revisions_current_of" FOREIGN KEY ("current_revision_id") REFERENCES "revisions" ("id") ON UPDATE NO ACTION ON DELETE SET NULL;
-- Modify "references" table
ALTER TABLE "references" ADD CONSTRAINT "references_revisions_references" FOREIGN KEY ("revision_id") REFERENCES "revisions" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, ADD CONSTRAINT "references_sources_references" FOREIGN KEY ("source_id") REFERENCES "sources" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION;
-- Modify "reputation_entries" table
ALTER TABLE "reputation_entries" ADD CONSTRAINT "reputation_entries_accounts_reputation_entries" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, ADD CONSTRAINT "reputation_entries_problems_reputation_entries" FOREIGN KEY ("problem_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE SET NULL;
-- Modify "revisions" table
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_accounts_revisions" FOREIGN KEY ("author_id") REFERENCES "accounts" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, ADD CONSTRAINT "revisions_problems_revisions" FOREIGN KEY ("problem_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION;
-- Modify "sessions" table
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_accounts_sessions" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION;
-- Modify "slugs" table
ALTER TABLE "slugs" ADD CONSTRAINT "slugs_problems_slugs" FOREIGN KEY ("problem_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION;
-- Modify "tokens" table
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_accounts_tokens" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION;
-- Modify "problem_tags" table
ALTER TABLE "problem_tags" ADD CONSTRAINT "problem_tags_problem_id" FOREIGN KEY ("problem_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, ADD CONSTRAINT "problem_tags_tag_id" FOREIGN KEY ("tag_id") REFERENCES "tags" ("id") ON UPDATE NO ACTION ON DELETE CASCADE;
